// Purchases over HTTP (issue 7): the card is tokenised at the sandbox endpoint, then the GraphQL
// mutations answer each §8 result — the subscription, every SubscriptionPurchaseError type, the
// 3-D Secure error and its resumption, ZodError and AuthError — and a retried purchase charges once.
// The app's logs are captured throughout: no card number reaches them, the outbox or billing tables.
import { Writable } from 'node:stream';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { latestCode } from '../../test/identity-client.ts';
import { outbox } from '../mail/schema.ts';
import { PURCHASE_MESSAGES } from './subscriptions-service.ts';
import { SANDBOX_MESSAGES } from './sandbox-provider.ts';
import {
  billingAccounts,
  billingIdempotencyKeys,
  billingInvoices,
  billingSubscriptions,
  billingTransactions,
  sandboxBillingPayments,
  sandboxBillingTokens,
} from './schema.ts';
import { rowsOf } from '../../db/rows.ts';

const logs: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>> & { db: Awaited<ReturnType<typeof createTestDatabase>>['db'] };
type Person = Awaited<ReturnType<typeof signIn>>;

const CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  threeDS: '4000000000003220',
  processing: '4000000000000119',
} as const;
const TRIAL = 'individuals_standard_yearly_trial_v1';
const PREMIUM = 'individuals_premium_yearly_v1';

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'trace', DATA_DIR: dataDir, SITE_URL: 'https://atelier.test' });
  const database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const built = await buildApp({ config, database, logger: { level: 'trace', stream } });
  await built.ready();
  app = Object.assign(built, { db: database.db });
});
afterAll(async () => {
  await app.close();
});

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

const PURCHASE = (field: string) => `mutation Buy($input: PurchaseSubscriptionInput!) { ${field}(input: $input) {
  __typename
  ... on IndividualSubscription { id accountId planCode title isTrial trialEndsAt price { currency itemPrice fullPrice taxAmount taxInfo { rate region type } } }
  ... on SubscriptionPurchaseError { type message }
  ... on ThreeDSecureError { accountCode code recurlyToken threeDSecureActionToken message }
  ... on ZodError { message fieldErrors { path code message } }
  ... on AuthError { message }
} }`;

