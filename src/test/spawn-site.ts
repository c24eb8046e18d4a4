// The site as its own process, as an operator or a developer starts it: the sources through tsx (a
// dist/ older than them would test old code), on a free port, with a data folder of its own, its
// output (stdout and stderr) kept for the test to read.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface SpawnedSite {
  child: ChildProcessByStdio<null, Readable, Readable>;
  port: number;
  /** Everything the process wrote so far. */
  readonly output: string;
  /** Its exit code once it exits. */
  exited: Promise<number | null>;
  /** Whether `text` appeared in the output within `timeoutMs` (false at once if the process exits first). */
  waitFor(text: string, timeoutMs: number): Promise<boolean>;
  /** Ends the process if it still runs: SIGTERM, then SIGKILL after `graceMs` (0: SIGKILL at once). */
  stop(graceMs?: number): void;
}

/** Starts `script` (src/server/main.ts or dev.ts) with `env` on top of the common settings. */
export async function spawnSite(script: string, env: Record<string, string> = {}): Promise<SpawnedSite> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'atelier-site-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    get output() {
      return output;
    },
    exited,
    async waitFor(text, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (!output.includes(text) && child.exitCode === null && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return output.includes(text);
    },
    stop(graceMs = 0) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (graceMs === 0) {
        child.kill('SIGKILL');
        return;
      }
      child.kill('SIGTERM');
      // A server that does not stop must not outlive the test.
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), graceMs).unref();
    },
  };
}
