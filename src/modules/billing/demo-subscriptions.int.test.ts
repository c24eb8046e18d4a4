// The demo members' sandbox subscriptions (demo-subscriptions.ts) as start-up leaves them
// (server/boot.ts prepareDemoAccounts): each individual and student member holds an ACTIVE
// subscription on its plan with the card on file, a paid invoice, the transaction and the sandbox's
// charge behind it, the membership granted by the subscription and its period_end job; the rest keep
// their grant; viewer.individualAccount and /user/membership/ show it; a second start changes nothing.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { DEMO_ACCOUNTS, DEMO_GROUP_ACCOUNT_ID } from '../../demo/accounts.ts';
import { buildApp } from '../../server/app.ts';
import { prepareDemoAccounts } from '../../server/boot.ts';
import type { createTestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { graphql } from '../../test/graphql.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { jobs } from '../jobs/schema.ts';
import { memberships } from '../memberships/schema.ts';
import { planByCode } from './catalogue.ts';
import { DEMO_PURCHASE_KEY, DEMO_SUBSCRIPTION_PLANS } from './demo-subscriptions.ts';
import { LIFECYCLE_JOBS } from './lifecycle.ts';
import { formatDay } from './money.ts';
import {
  billingAccounts,
  billingInvoices,
  billingSubscriptions,
  billingTransactions,
  sandboxBillingPayments,
  sandboxBillingTokens,
} from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let database: Database;
let config: Config;
let first: Awaited<ReturnType<typeof prepareDemoAccounts>>;

// As test/app.ts builds it, keeping the database and the settings that start-up (server/boot.ts) takes.
beforeAll(async () => {
  config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'atelier-test-')),
    SITE_URL: 'https://atelier.test',
  });
  database = await createTestDatabase();
  const built = await buildApp({ config, database, passwordParams: ARGON2_TEST_PARAMS, logger: false });
  await built.ready();
  app = Object.assign(built, { db: database.db });
  first = await prepareDemoAccounts(database, app.services, config);
});
afterAll(async () => {
  await app.close();
});

const identityOf = async (email: string) => (await app.services.identity.identities.findByIdentifier(email))!.id;