let keys = 0;
async function buy(
  person: Person | null,
  {
    plan = TRIAL,
    currency = 'GBP',
    card = CARDS.success as string,
    token,
    key,
    resultToken,
    field = 'purchaseIndividualSubscription',
    billingInfo,
  }: {
    plan?: string;
    currency?: string;
    card?: string;
    token?: string;
    key?: string;
    resultToken?: string;
    field?: string;
    billingInfo?: Record<string, string>;
  } = {},
) {
  const input = {
    planCode: plan,
    currency,
    cardToken: token ?? (await tokenize(card)),
    billingInfo: billingInfo ?? { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB', postalCode: 'E1 6AN' },
    idempotencyKey: key ?? `purchase-key-${Date.now()}-${keys++}`,
    ...(resultToken ? { threeDSecureActionResultToken: resultToken } : {}),
  };
  const response = await graphql(app, PURCHASE(field), { variables: { input }, cookie: person?.cookie });
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return { result: response.data![field], input };
}

async function claimsOf(person: Person) {
  const issued = await app.services.session.refreshTokens({ identitySessionToken: person.identitySessionToken });
  return JSON.parse(Buffer.from(issued!.main.token.split('.')[1]!, 'base64url').toString()) as {
    membership_level: string;
    membership_type: string;
  };
}

const ACCOUNT = `query { viewer { __typename ... on Viewer { individualAccount { accountId accountManagementUrl billingInfo { countryCode postalCode firstName lastName paymentMethod creditCardInfo { cardType expMonth expYear firstSix lastFour } } subscriptions { uuid planCode state currency activatedAt trialEndsAt currentPeriodEndsAt currentTermEndsAt activeInvoiceId isInDunning } } } } }`;

describe('purchaseIndividualSubscription', () => {
  it('starts a trial: the card is verified for nothing, the subscription, invoice and ActiveTrial membership are recorded, a receipt is sent', async () => {
    const person = await signIn(app);
    const { result } = await buy(person);
    expect(result).toMatchObject({
      __typename: 'IndividualSubscription',
      planCode: TRIAL,
      title: 'Standard',
      isTrial: true,
      price: { currency: 'GBP', itemPrice: 25000, taxAmount: 5000, fullPrice: 30000, taxInfo: { rate: 0.2, region: 'GB', type: 'VAT' } },
    });
    const trialEndsAt = new Date(result.trialEndsAt as string).getTime();
    expect(trialEndsAt - Date.now()).toBeGreaterThan(29.9 * 86_400_000);

    const membership = await app.services.memberships.currentMembership(person.identityId);
    expect(membership).toMatchObject({
      level: 'Standard',
      type: 'Individual',
      status: 'ActiveTrial',
      source: 'subscription',
      planCode: TRIAL,
    });
    expect(await claimsOf(person)).toMatchObject({ membership_level: 'Standard', membership_type: 'Individual' });

    const [invoice] = await app.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.subscriptionId, result.id as string));
    expect(invoice).toMatchObject({ state: 'paid', total: 0, currency: 'GBP' });
    const transactions = await app.db.select().from(billingTransactions).where(eq(billingTransactions.invoiceId, invoice!.id));
    expect(transactions).toMatchObject([{ kind: 'verify', status: 'success', amount: 0 }]);

    const viewer = await graphql(app, ACCOUNT, { cookie: person.cookie });
    expect(viewer.data!.viewer.individualAccount).toMatchObject({
      accountId: result.accountId,
      billingInfo: {
        countryCode: 'GB',
        postalCode: 'E1 6AN',
        firstName: 'Ada',
        lastName: 'Okafor',
        paymentMethod: 'credit_card',
        creditCardInfo: { cardType: 'Visa', expMonth: 12, expYear: 2040, firstSix: '424242', lastFour: '4242' },
      },
      subscriptions: [
        {
          uuid: result.id,
          planCode: TRIAL,
          state: 'ACTIVE',
          currency: 'GBP',
          trialEndsAt: result.trialEndsAt,
          currentPeriodEndsAt: result.trialEndsAt,
          activeInvoiceId: invoice!.id,
          isInDunning: false,
        },
      ],
    });

    const [receipt] = await app.db.select().from(outbox).where(eq(outbox.to, person.email));
    expect(receipt).toMatchObject({ template: 'receipt', subject: 'Your Atelier membership receipt' });
    expect(receipt!.text).toContain('Visa ending 4242');
    expect(receipt!.text).toContain('Your free trial ends on');
  });

  it('charges a paid plan in full, tax included, and grants ActiveRenewing', async () => {
    const person = await signIn(app);
    const { result } = await buy(person, {
      plan: PREMIUM,
      currency: 'EUR',
      billingInfo: { firstName: 'Ines', lastName: 'Duval', countryCode: 'FR' },
    });
    expect(result).toMatchObject({
      __typename: 'IndividualSubscription',
      isTrial: false,
      trialEndsAt: null,
      price: { currency: 'EUR', itemPrice: 52000, taxAmount: 10400, fullPrice: 62400 },
    });
    const [invoice] = await app.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.subscriptionId, result.id as string));
    expect(invoice).toMatchObject({ subtotal: 52000, taxAmount: 10400, total: 62400 });
    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({
      level: 'Premium',
      status: 'ActiveRenewing',
    });
  });

  it('charges once for a retried purchase: the same key returns the first result, sequentially or at once', async () => {
    const person = await signIn(app);
    const token = await tokenize(CARDS.success);
    const key = 'double-click-key-1';
    const [first, second] = await Promise.all([buy(person, { plan: PREMIUM, token, key }), buy(person, { plan: PREMIUM, token, key })]);
    const third = await buy(person, { plan: PREMIUM, token, key });
    expect(first.result).toMatchObject({ __typename: 'IndividualSubscription' });
    expect(second.result).toEqual(first.result);
    expect(third.result).toEqual(first.result);
    const account = await app.services.billing.individualAccount(person.identityId);
    expect(account!.subscriptions).toHaveLength(1);
    const payments = await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.token, token));
    expect(payments).toHaveLength(1);
    const charges = await app.db.select().from(billingTransactions).where(eq(billingTransactions.accountId, account!.accountId));
    expect(charges).toHaveLength(1);
    // The same key for another purchase is refused rather than answered with the wrong result.
    expect((await buy(person, { plan: TRIAL, token, key })).result).toMatchObject({
      type: 'TRANSACTION_ERROR',
      message: PURCHASE_MESSAGES.KEY_REUSED,
    });
  });

  it('refuses a second membership: ALREADY_HAS_MEMBERSHIP, or HAS_UPGRADEABLE_MEMBERSHIP for a higher level', async () => {
    const person = await signIn(app);
    await buy(person, { plan: 'individuals_standard_monthly_v1' });
    expect((await buy(person, { plan: 'individuals_standard_monthly_v1' })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'ALREADY_HAS_MEMBERSHIP',
      message: PURCHASE_MESSAGES.ALREADY_HAS_MEMBERSHIP,
    });
    expect((await buy(person, { plan: PREMIUM })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'HAS_UPGRADEABLE_MEMBERSHIP',
      message: PURCHASE_MESSAGES.HAS_UPGRADEABLE_MEMBERSHIP,
    });
  });

  it('allows one trial per person: INELIGIBLE_FOR_TRIAL once a trial was used, even after it ended', async () => {
    const person = await signIn(app);
    await buy(person);
    // The trial ended without converting: the subscription expired, the membership with it.
    await app.db.update(billingSubscriptions).set({ state: 'EXPIRED' }).where(eq(billingSubscriptions.identityId, person.identityId));
    const past = new Date(Date.now() - 2 * 86_400_000);
    await app.services.memberships.grant({
      identityId: person.identityId,
      level: 'Standard',
      type: 'Individual',
      source: 'admin_grant',
      startsAt: past,
      endsAt: new Date(past.getTime() + 1000),
    });
    expect((await app.services.memberships.currentMembership(person.identityId))?.status).toBe('Expired');
    expect((await buy(person, { plan: 'individual_annual_trial_v1' })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'INELIGIBLE_FOR_TRIAL',
      message: PURCHASE_MESSAGES.INELIGIBLE_FOR_TRIAL,
    });
    // A plan without a trial is still for sale.
    expect((await buy(person, { plan: 'individuals_standard_monthly_v1' })).result).toMatchObject({ __typename: 'IndividualSubscription' });
  });

  it('refuses a currency outside §9 with INVALID_CURRENCY', async () => {
    const person = await signIn(app);
    expect((await buy(person, { currency: 'JPY' })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'INVALID_CURRENCY',
      message: PURCHASE_MESSAGES.INVALID_CURRENCY,
    });
  });

  it('answers a declined card and insufficient funds with PURCHASE_ERROR and a clear message; a later card works', async () => {
    const person = await signIn(app);
    expect((await buy(person, { card: CARDS.declined })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'PURCHASE_ERROR',
      message: SANDBOX_MESSAGES.declined,
    });
    expect((await buy(person, { card: CARDS.insufficient, plan: PREMIUM })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'PURCHASE_ERROR',
      message: SANDBOX_MESSAGES.insufficientFunds,
    });
    expect(await app.services.memberships.currentMembership(person.identityId)).toBeNull();
    expect((await buy(person)).result).toMatchObject({ __typename: 'IndividualSubscription' });
  });

  it('answers a provider failure with TRANSACTION_ERROR and charges nothing', async () => {
    const person = await signIn(app);
    expect((await buy(person, { card: CARDS.processing, plan: PREMIUM })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'TRANSACTION_ERROR',
      message: SANDBOX_MESSAGES.processingError,
    });
    expect(await app.services.memberships.currentMembership(person.identityId)).toBeNull();
  });

  it('asks for 3-D Secure, then resumes with the challenge result under the same key', async () => {
    const person = await signIn(app);
    const first = await buy(person, { card: CARDS.threeDS, plan: PREMIUM });
    expect(first.result).toMatchObject({
      __typename: 'ThreeDSecureError',
      code: 'three_d_secure_action_required',
      recurlyToken: first.input.cardToken,
      threeDSecureActionToken: expect.stringMatching(/^sbx_3ds_/),
      message: PURCHASE_MESSAGES.THREE_D_SECURE,
    });
    const account = await app.services.billing.individualAccount(person.identityId);
    expect(first.result.accountCode).toBe(account!.accountId);
    // An account without a subscription yet (the account and its subscriptions are read in one join).
    expect(account!.subscriptions).toEqual([]);
    // A retry without the result is told about the challenge again.
    expect((await buy(person, { plan: PREMIUM, token: first.input.cardToken, key: first.input.idempotencyKey })).result).toEqual(
      first.result,
    );

    const challenge = await app.inject({ method: 'GET', url: `/_sandbox/billing/3ds/${first.result.threeDSecureActionToken}` });
    expect(JSON.parse(challenge.body)).toMatchObject({ amount: 54000, currency: 'GBP', answered: false });
    const answered = await app.inject({
      method: 'POST',
      url: `/_sandbox/billing/3ds/${first.result.threeDSecureActionToken}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ result: 'succeeded' }),
    });
    const { resultToken } = JSON.parse(answered.body) as { resultToken: string };
    const resumed = await buy(person, { plan: PREMIUM, token: first.input.cardToken, key: first.input.idempotencyKey, resultToken });
    expect(resumed.result).toMatchObject({ __typename: 'IndividualSubscription', planCode: PREMIUM });
    // And a retry of the resumption returns the same subscription.
    expect(
      (await buy(person, { plan: PREMIUM, token: first.input.cardToken, key: first.input.idempotencyKey, resultToken })).result,
    ).toEqual(resumed.result);
    expect(await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.token, first.input.cardToken))).toHaveLength(
      1,
    );
  });

  it('declines when the 3-D Secure challenge fails', async () => {
    const person = await signIn(app);
    const first = await buy(person, { card: CARDS.threeDS });
    const answered = await app.inject({
      method: 'POST',
      url: `/_sandbox/billing/3ds/${first.result.threeDSecureActionToken}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ result: 'failed' }),
    });
    const { resultToken } = JSON.parse(answered.body) as { resultToken: string };
    expect((await buy(person, { token: first.input.cardToken, key: first.input.idempotencyKey, resultToken })).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'PURCHASE_ERROR',
      message: SANDBOX_MESSAGES.threeDSecureFailed,
    });
  });

  it('answers bad input with ZodError field errors, and an anonymous caller with AuthError', async () => {
    const person = await signIn(app);
    const { result } = await buy(person, { billingInfo: { firstName: ' ', lastName: 'Okafor', countryCode: 'Britain' } });
    expect(result.__typename).toBe('ZodError');
    expect((result.fieldErrors as { path: string[] }[]).map((error) => error.path.join('.'))).toEqual([
      'billingInfo.firstName',
      'billingInfo.countryCode',
    ]);
    expect((await buy(person, { plan: 'no_such_plan' })).result).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['planCode'], message: 'There is no such plan.' }],
    });
    expect((await buy(null)).result).toMatchObject({ __typename: 'AuthError' });
  });
});

