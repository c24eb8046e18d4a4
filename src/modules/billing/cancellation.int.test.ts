// Cancellation with a retention offer over HTTP (issue 7): cancellableIndividualSubscription,
// cancellationDiscount, redeemCancellationDiscountCoupon and cancelSubscription, each with every
// error type (AuthError, UnauthorizedError, BaseError, ZodError); the offer is made once; a
// cancellation keeps the membership ActiveCanceled until the term ends and sends an email.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { outbox } from '../mail/schema.ts';
import { CANCELLATION_MESSAGES, RETENTION_COUPON } from './cancellation.ts';
import { billingCancellations, billingSubscriptions } from './schema.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

let keys = 0;
async function member(plan = 'individuals_standard_yearly_trial_v1'): Promise<{ person: Person; subscriptionId: string }> {
  const person = await signIn(app);
  const tokenResponse = await app.inject({
    method: 'POST',
    url: '/_sandbox/billing/tokens',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ number: '4242424242424242', month: '12', year: '2040', cvv: '123' }),
  });
  const token = (JSON.parse(tokenResponse.body) as { id: string }).id;
  const result = await app.services.billing.purchaseIndividualSubscription({
    identityId: person.identityId,
    planCode: plan,
    currency: 'GBP',
    cardToken: token,
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
    idempotencyKey: `cancel-test-${Date.now()}-${keys++}`,
  });
  if (result.kind !== 'success') throw new Error(JSON.stringify(result));
  return { person, subscriptionId: result.subscription.id };
}

const CANCELLABLE = `query { cancellableIndividualSubscription { __typename
  ... on CancellableIndividualSubscriptionSuccess { subscription { id planCode isTrial } }
  ... on AuthError { message } } }`;
const DISCOUNT = `query { cancellationDiscount { __typename
  ... on CancellationDiscountSuccess { discount { isEligible coupon { code discountType discountPercent } } }
  ... on AuthError { message } } }`;
const OUTCOME = `__typename
  ... on CancellationResult { action endsAt coupon { code discountType discountPercent } subscription { id } }
  ... on AuthError { message }
  ... on UnauthorizedError { message accountId requesterUserId }
  ... on BaseError { message }
  ... on ZodError { message fieldErrors { path code message } }`;
const REDEEM = `mutation Redeem($id: ID!) { redeemCancellationDiscountCoupon(subscriptionId: $id) { ${OUTCOME} } }`;
const CANCEL = `mutation Cancel($input: CancelSubscriptionInput!) { cancelSubscription(input: $input) { ${OUTCOME} } }`;
const COUPON_ON_ACCOUNT = `query { viewer { ... on Viewer { individualAccount { subscriptions { uuid state cancellationCoupon { code discountType discountPercent } } } } } }`;

async function ask(query: string, person: Person | null, variables?: Record<string, unknown>) {
  const response = await graphql(app, query, { variables, cookie: person?.cookie });
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return response.data!;
}

const redeem = async (person: Person | null, id: string) => (await ask(REDEEM, person, { id })).redeemCancellationDiscountCoupon;
const cancel = async (person: Person | null, input: Record<string, unknown>) => (await ask(CANCEL, person, { input })).cancelSubscription;

describe('cancellableIndividualSubscription and cancellationDiscount', () => {
  it('answer AuthError when signed out', async () => {
    expect((await ask(CANCELLABLE, null)).cancellableIndividualSubscription.__typename).toBe('AuthError');
    expect((await ask(DISCOUNT, null)).cancellationDiscount.__typename).toBe('AuthError');
  });

  it('answer null and not eligible without a subscription', async () => {
    const person = await signIn(app);
    expect((await ask(CANCELLABLE, person)).cancellableIndividualSubscription).toEqual({
      __typename: 'CancellableIndividualSubscriptionSuccess',
      subscription: null,
    });
    expect((await ask(DISCOUNT, person)).cancellationDiscount.discount).toEqual({
      isEligible: false,
      coupon: { code: 'STAY50', discountType: 'percent', discountPercent: 50 },
    });
  });

  it('answer the active subscription (a trial too) and eligibility', async () => {
    const { person, subscriptionId } = await member();
    expect((await ask(CANCELLABLE, person)).cancellableIndividualSubscription.subscription).toEqual({
      id: subscriptionId,
      planCode: 'individuals_standard_yearly_trial_v1',
      isTrial: true,
    });
    expect((await ask(DISCOUNT, person)).cancellationDiscount.discount.isEligible).toBe(true);
  });
});

