// The development mailbox: what the site would have emailed, readable at /_dev/mail/ so codes and
// links can be used without an SMTP server. The caller registers it only outside production.
// Plain server-rendered HTML (no React): it must work even when the web build is broken.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { MailService, OutboxMessage } from './mail-service.ts';
import { escapeHtml } from './escape-html.ts';

const BASE = '/_dev/mail';
const LIST_SIZE = 50;

// Own policy, replacing the site's: the email preview (an srcdoc frame inherits this policy) needs
// its inline styles, and nothing on these pages needs scripts, forms or other origins.
const CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: https:',
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const latestQuery = z.object({ to: z.email() });

export function registerDevMailbox(app: FastifyInstance, { mail, productName }: { mail: MailService; productName: string }) {
  // Route-level onSend runs after the app's own hooks, so this policy wins over the site-wide one.
  const devHeaders = async (_request: unknown, reply: FastifyReply) => {
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('content-security-policy', CSP);
  };

  app.get(`${BASE}/`, { onSend: devHeaders }, async (_request, reply) => {
    const messages = await mail.list({ limit: LIST_SIZE });
    return sendHtml(reply, page({ productName, title: 'Mailbox', body: listBody(messages) }));
  });

  app.get(`${BASE}/latest.json`, { onSend: devHeaders }, async (request, reply) => {
    const query = latestQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: { message: 'Give one email address: ?to=name@example.com' } });
    const message = await mail.latestFor(query.data.to);
    if (!message) return reply.code(404).send({ error: { message: 'No message for that address yet' } });
    return reply.send(toJson(message));
  });

  app.get<{ Params: { id: string } }>(`${BASE}/:id/`, { onSend: devHeaders }, async (request, reply) => {
    const message = await mail.get(request.params.id);
    if (!message) return sendHtml(reply.code(404), page({ productName, title: 'No such message', body: notFoundBody() }));
    return sendHtml(reply, page({ productName, title: message.subject, body: messageBody(message) }));
  });
}

function toJson(message: OutboxMessage) {
  return {
    id: message.id,
    to: message.to,
    subject: message.subject,
    template: message.template,
    status: message.status,
    code: stringField(message, 'code'),
    link: stringField(message, 'link'),
    data: message.data,
    // Name, type and content (base64) of each file: tests read a calendar file from here.
    attachments: message.attachments,
    text: message.text,
    html: message.html,
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
  };
}

function stringField(message: OutboxMessage, key: 'code' | 'link'): string | null {
  const value = message.data[key];
  return typeof value === 'string' ? value : null;
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').send(html);
}

function time(date: Date): string {
  const iso = date.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC</time>`;
}

function listBody(messages: OutboxMessage[]): string {
  if (messages.length === 0) {
    return `<h1>Mailbox</h1>
<p class="empty">No messages yet. Ask for a sign-in code and it appears here.</p>`;
  }
  const rows = messages
    .map((m) => {
      const code = stringField(m, 'code');
      const link = stringField(m, 'link');
      const secret = code
        ? `<span class="code">${escapeHtml(code)}</span>`
        : link
          ? `<a href="${escapeHtml(link)}">Open link</a>`
          : '<span class="muted">—</span>';
      return `<tr>
<td>${escapeHtml(m.to)}</td>
<td><a href="${BASE}/${m.id}/">${escapeHtml(m.subject)}</a></td>
<td>${secret}</td>
<td>${status(m)}</td>
<td>${time(m.createdAt)}</td>
</tr>`;
    })
    .join('\n');
  return `<h1>Mailbox</h1>
<div class="scroll" role="region" aria-label="Messages" tabindex="0">
<table>
<caption>The ${messages.length === LIST_SIZE ? `${LIST_SIZE} latest messages` : messages.length === 1 ? 'one message' : `${messages.length} messages`}, newest first</caption>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Code or link</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
}

function status(m: OutboxMessage): string {
  return `<span class="status status-${m.status}">${m.status}</span>`;
}

