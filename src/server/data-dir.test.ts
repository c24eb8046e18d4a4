// The embedded database survives its operator (DESIGN §2, decision 017), with real server
// processes: a second server on the same DATA_DIR is refused while the first keeps serving, and a
// server killed with SIGKILL in the middle of writes leaves a directory the next start opens,
// taking over the dead process's lock, with every write it acknowledged.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { LOCK_FILE } from '../db/data-dir-lock.ts';
import { ANALYTICS_DEV_PATH } from '../modules/analytics/dev-routes.ts';
import { PAYLOAD_DATA_SCHEMA } from '../modules/analytics/collector.ts';
import { COLLECTOR_POST_PATH } from '../modules/analytics/collector-routes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-data-dir-'));
const running = new Set<ChildProcessWithoutNullStreams>();

interface Server {
  child: ChildProcessWithoutNullStreams;
  url: string;
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
}

/** A server on the shared data directory; resolves once it says it is ready, or has exited. */
async function startServer(): Promise<Server & { ready: boolean }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DEMO_CONTENT: 'false', LOG_LEVEL: 'info', DATA_DIR: dataDir },
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => child.stdout.on('data', () => stdout.includes('is ready') && resolve(true))),
    exited.then(() => false),
  ]);
  return { child, url: `http://127.0.0.1:${port}`, exited, stdout: () => stdout, stderr: () => stderr, ready };
}

/** Page views as the browser tracker sends them, each with its own event id. */
function pageViews(ids: string[]) {
  return {
    schema: PAYLOAD_DATA_SCHEMA,
    data: ids.map((eid, i) => ({
      e: 'pv',
      eid,
      tv: 'js-4.5.0',
      tna: 'sp',
      aid: 'development-global-9.36.0',
      p: 'web',
      dtm: String(1795000000000 + i),
      stm: String(1795000000500 + i),
      url: 'http://localhost:3000/',
      page: 'Atelier',
    })),
  };
}

const lockOwner = () => (JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

let first: Server;

beforeAll(async () => {
  const started = await startServer();
  expect(started.ready, `the server did not become ready:\n${started.stdout()}\n${started.stderr()}`).toBe(true);
  first = started;
}, 60_000);

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

describe('one server per data directory', () => {
  it('says in one line which mode runs', () => {
    const lines = first
      .stdout()
      .split('\n')
      .filter((line) => line.includes(' mode'));
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'development mode (APP_ENV=dev): the dev mailbox answers only this machine (loopback)',
    ]);
  });

  it('refuses a second server on the same DATA_DIR with one clear line and exit code 1; the first keeps serving', async () => {
    const second = await startServer();
    expect(second.ready).toBe(false);
    expect(await second.exited).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Another Atelier process \\(pid ${first.child.pid}, since [^)]+\\) is using the data directory ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; stop it or set DATA_DIR$`,
      ),
    );
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(lockOwner()).toBe(first.child.pid);
  }, 60_000);

  it('npm start says so before it would rebuild the pages the first server is serving', () => {
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^Another Atelier process \\(pid ${first.child.pid}, since [^)]+\\) is using the data directory .*; stop it or set DATA_DIR\n$`,
      ),
    );
    expect(result.stdout).not.toContain('building');
  });

  it('npm run db:migrate takes the same lock and is refused too', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/cli.ts', 'migrate'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^Another Atelier process \\(pid ${first.child.pid}, since [^)]+\\) is using the data directory .*; stop it or set DATA_DIR\n$`,
      ),
    );
  });

  it('after kill -9 during writes, the next start takes over the dead lock and has every acknowledged write', async () => {
    const acknowledged: string[] = [];
    const send = async () => {
      const ids = Array.from({ length: 10 }, () => randomUUID());
      const response = await fetch(`${first.url}${COLLECTOR_POST_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(pageViews(ids)),
      });
      if (response.ok) acknowledged.push(...ids);
    };
    for (let i = 0; i < 8; i++) await send();
    // Killed while more batches are on their way in.
    const inFlight = Array.from({ length: 4 }, () => send().catch(() => undefined));
    first.child.kill('SIGKILL');
    await Promise.all(inFlight);
    expect(await first.exited).toBe(null);
    expect(acknowledged.length).toBeGreaterThanOrEqual(80);
    expect(lockOwner()).toBe(first.child.pid); // left behind by the dead process

    const next = await startServer();
    expect(next.ready, `the next start did not become ready:\n${next.stdout()}\n${next.stderr()}`).toBe(true);
    expect(lockOwner()).toBe(next.child.pid);
    const recent = (await (await fetch(`${next.url}${ANALYTICS_DEV_PATH}?limit=500`)).json()) as { events: { eventId: string }[] };
    const stored = new Set(recent.events.map((event) => event.eventId));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(() => lockOwner()).toThrow(/ENOENT/); // released on close
  }, 90_000);
});
