// The demo members' subscriptions (README "Demo accounts", outside prod): each individual or student
// demo member holds what a buyer of their level holds, made through the embedded sandbox provider
// (a customer, a tokenised Visa 4242, a successful charge), so /user/membership/, the invoices and
// viewer.individualAccount show a real subscription, and the lifecycle renews it like any other.
//
// Each was bought DEMO_MONTHS_AGO months before the first start that made it: an ACTIVE subscription
// on its plan at the price for the reader's country (currency and tax as a buyer there pays), a paid
// invoice and its transaction, the membership granted through the memberships service (source
// 'subscription', the plan code) to the period's end, and the period_end job scheduled. A plan with
// a trial (Standard's) is shown past it: the trial ran from the purchase and converted at its end,
// which is when the invoice was paid and the paid year began (isTrial false).
//
// Idempotent on every start: a member who has a billing account is left alone (made by an earlier
// start, or the reader bought something themselves), except that a start that stopped between the
// records and the grant finishes the schedule and the grant; a member whose membership is no longer
// the demo grant (an admin changed it) is not given one. A later start reads, never writes.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { People } from '../identity/people.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { addInterval, planByCode, type Plan } from './catalogue.ts';
import { cardOnFile } from './ledger.ts';
import { createPaidPurchases, errorReporter, type BillingLog, type PurchaseKind } from './paid-purchase.ts';
import { planGrant } from './plan-grant.ts';
import type { Lifecycle } from './lifecycle.ts';
import { currencyForCountry, subscriptionPrice } from './pricing.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import { billingAccounts, billingInvoices, billingSubscriptions, billingTransactions } from './schema.ts';

/**
 * The plan each demo member is subscribed to, by email. Not here, so they keep their plain grant:
 * allaccess@ (no individual plan sells All Access), group@ (an organisation's seat: organisations are
 * not billed here), admin@ and registered@ (no membership).
 */
export const DEMO_SUBSCRIPTION_PLANS: Readonly<Record<string, string>> = Object.freeze({
  // The yearly plan behind the trial, past its trial; the only Standard plan without one is monthly.
  'standard@example.com': 'individuals_standard_yearly_trial_v1',
  'premium@example.com': 'individuals_premium_yearly_v1',
  'beauty@example.com': 'beauty_package_yearly_v1',
  'student@example.com': 'students_standard_yearly_v1',
});

/** How long before the first start the demo subscriptions were bought. */
export const DEMO_MONTHS_AGO = 2;
/** The idempotency key a demo subscription carries (billing_subscriptions.purchase_key). */
export const DEMO_PURCHASE_KEY = 'demo-subscription';
/** The sandbox's test card that always succeeds (README): what the demo members pay with. */
const DEMO_CARD = '4242424242424242';

const DAY = 86_400_000;

export interface DemoMember {
  email: string;
  /** The reader's personal details (their country sets the currency and the tax). */
  details: { firstName?: unknown; lastName?: unknown; country?: unknown };
}

export interface DemoSubscriptionsOptions {
  db: Db;
  /** The sandbox provider: demo members pay with its test card, so there is none without it. */
  provider: Pick<SandboxProvider, 'name' | 'createCustomer' | 'tokenize' | 'charge' | 'refund'>;
  /** The people port (identity/people.ts): who each demo email belongs to. */
  identity: { people: Pick<People, 'findByEmail'> };
  memberships: Pick<MembershipsService, 'currentMembership' | 'grant'>;
  lifecycle: Pick<Lifecycle, 'schedule'>;
  /** The demo accounts (db/seed.ts DEMO_ACCOUNTS); those with a plan in DEMO_SUBSCRIPTION_PLANS get one. */
  accounts: readonly DemoMember[];
  now?: () => Date;
  /** The app's logger (pino): a refund that could not be made is logged through it. */
  log?: BillingLog;
}

