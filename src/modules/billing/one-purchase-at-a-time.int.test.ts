// One charge per purchase (issue 13, "Money"; decision 019): a member who submits the same purchase
// or upgrade from ten tabs at once, each with its own idempotency key and its own fresh card token,
// is charged once; the other nine are refused with the error that is true once the first has
// finished, and charge nothing. A card token pays once. PGlite has one connection, which hides the
// race: this file matters on PostgreSQL (TEST_DATABASE_URL), and passes on both.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { FAILURE_MESSAGES } from './ledger.ts';
import type { ChargeOutcome, ChargeRequest } from './provider.ts';
import { SANDBOX_MESSAGES, type SandboxProvider } from './sandbox-provider.ts';
import { billingAccounts, billingInvoices, billingSubscriptions, billingTransactions, sandboxBillingPayments } from './schema.ts';
import { createBillingService, PURCHASE_MESSAGES } from './subscriptions-service.ts';
import { createUpgrades, UPGRADE_MESSAGES } from './upgrades.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const STANDARD_MONTHLY = 'individuals_standard_monthly_v1';
const PREMIUM = 'individuals_premium_yearly_v1';
const TABS = 10;

async function tokenize(number = '4242424242424242') {
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
const newKey = (kind: string) => `${kind}-${Date.now()}-${keys++}`;

async function buy(person: Person, { plan = PREMIUM, token, key = newKey('buy') }: { plan?: string; token: string; key?: string }) {
  const input = {
    planCode: plan,
    currency: 'GBP',
    cardToken: token,
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
    idempotencyKey: key,
  };
  const response = await graphql(
    app,
    'mutation($input: PurchaseSubscriptionInput!) { purchaseIndividualSubscription(input: $input) { __typename ... on IndividualSubscription { id planCode } ... on SubscriptionPurchaseError { type message } } }',
    { variables: { input }, cookie: person.cookie },
  );
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return response.data!.purchaseIndividualSubscription as { __typename: string; id?: string; type?: string; message?: string };
}

async function upgrade(person: Person, { token, key = newKey('upgrade') }: { token?: string; key?: string }) {
  const input = { planCode: PREMIUM, currency: 'GBP', idempotencyKey: key, ...(token ? { cardToken: token } : {}) };
  const response = await graphql(
    app,
    'mutation($input: PurchaseSubscriptionUpgradeInput!) { purchaseSubscriptionUpgrade(input: $input) { __typename ... on SubscriptionUpgrade { currentPlan } ... on SubscriptionUpgradeError { type message } } }',
    { variables: { input }, cookie: person.cookie },
  );
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return response.data!.purchaseSubscriptionUpgrade as { __typename: string; currentPlan?: string; type?: string; message?: string };
}

/** Every payment the sandbox provider holds for this person's billing account, as the provider's own records say. */
async function paymentsOf(person: Person) {
  const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, person.identityId));
  return account
    ? app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.customerId, account.providerCustomerId))
    : [];
}

describe('ten purchases at once, ten keys, ten cards', () => {
  it('charge once: one subscription, nine ALREADY_HAS_MEMBERSHIP refusals, no refund', async () => {
    const person = await signIn(app);
    const tokens = await Promise.all(Array.from({ length: TABS }, () => tokenize()));
    const results = await Promise.all(tokens.map((token) => buy(person, { token })));

    const bought = results.filter((result) => result.__typename === 'IndividualSubscription');
    const refused = results.filter((result) => result.__typename !== 'IndividualSubscription');
    expect(bought).toHaveLength(1);
    expect(refused).toEqual(
      Array.from({ length: TABS - 1 }, () => ({
        __typename: 'SubscriptionPurchaseError',
        type: 'ALREADY_HAS_MEMBERSHIP',
        message: PURCHASE_MESSAGES.ALREADY_HAS_MEMBERSHIP,
      })),
    );

    // The provider was asked to charge once, and nothing had to be given back.
    const payments = await paymentsOf(person);
    expect(payments.map(({ status, amount }) => ({ status, amount }))).toEqual([{ status: 'succeeded', amount: 54000 }]);
    expect(await app.db.select().from(sandboxBillingPayments).where(inArray(sandboxBillingPayments.token, tokens))).toHaveLength(1);
    const subscriptions = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.identityId, person.identityId));
    expect(subscriptions.map((row) => row.id)).toEqual([bought[0]!.id]);
    const transactions = await app.db
      .select()
      .from(billingTransactions)
      .where(eq(billingTransactions.accountId, subscriptions[0]!.accountId));
    expect(transactions.map(({ kind, status, amount }) => ({ kind, status, amount }))).toEqual([
      { kind: 'purchase', status: 'success', amount: 54000 },
    ]);
    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({
      level: 'Premium',
      status: 'ActiveRenewing',
    });
  });
});

