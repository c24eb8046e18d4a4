// npm run bench:newsletter (node --import tsx bench/newsletter.ts): one newsletter issue to N
// subscribers on PostgreSQL into a local SMTP sink, printing emails per second (decision 048; goal
// ≥ 500/s). A fresh database on the server DATABASE_URL names (default the local one), migrated and
// seeded with the demo content; N anonymous subscribers of The Daily Digest (BENCH_SUBSCRIBERS,
// default 50,000); the app's own modules (createModules), so the send is the real path: the job's
// handler claims batches, renders once per access decision, and hands each message to the mail
// module's pooled SMTP connections. The sink (smtp-server) runs in a process of its own, counting
// and discarding. At the end the sink's count must equal the rows marked sent, and no address may
// have arrived twice.
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { stableUuid } from '../src/db/stable-id.ts';
import { seedDemoContent } from '../src/demo/seed.ts';
import { newsletterDeliveries, newsletterSubscriptions } from '../src/modules/newsletters/schema.ts';
import { createLimitStore } from '../src/platform/rate-limits.ts';
import { createModules } from '../src/server/services.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 50_000);

if (process.argv.includes('--sink')) await sink();
else await run();

/** The child: an SMTP server that counts what it accepts (and the recipients seen twice). */
async function sink() {
  const seen = new Set<string>();
  let messages = 0;
  let twice = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        messages += 1;
        for (const { address } of session.envelope.rcptTo) {
          if (seen.has(address)) twice += 1;
          seen.add(address);
        }
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port }));
  process.on('message', () => process.send!({ messages, twice }));
}

async function run() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `atelier_bench_newsletter_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const child = fork(import.meta.filename, ['--sink'], { execArgv: ['--import', 'tsx'] });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const { port } = await next<{ port: number }>();
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 10 });
  try {
    await database.migrate();
    await seedDemoContent(database.db);
    const config = loadConfig({
      APP_ENV: 'test',
      LOG_LEVEL: 'silent',
      SITE_URL: 'https://atelier.test',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DATABASE_URL: url.toString(),
    });
    const log = pino({ level: 'silent' });
    const modules = createModules({ db: database.db, config, log: log as never, limits: createLimitStore({ keyPrefix: 'bench' }) });
    const { issues } = modules.newsletters.service;
    const newsletterId = stableUuid('newsletter', 'the-daily-digest');
    const at = new Date();
    for (let i = 0; i < SUBSCRIBERS; i += 5000) {
      const rows = Array.from({ length: Math.min(5000, SUBSCRIBERS - i) }, (_, j) => ({
        id: randomUUID(),
        newsletterId,
        email: `reader${i + j}@bench.example`,
        status: 'subscribed' as const,
        createdAt: at,
        updatedAt: at,
      }));
      await database.db.insert(newsletterSubscriptions).values(rows);
    }
    const stories = await modules.content.service.listLatest({ limit: 40 });
    const picked = [stories.find((s) => s.access === 'free')!, stories.find((s) => s.access === 'premium')!, stories[2]!];
    const composed = await issues.compose(
      { newsletterId, subject: 'Benchmark issue', intro: 'Three stories.', storySlugs: picked.map((s) => s.slug).join('\n') },
      'bench',
    );
    if (!composed.ok) throw new Error(JSON.stringify(composed.fieldErrors));
    await issues.schedule({ issueId: composed.issue.id, at: new Date() });

    const started = performance.now();
    await issues.runSend(composed.issue.id);
    const seconds = (performance.now() - started) / 1000;

    child.send('count');
    const counted = await next<{ messages: number; twice: number }>();
    const rows = await database.db.select({ status: newsletterDeliveries.status }).from(newsletterDeliveries);
    const sent = rows.filter((r) => r.status === 'sent').length;
    console.log(
      `newsletter: ${SUBSCRIBERS} subscribers, ${sent} sent in ${seconds.toFixed(1)} s: ${Math.round(sent / seconds)} emails/s ` +
        `(sink received ${counted.messages}, ${counted.twice} twice; the goal is ≥ 500/s)`,
    );
    if (counted.messages !== sent || counted.twice > 0 || sent !== SUBSCRIBERS) process.exitCode = 1;
    for (const module of Object.values(modules)) await (module as { onClose?: () => Promise<void> }).onClose?.();
  } finally {
    child.kill();
    await database.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