/** Gives each demo member without a billing account their subscription; returns the emails that got one. */
export async function seedDemoSubscriptions({
  db,
  provider,
  identity,
  memberships,
  lifecycle,
  accounts,
  now = () => new Date(),
  log,
}: DemoSubscriptionsOptions): Promise<string[]> {
  const subscribed: string[] = [];
  const paidPurchases = createPaidPurchases({ db, provider, now, inProgressWaitMs: 20_000, onError: errorReporter({ log }) });

  async function grant(row: typeof billingSubscriptions.$inferSelect, plan: Plan) {
    await memberships.grant(planGrant(plan, { identityId: row.identityId, status: 'ActiveRenewing', endsAt: row.currentPeriodEndsAt }));
  }

  type DemoLine = {
    member: DemoMember;
    identityId: string;
    plan: Plan;
    price: ReturnType<typeof subscriptionPrice>;
    accountId: string;
    customerId: string;
    names: { firstName: string | null; lastName: string | null };
    country: string | null;
    boughtAt: Date;
    trialEndsAt: Date | null;
  };

  /** A demo subscription as a purchase kind (paid-purchase.ts): bought DEMO_MONTHS_AGO, its account written with the paid period. */
  const demoPurchase: PurchaseKind<
    { member: DemoMember; identityId: string; plan: Plan },
    DemoLine,
    typeof billingSubscriptions.$inferSelect,
    boolean
  > = {
    async decide({ member, identityId, plan }) {
      // A later start: one read (the account and its live demo subscription) and the membership.
      const [existing] = await db
        .select({ accountId: billingAccounts.id, subscription: billingSubscriptions })
        .from(billingAccounts)
        .leftJoin(
          billingSubscriptions,
          and(
            eq(billingSubscriptions.accountId, billingAccounts.id),
            eq(billingSubscriptions.purchaseKey, DEMO_PURCHASE_KEY),
            eq(billingSubscriptions.state, 'ACTIVE'),
          ),
        )
        .where(eq(billingAccounts.identityId, identityId));
      if (existing) {
        // An earlier start that stopped after the records: the schedule and the grant come last, in that order.
        if (existing.subscription && (await memberships.currentMembership(identityId, 'individual'))?.source === 'demo') {
          await lifecycle.schedule(existing.subscription);
          await grant(existing.subscription, plan);
        }
        return { kind: 'answer', result: false, store: false };
      }
      // Only over the seed's own grant: a membership someone changed stays as it is.
      if ((await memberships.currentMembership(identityId, 'individual'))?.source !== 'demo')
        return { kind: 'answer', result: false, store: false };

      const at = now();
      const boughtAt = new Date(at);
      boughtAt.setUTCMonth(boughtAt.getUTCMonth() - DEMO_MONTHS_AGO);
      const trialEndsAt = plan.trialDays > 0 ? new Date(boughtAt.getTime() + plan.trialDays * DAY) : null;
      const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
      const country = text(member.details.country);
      const price = subscriptionPrice({ plan, currency: currencyForCountry(country), countryCode: country });

      // Through the provider, as a purchase goes: its customer, the card's token, the charge.
      const accountId = randomUUID();
      const names = { firstName: text(member.details.firstName), lastName: text(member.details.lastName) };
      const { customerId } = await provider.createCustomer({ accountId, email: member.email, ...names });
      const tokenized = await provider.tokenize({ number: DEMO_CARD, month: '12', year: String(at.getUTCFullYear() + 3), cvv: '123' });
      if (!tokenized.ok) throw new Error(`demo subscription for ${member.email}: the sandbox refused its test card`);
      return {
        kind: 'charge',
        line: { member, identityId, plan, price, accountId, customerId, names, country, boughtAt, trialEndsAt },
        charge: {
          // The account is written with the paid period: a refused charge leaves no row.
          accountId: null,
          customerId,
          token: tokenized.token,
          amount: price.fullPrice,
          currency: price.currency,
          transactionKind: 'purchase',
          providerKey: `${DEMO_PURCHASE_KEY}:${customerId}`,
        },
      };
    },

    async record({ identityId, plan, price, accountId, customerId, names, country, boughtAt, trialEndsAt }, { transactionId, card }) {
      const paidAt = trialEndsAt ?? boughtAt;
      const periodEndsAt = addInterval(paidAt, plan.interval);
      return db.transaction(async (tx) => {
        const [account] = await tx
          .insert(billingAccounts)
          .values({
            id: accountId,
            identityId,
            provider: provider.name,
            providerCustomerId: customerId,
            ...names,
            countryCode: country,
            ...cardOnFile(card, boughtAt),
            createdAt: boughtAt,
          })
          .onConflictDoNothing({ target: billingAccounts.identityId })
          .returning({ id: billingAccounts.id });
        // Another process starting at the same time made it: the path gives this charge back.
        if (!account) return null;
        const subscriptionId = randomUUID();
        const invoiceId = randomUUID();
        const [subscription] = await tx
          .insert(billingSubscriptions)
          .values({
            id: subscriptionId,
            accountId,
            identityId,
            planCode: plan.code,
            state: 'ACTIVE',
            currency: price.currency,
            itemPrice: price.itemPrice,
            taxAmount: price.taxAmount,
            fullPrice: price.fullPrice,
            taxInfo: price.taxInfo,
            isTrial: false,
            purchaseKey: DEMO_PURCHASE_KEY,
            activatedAt: boughtAt,
            trialStartedAt: trialEndsAt ? boughtAt : null,
            trialEndsAt,
            currentPeriodStartedAt: paidAt,
            currentPeriodEndsAt: periodEndsAt,
            currentTermEndsAt: periodEndsAt,
            activeInvoiceId: invoiceId,
            createdAt: boughtAt,
            updatedAt: paidAt,
          })
          .returning();
        await tx.insert(billingInvoices).values({
          id: invoiceId,
          accountId,
          subscriptionId,
          state: 'paid',
          currency: price.currency,
          subtotal: price.itemPrice,
          taxAmount: price.taxAmount,
          total: price.fullPrice,
          taxInfo: price.taxInfo,
          createdAt: paidAt,
          paidAt,
        });
        await tx.insert(billingTransactions).values({
          id: randomUUID(),
          accountId,
          invoiceId,
          kind: 'purchase',
          status: 'success',
          amount: price.fullPrice,
          currency: price.currency,
          providerReference: transactionId,
          createdAt: paidAt,
        });
        return subscription!;
      });
    },

    // The renewal job first, then the grant: a membership granted by the subscription means both are done.
    async fulfil({ plan }, row) {
      await lifecycle.schedule(row);
      await grant(row, plan);
    },

    paid: () => true,
    unpaid: ({ member }, outcome) => {
      throw new Error(`demo subscription for ${member.email}: the sandbox charge answered ${outcome.status}`);
    },
    lost: () => false,
  };

  for (const member of accounts) {
    const plan = planByCode(DEMO_SUBSCRIPTION_PLANS[member.email] ?? '');
    if (!plan) continue;
    const person = await identity.people.findByEmail(member.email);
    if (!person) continue;
    if (await paidPurchases.unkeyed(demoPurchase, { member, identityId: person.identityId, plan }, person.identityId))
      subscribed.push(member.email);
  }
  return subscribed;
}
