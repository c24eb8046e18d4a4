// The mail service on a real database and a real SMTP server (smtp-server on a random local port),
// and the development mailbox through a bare Fastify instance.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { registerSecurity } from '../../server/security.ts';
import { createTestDatabase } from '../../test/database.ts';
import { registerDevMailbox } from './mail-routes.ts';
import { createMailService, createTransport, MAX_ATTEMPTS, type MailTransport } from './mail-service.ts';
import { outbox } from './schema.ts';

const FROM = 'Atelier <no-reply@atelier.example>';
const SITE = 'https://atelier.test';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A unique recipient per test, so tests sharing the database never read each other's mail. */
function address(name = 'reader') {
  return `${name}.${randomBytes(4).toString('hex')}@example.com`;
}

function service(transport: MailTransport, productName = 'Atelier') {
  return createMailService({ db: database.db, transport, from: FROM, productName, siteUrl: SITE });
}

async function row(id: string) {
  const [found] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return found!;
}

/** A local SMTP server that stores raw messages, or refuses them while `refusing` is true. */
async function startSmtpServer() {
  const state = { refusing: false, messages: [] as { envelopeTo: string[]; raw: string }[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        state.messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A minimal MIME reader (mailparser is not a dependency): headers, multipart, QP and base64.
interface MimePart {
  headers: Record<string, string>;
  body: string;
  parts: MimePart[];
}

function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1, -1);
    return { headers, body: '', parts: sections.map((section) => parseMime(section.replace(/^\r\n/, ''))) };
  }
  return { headers, body: decode(body, headers['content-transfer-encoding'] ?? '7bit'), parts: [] };
}

function decode(body: string, encoding: string): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

