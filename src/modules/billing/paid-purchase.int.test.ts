// The paid-purchase path itself (issue 14, decision 024): a charge whose records find nothing to
// pay for is refunded once and the key keeps that answer; a replayed key gets the first outcome and
// charges nothing more; and a renewal takes the member's claim like a purchase (it waits for the
// purchase in progress, and charges nothing while it cannot get it). Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signIn } from '../../test/graphql.ts';
import { createLifecycle, LIFECYCLE_JOBS } from './lifecycle.ts';
import { createPaidPurchases, type PurchaseKind } from './paid-purchase.ts';
import type { BillingProvider, ChargeRequest } from './provider.ts';
import { billingPurchaseClaims, billingSubscriptions, billingTransactions } from './schema.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A provider that charges whatever it is asked and writes down every call. */
function recordingProvider() {
  const charges: ChargeRequest[] = [];
  const refunds: Parameters<BillingProvider['refund']>[0][] = [];
  const provider: Pick<BillingProvider, 'charge' | 'refund'> = {
    async charge(request) {
      charges.push(request);
      return {
        status: 'success',
        transactionId: `tx-${charges.length}`,
        card: { cardType: 'Visa', expMonth: 12, expYear: 2040, firstSix: '424242', lastFour: '4242' },
      };
    },
    async refund(request) {
      refunds.push(request);
      return { status: 'success', refundId: `refund-${refunds.length}` };
    },
  };
  return { provider, charges, refunds };
}

/** A kind whose record step finds what was paid for gone (an event sold out meanwhile, say). */
const soldOut: PurchaseKind<{ identityId: string }, null, never, string> = {
  decide: async ({ identityId }) => ({
    kind: 'charge',
    line: null,
    charge: {
      accountId: null,
      customerId: 'cus-1',
      token: 'tok-1',
      amount: 1200,
      currency: 'GBP',
      transactionKind: 'purchase',
      providerKey: `${identityId}:sold-out`,
    },
  }),
  record: async () => null,
  fulfil: async () => {},
  paid: () => 'paid',
  unpaid: () => 'unpaid',
  lost: (_line, givenBack) => `lost: ${givenBack}`,
};

const answers = {
  name: 'test purchase',
  reused: () => 'reused',
  stillInProgress: () => 'in progress',
  busy: () => 'busy',
  failed: (message: string) => `failed: ${message}`,
  beforeCharge: 'nothing charged',
  isPending: () => false,
};

describe('the paid-purchase path', () => {
  it('refunds a charge it could not record, once, and a replay of the key gets that answer without charging again', async () => {
    const person = await signIn(app);
    const { provider, charges, refunds } = recordingProvider();
    const purchase = createPaidPurchases({ db: app.db, provider, now: () => new Date(), inProgressWaitMs: 2_000, onError: () => {} }).keyed(
      answers,
    );
    const attempt = { identityId: person.identityId, key: 'sold-out-key', fingerprint: 'f', resuming: false };
    const first = await purchase(soldOut, { identityId: person.identityId }, attempt);
    expect(first).toBe('lost: Your card was charged £12.00, and that charge has been refunded.');
    expect(await purchase(soldOut, { identityId: person.identityId }, attempt)).toBe(first);
    expect(charges).toHaveLength(1);
    expect(refunds).toEqual([{ transactionId: 'tx-1', idempotencyKey: `${person.identityId}:sold-out:refund` }]);
    // The claim was given back.
    expect(await app.db.select().from(billingPurchaseClaims).where(eq(billingPurchaseClaims.identityId, person.identityId))).toEqual([]);
  });

  it('answers a different request under a used key as reused, without charging', async () => {
    const person = await signIn(app);
    const { provider, charges } = recordingProvider();
    const purchase = createPaidPurchases({ db: app.db, provider, now: () => new Date(), inProgressWaitMs: 2_000, onError: () => {} }).keyed(
      answers,
    );
    const attempt = { identityId: person.identityId, key: 'reused-key', fingerprint: 'f', resuming: false };
    await purchase(soldOut, { identityId: person.identityId }, attempt);
    expect(await purchase(soldOut, { identityId: person.identityId }, { ...attempt, fingerprint: 'other' })).toBe('reused');
    expect(charges).toHaveLength(1);
  });
});

