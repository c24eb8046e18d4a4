// One purchase at a time per member (issue 13; docs/decisions/019-one-purchase-at-a-time.md).
// Idempotency keys stop a retry from charging twice, but ten tabs (or a resubmitted form) send ten
// keys: each would see "no membership yet", and each would charge. So a purchase or an upgrade first
// claims the member's billing account, and decides whether there is anything to buy only once it
// holds the claim: the second request waits for the first to finish, then sees its result.
//
// The claim is a row (billing_purchase_claims), not a transaction held open across the provider's
// call: a charge can take a minute, and a transaction that long would hold a pooled connection per
// waiting request (and, on PGlite's single connection, every other query of the process). A row is
// taken and given back in one short statement each, the same on PostgreSQL and PGlite, across
// processes. Its lease outlives any charge; a row left by a process that died is taken over after it.
import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { billingPurchaseClaims } from './schema.ts';

/** Longer than the slowest charge (the Recurly adapter's calls time out after 60 s each). */
export const CLAIM_LEASE_MS = 5 * 60_000;

export type Claimed<T> = { kind: 'done'; value: T } | { kind: 'busy' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PurchaseClaimsOptions {
  db: Db;
  now: () => Date;
  /** How long a request waits for the member's purchase in progress to finish. */
  waitMs: number;
  leaseMs?: number;
  onError: (error: unknown, context: string) => void;
}

export function createPurchaseClaims({ db, now, waitMs, leaseMs = CLAIM_LEASE_MS, onError }: PurchaseClaimsOptions) {
  async function take(identityId: string, holder: string): Promise<boolean> {
    const at = now();
    const lease = { holder, claimedAt: at, expiresAt: new Date(at.getTime() + leaseMs) };
    const [inserted] = await db
      .insert(billingPurchaseClaims)
      .values({ identityId, ...lease })
      .onConflictDoNothing()
      .returning({ holder: billingPurchaseClaims.holder });
    if (inserted) return true;
    // The holder died without giving it back.
    const [taken] = await db
      .update(billingPurchaseClaims)
      .set(lease)
      .where(and(eq(billingPurchaseClaims.identityId, identityId), lt(billingPurchaseClaims.expiresAt, at)))
      .returning({ holder: billingPurchaseClaims.holder });
    return Boolean(taken);
  }

  /**
   * Runs `work` while holding the member's claim, after whatever purchase or upgrade holds it now
   * has finished; 'busy' when that one is still running after `waitMs` (`work` did not run).
   */
  async function whileClaimed<T>(identityId: string, work: () => Promise<T>): Promise<Claimed<T>> {
    const holder = randomUUID();
    const deadline = Date.now() + waitMs;
    while (!(await take(identityId, holder))) {
      if (Date.now() > deadline) return { kind: 'busy' };
      await sleep(50);
    }
    try {
      return { kind: 'done', value: await work() };
    } finally {
      // Not giving it back costs the member a wait of one lease, never a second charge: the work's own answer stands.
      await db
        .delete(billingPurchaseClaims)
        .where(and(eq(billingPurchaseClaims.identityId, identityId), eq(billingPurchaseClaims.holder, holder)))
        .catch((error: unknown) => onError(error, 'could not release the purchase claim'));
    }
  }

  return { whileClaimed };
}