describe('purchaseStudentSubscription', () => {
  it('refuses without a verified academic email (INELIGIBLE_FOR_STUDENT_MEMBERSHIP), sells with one', async () => {
    const person = await signIn(app);
    const student = { plan: 'students_standard_yearly_v1', field: 'purchaseStudentSubscription' };
    expect((await buy(person, student)).result).toEqual({
      __typename: 'SubscriptionPurchaseError',
      type: 'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
      message: PURCHASE_MESSAGES.INELIGIBLE_FOR_STUDENT_MEMBERSHIP,
    });
    // The students module verifies the academic address with the code it emails (modules/students).
    const academicEmail = `student.${person.identityId.slice(0, 8)}@ox.ac.uk`;
    await app.services.students.validateAcademicEmail({
      identityId: person.identityId,
      email: academicEmail,
      graduationYear: new Date().getUTCFullYear() + 2,
    });
    expect(
      await app.services.students.confirmAcademicEmail({ identityId: person.identityId, code: await latestCode(app.db, academicEmail) }),
    ).toMatchObject({ kind: 'verified' });
    expect((await buy(person, student)).result).toMatchObject({
      __typename: 'IndividualSubscription',
      planCode: 'students_standard_yearly_v1',
      title: 'Student',
    });
    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({
      level: 'Standard',
      type: 'Student',
      status: 'ActiveRenewing',
    });
    // Student plans are not bought as individual ones, nor the other way round.
    expect((await buy(person, { plan: 'students_standard_yearly_v1' })).result).toMatchObject({ __typename: 'ZodError' });
  });
});

describe('the card number', () => {
  it('reaches no billing table, no email and no log line', async () => {
    const numbers = Object.values(CARDS);
    const dump = JSON.stringify(
      await Promise.all(
        [
          billingAccounts,
          billingSubscriptions,
          billingInvoices,
          billingTransactions,
          billingIdempotencyKeys,
          sandboxBillingTokens,
          sandboxBillingPayments,
          outbox,
        ].map((table) => app.db.select().from(table)),
      ),
    );
    expect(logs.length).toBeGreaterThan(10);
    const everything = `${dump}\n${logs.join('\n')}`;
    for (const number of numbers) expect(everything).not.toContain(number);
    // Nor in any other table (a quick scan of every text and json column of the database).
    const rows = rowsOf<{ table_name: string; column_name: string }>(
      await app.db.execute(
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')`,
      ),
    );
    for (const { table_name: table, column_name: column } of rows) {
      const found = await app.db.execute(
        sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${'%' + CARDS.success + '%'} limit 1`,
      );
      const hits = rowsOf<unknown>(found);
      expect(hits, `${table}.${column}`).toHaveLength(0);
    }
  });
});
