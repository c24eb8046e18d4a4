// Upgrades over HTTP (issue 7): subscriptionUpgradePreview and purchaseSubscriptionUpgrade through
// GraphQL on a real database and the sandbox provider — the preview's proration, the charge it
// makes (once, however often it is retried), the subscription, invoice and membership afterwards,
// and every SubscriptionUpgradeError, ZodError and AuthError answer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { outbox } from '../mail/schema.ts';
import { billingAccounts, billingInvoices, billingSubscriptions, sandboxBillingPayments } from './schema.ts';
import { UPGRADE_MESSAGES } from './upgrades.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const STANDARD_MONTHLY = 'individuals_standard_monthly_v1';
const TRIAL = 'individuals_standard_yearly_trial_v1';
const PREMIUM = 'individuals_premium_yearly_v1';

async function tokenize(number: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/_sandbox/billing/tokens',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ number, month: '12', year: '2040', cvv: '123' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as { id: string }).id;
}

let keys = 0;
async function member(plan: string, card = '4242424242424242'): Promise<Person & { subscriptionId: string }> {
  const person = await signIn(app);
  const input = {
    planCode: plan,
    currency: 'GBP',
    cardToken: await tokenize(card),
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
    idempotencyKey: `buy-${Date.now()}-${keys++}`,
  };
  const response = await graphql(
    app,
    'mutation($input: PurchaseSubscriptionInput!) { purchaseIndividualSubscription(input: $input) { __typename ... on IndividualSubscription { id } } }',
    { variables: { input }, cookie: person.cookie },
  );
  const bought = response.data!.purchaseIndividualSubscription as { __typename: string; id: string };
  expect(bought.__typename).toBe('IndividualSubscription');
  // The membership is in the claims from the next token on: sign in again for a fresh cookie.
  const issued = await app.services.session.refreshTokens({ identitySessionToken: person.identitySessionToken });
  return {
    ...person,
    subscriptionId: bought.id,
    cookie: `ory_kratos_session=${person.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`,
  };
}

const PREVIEW = `query($planCode: String!, $currency: String) { subscriptionUpgradePreview(planCode: $planCode, currency: $currency) {
  __typename
  ... on SubscriptionUpgradePreviewSuccess { preview { currency dueToday planFee planFeePerMonth proRata taxAmount taxInfo { rate region type } total totalPerMonth } }
  ... on SubscriptionUpgradeError { type message }
  ... on ZodError { fieldErrors { path code message } }
  ... on AuthError { message }
} }`;

const UPGRADE = `mutation($input: PurchaseSubscriptionUpgradeInput!) { purchaseSubscriptionUpgrade(input: $input) {
  __typename
  ... on SubscriptionUpgrade { previousPlan currentPlan subscription { id planCode title isTrial price { itemPrice fullPrice taxAmount } } }
  ... on SubscriptionUpgradeError { type message }
  ... on ThreeDSecureError { threeDSecureActionToken }
  ... on ZodError { fieldErrors { path code message } }
  ... on AuthError { message }
} }`;

async function preview(person: Person | null, planCode: string, currency?: string) {
  const response = await graphql(app, PREVIEW, { variables: { planCode, currency }, cookie: person?.cookie });
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return response.data!.subscriptionUpgradePreview;
}

async function upgrade(person: Person | null, input: Record<string, unknown>) {
  const response = await graphql(app, UPGRADE, {
    variables: { input: { currency: 'GBP', idempotencyKey: `upgrade-${Date.now()}-${keys++}`, ...input } },
    cookie: person?.cookie,
  });
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return response.data!.purchaseSubscriptionUpgrade;
}