describe('ten upgrades at once, ten keys, ten cards', () => {
  it('charge once: the subscription moves to the new plan once, nine NOT_AN_UPGRADE refusals, no refund', async () => {
    const person = await signIn(app);
    expect(await buy(person, { plan: STANDARD_MONTHLY, token: await tokenize() })).toMatchObject({ __typename: 'IndividualSubscription' });
    const before = await paymentsOf(person);
    const tokens = await Promise.all(Array.from({ length: TABS }, () => tokenize()));
    const results = await Promise.all(tokens.map((token) => upgrade(person, { token })));

    const upgraded = results.filter((result) => result.__typename === 'SubscriptionUpgrade');
    const refused = results.filter((result) => result.__typename !== 'SubscriptionUpgrade');
    expect(upgraded).toEqual([{ __typename: 'SubscriptionUpgrade', currentPlan: PREMIUM }]);
    expect(refused).toEqual(
      Array.from({ length: TABS - 1 }, () => ({
        __typename: 'SubscriptionUpgradeError',
        type: 'NOT_AN_UPGRADE',
        message: UPGRADE_MESSAGES.NOT_AN_UPGRADE,
      })),
    );

    const payments = (await paymentsOf(person)).filter((payment) => !before.some((earlier) => earlier.id === payment.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', refundedAmount: 0 });
    const [subscription] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.identityId, person.identityId));
    const invoices = await app.db.select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, subscription!.id));
    expect(invoices.filter((invoice) => invoice.upgradedFromPlan === STANDARD_MONTHLY)).toHaveLength(1);
  });

  it('charge once with the card on file too', async () => {
    const person = await signIn(app);
    await buy(person, { plan: STANDARD_MONTHLY, token: await tokenize() });
    const before = await paymentsOf(person);
    const results = await Promise.all(Array.from({ length: TABS }, () => upgrade(person, {})));
    expect(results.filter((result) => result.__typename === 'SubscriptionUpgrade')).toHaveLength(1);
    expect(results.filter((result) => result.type === 'NOT_AN_UPGRADE')).toHaveLength(TABS - 1);
    expect((await paymentsOf(person)).filter((payment) => !before.some((earlier) => earlier.id === payment.id))).toHaveLength(1);
  });
});

describe('a card token', () => {
  it('pays once: a second purchase with it is refused by the provider and charges nothing', async () => {
    const token = await tokenize();
    const first = await signIn(app);
    expect(await buy(first, { token })).toMatchObject({ __typename: 'IndividualSubscription' });
    const second = await signIn(app);
    expect(await buy(second, { token })).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'PURCHASE_ERROR',
      message: SANDBOX_MESSAGES.tokenUsed,
    });
    expect(await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.token, token))).toHaveLength(1);
    expect(await app.services.memberships.currentMembership(second.identityId)).toBeNull();
  });

  it('pays once for an upgrade too, while the card on file stays reusable', async () => {
    const person = await signIn(app);
    const token = await tokenize();
    await buy(person, { plan: STANDARD_MONTHLY, token });
    expect(await upgrade(person, { token })).toEqual({
      __typename: 'SubscriptionUpgradeError',
      type: 'PAYMENT_DECLINED',
      message: SANDBOX_MESSAGES.tokenUsed,
    });
    // The card the purchase put on file pays for the upgrade.
    expect(await upgrade(person, {})).toMatchObject({ __typename: 'SubscriptionUpgrade', currentPlan: PREMIUM });
  });
});