describe('a renewal through the path', () => {
  async function subscribed() {
    const person = await signIn(app);
    const tokenized = await app.services.billing.sandbox!.tokenize({ number: '4242424242424242', month: '12', year: '2040', cvv: '123' });
    if (!tokenized.ok) throw new Error('tokenize failed');
    const result = await app.services.billing.purchaseIndividualSubscription({
      identityId: person.identityId,
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
      cardToken: tokenized.token,
      idempotencyKey: `renewal-claim-${person.identityId}`,
    });
    if (result.kind !== 'success') throw new Error(`purchase failed: ${JSON.stringify(result)}`);
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, result.subscription.id));
    return row!;
  }

  /** The lifecycle with its own job registry, so the test runs the period_end handler itself. */
  function lifecycleWith(provider: Pick<BillingProvider, 'charge' | 'refund'>, inProgressWaitMs: number) {
    const handlers = new Map<string, (payload: Record<string, unknown>) => Promise<void>>();
    createLifecycle({
      db: app.db,
      jobs: { enqueue: async () => {}, register: (kind: string, handler: never) => void handlers.set(kind, handler) } as never,
      provider: provider as BillingProvider,
      memberships: app.services.memberships,
      mail: { send: async () => ({}) as never },
      personOf: async () => null,
      siteUrl: 'https://atelier.test',
      inProgressWaitMs,
    });
    return (row: typeof billingSubscriptions.$inferSelect) =>
      handlers.get(LIFECYCLE_JOBS.periodEnd)!({ subscriptionId: row.id, periodEndsAt: row.currentPeriodEndsAt!.toISOString(), attempt: 0 });
  }

  it('charges nothing while another purchase holds the member’s claim, and the job is retried', async () => {
    const row = await subscribed();
    const { provider, charges } = recordingProvider();
    const at = new Date();
    await app.db
      .insert(billingPurchaseClaims)
      .values({ identityId: row.identityId, holder: 'a purchase in progress', claimedAt: at, expiresAt: new Date(at.getTime() + 60_000) });
    try {
      await expect(lifecycleWith(provider, 300)(row)).rejects.toThrow(/another purchase/);
      expect(charges).toEqual([]);
    } finally {
      await app.db.delete(billingPurchaseClaims).where(eq(billingPurchaseClaims.identityId, row.identityId));
    }
  });

  it('runs after the purchase in progress finishes, and renews once the claim is free', async () => {
    const row = await subscribed();
    const { provider, charges } = recordingProvider();
    const at = new Date();
    await app.db
      .insert(billingPurchaseClaims)
      .values({ identityId: row.identityId, holder: 'a purchase in progress', claimedAt: at, expiresAt: new Date(at.getTime() + 60_000) });
    const renewal = lifecycleWith(provider, 5_000)(row);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(charges).toEqual([]);
    await app.db.delete(billingPurchaseClaims).where(eq(billingPurchaseClaims.identityId, row.identityId));
    await renewal;
    expect(charges).toMatchObject([
      { amount: row.fullPrice, idempotencyKey: `renewal:${row.id}:${row.currentPeriodEndsAt!.toISOString()}:0` },
    ]);
    const [renewed] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, row.id));
    expect(renewed!.currentPeriodStartedAt).toEqual(row.currentPeriodEndsAt);
    const paid = await app.db.select().from(billingTransactions).where(eq(billingTransactions.providerReference, 'tx-1'));
    expect(paid.filter((transaction) => transaction.accountId === row.accountId)).toHaveLength(1);
  });
});