describe('subscriptionUpgradePreview', () => {
  it('credits the unused part of a paid month against the new plan and adds VAT on the difference', async () => {
    const person = await member(STANDARD_MONTHLY);
    const { preview: quote } = await preview(person, PREMIUM);
    // £25 paid for a month that has just begun: almost all of it comes back as credit.
    expect(quote.proRata).toBeGreaterThanOrEqual(2490);
    expect(quote.proRata).toBeLessThanOrEqual(2500);
    expect(quote).toMatchObject({
      currency: 'GBP',
      planFee: 45000,
      planFeePerMonth: 3750,
      taxInfo: { rate: 0.2, region: 'GB', type: 'VAT' },
      total: 54000,
      totalPerMonth: 4500,
    });
    expect(quote.taxAmount).toBe(Math.round((45000 - quote.proRata) * 0.2));
    expect(quote.dueToday).toBe(45000 - quote.proRata + quote.taxAmount);
  });

  it('gives no credit during a free trial', async () => {
    const person = await member(TRIAL);
    const { preview: quote } = await preview(person, PREMIUM);
    expect(quote).toMatchObject({ proRata: 0, planFee: 45000, taxAmount: 9000, dueToday: 54000 });
  });

  it('answers each refusal in the member’s terms', async () => {
    const standard = await member(STANDARD_MONTHLY);
    const premium = await member(PREMIUM);
    expect(await preview(premium, STANDARD_MONTHLY)).toEqual({
      __typename: 'SubscriptionUpgradeError',
      type: 'NOT_AN_UPGRADE',
      message: UPGRADE_MESSAGES.NOT_AN_UPGRADE,
    });
    expect(await preview(standard, 'students_standard_yearly_v1')).toMatchObject({ type: 'NOT_AN_UPGRADE' });
    expect(await preview(standard, PREMIUM, 'EUR')).toEqual({
      __typename: 'SubscriptionUpgradeError',
      type: 'INVALID_CURRENCY',
      message: 'Your membership is billed in GBP, so its upgrade is too.',
    });
    expect(await preview(await signIn(app), PREMIUM)).toMatchObject({ type: 'NO_SUBSCRIPTION', message: UPGRADE_MESSAGES.NO_SUBSCRIPTION });
    expect(await preview(standard, 'no_such_plan')).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['planCode'], code: 'unknown_plan' }],
    });
    expect(await preview(null, PREMIUM)).toMatchObject({ __typename: 'AuthError' });
  });
});

