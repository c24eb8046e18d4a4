// The server on every core (decision 032), as an operator runs it: with DATABASE_URL and
// WEB_CONCURRENCY=2 the primary starts two workers sharing the port, both answer, a story edit made
// by another process shows on both though each had the page cached, and SIGTERM drains them and
// exits 0. Runs the sources through tsx, as main.test.ts does (a dist/ older than the sources would
// test old code); the pages need the React Router build, so without one the test is skipped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { stories } from '../modules/content/schema.ts';
import { createChangeBus, type ChangeBus } from '../platform/change-bus.ts';
import { createTestDatabase } from '../test/database.ts';
import { freePort } from '../test/free-port.ts';
import { SERVER_BUILD_FILE } from './app.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** One request on a connection of its own, so the kernel hands it to either worker. */
function fresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { connection: 'close' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe.skipIf(inject('databaseTemplate').kind !== 'postgres' || !existsSync(SERVER_BUILD_FILE))(
  'npm start with DATABASE_URL and two workers',
  () => {
    let database: Database & { url?: string };
    let bus: ChangeBus;
    let child: ReturnType<typeof spawn>;
    let output = '';
    let exited: Promise<number | null>;
    let base: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      bus = await createChangeBus({ database, log: { error: () => {}, warn: () => {} } });
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          DATABASE_URL: database.url!,
          WEB_CONCURRENCY: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
          DEMO_CONTENT: 'false',
          LOG_LEVEL: 'info',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'atelier-cluster-')),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
      const ready = await Promise.race([
        (async () => {
          while (!output.includes('is ready')) await new Promise((resolve) => setTimeout(resolve, 100));
          return true;
        })(),
        exited.then(() => false),
      ]);
      expect(ready, `the server did not become ready:\n${output}`).toBe(true);
    }, 120_000);

    afterAll(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await bus.close();
      await database.close();
    });

    it('answers from both workers', async () => {
      for (let i = 0; i < 4; i++) expect((await fresh(`${base}/readyz`)).status).toBe(200);
      const answeredBy = new Set(
        output
          .split('\n')
          .filter((line) => line.includes('"msg":"request completed"'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      expect(answeredBy.size).toBe(2);
    });

    it('shows a story edit made by another process on both workers, though each had the page cached', async () => {
      for (let i = 0; i < 4; i++) expect((await fresh(`${base}/`)).status).toBe(200);
      const [lead] = await database.db
        .select({ id: stories.id })
        .from(stories)
        .orderBy(desc(stories.publishedAt), desc(stories.id))
        .limit(1);
      const headline = `Edited elsewhere ${Date.now()}`;
      await database.db.update(stories).set({ headline }).where(eq(stories.id, lead!.id));
      await bus.publish('pages', { paths: ['/'] });
      // Poll until four answers in a row, from both workers in turn, show it (the caches would otherwise keep the old page for 30 s).
      let inARow = 0;
      while (inARow < 4) inARow = (await fresh(`${base}/`)).body.includes(headline) ? inARow + 1 : 0;
    }, 20_000);

    it('replaces a worker that dies, and the new one serves', async () => {
      const serving = () =>
        output
          .split('\n')
          .filter((line) => line.includes('"msg":"worker is serving"'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid);
      const [victim] = serving();
      process.kill(victim!, 'SIGKILL');
      while (serving().length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toContain('a worker died; starting another');
      const replacement = serving()[2]!;
      // Fresh connections go to each worker in turn: the replacement answers one of the next few.
      const before = output.length;
      for (let i = 0; i < 4; i++) expect((await fresh(`${base}/readyz`)).status).toBe(200);
      expect(output.slice(before)).toContain(`"pid":${replacement},`);
    }, 60_000);

    it('drains both workers and exits 0 on SIGTERM', async () => {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output.match(/shutting down: draining requests/g)).toHaveLength(2);
      expect(output).toContain('every worker has stopped');
    }, 30_000);
  },
);
