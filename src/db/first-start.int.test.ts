// The embedded database's very first start, killed half-way (decision 017): PGlite copies a fresh
// cluster into the directory file by file, so a process killed then used to leave a directory that
// never opened. It is built under pglite.initialising and renamed once whole; the next start redoes it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPostgresPass } from '../test/passes.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts opening a fresh directory in another process and kills it with SIGKILL once `when` holds. */
async function killDuringFirstStart(dataDir: string, when: (entries: string[]) => boolean): Promise<string[]> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/db/database.ts').then((m) => m.openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} }))`,
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const seen = () => (existsSync(dataDir) ? readdirSync(dataDir) : []);
  while (child.exitCode === null && !when(seen())) await new Promise((resolve) => setTimeout(resolve, 5));
  child.kill('SIGKILL');
  await exited;
  return seen();
}

describe.skipIf(inPostgresPass)('the first start of the embedded database', () => {
  it.each([
    ['while the cluster is being copied', (entries: string[]) => entries.includes('pglite.initialising')],
    ['right after the lock was taken', (entries: string[]) => entries.includes(LOCK_FILE)],
  ])(
    'killed %s, is redone by the next start',
    async (_moment, when) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-first-start-'));
      await killDuringFirstStart(dataDir, when);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.migrate();
      await database.ping();
      expect(readdirSync(dataDir).sort()).toEqual([LOCK_FILE, 'pglite']);
      await database.close();
      expect(readdirSync(dataDir)).toEqual(['pglite']);
    },
    60_000,
  );
});
