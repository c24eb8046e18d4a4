// Idempotency keys for anything that charges a card (purchases, upgrades). The first request with a
// key does the work; a retry with the same key (a double click, a lost answer) waits for it and gets
// its result, and never charges again. A key reused for a different request is refused. A result
// that needs the buyer's 3-D Secure challenge is 'pending': a retry without the challenge's result
// is told about the challenge again, a retry with it takes the key back and resumes.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { billingIdempotencyKeys } from './schema.ts';

/**
 * The id of what a purchase makes (an organisation account, a ticket order), derived from the buyer
 * and their key: a retry under the same key finds the same thing, another key makes another.
 */
export function keyedUuid(namespace: string, identityId: string, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`${namespace}:${identityId}:${idempotencyKey}`).digest('hex');
  // Shaped as a version-4 UUID (the version and variant bits set), like the ids the app makes elsewhere.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type KeyClaim<Result> = { kind: 'claimed'; resuming: boolean } | { kind: 'result'; result: Result };

export interface IdempotencyKeysOptions<Result> {
  db: Db;
  now: () => Date;
  /** How long a retry waits for the first request with its key to finish. */
  inProgressWaitMs: number;
  /** The answer to a key reused with different details. */
  reused: () => Result;
  /** The answer when the first request is still working after the wait. */
  stillInProgress: () => Result;
  /** Whether a result waits for the buyer (3-D Secure) rather than being final. */
  isPending: (result: Result) => boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createIdempotencyKeys<Result>({
  db,
  now,
  inProgressWaitMs,
  reused,
  stillInProgress,
  isPending,
}: IdempotencyKeysOptions<Result>) {
  const byKey = (identityId: string, key: string) =>
    and(eq(billingIdempotencyKeys.identityId, identityId), eq(billingIdempotencyKeys.key, key));

  async function claim(
    identityId: string,
    key: string,
    fingerprint: string,
    resumingWithChallengeResult: boolean,
  ): Promise<KeyClaim<Result>> {
    const deadline = Date.now() + inProgressWaitMs;
    for (;;) {
      const at = now();
      const [inserted] = await db
        .insert(billingIdempotencyKeys)
        .values({ identityId, key, fingerprint, state: 'in_progress', createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning({ key: billingIdempotencyKeys.key });
      if (inserted) return { kind: 'claimed', resuming: false };
      const [row] = await db.select().from(billingIdempotencyKeys).where(byKey(identityId, key));
      if (!row) continue; // released meanwhile: claim it again
      if (row.fingerprint !== fingerprint) return { kind: 'result', result: reused() };
      if (row.state === 'completed') return { kind: 'result', result: row.result as Result };
      if (row.state === 'requires_action') {
        if (!resumingWithChallengeResult) return { kind: 'result', result: row.result as Result };
        const [taken] = await db
          .update(billingIdempotencyKeys)
          .set({ state: 'in_progress', updatedAt: now() })
          .where(and(byKey(identityId, key), eq(billingIdempotencyKeys.state, 'requires_action')))
          .returning({ key: billingIdempotencyKeys.key });
        if (taken) return { kind: 'claimed', resuming: true };
        continue;
      }
      // In progress: the first request is still working. Wait for its result.
      if (Date.now() > deadline) return { kind: 'result', result: stillInProgress() };
      await sleep(100);
    }
  }

  async function settle(identityId: string, key: string, result: Result) {
    await db
      .update(billingIdempotencyKeys)
      .set({ state: isPending(result) ? 'requires_action' : 'completed', result, updatedAt: now() })
      .where(byKey(identityId, key));
  }

  /** Frees a key whose attempt charged nothing (refused before the card, or failed unexpectedly): a retry runs again. */
  async function release(identityId: string, key: string) {
    await db.delete(billingIdempotencyKeys).where(byKey(identityId, key));
  }

  return { claim, settle, release };
}