describe('redeemCancellationDiscountCoupon', () => {
  it('applies the coupon once: accepted_discount, the coupon on the subscription, the offer not made again', async () => {
    const { person, subscriptionId } = await member();
    const result = await redeem(person, subscriptionId);
    expect(result).toMatchObject({
      __typename: 'CancellationResult',
      action: 'accepted_discount',
      coupon: RETENTION_COUPON,
      subscription: { id: subscriptionId },
    });
    expect(result.endsAt).toEqual(expect.any(String));
    const account = await ask(COUPON_ON_ACCOUNT, person);
    expect(account.viewer.individualAccount.subscriptions).toEqual([
      { uuid: subscriptionId, state: 'ACTIVE', cancellationCoupon: RETENTION_COUPON },
    ]);
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('ActiveTrial');
    // While the discount runs (and ever after), no second offer.
    expect((await ask(DISCOUNT, person)).cancellationDiscount.discount.isEligible).toBe(false);
    expect(await redeem(person, subscriptionId)).toEqual({ __typename: 'BaseError', message: CANCELLATION_MESSAGES.NOT_ELIGIBLE });
  });

  it('answers AuthError signed out, UnauthorizedError for another person, BaseError when not cancellable, ZodError for a bad id', async () => {
    const { person, subscriptionId } = await member();
    const other = await signIn(app);
    expect((await redeem(null, subscriptionId)).__typename).toBe('AuthError');
    expect(await redeem(other, subscriptionId)).toMatchObject({
      __typename: 'UnauthorizedError',
      requesterUserId: other.userId,
      message: CANCELLATION_MESSAGES.NOT_YOURS,
    });
    expect(await redeem(person, '00000000-0000-4000-8000-000000000000')).toEqual({
      __typename: 'BaseError',
      message: CANCELLATION_MESSAGES.NOT_CANCELLABLE,
    });
    expect(await redeem(person, 'not-an-id')).toMatchObject({ __typename: 'ZodError', fieldErrors: [{ path: ['subscriptionId'] }] });
    await app.db.update(billingSubscriptions).set({ state: 'EXPIRED' }).where(eq(billingSubscriptions.id, subscriptionId));
    expect(await redeem(person, subscriptionId)).toEqual({ __typename: 'BaseError', message: CANCELLATION_MESSAGES.NOT_CANCELLABLE });
  });
});

describe('cancelSubscription', () => {
  it('cancels: CANCELED, membership ActiveCanceled until the same end, reasons kept, email sent', async () => {
    const { person, subscriptionId } = await member('individuals_premium_yearly_v1');
    const before = await app.services.memberships.currentMembership(person.identityId);
    expect(before?.status).toBe('ActiveRenewing');
    const result = await cancel(person, { subscriptionId, reason: 'OTHER', otherReason: '  Moving abroad  ' });
    expect(result).toMatchObject({
      __typename: 'CancellationResult',
      action: 'cancelled',
      coupon: null,
      subscription: { id: subscriptionId },
    });
    expect(result.endsAt).toBe(before!.endsAt!.toISOString());

    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));
    expect(row).toMatchObject({ state: 'CANCELED' });
    expect(row!.canceledAt).toBeInstanceOf(Date);
    const after = await app.services.memberships.currentMembership(person.identityId);
    expect(after).toMatchObject({ status: 'ActiveCanceled', level: before!.level, type: before!.type, planCode: before!.planCode });
    expect(after!.endsAt!.toISOString()).toBe(before!.endsAt!.toISOString());
    const [stored] = await app.db
      .select()
      .from(billingCancellations)
      .where(and(eq(billingCancellations.subscriptionId, subscriptionId), eq(billingCancellations.action, 'cancelled')));
    expect(stored).toMatchObject({ discountOffered: true, cancellationReason: 'OTHER', cancellationReasonOther: 'Moving abroad' });
    const [email] = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, person.email), eq(outbox.template, 'cancellation')));
    expect(email).toMatchObject({ subject: 'Your Atelier membership is cancelled' });
    expect(email!.text).toContain('You keep full access until');

    // Nothing left to cancel.
    expect((await ask(CANCELLABLE, person)).cancellableIndividualSubscription.subscription).toBeNull();
    expect(await cancel(person, { subscriptionId, reason: 'TOO_EXPENSIVE' })).toEqual({
      __typename: 'BaseError',
      message: CANCELLATION_MESSAGES.NOT_CANCELLABLE,
    });
  });

  it('answers ZodError for a reason outside the list, OTHER without words, and more than 500 characters', async () => {
    const { person, subscriptionId } = await member();
    expect(await cancel(person, { subscriptionId, reason: 'BORED' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['reason'], message: 'Choose a reason.' }],
    });
    expect(await cancel(person, { subscriptionId, reason: 'OTHER', otherReason: '   ' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['otherReason'], message: 'Tell us your reason.' }],
    });
    expect(await cancel(person, { subscriptionId, reason: 'OTHER', otherReason: 'x'.repeat(501) })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['otherReason'], message: 'Use at most 500 characters.' }],
    });
    // Nothing changed.
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('ActiveTrial');
  });

  it('answers AuthError signed out and UnauthorizedError for another person', async () => {
    const { subscriptionId } = await member();
    const other = await signIn(app);
    expect((await cancel(null, { subscriptionId, reason: 'TOO_EXPENSIVE' })).__typename).toBe('AuthError');
    expect(await cancel(other, { subscriptionId, reason: 'TOO_EXPENSIVE' })).toMatchObject({
      __typename: 'UnauthorizedError',
      requesterUserId: other.userId,
    });
  });

  it('records that no offer was made once the discount was used', async () => {
    const { person, subscriptionId } = await member();
    await redeem(person, subscriptionId);
    expect(await cancel(person, { subscriptionId, reason: 'NOT_ENOUGH_TIME' })).toMatchObject({ action: 'cancelled' });
    const [stored] = await app.db
      .select()
      .from(billingCancellations)
      .where(and(eq(billingCancellations.subscriptionId, subscriptionId), eq(billingCancellations.action, 'cancelled')));
    expect(stored).toMatchObject({ discountOffered: false, cancellationReason: 'NOT_ENOUGH_TIME', cancellationReasonOther: null });
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('ActiveCanceled');
  });
});

