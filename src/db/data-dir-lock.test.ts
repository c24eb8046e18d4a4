// The data directory's lock file: one owner at a time, named in the refusal; a dead owner's lock is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'atelier-lock-'));
const lockFile = (dir: string) => path.join(dir, LOCK_FILE);
const owner = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; host: string; startedAt: string };
const writeOwner = (dir: string, pid: number, host = os.hostname()) =>
  writeFileSync(lockFile(dir), JSON.stringify({ pid, host, startedAt: '2026-11-24T09:00:00.000Z' }));

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  it('writes this process as the owner and removes the file on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(owner(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses while a live process holds it, naming its pid and what to do', () => {
    const dir = freshDir();
    writeOwner(dir, process.ppid);
    const refusal = (() => {
      try {
        lockDataDir(dir);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toBe(
      `Another Atelier process (pid ${process.ppid}, since 2026-11-24T09:00:00.000Z) is using the data directory ${dir}; stop it or set DATA_DIR`,
    );
    expect(owner(dir).pid).toBe(process.ppid); // left alone
  });

  it('refuses a second lock in the same process', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it('takes over the lock of a process that died', () => {
    const dir = freshDir();
    writeOwner(dir, deadPid());
    const lock = lockDataDir(dir);
    expect(owner(dir).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]); // nothing left aside
    lock.release();
  });

  it('removes the drafts a killed starter left, and leaves a live starter’s draft alone', () => {
    const dir = freshDir();
    const dead = deadPid();
    writeFileSync(path.join(dir, `${LOCK_FILE}.${dead}.new`), '{}');
    writeFileSync(path.join(dir, `${LOCK_FILE}.${dead}.stale`), '{}');
    writeFileSync(path.join(dir, `${LOCK_FILE}.${process.ppid}.new`), '{}');
    const lock = lockDataDir(dir);
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, `${LOCK_FILE}.${process.ppid}.new`]);
    lock.release();
  });

  it('takes over a lock carrying its own pid from an earlier life (a container restarted as pid 1)', () => {
    const dir = freshDir();
    writeOwner(dir, process.pid);
    const lock = lockDataDir(dir);
    expect(owner(dir).startedAt).not.toBe('2026-11-24T09:00:00.000Z');
    lock.release();
  });

  it('takes over a file that is not a lock it can read', () => {
    const dir = freshDir();
    writeFileSync(lockFile(dir), '');
    lockDataDir(dir).release();
  });

  it('refuses a lock held on another machine, whose process it cannot check', () => {
    const dir = freshDir();
    writeOwner(dir, deadPid(), 'another-host');
    expect(() => lockDataDir(dir)).toThrow(/Another Atelier process \(pid \d+ on another-host, since/);
  });

  it('does not remove a lock it no longer owns', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    writeOwner(dir, process.ppid);
    lock.release();
    expect(owner(dir).pid).toBe(process.ppid);
  });
});
