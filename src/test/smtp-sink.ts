// A real SMTP server on a random local port for integration tests: the app sends to it through
// SMTP_URL as it would to a provider, and a test reads what arrived (envelope and plain text).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The text/plain part, decoded (quoted-printable or base64). */
  text: string;
}

function decode(body: string, encoding: string): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A header's value with RFC 2047 encoded words decoded (nodemailer encodes non-ASCII subjects). */
function headerValue(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decode(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** The first text/plain part of a raw message (nodemailer's multipart/alternative). */
function plainText(raw: string): string {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const encoding = /content-transfer-encoding:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '7bit';
    return decode(part.slice(split + 4).split(/\r\n--/)[0]!, encoding);
  }
  return '';
}

export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: headerValue(raw, 'subject'),
          text: plainText(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** What arrived for one address, oldest first. */
    to: (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