describe('resume (issue 16): a cancelled membership carries on if resumed before the term ends', () => {
  it('only the owner resumes, only while the term runs; the subscription is ACTIVE and the membership on trial again', async () => {
    const { person, subscriptionId } = await member();
    const other = await signIn(app);
    const { cancellation } = app.services.billing;
    // Nothing to resume while active.
    expect(await cancellation.resume({ identityId: person.identityId, subscriptionId })).toEqual({
      ok: false,
      error: { kind: 'refused', message: CANCELLATION_MESSAGES.NOT_RESUMABLE },
    });
    expect((await cancel(person, { subscriptionId, reason: 'TOO_EXPENSIVE' })).__typename).toBe('CancellationResult');
    expect((await cancellation.resumableSubscription(person.identityId))?.id).toBe(subscriptionId);
    expect(await cancellation.resumableSubscription(other.identityId)).toBeNull();
    // Someone else's subscription: refused, and nothing changes.
    const stranger = await cancellation.resume({ identityId: other.identityId, subscriptionId });
    expect(stranger.ok).toBe(false);
    if (!stranger.ok) expect(stranger.error.kind).toBe('unauthorized');
    expect((await cancellation.resume({ identityId: person.identityId, subscriptionId: 'nope' })).ok).toBe(false);

    const resumed = await cancellation.resume({ identityId: person.identityId, subscriptionId });
    expect(resumed.ok).toBe(true);
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));
    expect(row).toMatchObject({ state: 'ACTIVE', canceledAt: null, expiresAt: null });
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('ActiveTrial');
    expect(await cancellation.resumableSubscription(person.identityId)).toBeNull();
    // Cancellable again.
    expect((await cancellation.cancellableSubscription(person.identityId))?.id).toBe(subscriptionId);
  });

  it('refuses once the term has ended', async () => {
    const { person, subscriptionId } = await member();
    await cancel(person, { subscriptionId, reason: 'TOO_EXPENSIVE' });
    await app.db
      .update(billingSubscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(billingSubscriptions.id, subscriptionId));
    expect(await app.services.billing.cancellation.resumableSubscription(person.identityId)).toBeNull();
    expect(await app.services.billing.cancellation.resume({ identityId: person.identityId, subscriptionId })).toEqual({
      ok: false,
      error: { kind: 'refused', message: CANCELLATION_MESSAGES.NOT_RESUMABLE },
    });
  });
});

describe('receipt (issue 16): an invoice as a receipt, only to its owner', () => {
  it('describes the payment for its owner and is null for anyone else', async () => {
    const { person } = await member('individuals_standard_monthly_v1');
    const other = await signIn(app);
    const overview = await app.services.billing.billingOverview(person.identityId);
    const invoice = overview!.invoices[0]!;
    const receipt = await app.services.billing.receipt(person.identityId, invoice.id);
    expect(receipt).toMatchObject({
      id: invoice.id,
      state: 'paid',
      currency: 'GBP',
      description: 'Standard monthly membership',
      total: invoice.total,
      billedTo: { name: 'Ada Okafor', countryCode: 'GB' },
    });
    expect(receipt!.subtotal + receipt!.taxAmount).toBe(receipt!.total);
    expect(receipt!.card?.lastFour).toBe('4242');
    expect(await app.services.billing.receipt(other.identityId, invoice.id)).toBeNull();
    expect(await app.services.billing.receipt(person.identityId, 'not-an-id')).toBeNull();
  });
});