/** The product cookies of a demo reader signed in now. */
async function cookieFor(email: string) {
  const { token } = await app.services.identity.sessions.create({ identityId: await identityOf(email), method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  return `ory_kratos_session=${token}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`;
}

// Written out rather than read from DEMO_SUBSCRIPTION_PLANS: plan, currency and price as the reader's country (DEMO_ACCOUNTS) pays.
const EXPECTED = {
  'standard@example.com': {
    planCode: 'individuals_standard_yearly_trial_v1',
    level: 'Standard',
    type: 'Individual',
    currency: 'GBP',
    itemPrice: 25000,
    taxAmount: 5000,
    fullPrice: 30000,
  },
  'premium@example.com': {
    planCode: 'individuals_premium_yearly_v1',
    level: 'Premium',
    type: 'Individual',
    currency: 'EUR',
    itemPrice: 52000,
    taxAmount: 10400,
    fullPrice: 62400,
  },
  'beauty@example.com': {
    planCode: 'beauty_package_yearly_v1',
    level: 'TopicBeauty',
    type: 'Individual',
    currency: 'EUR',
    itemPrice: 17500,
    taxAmount: 3500,
    fullPrice: 21000,
  },
  'student@example.com': {
    planCode: 'students_standard_yearly_v1',
    level: 'Standard',
    type: 'Student',
    currency: 'GBP',
    itemPrice: 7500,
    taxAmount: 1500,
    fullPrice: 9000,
  },
} as const;

describe('demo subscriptions', () => {
  it('subscribes each individual and student demo member, and no one else', () => {
    expect(first.subscribed).toEqual(Object.keys(EXPECTED));
    expect(Object.keys(DEMO_SUBSCRIPTION_PLANS).sort()).toEqual(Object.keys(EXPECTED).sort());
    // Each plan grants what the demo account says the reader is.
    for (const [email, planCode] of Object.entries(DEMO_SUBSCRIPTION_PLANS)) {
      const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email)!;
      expect(planByCode(planCode), email).toMatchObject({
        membershipLevel: account.membership!.level,
        membershipType: account.membership!.type,
      });
    }
  });

  it('makes the demo student a verified student with an academic address, and no one else', async () => {
    expect(await app.services.students.academicData(await identityOf('student@example.com'))).toMatchObject({
      email: 'demo.student@ox.ac.uk',
      emailVerified: true,
      emailVerificationCode: null,
    });
    expect(await app.services.students.isVerifiedStudent(await identityOf('student@example.com'))).toBe(true);
    expect(await app.services.students.isVerifiedStudent(await identityOf('standard@example.com'))).toBe(false);
  });

  it.each(Object.entries(EXPECTED))(
    'gives %s an active sandbox subscription with its card, invoice, transaction, membership and renewal job',
    async (email, expected) => {
      const identityId = await identityOf(email);
      const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
      expect(account).toMatchObject({
        provider: 'sandbox',
        paymentMethod: 'credit_card',
        cardType: 'Visa',
        cardFirstSix: '424242',
        cardLastFour: '4242',
      });
      expect(account!.providerCustomerId).toMatch(/^sbx_cus_/);

      const rows = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.identityId, identityId));
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({
        planCode: expected.planCode,
        state: 'ACTIVE',
        isTrial: false,
        isInDunning: false,
        purchaseKey: DEMO_PURCHASE_KEY,
        currency: expected.currency,
        itemPrice: expected.itemPrice,
        taxAmount: expected.taxAmount,
        fullPrice: expected.fullPrice,
      });
      // Bought two months ago (a trial plan: its trial ran then and converted at its end); the paid year runs on.
      const now = Date.now();
      expect(now - row.activatedAt!.getTime()).toBeGreaterThan(58 * 86_400_000);
      expect(now - row.activatedAt!.getTime()).toBeLessThan(63 * 86_400_000);
      expect(row.currentPeriodEndsAt!.getTime()).toBeGreaterThan(now);
      expect(row.currentTermEndsAt).toEqual(row.currentPeriodEndsAt);
      if (email === 'standard@example.com') {
        expect(row.trialEndsAt!.getTime()).toBe(row.activatedAt!.getTime() + 30 * 86_400_000);
        expect(row.currentPeriodStartedAt).toEqual(row.trialEndsAt);
      } else {
        expect(row.trialEndsAt).toBeNull();
        expect(row.currentPeriodStartedAt).toEqual(row.activatedAt);
      }

      const invoices = await app.db.select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, row.id));
      expect(invoices).toEqual([
        expect.objectContaining({
          id: row.activeInvoiceId,
          state: 'paid',
          currency: expected.currency,
          subtotal: expected.itemPrice,
          taxAmount: expected.taxAmount,
          total: expected.fullPrice,
          paidAt: row.currentPeriodStartedAt,
        }),
      ]);
      const transactions = await app.db.select().from(billingTransactions).where(eq(billingTransactions.accountId, account!.id));
      expect(transactions).toEqual([
        expect.objectContaining({
          invoiceId: row.activeInvoiceId,
          kind: 'purchase',
          status: 'success',
          amount: expected.fullPrice,
          currency: expected.currency,
        }),
      ]);
      // The provider's own record of the charge, with the 4242 token it charged (the card on file for renewals).
      const payments = await app.db
        .select()
        .from(sandboxBillingPayments)
        .where(eq(sandboxBillingPayments.customerId, account!.providerCustomerId));
      expect(payments).toEqual([
        expect.objectContaining({
          id: transactions[0]!.providerReference,
          status: 'succeeded',
          amount: expected.fullPrice,
          currency: expected.currency,
        }),
      ]);
      const [token] = await app.db.select().from(sandboxBillingTokens).where(eq(sandboxBillingTokens.token, payments[0]!.token));
      expect(token).toMatchObject({ cardType: 'Visa', lastFour: '4242', behaviour: 'success' });

      const held = await app.services.memberships.currentMembership(identityId);
      expect(held).toMatchObject({
        level: expected.level,
        type: expected.type,
        status: 'ActiveRenewing',
        source: 'subscription',
        planCode: expected.planCode,
        endsAt: row.currentPeriodEndsAt,
      });
      expect(await app.services.memberships.claimsSource.claimsFor(identityId)).toEqual({
        membershipLevel: expected.level,
        membershipType: expected.type,
      });

      const [renewal] = await app.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${LIFECYCLE_JOBS.periodEnd}:${row.id}:${row.currentPeriodEndsAt!.toISOString()}:0`));
      expect(renewal).toMatchObject({ kind: LIFECYCLE_JOBS.periodEnd, runAt: row.currentPeriodEndsAt, doneAt: null });
    },
  );

  it('leaves the other readers with their grant and no billing records', async () => {
    for (const email of ['allaccess@example.com', 'group@example.com', 'admin@example.com', 'registered@example.com']) {
      const identityId = await identityOf(email);
      expect(await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId)), email).toEqual([]);
      // The group reader holds a seat of the demo organisation (demo/organisation.ts): source group.
      const source = { 'allaccess@example.com': 'demo', 'group@example.com': 'group' }[email] ?? null;
      expect((await app.services.memberships.currentMembership(identityId))?.source ?? null, email).toBe(source);
    }
  });

  it("shows the premium member's subscription and card in viewer.individualAccount", async () => {
    const { data, errors } = await graphql(
      app,
      'query { viewer { ... on Viewer { individualAccount { subscriptions { planCode state isInDunning cancellationCoupon { code } } billingInfo { firstName lastName countryCode creditCardInfo { cardType lastFour } } } userProfile { membershipLevel membershipPlan } } } }',
      {
        cookie: await cookieFor('premium@example.com'),
      },
    );
    expect(errors).toBeUndefined();
    expect(data!.viewer).toEqual({
      individualAccount: {
        subscriptions: [{ planCode: 'individuals_premium_yearly_v1', state: 'ACTIVE', isInDunning: false, cancellationCoupon: null }],
        billingInfo: { firstName: 'Priya', lastName: 'Patel', countryCode: 'FR', creditCardInfo: { cardType: 'Visa', lastFour: '4242' } },
      },
      userProfile: { membershipLevel: 'Premium', membershipPlan: 'individuals_premium_yearly_v1' },
    });
  });

  it("shows the premium member's plan, price, invoice and card on /user/membership/", async () => {
    const identityId = await identityOf('premium@example.com');
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.identityId, identityId));
    const response = await app.inject({
      method: 'GET',
      url: '/user/membership/',
      headers: { accept: 'text/html', cookie: await cookieFor('premium@example.com') },
    });
    expect(response.statusCode).toBe(200);
    const html = response.body.replace(/<!-- -->/g, '');
    expect(html).toContain('Premium');
    expect(html).toContain('€624.00 a year');
    expect(html).toContain(`<dt>Current period ends</dt><dd>${formatDay(row!.currentPeriodEndsAt!)}</dd>`);
    expect(html).toMatch(/<td>€624.00<\/td><td>Paid<\/td>/);
    expect(html).toContain('Visa ending 4242');
  });

  it("buys the demo organisation's team plan through billing: 10 seats, a paid invoice, the card, its owner as OWNER", async () => {
    const overview = await app.services.billing.organisations.organisationBillingOverview(DEMO_GROUP_ACCOUNT_ID);
    expect(overview).toMatchObject({
      subscription: { planCode: 'organisations_bundle_volume_yearly_v1', seats: 10, state: 'ACTIVE', price: { currency: 'EUR' } },
      card: { lastFour: '4242' },
      billedTo: { companyName: 'Lind Group', countryCode: 'SE', contactEmail: 'olivia.lind@lindgroup.example' },
      invoices: [{ state: 'paid', currency: 'EUR' }],
    });
    expect(await app.services.organisations.account(DEMO_GROUP_ACCOUNT_ID)).toMatchObject({
      title: 'Lind Group',
      status: 'ActiveRenewing',
    });
  });

  it('changes nothing on a second start', async () => {
    const tables = [
      billingAccounts,
      billingSubscriptions,
      billingInvoices,
      billingTransactions,
      sandboxBillingPayments,
      sandboxBillingTokens,
      memberships,
      jobs,
    ] as const;
    const counts = async () => Promise.all(tables.map(async (table) => (await app.db.select({ n: count() }).from(table))[0]!.n));
    const before = await counts();
    expect(await prepareDemoAccounts(database, app.services, config)).toEqual({ created: [], subscribed: [] });
    expect(await counts()).toEqual(before);
    const pending = await app.db.select().from(jobs).where(eq(jobs.kind, LIFECYCLE_JOBS.periodEnd));
    // One renewal per demo member's subscription, and one for the demo organisation's team plan (src/demo/organisation.ts).
    expect(pending).toHaveLength(Object.keys(EXPECTED).length + 1);
  });

  it('finishes on the next start what a start that stopped after the records left undone: the grant', async () => {
    // As if the start stopped before the grant: the seed's own grant is still the current membership.
    const identityId = await identityOf('beauty@example.com');
    await app.services.memberships.grant({ identityId, level: 'TopicBeauty', type: 'Individual', source: 'demo' });
    expect(await prepareDemoAccounts(database, app.services, config)).toEqual({ created: [], subscribed: [] });
    expect(await app.services.memberships.currentMembership(identityId)).toMatchObject({
      source: 'subscription',
      planCode: 'beauty_package_yearly_v1',
      status: 'ActiveRenewing',
    });
    expect(await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.identityId, identityId))).toHaveLength(1);
  });
});
