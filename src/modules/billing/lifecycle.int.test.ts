// The subscription lifecycle as a state machine on a controllable clock (issue 7 "Lifecycle jobs"):
// Date is faked (only Date: timers and I/O run for real), so the memberships, the session claims and
// the lifecycle all read the same clock, and the jobs run when the test calls runDue().
// trial → converted → renewed; a renewal declined → dunning retries → recovered after a card update;
// → exhausted → EXPIRED with membership None in the session claims; canceled → active until the term
// end → EXPIRED, never charged; the job runner retries a failing handler and two racing runners run a job once.
// The retention coupon (STAY50, cancellation.ts): the next renewal (a trial's conversion, a dunning retry)
// charges half the item price plus the tax on that, its invoice says so, the coupon is then used and
// no longer shown, and the renewal after is at full price.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { jobs } from '../jobs/schema.ts';
import { outbox } from '../mail/schema.ts';
import { DUNNING_RETRY_DAYS } from './lifecycle.ts';
import {
  billingAccounts,
  billingCancellations,
  billingInvoices,
  billingSubscriptions,
  billingTransactions,
  sandboxBillingPayments,
} from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const DAY = 86_400_000;
const START = new Date('2030-01-10T09:00:00Z');
const CARDS = { success: '4242424242424242', other: '5555555555554444', declinesLater: '4000000000000341' } as const;
const TRIAL = 'individuals_standard_yearly_trial_v1';
const PREMIUM = 'individuals_premium_yearly_v1';

const clock = {
  set: (at: Date) => vi.setSystemTime(at),
  advance: (ms: number) => vi.setSystemTime(new Date(Date.now() + ms)),
  to: (at: Date | null) => vi.setSystemTime(new Date(at!.getTime() + 1000)),
};

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function buy(planCode: string, card: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock.set(START);
  const person = await signIn(app);
  const tokenized = await app.services.billing.sandbox!.tokenize({ number: card, month: '12', year: '2040', cvv: '123' });
  if (!tokenized.ok) throw new Error('tokenize failed');
  const result = await app.services.billing.purchaseIndividualSubscription({
    identityId: person.identityId,
    planCode,
    currency: 'GBP',
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
    cardToken: tokenized.token,
    idempotencyKey: `lifecycle-${person.identityId}`,
  });
  if (result.kind !== 'success') throw new Error(`purchase failed: ${JSON.stringify(result)}`);
  return { person, subscriptionId: result.subscription.id };
}

const subscription = async (id: string) => (await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)))[0]!;
const charges = async (accountId: string) =>
  app.db
    .select()
    .from(billingTransactions)
    .where(and(eq(billingTransactions.accountId, accountId), eq(billingTransactions.kind, 'purchase')));
const notices = async (email: string) =>
  (await app.db.select().from(outbox).where(eq(outbox.to, email)))
    .filter((row) => row.template === 'membership_notice')
    .map((row) => (row.data as { notice: string }).notice);
const level = async (identityId: string) => (await app.services.memberships.claimsSource.claimsFor(identityId)).membershipLevel;

const noticesWithData = async (email: string) =>
  (await app.db.select().from(outbox).where(eq(outbox.to, email)))
    .filter((row) => row.template === 'membership_notice')
    .map((row) => row.data as { notice: string; note: string; lines: { label: string; value: string }[] });
/** What the sandbox provider charged the account's customer, oldest first: [status, amount]. */
async function providerCharges(accountId: string) {
  const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.id, accountId));
  const rows = await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.customerId, account!.providerCustomerId));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .filter((row) => row.amount > 0)
    .map((row) => [row.status, row.amount]);
}
const invoices = async (subscriptionId: string) =>
  (await app.db.select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, subscriptionId)))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(({ subtotal, taxAmount, total, discountAmount, couponCode }) => ({ subtotal, taxAmount, total, discountAmount, couponCode }));