function messageBody(m: OutboxMessage): string {
  const code = stringField(m, 'code');
  const link = stringField(m, 'link');
  const facts: [string, string][] = [
    ['To', escapeHtml(m.to)],
    ['Template', `<code>${escapeHtml(m.template)}</code>`],
    ['Status', status(m)],
    ['Attempts', String(m.attempts)],
    ['Created', time(m.createdAt)],
    ['Sent', m.sentAt ? time(m.sentAt) : '<span class="muted">not yet</span>'],
  ];
  if (m.lastError) facts.push(['Last error', `<code>${escapeHtml(m.lastError)}</code>`]);
  const secret = code
    ? `<p class="secret"><span class="label">Code</span> <span class="code code-large">${escapeHtml(code)}</span></p>`
    : link
      ? `<p class="secret"><span class="label">Link</span> <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
      : '';
  return `<nav aria-label="Breadcrumb"><a href="${BASE}/">All messages</a></nav>
<h1>${escapeHtml(m.subject)}</h1>
${secret}
<dl class="facts">
${facts.map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`).join('\n')}
</dl>
<section aria-labelledby="html-version">
<h2 id="html-version">HTML version</h2>
<iframe title="HTML version of “${escapeHtml(m.subject)}”" sandbox="" referrerpolicy="no-referrer" srcdoc="${escapeHtml(m.html)}"></iframe>
</section>
<section aria-labelledby="text-version">
<h2 id="text-version">Plain-text version</h2>
<pre>${escapeHtml(m.text)}</pre>
</section>`;
}

function notFoundBody(): string {
  return `<nav aria-label="Breadcrumb"><a href="${BASE}/">All messages</a></nav>
<h1>No such message</h1>
<p>It may belong to another database. <a href="${BASE}/">See every message</a>.</p>`;
}

function page({ productName, title, body }: { productName: string; title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(productName)} development mailbox</title>
<style>${STYLES}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<p class="wordmark"><a href="${BASE}/">${escapeHtml(productName)}</a></p>
<p class="note">Development mailbox: the emails this site would have sent. It does not exist in production.</p>
</header>
<main id="main">
${body}
</main>
<footer>
<p>Browser tests read the newest message for an address at <code>${BASE}/latest.json?to=…</code></p>
</footer>
</body>
</html>
`;
}

const STYLES = `
:root { color-scheme: light; --ink: #111; --muted: #595959; --rule: #ddd; --accent: #8c1c13; }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: var(--ink); font: 16px/1.5 Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif; }
a { color: var(--ink); }
a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem 1rem; }
header, main, footer { max-width: 72rem; margin: 0 auto; padding: 0 1.5rem; }
header { border-bottom: 1px solid var(--ink); padding-top: 1.5rem; padding-bottom: 1rem; display: flex; flex-wrap: wrap; align-items: baseline; gap: .5rem 1.5rem; }
.wordmark { margin: 0; font: 400 1.75rem/1.1 Newsreader, Georgia, 'Times New Roman', serif; }
.wordmark a { text-decoration: none; }
.note { margin: 0; color: var(--muted); font-size: .875rem; }
h1 { font: 400 2.25rem/1.15 Newsreader, Georgia, 'Times New Roman', serif; margin: 2rem 0 1rem; }
h2 { font-size: .75rem; font-weight: 600; line-height: 1.3; letter-spacing: .1em; text-transform: uppercase; color: var(--muted); margin: 2.5rem 0 .75rem; }
nav { margin-top: 1.5rem; font-size: .875rem; }
table { width: 100%; border-collapse: collapse; }
.scroll { overflow-x: auto; }
.scroll:focus-visible { outline: 2px solid var(--accent); }
caption { text-align: left; color: var(--muted); font-size: .875rem; padding-bottom: .75rem; }
th { text-align: left; font-size: .75rem; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--ink); padding: .5rem .75rem .5rem 0; }
td { border-bottom: 1px solid var(--rule); padding: .75rem .75rem .75rem 0; vertical-align: middle; }
.code { font: 700 1.5rem/1.2 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace; letter-spacing: .15em; user-select: all; }
.code-large { font-size: 2.5rem; }
.secret { display: flex; flex-wrap: wrap; align-items: baseline; gap: 1rem; border-top: 1px solid var(--rule); border-bottom: 1px solid var(--rule); padding: 1rem 0; margin: 0 0 1.5rem; word-break: break-all; }
.label, dt { font-size: .75rem; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); font-weight: 600; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: 1rem 2rem; margin: 0; }
dd { margin: .25rem 0 0; overflow-wrap: anywhere; }
.status-queued { color: var(--muted); }
.status-failed { color: var(--accent); font-weight: 600; }
.muted, .empty { color: var(--muted); }
iframe { width: 100%; height: 46rem; border: 1px solid var(--rule); resize: vertical; background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; border: 1px solid var(--rule); padding: 1.25rem; font: .875rem/1.6 'SFMono-Regular', Menlo, Consolas, monospace; }
footer { margin-top: 3rem; padding-top: 1rem; padding-bottom: 2rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: .875rem; }
`;
