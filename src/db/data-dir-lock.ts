// One process per embedded database (DESIGN §2; decision 017). PGlite has no server to arbitrate
// between processes: two of them writing the same directory corrupt it, so whoever opens it first
// holds a lock file naming its pid, and a second process is refused with one clear line. A lock
// left by a process that died (kill -9, a crash, a power cut) is taken over.
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export const LOCK_FILE = 'atelier.lock';
/** A draft or a moved-aside lock of the process whose pid it names (tryCreate, takeOver). */
const LEFTOVER = /^atelier\.lock\.(\d+)\.(?:new|stale)$/;

const ownerSchema = z.object({ pid: z.number().int().positive(), host: z.string(), startedAt: z.string() });
export type LockOwner = z.infer<typeof ownerSchema>;

/** Locks this process holds: our own pid in a lock file is stale unless it is one of these. */
const heldHere = new Map<string, LockOwner>();

export class DataDirLockedError extends Error {
  readonly owner: LockOwner;
  constructor(dataDir: string, owner: LockOwner) {
    const where = owner.host === os.hostname() ? `pid ${owner.pid}` : `pid ${owner.pid} on ${owner.host}`;
    super(
      `Another Atelier process (${where}, since ${owner.startedAt}) is using the data directory ${path.resolve(dataDir)}; stop it or set DATA_DIR`,
    );
    this.name = 'DataDirLockedError';
    this.owner = owner;
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this process's; safe to call twice. */
  release(): void;
}

/**
 * Takes the data directory's lock atomically (creating the directory if need be) or throws
 * DataDirLockedError. Released by `release()`, and when the process exits without it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  const mine = heldHere.get(file);
  if (mine) throw new DataDirLockedError(dataDir, mine);
  // A few rounds: each lost race against another starter or stale-lock taker begins again.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, me)) {
      removeLeftovers(dataDir);
      return held(file, me);
    }
    const owner = readOwner(file);
    if (owner === 'missing') continue;
    if (owner !== 'unreadable' && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    takeOver(file, owner);
  }
  throw new Error(`Could not take ${file}: other processes keep taking it at the same time`);
}

/**
 * The file appears whole or not at all: written under a temporary name, then linked into place
 * (link, like O_EXCL, fails when the name exists), so a reader never sees a half-written owner.
 */
function tryCreate(file: string, me: LockOwner): boolean {
  const draft = `${file}.${process.pid}.new`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`, { mode: 0o644 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function readOwner(file: string): LockOwner | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    // Not ours to read (never written by this code): nobody can be shown as its owner.
    return 'unreadable';
  }
}

/**
 * Only a process on this machine can be checked; one elsewhere (a shared disk) counts as alive.
 * Our own pid in a file this process does not hold is a previous life of this process id (a
 * container restarted as pid 1).
 */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the dead owner's file aside (rename is atomic: of two takers, one wins). If what was moved
 * turns out to be a live lock another taker created in between, it is put back (a link never
 * overwrites) and the next round refuses.
 */
function takeOver(file: string, stale: LockOwner | 'unreadable'): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  const sameAsStale =
    typeof moved === 'string' || (typeof stale !== 'string' && moved.pid === stale.pid && moved.startedAt === stale.startedAt);
  if (!sameAsStale && isAlive(moved)) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process holds it now; the next round sees that one.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * A process killed between writing its draft and removing it (or while moving a stale lock aside)
 * leaves that file behind; whoever holds the lock next removes the ones whose writer is dead.
 */
function removeLeftovers(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const match = LEFTOVER.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && !isAlive({ pid, host: os.hostname(), startedAt: '' })) rmSync(path.join(dataDir, name), { force: true });
  }
}

function held(file: string, me: LockOwner): DataDirLock {
  heldHere.set(file, me);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    const owner = readOwner(file);
    if (typeof owner !== 'string' && owner.pid === me.pid && owner.startedAt === me.startedAt) rmSync(file, { force: true });
  };
  // Once the process is gone nothing writes any more, so an exit without close may let go too.
  process.on('exit', release);
  return { file, release };
}
