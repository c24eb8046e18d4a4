// Sends the product's emails. Every message is written to the outbox before delivery is tried
// (DESIGN §2: nothing is lost); a failed delivery keeps its row with the error and is retried by
// retryFailed(). The transport is SMTP when SMTP_URL is set, otherwise nodemailer's JSON
// transport, which delivers nowhere: the outbox (and the dev mailbox reading it) is the inbox.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, ne, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { emailSchema } from '../../shared/validation/formats.ts';
import { outbox, type MailAttachment, type OutboxStatus } from './schema.ts';

export type { MailAttachment } from './schema.ts';
import { EMAIL_TEMPLATES, renderEmail, type EmailData, type EmailTemplate, type TemplateVariables } from './templates.ts';

/** After this many tries a message stays failed for good (and is logged as an error). */
export const MAX_ATTEMPTS = 5;
/** A queued row older than this was left by a process that stopped mid-send; retry it. */
const STALE_QUEUED_MS = 10 * 60_000;

export type OutboxMessage = typeof outbox.$inferSelect;

/** The part of a nodemailer transporter the service uses (a fake in a test is one function). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, string>;
    /** How the text and HTML parts are encoded (nodemailer picks quoted-printable or base64 by itself). */
    textEncoding?: 'base64' | 'quoted-printable';
    attachments?: { filename: string; contentType: string; content: Buffer; cid?: string }[];
  }): Promise<unknown>;
  close?(): void;
}

/** The logging the service does; Fastify's and pino's loggers fit. */
export interface MailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * SMTP when a URL is given (smtp:// or smtps://, credentials in the URL); otherwise outbox-only.
 * `pool` keeps up to that many connections open and reuses them (newsletter issues, decision 048).
 */
export function createTransport({ smtpUrl, pool }: { smtpUrl?: string; pool?: number }): MailTransport {
  if (!smtpUrl) return nodemailer.createTransport({ jsonTransport: true });
  // nodemailer's defaults wait minutes on a dead server; a sign-in request should not.
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  if (pool) return nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: pool, maxMessages: Infinity, ...timeouts });
  return nodemailer.createTransport({ url: smtpUrl, ...timeouts });
}

/** A newsletter issue's message, rendered by its sender, with its list headers (RFC 2369, 8058). */
export interface BulkMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

const sendInput = z.object({
  // The site's one email rule (§5): an address a form accepted is one the mailer takes (zod's own
  // z.email() is stricter, so an accepted ".ada@…" used to fail here as a server error).
  to: emailSchema,
  template: z.enum(EMAIL_TEMPLATES),
  data: z.record(z.string(), z.unknown()),
  attachments: z
    .array(
      z.object({
        filename: z.string().trim().min(1).max(200),
        contentType: z.string().trim().min(1).max(100),
        content: z.base64().max(2_000_000),
        cid: z.string().trim().max(200).optional(),
      }),
    )
    .max(60)
    .default([]),
});

export interface SendResult {
  id: string;
  status: OutboxStatus;
}

export type MailService = ReturnType<typeof createMailService>;

