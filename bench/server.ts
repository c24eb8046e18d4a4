// Starts the production build for a benchmark — on a fresh embedded database, or on DATABASE_URL
// when set (an empty database is migrated and seeded at start) — and stops it.
// BENCH_SITE_DIR runs another checkout's build (a `git worktree` of an older commit, to compare old
// against new in the same minutes); BENCH_WORKERS=n passes WEB_CONCURRENCY=n, one worker per core
// with DATABASE_URL (issue 15; the site decides whether it honours it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const siteRoot = path.resolve(process.env.BENCH_SITE_DIR ?? path.join(import.meta.dirname, '..'));

/** The worker count asked for, when BENCH_WORKERS is set. */
export const WORKERS = process.env.BENCH_WORKERS ? Number(process.env.BENCH_WORKERS) : undefined;

/** Builds the checkout at `root` (npm run build) when its production build is missing. */
export function ensureBuilt(root: string): void {
  if (existsSync(path.join(root, 'dist/server/main.js')) && existsSync(path.join(root, 'build/server/index.js'))) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

export async function startSite(
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ url: string; stop: () => Promise<void>; process: ChildProcess }> {
  ensureBuilt(siteRoot);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd: siteRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-')),
      SITE_URL: `http://127.0.0.1:${port}`,
      ...(WORKERS !== undefined ? { WEB_CONCURRENCY: String(WORKERS) } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the site exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop, process: child };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`${url} did not become ready`);
}