describe('a refusal after the card was asked', () => {
  // The services as the app builds them, with a provider that does what a race or an outage would do at the worst moment.
  const errors: string[] = [];
  const onError = (_error: unknown, context: string) => void errors.push(context);
  const withProvider = (charge: (request: ChargeRequest, real: SandboxProvider) => Promise<ChargeOutcome>) => {
    const real = app.services.billing.sandbox!;
    const provider = { ...real, charge: (request: ChargeRequest) => charge(request, real) };
    const common = {
      db: app.db,
      provider,
      memberships: app.services.memberships,
      mail: app.services.mail,
      siteUrl: 'https://atelier.test',
      onError,
    };
    return {
      billing: createBillingService({ ...common, personOf: async () => null, isVerifiedStudent: async () => false }),
      upgrades: createUpgrades({ ...common, emailOf: async () => null }),
    };
  };
  const purchaseInput = async (person: Person) => ({
    identityId: person.identityId,
    planCode: PREMIUM,
    currency: 'GBP',
    cardToken: await tokenize(),
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
    idempotencyKey: newKey('truth'),
  });

  it('says the card was charged and refunded when the membership changed meanwhile (an upgrade racing a cancellation)', async () => {
    const person = await signIn(app);
    await buy(person, { plan: STANDARD_MONTHLY, token: await tokenize() });
    const { upgrades } = withProvider(async (request, real) => {
      const outcome = await real.charge(request);
      await app.db.update(billingSubscriptions).set({ state: 'CANCELED' }).where(eq(billingSubscriptions.identityId, person.identityId));
      return outcome;
    });
    const result = await upgrades.purchaseUpgrade({
      identityId: person.identityId,
      planCode: PREMIUM,
      currency: 'GBP',
      idempotencyKey: newKey('truth'),
    });
    expect(result).toMatchObject({ kind: 'error', type: 'NO_SUBSCRIPTION' });
    const message = (result as { message: string }).message;
    expect(message).not.toMatch(/nothing was charged/i);
    expect(message).toMatch(
      /^Your membership changed while upgrading, so it was not upgraded\. Your card was charged £[\d,.]+, and that charge has been refunded\./,
    );
    const charged = (await paymentsOf(person)).filter((payment) => payment.idempotencyKey.includes(':upgrade:'));
    expect(charged).toMatchObject([{ status: 'refunded' }]);
    expect(charged[0]!.refundedAmount).toBe(charged[0]!.amount);
  });

  it('says the card was charged and refunded when a membership appeared outside the purchase (an admin, the seed)', async () => {
    const person = await signIn(app);
    const { billing } = withProvider(async (request, real) => {
      const outcome = await real.charge(request);
      const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, person.identityId));
      const at = new Date();
      await app.db.insert(billingSubscriptions).values({
        id: crypto.randomUUID(),
        accountId: account!.id,
        identityId: person.identityId,
        planCode: STANDARD_MONTHLY,
        state: 'ACTIVE',
        currency: 'GBP',
        itemPrice: 2500,
        taxAmount: 500,
        fullPrice: 3000,
        taxInfo: { rate: 0.2, region: 'GB', type: 'VAT' },
        purchaseKey: 'made-elsewhere',
        activatedAt: at,
      });
      return outcome;
    });
    const result = await billing.purchaseIndividualSubscription(await purchaseInput(person));
    expect(result).toEqual({
      kind: 'error',
      type: 'ALREADY_HAS_MEMBERSHIP',
      message: `${PURCHASE_MESSAGES.ALREADY_HAS_MEMBERSHIP} Your card was charged £540.00, and that charge has been refunded.`,
    });
    expect(await paymentsOf(person)).toMatchObject([{ status: 'refunded', amount: 54000, refundedAmount: 54000 }]);
  });

  it('does not say nothing was charged when the provider’s answer is unknown', async () => {
    const person = await signIn(app);
    const { billing, upgrades } = withProvider(async () => {
      throw new Error('socket hang up');
    });
    errors.length = 0;
    expect(await billing.purchaseIndividualSubscription(await purchaseInput(person))).toEqual({
      kind: 'error',
      type: 'TRANSACTION_ERROR',
      message: FAILURE_MESSAGES.outcomeUnknown,
    });
    const member = await signIn(app);
    await buy(member, { plan: STANDARD_MONTHLY, token: await tokenize() });
    expect(
      await upgrades.purchaseUpgrade({
        identityId: member.identityId,
        planCode: PREMIUM,
        currency: 'GBP',
        idempotencyKey: newKey('truth'),
      }),
    ).toEqual({ kind: 'error', type: 'TRANSACTION_ERROR', message: FAILURE_MESSAGES.outcomeUnknown });
    expect(errors).toEqual(['purchase failed', 'upgrade failed']);
  });

  it('still says nothing was charged when nothing was', async () => {
    const person = await signIn(app);
    const { billing } = withProvider(async (request, real) => real.charge({ ...request, token: await tokenize('4000000000000119') }));
    expect(await billing.purchaseIndividualSubscription(await purchaseInput(person))).toEqual({
      kind: 'error',
      type: 'TRANSACTION_ERROR',
      message: SANDBOX_MESSAGES.processingError,
    });
    expect(SANDBOX_MESSAGES.processingError).toMatch(/Nothing was charged/);
  });
});