export function createMailService({
  db,
  transport,
  from,
  productName,
  siteUrl,
  logger,
  bulkTransport,
}: {
  db: Db;
  transport: MailTransport;
  /**
   * Newsletter issues: pooled SMTP connections. Without one (no SMTP_URL) bulk messages are written
   * to the outbox as sent, so the dev mailbox shows them.
   */
  bulkTransport?: MailTransport | null;
  from: string;
  productName: string;
  siteUrl: string;
  logger?: MailLogger;
}) {
  /** One delivery attempt. Claims the row first so two retry loops never send it twice. */
  async function deliver(row: OutboxMessage): Promise<OutboxStatus | 'skipped'> {
    const [claimed] = await db
      .update(outbox)
      .set({ attempts: row.attempts + 1, status: 'queued' })
      .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), ne(outbox.status, 'sent')))
      .returning({ id: outbox.id });
    if (!claimed) return 'skipped';
    const attempt = row.attempts + 1;
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // Auto-Submitted stops out-of-office replies; a unique ref stops Gmail threading repeated
        // code emails together, which hides the newest code under the older ones.
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Entity-Ref-ID': row.id },
        attachments: row.attachments.map(({ filename, contentType, content, cid }) => ({
          filename,
          contentType,
          content: Buffer.from(content, 'base64'),
          ...(cid ? { cid } : {}),
        })),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({ status: 'failed', lastError: message.slice(0, 2000) })
        .where(eq(outbox.id, row.id));
      const details = { outboxId: row.id, template: row.template, attempt, err: message };
      if (attempt >= MAX_ATTEMPTS) logger?.error(details, 'email delivery failed for good');
      else logger?.warn(details, 'email delivery failed; will retry');
      return 'failed';
    }
    await db.update(outbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
    return 'sent';
  }

  return {
    /**
     * Renders the template, stores the message, then delivers it. Throws on bad input or when the
     * outbox cannot be written; a delivery failure is not thrown: the row is kept as 'failed'.
     */
    async send<T extends EmailTemplate>(input: {
      to: string;
      template: T;
      data: TemplateVariables<T>;
      attachments?: MailAttachment[];
    }): Promise<SendResult> {
      const { to, template, data, attachments } = sendInput.parse(input);
      // The caller's variables plus what every email knows; renderEmail validates the whole.
      const rendered = await renderEmail(template, { ...data, productName, siteUrl, email: to } as EmailData[typeof template]);
      const [row] = await db
        .insert(outbox)
        .values({
          id: randomUUID(),
          to,
          subject: rendered.subject,
          template,
          html: rendered.html,
          text: rendered.text,
          data,
          attachments,
          status: 'queued',
          attempts: 0,
        })
        .returning();
      const status = await deliver(row!);
      return { id: row!.id, status: status === 'skipped' ? 'queued' : status };
    },

    /** Tries again every failed (or abandoned) message that has attempts left, oldest first. */
    async retryFailed({ limit = 100 }: { limit?: number } = {}): Promise<{ sent: number; failed: number }> {
      const stale = new Date(Date.now() - STALE_QUEUED_MS);
      const rows = await db
        .select()
        .from(outbox)
        .where(
          and(
            lt(outbox.attempts, MAX_ATTEMPTS),
            or(eq(outbox.status, 'failed'), and(eq(outbox.status, 'queued'), lt(outbox.createdAt, stale))),
          ),
        )
        .orderBy(outbox.createdAt)
        .limit(limit);
      const result = { sent: 0, failed: 0 };
      for (const row of rows) {
        const status = await deliver(row);
        if (status === 'sent') result.sent += 1;
        else if (status === 'failed') result.failed += 1;
      }
      if (rows.length > 0) logger?.info({ ...result }, 'retried undelivered emails');
      return result;
    },

    /**
     * Hands one newsletter message to the bulk transport and resolves when the server accepted it;
     * throws what the transport threw. No outbox row with SMTP: the newsletters module's delivery
     * row is the record, written around this call (decision 048). Outbox-only, the message goes to
     * the outbox as sent, where the dev mailbox reads it.
     */
    async deliverBulk(message: BulkMessage): Promise<void> {
      const to = emailSchema.parse(message.to);
      if (bulkTransport) {
        // base64 is encoded natively; quoted-printable in JavaScript was most of a send's CPU.
        await bulkTransport.sendMail({ from, ...message, to, textEncoding: 'base64' });
        return;
      }
      await db.insert(outbox).values({
        id: randomUUID(),
        to,
        subject: message.subject,
        template: 'newsletter_issue',
        html: message.html,
        text: message.text,
        data: { headers: message.headers },
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      });
    },

    /** Closes the bulk transport's pooled connections (the module's onClose). */
    close(): void {
      bulkTransport?.close?.();
    },

    /** The newest message to an address, or null. */
    async latestFor(to: string): Promise<OutboxMessage | null> {
      const [row] = await db.select().from(outbox).where(eq(outbox.to, to.trim().toLowerCase())).orderBy(desc(outbox.createdAt)).limit(1);
      return row ?? null;
    },

    /** The newest messages first. */
    list({ limit = 50 }: { limit?: number } = {}): Promise<OutboxMessage[]> {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
    },

    /** One message by id, or null (also for a malformed id). */
    async get(id: string): Promise<OutboxMessage | null> {
      if (!z.uuid().safeParse(id).success) return null;
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row ?? null;
    },
  };
}
