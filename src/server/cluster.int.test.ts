// The server on every core (decision 032), as an operator runs it: with DATABASE_URL and
// WEB_CONCURRENCY=2 the primary starts two workers sharing the port, both answer, a story edit made
// by another process shows on both though each had the page cached, and SIGTERM drains them and
// exits 0. Runs the sources through tsx, as main.test.ts does (a dist/ older than the sources would
// test old code); the pages need the React Router build, so without one the test is skipped.
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { stories } from '../modules/content/schema.ts';
import { createChangeBus, type ChangeBus } from '../platform/change-bus.ts';
import { createTestDatabase } from '../test/database.ts';
import { spawnSite, type SpawnedSite } from '../test/spawn-site.ts';
import { SERVER_BUILD_FILE } from './app.ts';

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
    let site: SpawnedSite;
    let base: string;
    const output = () => site.output;

    beforeAll(async () => {
      database = await createTestDatabase();
      bus = await createChangeBus({ database, log: { error: () => {}, warn: () => {} } });
      site = await spawnSite('src/server/main.ts', { NODE_ENV: 'production', DATABASE_URL: database.url!, WEB_CONCURRENCY: '2' });
      base = `http://127.0.0.1:${site.port}`;
      const ready = await site.waitFor('is ready', 120_000);
      expect(ready, `the server did not become ready:\n${site.output}`).toBe(true);
    }, 120_000);

    afterAll(async () => {
      site?.stop();
      await bus.close();
      await database.close();
    });

    it('answers from both workers', async () => {
      for (let i = 0; i < 4; i++) expect((await fresh(`${base}/readyz`)).status).toBe(200);
      const answeredBy = new Set(
        output()
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
        output()
          .split('\n')
          .filter((line) => line.includes('"msg":"worker is serving"'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid);
      const [victim] = serving();
      process.kill(victim!, 'SIGKILL');
      while (serving().length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output()).toContain('a worker died; starting another');
      const replacement = serving()[2]!;
      // Fresh connections go to each worker in turn: the replacement answers one of the next few.
      const before = output().length;
      for (let i = 0; i < 4; i++) expect((await fresh(`${base}/readyz`)).status).toBe(200);
      expect(output().slice(before)).toContain(`"pid":${replacement},`);
    }, 60_000);

    it('drains both workers and exits 0 on SIGTERM', async () => {
      site.child.kill('SIGTERM');
      expect(await site.exited).toBe(0);
      expect(output().match(/shutting down: draining requests/g)).toHaveLength(2);
      expect(output()).toContain('every worker has stopped');
    }, 30_000);
  },
);