/** Cookies for the person signed in now (the fake clock has moved past the sign-in's tokens). */
async function cookieNow(identityId: string) {
  const { token } = await app.services.identity.sessions.create({ identityId, method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  return `ory_kratos_session=${token}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`;
}
/** RecurlySubscription.cancellationCoupon as the viewer reads it. */
async function shownCoupon(identityId: string) {
  const { data, errors } = await graphql(
    app,
    'query { viewer { ... on Viewer { individualAccount { subscriptions { cancellationCoupon { code discountPercent } } } } } }',
    { cookie: await cookieNow(identityId) },
  );
  expect(errors).toBeUndefined();
  return data!.viewer.individualAccount.subscriptions[0].cancellationCoupon as { code: string; discountPercent: number } | null;
}
async function acceptRetentionCoupon(identityId: string, subscriptionId: string) {
  const accepted = await app.services.billing.cancellation.redeemDiscount({ identityId, subscriptionId });
  expect(accepted.ok).toBe(true);
}
const STAY50 = { code: 'STAY50', discountPercent: 50 };

/** The session claims as a fresh sign-in at the current (fake) time gets them. */
async function claimedLevel(identityId: string) {
  const { token } = await app.services.identity.sessions.create({ identityId, method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  const payload = JSON.parse(Buffer.from(issued!.main.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  return payload.membership_level;
}

describe('the subscription lifecycle', () => {
  it('converts a trial at its end, then renews at the period end', async () => {
    const { person, subscriptionId } = await buy(TRIAL, CARDS.success);
    const bought = await subscription(subscriptionId);
    expect(bought.isTrial).toBe(true);
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('ActiveTrial');

    // Nothing is due yet; 3 days before the trial's end, the notice.
    await app.services.jobs.runDue();
    expect(await notices(person.email)).toEqual([]);
    clock.set(new Date(bought.trialEndsAt!.getTime() - 3 * DAY + 1000));
    await app.services.jobs.runDue();
    expect(await notices(person.email)).toEqual(['trial_ending']);

    clock.to(bought.trialEndsAt);
    await app.services.jobs.runDue();
    const converted = await subscription(subscriptionId);
    expect(converted.state).toBe('ACTIVE');
    expect(converted.isInDunning).toBe(false);
    expect(converted.currentPeriodStartedAt).toEqual(bought.trialEndsAt);
    expect(converted.currentPeriodEndsAt!.getTime()).toBeGreaterThan(bought.trialEndsAt!.getTime() + 364 * DAY);
    expect((await charges(bought.accountId)).map((row) => [row.status, row.amount])).toEqual([['success', bought.fullPrice]]);
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('ActiveRenewing');
    expect(await notices(person.email)).toEqual(['trial_ending', 'renewed']);

    // Running again changes nothing: the job is done and a stale one would be a no-op.
    await app.services.jobs.runDue();
    expect(await charges(bought.accountId)).toHaveLength(1);

    clock.to(converted.currentPeriodEndsAt);
    await app.services.jobs.runDue();
    const renewed = await subscription(subscriptionId);
    expect(renewed.currentPeriodStartedAt).toEqual(converted.currentPeriodEndsAt);
    expect(await charges(bought.accountId)).toHaveLength(2);
    expect(await app.db.select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, subscriptionId))).toHaveLength(3);
    expect(await level(person.identityId)).toBe('Standard');
    expect(await claimedLevel(person.identityId)).toBe('Standard');
  });

  it('puts a declined renewal into dunning, retries on the schedule, and recovers after a card update', async () => {
    const { person, subscriptionId } = await buy(PREMIUM, CARDS.declinesLater);
    const bought = await subscription(subscriptionId);
    expect(bought.isTrial).toBe(false);

    clock.to(bought.currentPeriodEndsAt);
    await app.services.jobs.runDue();
    let row = await subscription(subscriptionId);
    expect(row.state).toBe('ACTIVE');
    expect(row.isInDunning).toBe(true);
    expect(await notices(person.email)).toEqual(['payment_failed']);
    // Still a member while we retry.
    expect(await level(person.identityId)).toBe('Premium');

    // The first retry, a day later, fails again.
    clock.set(new Date(bought.currentPeriodEndsAt!.getTime() + DUNNING_RETRY_DAYS[0] * DAY + 1000));
    await app.services.jobs.runDue();
    expect(await notices(person.email)).toEqual(['payment_failed', 'payment_failed']);
    expect(await level(person.identityId)).toBe('Premium');

    // The member replaces the card; the next retry succeeds.
    const fresh = await app.services.billing.sandbox!.tokenize({ number: CARDS.other, month: '12', year: '2040', cvv: '123' });
    if (!fresh.ok) throw new Error('tokenize failed');
    expect((await app.services.billing.updateCard({ identityId: person.identityId, cardToken: fresh.token })).kind).toBe('success');
    clock.set(new Date(bought.currentPeriodEndsAt!.getTime() + DUNNING_RETRY_DAYS[1] * DAY + 1000));
    await app.services.jobs.runDue();
    row = await subscription(subscriptionId);
    expect(row.isInDunning).toBe(false);
    expect(row.currentPeriodStartedAt).toEqual(bought.currentPeriodEndsAt);
    expect((await charges(bought.accountId)).map((c) => c.status).sort()).toEqual(['declined', 'declined', 'success', 'success']);
    expect(await notices(person.email)).toEqual(['payment_failed', 'payment_failed', 'renewed']);
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('ActiveRenewing');
  });

  it('expires the subscription when every retry fails: membership None in the session claims', async () => {
    const { person, subscriptionId } = await buy(PREMIUM, CARDS.declinesLater);
    const bought = await subscription(subscriptionId);
    clock.to(bought.currentPeriodEndsAt);
    await app.services.jobs.runDue();
    for (const days of DUNNING_RETRY_DAYS) {
      clock.set(new Date(bought.currentPeriodEndsAt!.getTime() + days * DAY + 1000));
      await app.services.jobs.runDue();
    }
    const row = await subscription(subscriptionId);
    expect(row.state).toBe('EXPIRED');
    expect(row.isInDunning).toBe(false);
    expect(row.expiresAt).not.toBeNull();
    expect((await charges(bought.accountId)).map((c) => c.status)).toEqual(['success', 'declined', 'declined', 'declined', 'declined']);
    expect(await notices(person.email)).toEqual(['payment_failed', 'payment_failed', 'payment_failed', 'expired']);
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('Expired');
    expect(await claimedLevel(person.identityId)).toBe('None');
    // Nothing left to do for it.
    clock.advance(400 * DAY);
    await app.services.jobs.runDue();
    expect(await charges(bought.accountId)).toHaveLength(5);
  });

  it('keeps a canceled subscription active until its term ends, then expires it without charging', async () => {
    const { person, subscriptionId } = await buy(PREMIUM, CARDS.success);
    const bought = await subscription(subscriptionId);
    // Cancellation (cancellation.ts) as it leaves the records: CANCELED, membership ActiveCanceled to the term end.
    await app.db
      .update(billingSubscriptions)
      .set({ state: 'CANCELED', canceledAt: new Date() })
      .where(eq(billingSubscriptions.id, subscriptionId));
    await app.services.memberships.grant({
      identityId: person.identityId,
      level: 'Premium',
      type: 'Individual',
      status: 'ActiveCanceled',
      source: 'subscription',
      planCode: PREMIUM,
      endsAt: bought.currentTermEndsAt,
    });

    clock.set(new Date(bought.currentTermEndsAt!.getTime() - DAY));
    await app.services.jobs.runDue();
    expect((await subscription(subscriptionId)).state).toBe('CANCELED');
    expect(await level(person.identityId)).toBe('Premium');

    clock.to(bought.currentTermEndsAt);
    await app.services.jobs.runDue();
    const row = await subscription(subscriptionId);
    expect(row.state).toBe('EXPIRED');
    expect(row.expiresAt).toEqual(bought.currentTermEndsAt);
    expect(await charges(bought.accountId)).toHaveLength(1);
    expect(await notices(person.email)).toEqual(['expired']);
    expect(await claimedLevel(person.identityId)).toBe('None');
  });
});

describe('the retention coupon at renewal', () => {
  it('halves the next renewal once (item price halved, VAT on that), records it on the invoice, then charges the full price', async () => {
    // Premium in GBP for a UK reader: £450.00 + 20 % VAT = £540.00.
    const { person, subscriptionId } = await buy(PREMIUM, CARDS.success);
    const bought = await subscription(subscriptionId);
    expect([bought.itemPrice, bought.taxAmount, bought.fullPrice]).toEqual([45000, 9000, 54000]);
    clock.advance(30 * DAY);
    await acceptRetentionCoupon(person.identityId, subscriptionId);
    expect(await shownCoupon(person.identityId)).toEqual(STAY50);

    clock.to(bought.currentPeriodEndsAt);
    await app.services.jobs.runDue();
    const renewed = await subscription(subscriptionId);
    expect(renewed.currentPeriodStartedAt).toEqual(bought.currentPeriodEndsAt);
    // £225.00 + £45.00 VAT: what the provider charged, what we recorded, what the invoice says.
    expect(await providerCharges(bought.accountId)).toEqual([
      ['succeeded', 54000],
      ['succeeded', 27000],
    ]);
    expect((await charges(bought.accountId)).map((row) => [row.status, row.amount])).toEqual([
      ['success', 54000],
      ['success', 27000],
    ]);
    expect(await invoices(subscriptionId)).toEqual([
      { subtotal: 45000, taxAmount: 9000, total: 54000, discountAmount: 0, couponCode: null },
      { subtotal: 22500, taxAmount: 4500, total: 27000, discountAmount: 22500, couponCode: 'STAY50' },
    ]);
    // The subscription's price is unchanged; the coupon is used by that invoice and no longer shown.
    expect([renewed.itemPrice, renewed.fullPrice]).toEqual([45000, 54000]);
    const [coupon] = await app.db.select().from(billingCancellations).where(eq(billingCancellations.subscriptionId, subscriptionId));
    expect(coupon!.couponUsedAt).not.toBeNull();
    expect(coupon!.couponInvoiceId).toBe(renewed.activeInvoiceId);
    expect(await shownCoupon(person.identityId)).toBeNull();
    expect(await app.services.billing.cancellation.couponFor(subscriptionId)).toBeNull();

    const [receipt] = await noticesWithData(person.email);
    expect(receipt!.notice).toBe('renewed');
    expect(receipt!.lines).toEqual([
      { label: 'Plan', value: 'Premium (yearly)' },
      { label: 'Price', value: '£450.00' },
      { label: 'Retention discount STAY50', value: '−£225.00' },
      { label: '20 % VAT', value: '£45.00' },
      { label: 'Charged today', value: '£270.00' },
      { label: 'Card', value: 'Visa ending 4242' },
    ]);
    // The next renewal is quoted, and charged, at the full price.
    expect(receipt!.note).toContain('at £540.00 a year');

    clock.to(renewed.currentPeriodEndsAt);
    await app.services.jobs.runDue();
    expect((await providerCharges(bought.accountId)).map(([, amount]) => amount)).toEqual([54000, 27000, 54000]);
    expect((await invoices(subscriptionId)).at(-1)).toEqual({
      subtotal: 45000,
      taxAmount: 9000,
      total: 54000,
      discountAmount: 0,
      couponCode: null,
    });
    const second = (await noticesWithData(person.email))[1]!;
    expect(second.lines.map((line) => line.label)).not.toContain('Retention discount STAY50');
    expect(second.lines).toContainEqual({ label: 'Charged today', value: '£540.00' });
  });

  it("quotes the discounted first year in the trial's notice and charges it when the trial converts", async () => {
    // Standard in GBP for a UK reader: £250.00 + 20 % VAT = £300.00; with STAY50, £125.00 + £25.00.
    const { person, subscriptionId } = await buy(TRIAL, CARDS.success);
    const bought = await subscription(subscriptionId);
    await acceptRetentionCoupon(person.identityId, subscriptionId);

    clock.set(new Date(bought.trialEndsAt!.getTime() - 3 * DAY + 1000));
    await app.services.jobs.runDue();
    const [notice] = await noticesWithData(person.email);
    expect(notice!.notice).toBe('trial_ending');
    expect(notice!.note).toContain('Then £150.00 for the first year with your retention discount STAY50, and £300.00 a year after that');
    expect(notice!.lines).toContainEqual({ label: 'Retention discount STAY50', value: '−£125.00' });
    expect(notice!.lines).toContainEqual({ label: "Due at the trial's end", value: '£150.00' });

    clock.to(bought.trialEndsAt);
    await app.services.jobs.runDue();
    expect(await providerCharges(bought.accountId)).toEqual([['succeeded', 15000]]);
    expect(await invoices(subscriptionId)).toEqual([
      { subtotal: 0, taxAmount: 0, total: 0, discountAmount: 0, couponCode: null },
      { subtotal: 12500, taxAmount: 2500, total: 15000, discountAmount: 12500, couponCode: 'STAY50' },
    ]);
    expect(await shownCoupon(person.identityId)).toBeNull();

    clock.to((await subscription(subscriptionId)).currentPeriodEndsAt);
    await app.services.jobs.runDue();
    expect((await providerCharges(bought.accountId)).map(([, amount]) => amount)).toEqual([15000, 30000]);
  });

  it('tries the discounted amount in each dunning retry, and uses the coupon only when a retry goes through', async () => {
    const { person, subscriptionId } = await buy(PREMIUM, CARDS.declinesLater);
    const bought = await subscription(subscriptionId);
    await acceptRetentionCoupon(person.identityId, subscriptionId);

    clock.to(bought.currentPeriodEndsAt);
    await app.services.jobs.runDue();
    clock.set(new Date(bought.currentPeriodEndsAt!.getTime() + DUNNING_RETRY_DAYS[0] * DAY + 1000));
    await app.services.jobs.runDue();
    expect(await providerCharges(bought.accountId)).toEqual([
      ['succeeded', 54000],
      ['declined', 27000],
      ['declined', 27000],
    ]);
    expect((await charges(bought.accountId)).filter((row) => row.status === 'declined').map((row) => row.amount)).toEqual([27000, 27000]);
    const failed = await noticesWithData(person.email);
    expect(failed.map((row) => row.notice)).toEqual(['payment_failed', 'payment_failed']);
    expect(failed[0]!.lines).toContainEqual({ label: 'Amount', value: '£270.00' });
    expect(failed[0]!.lines).toContainEqual({ label: 'Retention discount STAY50', value: '−£225.00' });
    // A failed charge does not use the coupon.
    expect(await shownCoupon(person.identityId)).toEqual(STAY50);

    const fresh = await app.services.billing.sandbox!.tokenize({ number: CARDS.other, month: '12', year: '2040', cvv: '123' });
    if (!fresh.ok) throw new Error('tokenize failed');
    expect((await app.services.billing.updateCard({ identityId: person.identityId, cardToken: fresh.token })).kind).toBe('success');
    clock.set(new Date(bought.currentPeriodEndsAt!.getTime() + DUNNING_RETRY_DAYS[1] * DAY + 1000));
    await app.services.jobs.runDue();
    const recovered = await subscription(subscriptionId);
    expect(recovered.isInDunning).toBe(false);
    expect((await providerCharges(bought.accountId)).at(-1)).toEqual(['succeeded', 27000]);
    expect((await invoices(subscriptionId)).at(-1)).toEqual({
      subtotal: 22500,
      taxAmount: 4500,
      total: 27000,
      discountAmount: 22500,
      couponCode: 'STAY50',
    });
    expect(await shownCoupon(person.identityId)).toBeNull();

    clock.to(recovered.currentPeriodEndsAt);
    await app.services.jobs.runDue();
    expect((await providerCharges(bought.accountId)).at(-1)).toEqual(['succeeded', 54000]);
  });
});

describe('the job runner', () => {
  it('retries a failing handler with backoff, keeps the error, and gives up after max_attempts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock.set(START);
    let calls = 0;
    const runner = createJobRunner({ db: app.db, log: { error: () => {} }, backoffMs: () => 60_000 });
    runner.register('test.flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error(`flaky ${calls}`);
    });
    runner.register('test.broken', async () => {
      throw new Error('always');
    });
    const flaky = await runner.enqueue('test.flaky', {});
    const broken = await runner.enqueue('test.broken', {}, { maxAttempts: 2 });
    expect(await runner.runDue()).toEqual({ done: 0, failed: 2 });
    expect((await runner.get(flaky))?.lastError).toBe('Error: flaky 1');
    // Not before its backoff.
    expect(await runner.runDue()).toEqual({ done: 0, failed: 0 });
    clock.advance(61_000);
    await runner.runDue();
    clock.advance(61_000);
    await runner.runDue();
    const done = await runner.get(flaky);
    expect(done?.doneAt).not.toBeNull();
    expect(done?.attempts).toBe(3);
    const dead = await runner.get(broken);
    expect(dead?.doneAt).toBeNull();
    expect(dead?.attempts).toBe(2);
    expect(dead?.lastError).toBe('Error: always');
    clock.advance(3_600_000);
    expect(await runner.runDue()).toEqual({ done: 0, failed: 0 });
    // A dedupe key enqueues once.
    const first = await runner.enqueue('test.flaky', {}, { dedupeKey: 'once', runAt: new Date(Date.now() + DAY) });
    expect(await runner.enqueue('test.flaky', {}, { dedupeKey: 'once' })).toBe(first);
  });

  it('runs each job once when two runners race', async () => {
    const runs = new Map<string, number>();
    const handler = async (payload: Record<string, unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      runs.set(String(payload.n), (runs.get(String(payload.n)) ?? 0) + 1);
    };
    const a = createJobRunner({ db: app.db, handlers: { 'test.race': handler }, batchSize: 3 });
    const b = createJobRunner({ db: app.db, handlers: { 'test.race': handler }, batchSize: 3 });
    for (let n = 0; n < 30; n += 1) await a.enqueue('test.race', { n });
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ra.done + rb.done).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(30);
    const pending = await app.db.select().from(jobs).where(eq(jobs.kind, 'test.race'));
    expect(pending.every((job) => job.doneAt !== null && job.attempts === 1)).toBe(true);
  });
});
