// A small durable job runner on our own database (DESIGN §1 background jobs in-process by default,
// §8 jobs on PostgreSQL). A job is a row: a kind, a JSON payload and when it may run. runDue() claims
// the due jobs with FOR UPDATE SKIP LOCKED and a lease (locked_until), so two runners (two processes,
// or the in-process loop and a worker) never run one job at once; PGlite is one process and the same
// SQL works there. A handler that throws is retried with exponential backoff, its error kept in
// last_error, until max_attempts; then the job stays undone with attempts = max_attempts (dead).
// Handlers must be idempotent: a runner that dies mid-job leaves the lease to expire and the job runs again.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs, type JobRow } from './schema.ts';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  handlers?: Record<string, JobHandler>;
  now?: () => Date;
  /** The app's logger in the app (jobs/module.ts); a runner of its own (a test) logs to stdout. */
  log?: { error(details: { err: unknown }, message: string): void };
  /** How long a claimed job is a runner's before another may take it. */
  leaseMs?: number;
  /** The wait before retry n (1-based): 30 s, 1 min, 2 min… capped at an hour. */
  backoffMs?: (attempt: number) => number;
  defaultMaxAttempts?: number;
  batchSize?: number;
}

export const DEFAULT_BACKOFF = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

export function createJobRunner({
  db,
  handlers: initial = {},
  now = () => new Date(),
  log = pino({ name: 'jobs' }),
  leaseMs = 5 * 60_000,
  backoffMs = DEFAULT_BACKOFF,
  defaultMaxAttempts = 10,
  batchSize = 20,
}: JobRunnerOptions) {
  const handlers: Record<string, JobHandler> = { ...initial };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  function register(kind: string, handler: JobHandler) {
    handlers[kind] = handler;
  }

  /** Adds a job; with a dedupeKey already used, nothing is added and the first job's id is returned. */
  async function enqueue(
    kind: string,
    payload: Record<string, unknown>,
    { runAt = now(), dedupeKey, maxAttempts = defaultMaxAttempts }: { runAt?: Date; dedupeKey?: string; maxAttempts?: number } = {},
  ): Promise<string> {
    const id = randomUUID();
    const [inserted] = await db
      .insert(jobs)
      .values({
        id,
        kind,
        payload,
        runAt,
        maxAttempts,
        dedupeKey: dedupeKey ?? null,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id });
    if (inserted) return inserted.id;
    const [existing] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, dedupeKey!));
    return existing!.id;
  }

  /** Claims up to batchSize due jobs: attempts + 1 and a lease, in one statement. */
  async function claim(at: Date): Promise<JobRow[]> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, at),
          lt(jobs.attempts, jobs.maxAttempts),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, at)),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(at.getTime() + leaseMs),
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function runOne(job: JobRow): Promise<'done' | 'failed'> {
    // The row as claimed: a runner whose lease ran out and was overtaken must not overwrite the newer attempt.
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await db.update(jobs).set({ doneAt: now(), lockedUntil: null, lastError: null }).where(mine);
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const giveUp = job.attempts >= job.maxAttempts;
      await db
        .update(jobs)
        .set({
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: giveUp ? job.runAt : new Date(now().getTime() + backoffMs(job.attempts)),
        })
        .where(mine);
      log.error(
        { err: error },
        giveUp
          ? `job ${job.kind} ${job.id} gave up after ${job.attempts} attempts`
          : `job ${job.kind} ${job.id} failed (attempt ${job.attempts}), will retry`,
      );
      return 'failed';
    }
  }

  /** Runs every job due now (including those a run makes due at once), one at a time. */
  async function runDue(): Promise<{ done: number; failed: number }> {
    let done = 0;
    let failed = 0;
    for (;;) {
      const claimed = await claim(now());
      if (claimed.length === 0) return { done, failed };
      for (const job of claimed) {
        if ((await runOne(job)) === 'done') done += 1;
        else failed += 1;
      }
    }
  }

  /** The in-process loop: runDue every intervalMs until stop(). */
  function start({ intervalMs = 15_000 }: { intervalMs?: number } = {}) {
    if (!stopped) return;
    stopped = false;
    const tick = () => {
      running = runDue()
        .catch((error: unknown) => log.error({ err: error }, 'run failed'))
        .finally(() => {
          running = null;
          if (!stopped) timer = setTimeout(tick, intervalMs);
        });
    };
    timer = setTimeout(tick, 0);
  }

  async function stop() {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  }

  /** A job by id, for tests and the admin. */
  async function get(id: string): Promise<JobRow | null> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  return { register, enqueue, runDue, start, stop, get };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
