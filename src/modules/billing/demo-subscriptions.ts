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
import type { IdentityService } from '../identity/identity-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { addInterval, planByCode, type Plan } from './catalogue.ts';
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
  provider: Pick<SandboxProvider, 'name' | 'createCustomer' | 'tokenize' | 'charge'>;
  identity: Pick<IdentityService, 'identities'>;
  memberships: Pick<MembershipsService, 'currentMembership' | 'grant'>;
  lifecycle: Pick<Lifecycle, 'schedule'>;
  /** The demo accounts (db/seed.ts DEMO_ACCOUNTS); those with a plan in DEMO_SUBSCRIPTION_PLANS get one. */
  accounts: readonly DemoMember[];
  now?: () => Date;
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
}: DemoSubscriptionsOptions): Promise<string[]> {
  const subscribed: string[] = [];

  async function grant(row: typeof billingSubscriptions.$inferSelect, plan: Plan) {
    await memberships.grant(planGrant(plan, { identityId: row.identityId, status: 'ActiveRenewing', endsAt: row.currentPeriodEndsAt }));
  }

  for (const member of accounts) {
    const plan = planByCode(DEMO_SUBSCRIPTION_PLANS[member.email] ?? '');
    if (!plan) continue;
    const person = await identity.identities.findByIdentifier(member.email);
    if (!person) continue;

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
      .where(eq(billingAccounts.identityId, person.id));
    if (existing) {
      // An earlier start that stopped after the records: the schedule and the grant come last, in that order.
      if (existing.subscription && (await memberships.currentMembership(person.id))?.source === 'demo') {
        await lifecycle.schedule(existing.subscription);
        await grant(existing.subscription, plan);
      }
      continue;
    }
    // Only over the seed's own grant: a membership someone changed stays as it is.
    if ((await memberships.currentMembership(person.id))?.source !== 'demo') continue;

    const at = now();
    const boughtAt = new Date(at);
    boughtAt.setUTCMonth(boughtAt.getUTCMonth() - DEMO_MONTHS_AGO);
    const trialEndsAt = plan.trialDays > 0 ? new Date(boughtAt.getTime() + plan.trialDays * DAY) : null;
    const paidAt = trialEndsAt ?? boughtAt;
    const periodEndsAt = addInterval(paidAt, plan.interval);
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    const country = text(member.details.country);
    const price = subscriptionPrice({ plan, currency: currencyForCountry(country), countryCode: country });

    // Through the provider, as a purchase goes: its customer, the card's token, the charge.
    const accountId = randomUUID();
    const names = { firstName: text(member.details.firstName), lastName: text(member.details.lastName) };
    const { customerId } = await provider.createCustomer({ accountId, email: member.email, ...names });
    const tokenized = await provider.tokenize({ number: DEMO_CARD, month: '12', year: String(at.getUTCFullYear() + 3), cvv: '123' });
    if (!tokenized.ok) throw new Error(`demo subscription for ${member.email}: the sandbox refused its test card`);
    const outcome = await provider.charge({
      customerId,
      token: tokenized.token,
      amount: price.fullPrice,
      currency: price.currency,
      idempotencyKey: `${DEMO_PURCHASE_KEY}:${customerId}`,
    });
    if (outcome.status !== 'success')
      throw new Error(`demo subscription for ${member.email}: the sandbox charge answered ${outcome.status}`);

    const row = await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(billingAccounts)
        .values({
          id: accountId,
          identityId: person.id,
          provider: provider.name,
          providerCustomerId: customerId,
          ...names,
          countryCode: country,
          paymentMethod: 'credit_card',
          cardType: outcome.card.cardType,
          cardExpMonth: outcome.card.expMonth,
          cardExpYear: outcome.card.expYear,
          cardFirstSix: outcome.card.firstSix,
          cardLastFour: outcome.card.lastFour,
          createdAt: boughtAt,
          updatedAt: boughtAt,
        })
        .onConflictDoNothing({ target: billingAccounts.identityId })
        .returning({ id: billingAccounts.id });
      // Another process starting at the same time made it (its charge stands; this one is the sandbox's only).
      if (!account) return null;
      const subscriptionId = randomUUID();
      const invoiceId = randomUUID();
      const [subscription] = await tx
        .insert(billingSubscriptions)
        .values({
          id: subscriptionId,
          accountId,
          identityId: person.id,
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
        providerReference: outcome.transactionId,
        createdAt: paidAt,
      });
      return subscription!;
    });
    if (!row) continue;
    // The renewal job first, then the grant: a membership granted by the subscription means both are done.
    await lifecycle.schedule(row);
    await grant(row, plan);
    subscribed.push(member.email);
  }
  return subscribed;
}