describe('purchaseSubscriptionUpgrade', () => {
  it('charges the previewed amount to the card on file, moves the subscription and the membership to the new plan, and sends a receipt', async () => {
    const person = await member(STANDARD_MONTHLY);
    const { preview: quote } = await preview(person, PREMIUM);
    const key = 'upgrade-once-1';
    const [first, second] = await Promise.all([
      upgrade(person, { planCode: PREMIUM, idempotencyKey: key }),
      upgrade(person, { planCode: PREMIUM, idempotencyKey: key }),
    ]);
    const third = await upgrade(person, { planCode: PREMIUM, idempotencyKey: key });
    expect(first).toMatchObject({
      __typename: 'SubscriptionUpgrade',
      previousPlan: STANDARD_MONTHLY,
      currentPlan: PREMIUM,
      subscription: {
        id: person.subscriptionId,
        planCode: PREMIUM,
        title: 'Premium',
        isTrial: false,
        price: { itemPrice: 45000, taxAmount: 9000, fullPrice: 54000 },
      },
    });
    expect(second).toEqual(first);
    expect(third).toEqual(first);

    // One charge for the upgrade, of the previewed amount (give or take the seconds between preview and purchase).
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, person.subscriptionId));
    const invoices = await app.db.select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, person.subscriptionId));
    const upgradeInvoice = invoices.find((invoice) => invoice.upgradedFromPlan === STANDARD_MONTHLY)!;
    expect(invoices).toHaveLength(2);
    expect(Math.abs(upgradeInvoice.total - quote.dueToday)).toBeLessThanOrEqual(2);
    expect(row!.activeInvoiceId).toBe(upgradeInvoice.id);
    expect(row!.currentPeriodEndsAt!.getTime() - row!.currentPeriodStartedAt!.getTime()).toBeGreaterThan(364 * 86_400_000);
    const charges = await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.amount, upgradeInvoice.total));
    expect(charges.filter((charge) => charge.idempotencyKey.includes(':upgrade:'))).toHaveLength(1);

    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({
      level: 'Premium',
      type: 'Individual',
      status: 'ActiveRenewing',
      planCode: PREMIUM,
    });
    const mails = await app.db.select().from(outbox).where(eq(outbox.to, person.email));
    const receipt = mails.find((mail) => mail.text.includes('Upgraded from'));
    expect(receipt?.text).toContain('Credit for the rest of Standard monthly');
    expect(receipt?.text).toContain('Visa ending 4242');

    // Now on Premium, there is nothing further to upgrade to.
    expect(await upgrade(person, { planCode: PREMIUM })).toMatchObject({ type: 'NOT_AN_UPGRADE' });
  });

  it('ends a free trial and charges the new plan in full', async () => {
    const person = await member(TRIAL);
    const result = await upgrade(person, { planCode: PREMIUM });
    expect(result).toMatchObject({ __typename: 'SubscriptionUpgrade', subscription: { isTrial: false } });
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, person.subscriptionId));
    expect(row!.trialEndsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const [invoice] = await app.db.select().from(billingInvoices).where(eq(billingInvoices.id, row!.activeInvoiceId!));
    expect(invoice).toMatchObject({ subtotal: 45000, taxAmount: 9000, total: 54000 });
  });

  it('keeps the old plan when the card on file is declined, and says why', async () => {
    const person = await member(STANDARD_MONTHLY, '4000000000000341');
    const result = await upgrade(person, { planCode: PREMIUM });
    expect(result).toMatchObject({ __typename: 'SubscriptionUpgradeError', type: 'PAYMENT_DECLINED' });
    expect(result.message).toMatch(/declined/i);
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, person.subscriptionId));
    expect(row!.planCode).toBe(STANDARD_MONTHLY);
    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({ level: 'Standard' });
  });

  it('charges a new card when one is given, and keeps it on file', async () => {
    const person = await member(STANDARD_MONTHLY, '4000000000000341');
    const result = await upgrade(person, { planCode: PREMIUM, cardToken: await tokenize('5555555555554444') });
    expect(result).toMatchObject({ __typename: 'SubscriptionUpgrade', currentPlan: PREMIUM });
    const account = await app.services.billing.individualAccount(person.identityId);
    expect(account!.billingInfo!.creditCardInfo).toMatchObject({ lastFour: '4444' });
  });

  it('asks for a card when none is on file, and charges nothing', async () => {
    const person = await member(STANDARD_MONTHLY);
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, person.subscriptionId));
    await app.db
      .update(billingAccounts)
      .set({ cardType: null, cardFirstSix: null, cardLastFour: null, cardExpMonth: null, cardExpYear: null })
      .where(eq(billingAccounts.id, row!.accountId));
    expect(await upgrade(person, { planCode: PREMIUM })).toEqual({
      __typename: 'SubscriptionUpgradeError',
      type: 'NO_CARD',
      message: UPGRADE_MESSAGES.NO_CARD,
    });
    const invoices = await app.db.select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, person.subscriptionId));
    expect(invoices).toHaveLength(1);
  });

  it('refuses bad input and strangers', async () => {
    const person = await member(STANDARD_MONTHLY);
    expect(await upgrade(person, { planCode: PREMIUM, idempotencyKey: 'short' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['idempotencyKey'] }],
    });
    expect(await upgrade(await signIn(app), { planCode: PREMIUM })).toMatchObject({ type: 'NO_SUBSCRIPTION' });
    expect(await upgrade(null, { planCode: PREMIUM })).toMatchObject({ __typename: 'AuthError' });
  });
});