describe('the outbox-only transport (no SMTP_URL)', () => {
  it('stores the message and marks it sent', async () => {
    const mail = service(createTransport({}));
    const to = address();
    const result = await mail.send({ to, template: 'login_code', data: { code: '482913', expiresInMinutes: 15 } });
    expect(result.status).toBe('sent');
    const stored = await row(result.id);
    expect(stored).toMatchObject({
      to,
      template: 'login_code',
      status: 'sent',
      attempts: 1,
      lastError: null,
      data: { code: '482913', expiresInMinutes: 15 },
    });
    expect(stored.subject).toBe('Your Atelier sign-in code');
    expect(stored.html).toContain('482913');
    expect(stored.text).toContain('482913');
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it('finds the newest message for an address, whatever its case', async () => {
    const mail = service(createTransport({}));
    const to = address('Mixed.Case');
    await mail.send({ to, template: 'registration_code', data: { code: '111111', expiresInMinutes: 15 } });
    const second = await mail.send({
      to,
      template: 'verification_link',
      data: { link: `${SITE}/identity/self-service/verification?flow=f&token=t`, expiresInMinutes: 60 },
    });
    const latest = await mail.latestFor(to.toUpperCase());
    expect(latest?.id).toBe(second.id);
    expect(latest?.to).toBe(to.toLowerCase());
    expect(await mail.latestFor(address('nobody'))).toBeNull();
    const listed = await mail.list({ limit: 2 });
    expect(listed.map((m) => m.id)[0]).toBe(second.id);
  });

  it('refuses a bad recipient or template data before writing anything', async () => {
    const mail = service(createTransport({}));
    const before = (await mail.list({ limit: 1000 })).length;
    await expect(
      mail.send({ to: 'a@example.com, b@example.com', template: 'login_code', data: { code: '1', expiresInMinutes: 5 } }),
    ).rejects.toThrow();
    await expect(
      mail.send({ to: address(), template: 'recovery_link', data: { link: 'javascript:alert(1)', expiresInMinutes: 5 } }),
    ).rejects.toThrow();
    expect((await mail.list({ limit: 1000 })).length).toBe(before);
  });
});

describe('SMTP delivery', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: MailTransport;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = createTransport({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    transport.close?.();
    await smtp.close();
  });

  it('delivers a multipart message with the code in the text and the HTML part', async () => {
    const mail = service(transport);
    const to = address();
    const result = await mail.send({ to, template: 'login_code', data: { code: '730215', expiresInMinutes: 10 } });
    expect(result.status).toBe('sent');

    const received = smtp.state.messages.find((m) => m.envelopeTo.includes(to));
    expect(received).toBeDefined();
    const message = parseMime(received!.raw);
    expect(message.headers.from).toBe('Atelier <no-reply@atelier.example>');
    expect(message.headers.to).toBe(to);
    expect(message.headers.subject).toBe('Your Atelier sign-in code');
    expect(message.headers['auto-submitted']).toBe('auto-generated');
    expect(message.headers['x-entity-ref-id']).toBe(result.id);
    expect(message.headers['content-type']).toMatch(/^multipart\/alternative/);

    const parts = leaves(message);
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
    const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'));
    expect(text?.body).toContain('    730215');
    expect(text?.body).toContain('expires in 10 minutes');
    expect(html?.body).toMatch(/<p class="code"[^>]*>730215<\/p>/);
    expect(html?.body).toContain('<h1 class="headline"');
    expect((await row(result.id)).status).toBe('sent');
  });

  it('keeps a refused message as failed and delivers it on retry', async () => {
    const mail = service(transport);
    const to = address();
    smtp.state.refusing = true;
    const result = await mail.send({ to, template: 'recovery_code', data: { code: '905512', expiresInMinutes: 15 } });
    expect(result.status).toBe('failed');
    const failed = await row(result.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed.lastError).toContain('550');
    expect(failed.html).toContain('905512');

    // Still refusing: the retry counts the attempt and keeps the row.
    expect(await mail.retryFailed()).toMatchObject({ sent: 0 });
    expect(await row(result.id)).toMatchObject({ status: 'failed', attempts: 2 });

    smtp.state.refusing = false;
    const retried = await mail.retryFailed();
    expect(retried.sent).toBeGreaterThanOrEqual(1);
    expect(await row(result.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    const received = smtp.state.messages.filter((m) => m.envelopeTo.includes(to));
    expect(received).toHaveLength(1);
    expect(leaves(parseMime(received[0]!.raw)).every((p) => p.body.includes('905512'))).toBe(true);
  });
});

describe('retries', () => {
  it(`stops after ${MAX_ATTEMPTS} attempts`, async () => {
    let calls = 0;
    const mail = service({
      sendMail: async () => {
        calls += 1;
        throw new Error('connection refused');
      },
    });
    const result = await mail.send({ to: address(), template: 'email_change_code', data: { code: '1234', expiresInMinutes: 15 } });
    for (let i = 0; i < MAX_ATTEMPTS + 2; i += 1) await mail.retryFailed();
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(await row(result.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'connection refused' });
  });

  it('sends a message once when two retry loops run at the same time', async () => {
    let failing = true;
    const delivered: string[] = [];
    const mail = service({
      sendMail: async (message) => {
        if (failing) throw new Error('temporarily unavailable');
        await new Promise((resolve) => setTimeout(resolve, 20));
        delivered.push(message.to);
      },
    });
    const to = address();
    await mail.send({ to, template: 'login_code', data: { code: '555000', expiresInMinutes: 15 } });
    failing = false;
    await Promise.all([mail.retryFailed(), mail.retryFailed(), mail.retryFailed()]);
    expect(delivered.filter((t) => t === to)).toHaveLength(1);
  });
});

describe('the development mailbox', () => {
  async function mailbox({ withSecurity = false } = {}) {
    const app = Fastify({ logger: false });
    if (withSecurity) await registerSecurity(app);
    const mail = service(createTransport({}), 'Atelier <Dev>');
    registerDevMailbox(app, { mail, productName: 'Atelier <Dev>' });
    await app.ready();
    return { app, mail };
  }

  it('lists recent messages with the code in large type', async () => {
    const { app, mail } = await mailbox();
    const to = address();
    const sent = await mail.send({ to, template: 'login_code', data: { code: '246810', expiresInMinutes: 15 } });
    const response = await app.inject('/_dev/mail/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<main id="main">');
    expect(html).toContain('<h1>Mailbox</h1>');
    expect(html).toMatch(/<table>\s*<caption>[^<]+newest first<\/caption>/);
    expect(html).toContain(`<td>${to}</td>`);
    expect(html).toContain(`<a href="/_dev/mail/${sent.id}/">Your Atelier &lt;Dev&gt; sign-in code</a>`);
    expect(html).toContain('<span class="code">246810</span>');
    expect(html).not.toContain('Atelier <Dev>');
    await app.close();
  });

  it('shows one message: its HTML in a sandboxed frame and its text', async () => {
    const { app, mail } = await mailbox();
    const sent = await mail.send({ to: address(), template: 'verification_code', data: { code: '135790', expiresInMinutes: 15 } });
    const stored = await row(sent.id);
    const response = await app.inject(`/_dev/mail/${sent.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const html = response.body;
    expect(html).toContain('<h1>Verify your email address for Atelier &lt;Dev&gt;</h1>');
    expect(html).toContain('<span class="code code-large">135790</span>');
    const iframe = /<iframe ([^>]*)><\/iframe>/.exec(html)?.[1] ?? '';
    expect(iframe).toContain('sandbox=""');
    const srcdoc = /srcdoc="([^"]*)"/.exec(iframe)?.[1] ?? '';
    expect(
      srcdoc
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ).toBe(stored.html);
    expect(html).toContain(`<pre>${stored.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</pre>`);
    expect(html).toContain('<nav aria-label="Breadcrumb"><a href="/_dev/mail/">All messages</a></nav>');
    await app.close();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { app } = await mailbox();
    expect((await app.inject('/_dev/mail/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
    expect((await app.inject('/_dev/mail/not-a-uuid/')).statusCode).toBe(404);
    await app.close();
  });

  it('gives browser tests the newest message for an address as JSON', async () => {
    const { app, mail } = await mailbox();
    const to = address();
    await mail.send({ to, template: 'login_code', data: { code: '000111', expiresInMinutes: 15 } });
    const newest = await mail.send({ to, template: 'login_code', data: { code: '999888', expiresInMinutes: 15 } });
    const response = await app.inject(`/_dev/mail/latest.json?to=${encodeURIComponent(to)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.json()).toMatchObject({
      id: newest.id,
      to,
      template: 'login_code',
      status: 'sent',
      code: '999888',
      link: null,
      data: { code: '999888' },
    });
    expect((await app.inject(`/_dev/mail/latest.json?to=${encodeURIComponent(address('nobody'))}`)).statusCode).toBe(404);
    expect((await app.inject('/_dev/mail/latest.json')).statusCode).toBe(400);
    await app.close();
  });

  it('replaces the site-wide CSP with its own, which lets the preview keep its inline styles', async () => {
    const { app, mail } = await mailbox({ withSecurity: true });
    const sent = await mail.send({
      to: address(),
      template: 'recovery_link',
      data: { link: `${SITE}/identity/self-service/recovery?flow=f&token=t`, expiresInMinutes: 60 },
    });
    const response = await app.inject(`/_dev/mail/${sent.id}/`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain('script-src');
    expect(response.body).toContain(`href="${SITE}/identity/self-service/recovery?flow=f&amp;token=t"`);
    await app.close();
  });
});
