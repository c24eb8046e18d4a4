// Buying a membership (issue 7, §3 IndividualSubscription, §8 SubscriptionPurchaseError): checks
// who may buy what, charges the card through the BillingProvider (a trial verifies it for nothing),
// records the subscription, its invoice and the transaction, grants the plan's membership and
// sends the receipt. Each purchase carries an idempotency key: the first request with a key does
// the work, a retry (a double click, a lost answer) gets the first result and never charges again.
// Purchases with different keys (ten tabs, a resubmitted form) run one at a time per member, and each
// decides whether there is anything to buy only then (purchase-claims.ts, decision 019): one charge.
//
// Student eligibility: a verified academic email that has not graduated (modules/students,
// `isVerifiedStudent`, wired in server/services.ts).
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { heldMembership } from '../memberships/terms.ts';
import { paths } from '../../shared/paths.ts';
import type { MailService } from '../mail/mail-service.ts';
import { planByCode, type Plan } from './catalogue.ts';
import { membershipEligibility, reachesFurther } from './eligibility.ts';
import { cardOf, cardOnFile } from './ledger.ts';
import { createPaidPurchases, errorReporter, type BillingLog, type PurchaseKind, type ReportError } from './paid-purchase.ts';
import {
  keyedPurchaseAnswers,
  PURCHASE_MESSAGES,
  purchaseInputSchema,
  subscriptionView,
  type Buyer,
  type PurchasedSubscription,
  type PurchaseErrorType,
  type PurchaseInput,
  type PurchaseResult,
} from './purchase-terms.ts';
import { refusal, subscriptionPurchase } from './subscription-purchase.ts';
import type { IndividualAccount } from './types.ts';
import type { BillingProvider, CardSummary } from './provider.ts';
import { billingAccounts, billingInvoices, billingSubscriptions, billingTransactions } from './schema.ts';

// The purchase's words live in purchase-terms.ts; the pages, GraphQL and tests import them from here too.
export {
  PURCHASE_ERROR_TYPES,
  PURCHASE_MESSAGES,
  purchaseInputSchema,
  subscriptionView,
  type PurchasedSubscription,
  type PurchaseErrorType,
  type PurchaseInput,
  type PurchaseResult,
} from './purchase-terms.ts';

export const UPDATE_CARD_MESSAGES = {
  NO_ACCOUNT: 'There is no card on file to replace: you have not bought a membership.',
  MISSING_TOKEN: 'Enter your card details. The card form needs JavaScript, so your card goes straight to our payment provider.',
  THREE_D_SECURE: 'This card needs your bank to confirm it is you, which replacing a card does not support yet. Please use another card.',
} as const;

export type UpdateCardResult = { kind: 'success'; card: CardSummary } | { kind: 'error'; message: string };

/** An invoice's receipt (the membership page's "Receipt" link): only ever its owner's. */
export interface Receipt {
  id: string;
  issuedAt: string;
  paidAt: string | null;
  state: 'paid' | 'refunded';
  currency: string;
  description: string;
  /** Minor units: after any discount, before tax. */
  subtotal: number;
  discountAmount: number;
  couponCode: string | null;
  taxAmount: number;
  taxInfo: { rate: number; type: string };
  total: number;
  billedTo: { name: string | null; countryCode: string | null; postalCode: string | null };
  card: CardSummary | null;
}

/** What the membership page shows about billing: the card, each subscription with its price, the invoices. */
export interface BillingOverview {
  card: CardSummary | null;
  subscriptions: (PurchasedSubscription & {
    state: string;
    activatedAt: string | null;
    currentPeriodStartedAt: string | null;
    canceledAt: string | null;
    expiresAt: string | null;
    interval: Plan['interval'] | null;
  })[];
  invoices: { id: string; createdAt: string; total: number; currency: string; state: string }[];
}

export interface BillingServiceOptions {
  db: Db;
  provider: BillingProvider;
  memberships: Pick<MembershipsService, 'currentMembership' | 'grant'>;
  mail: Pick<MailService, 'send'>;
  /** The buyer's email and names (for the provider's customer and the receipt). */
  personOf: (identityId: string) => Promise<{ email: string; firstName: string | null; lastName: string | null } | null>;
  siteUrl: string;
  /** Whether the person may buy a student plan (modules/students). */
  isVerifiedStudent: (identityId: string) => Promise<boolean>;
  now?: () => Date;
  /** How long a retry waits for the first request with its key (or the member's purchase in progress) to finish. */
  inProgressWaitMs?: number;
  /** The app's logger (pino): failures the service answers for are logged through it. */
  log?: BillingLog;
  /** Overrides `log` (tests collect what was reported). */
  onError?: ReportError;
  /** The lifecycle jobs (lifecycle.ts): scheduled after each successful purchase. */
  lifecycle?: { schedule(row: typeof billingSubscriptions.$inferSelect): Promise<void> };
}

export function createBillingService({
  db,
  provider,
  memberships,
  mail,
  personOf,
  siteUrl,
  isVerifiedStudent,
  now = () => new Date(),
  inProgressWaitMs = 20_000,
  log,
  onError: reportError,
  lifecycle,
}: BillingServiceOptions) {
  const onError = errorReporter({ log, onError: reportError });
  const accountManagementUrl = new URL(paths.membership(), `${siteUrl}/`).toString();
  async function hasUsedTrial(identityId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.identityId, identityId), eq(billingSubscriptions.isTrial, true)))
      .limit(1);
    return Boolean(row);
  }

  /** Why this person may not buy this plan now, or null when they may (before any card is involved). */
  async function purchaseRefusal(
    identityId: string,
    plan: Plan,
    buyer: Buyer = plan.audience === 'student' ? 'student' : 'individual',
  ): Promise<PurchaseErrorType | null> {
    if (buyer === 'student' && !(await isVerifiedStudent(identityId))) return 'INELIGIBLE_FOR_STUDENT_MEMBERSHIP';
    const held = heldMembership(await memberships.currentMembership(identityId, 'individual'));
    if (held.level !== 'None') {
      const { isEligibleForUpgrade } = membershipEligibility({ membershipLevel: held.level, membershipType: held.type });
      const higher = reachesFurther(plan.membershipLevel, held.level);
      return isEligibleForUpgrade && higher ? 'HAS_UPGRADEABLE_MEMBERSHIP' : 'ALREADY_HAS_MEMBERSHIP';
    }
    const [active] = await db
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.identityId, identityId), eq(billingSubscriptions.state, 'ACTIVE')))
      .limit(1);
    if (active) return 'ALREADY_HAS_MEMBERSHIP';
    if (plan.trialDays > 0 && (await hasUsedTrial(identityId))) return 'INELIGIBLE_FOR_TRIAL';
    return null;
  }

  const paidPurchases = createPaidPurchases({ db, provider, now, inProgressWaitMs, onError });
  const newSubscription = subscriptionPurchase({ db, provider, memberships, mail, personOf, siteUrl, now, lifecycle, purchaseRefusal });
  const purchaseUnderKey = paidPurchases.keyed<PurchaseResult>(
    keyedPurchaseAnswers(
      'purchase',
      (message) => refusal('TRANSACTION_ERROR', message),
      (result) => result.kind === 'three_d_secure',
    ),
  );

  async function purchase(buyer: Buyer, raw: PurchaseInput): Promise<PurchaseResult> {
    const parsed = purchaseInputSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const input = parsed.data;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([buyer, input.planCode, input.currency.toUpperCase(), input.cardToken]))
      .digest('hex');
    return purchaseUnderKey(
      newSubscription,
      { buyer, input },
      { identityId: input.identityId, key: input.idempotencyKey, fingerprint, resuming: Boolean(input.threeDSecureActionResultToken) },
    );
  }

  // viewer.individualAccount is read on every account page and by every signed-in client: one
  // round trip (the account and its subscriptions joined), built once and prepared on the server,
  // instead of two queries built afresh per request (a third of its CPU, issue 15, decision 055).
  const individualAccountRows = db
    .select({
      account: {
        id: billingAccounts.id,
        countryCode: billingAccounts.countryCode,
        postalCode: billingAccounts.postalCode,
        firstName: billingAccounts.firstName,
        lastName: billingAccounts.lastName,
        paymentMethod: billingAccounts.paymentMethod,
        cardType: billingAccounts.cardType,
        cardExpMonth: billingAccounts.cardExpMonth,
        cardExpYear: billingAccounts.cardExpYear,
        cardFirstSix: billingAccounts.cardFirstSix,
        cardLastFour: billingAccounts.cardLastFour,
      },
      subscription: {
        id: billingSubscriptions.id,
        planCode: billingSubscriptions.planCode,
        state: billingSubscriptions.state,
        currency: billingSubscriptions.currency,
        activatedAt: billingSubscriptions.activatedAt,
        canceledAt: billingSubscriptions.canceledAt,
        expiresAt: billingSubscriptions.expiresAt,
        trialEndsAt: billingSubscriptions.trialEndsAt,
        currentPeriodEndsAt: billingSubscriptions.currentPeriodEndsAt,
        currentTermEndsAt: billingSubscriptions.currentTermEndsAt,
        activeInvoiceId: billingSubscriptions.activeInvoiceId,
        isInDunning: billingSubscriptions.isInDunning,
      },
    })
    .from(billingAccounts)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.accountId, billingAccounts.id))
    .where(eq(billingAccounts.identityId, sql.placeholder('identityId')))
    .orderBy(desc(billingSubscriptions.createdAt), sql`${billingSubscriptions.id}`)
    .prepare('billing_individual_account');

  /** §3 IndividualAccount from our records, or null for someone who never paid. */
  async function individualAccount(identityId: string): Promise<IndividualAccount | null> {
    const rows = await individualAccountRows.execute({ identityId });
    const account = rows[0]?.account;
    if (!account) return null;
    return {
      accountId: account.id,
      accountManagementUrl,
      billingInfo: {
        countryCode: account.countryCode,
        postalCode: account.postalCode,
        firstName: account.firstName,
        lastName: account.lastName,
        paymentMethod: account.paymentMethod,
        creditCardInfo: cardOf(account),
      },
      subscriptions: rows.flatMap(({ subscription: row }) =>
        row
          ? [
              {
                uuid: row.id,
                planCode: row.planCode,
                state: row.state,
                currency: row.currency,
                activatedAt: row.activatedAt,
                cancelledAt: row.canceledAt,
                expiresAt: row.expiresAt,
                trialEndsAt: row.trialEndsAt,
                currentPeriodEndsAt: row.currentPeriodEndsAt,
                currentTermEndsAt: row.currentTermEndsAt,
                activeInvoiceId: row.activeInvoiceId,
                isInDunning: row.isInDunning,
                cancellationCoupon: null,
              },
            ]
          : [],
      ),
    };
  }

  /**
   * One invoice as its receipt, only for the person it was issued to (null otherwise, and for an
   * unknown or malformed id): what was bought, the price before and after tax, who paid and how.
   */
  async function receipt(identityId: string, invoiceId: string): Promise<Receipt | null> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    // The holder (a person, or an organisation for a team's receipts) and the invoice are uuids; anything else is no receipt.
    if (!uuid.test(invoiceId) || !uuid.test(identityId)) return null;
    const [row] = await db
      .select({ invoice: billingInvoices, account: billingAccounts, planCode: billingSubscriptions.planCode })
      .from(billingInvoices)
      .innerJoin(billingAccounts, eq(billingAccounts.id, billingInvoices.accountId))
      .leftJoin(billingSubscriptions, eq(billingSubscriptions.id, billingInvoices.subscriptionId))
      .where(and(eq(billingInvoices.id, invoiceId), eq(billingAccounts.identityId, identityId)));
    if (!row) return null;
    const { invoice, account } = row;
    const plan = row.planCode ? planByCode(row.planCode) : null;
    return {
      id: invoice.id,
      issuedAt: invoice.createdAt.toISOString(),
      paidAt: invoice.paidAt?.toISOString() ?? null,
      state: invoice.state,
      currency: invoice.currency,
      description: plan
        ? `${plan.title} membership${invoice.upgradedFromPlan ? ` (upgrade from ${planByCode(invoice.upgradedFromPlan)?.title ?? invoice.upgradedFromPlan})` : ''}`
        : 'Membership',
      subtotal: invoice.subtotal,
      discountAmount: invoice.discountAmount,
      couponCode: invoice.couponCode,
      taxAmount: invoice.taxAmount,
      taxInfo: invoice.taxInfo,
      total: invoice.total,
      billedTo: {
        name: [account.firstName, account.lastName].filter(Boolean).join(' ') || null,
        countryCode: account.countryCode,
        postalCode: account.postalCode,
      },
      card: cardOf(account),
    };
  }

  /** The membership page's billing: null for someone who never paid. */
  async function billingOverview(identityId: string): Promise<BillingOverview | null> {
    const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
    if (!account) return null;
    const [subscriptions, invoices] = await Promise.all([
      db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.accountId, account.id))
        .orderBy(desc(billingSubscriptions.createdAt), sql`${billingSubscriptions.id}`),
      db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.accountId, account.id))
        .orderBy(desc(billingInvoices.createdAt), sql`${billingInvoices.id}`),
    ]);
    const iso = (value: Date | null) => value?.toISOString() ?? null;
    return {
      card: cardOf(account),
      subscriptions: subscriptions.map((row) => {
        const plan = planByCode(row.planCode);
        return {
          ...subscriptionView(row, plan),
          state: row.state,
          activatedAt: iso(row.activatedAt),
          currentPeriodStartedAt: iso(row.currentPeriodStartedAt),
          canceledAt: iso(row.canceledAt),
          expiresAt: iso(row.expiresAt),
          interval: plan?.interval ?? null,
        };
      }),
      invoices: invoices.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        total: row.total,
        currency: row.currency,
        state: row.state,
      })),
    };
  }

  /** A card check as a purchase kind: a zero-amount verification, whose record is the new card on file. */
  const cardCheck: PurchaseKind<
    { identityId: string; token: string },
    { accountId: string; currency: string },
    CardSummary,
    UpdateCardResult
  > = {
    async decide({ identityId, token }) {
      const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
      if (!account) return { kind: 'answer', result: { kind: 'error', message: UPDATE_CARD_MESSAGES.NO_ACCOUNT }, store: false };
      const [latest] = await db
        .select({ currency: billingSubscriptions.currency })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.accountId, account.id))
        .orderBy(desc(billingSubscriptions.createdAt))
        .limit(1);
      const currency = latest?.currency ?? 'GBP';
      return {
        kind: 'charge',
        line: { accountId: account.id, currency },
        charge: {
          accountId: account.id,
          customerId: account.providerCustomerId,
          token,
          amount: 0,
          currency,
          transactionKind: 'verify',
          // One verification per token: a double submit gets the first outcome.
          providerKey: `${identityId}:card-update:${token}`,
        },
      };
    },
    async record({ accountId, currency }, { transactionId, card, at }) {
      await db.transaction(async (tx) => {
        await tx.insert(billingTransactions).values({
          id: randomUUID(),
          accountId,
          kind: 'verify',
          status: 'success',
          amount: 0,
          currency,
          providerReference: transactionId,
          createdAt: at,
        });
        await tx.update(billingAccounts).set(cardOnFile(card, at)).where(eq(billingAccounts.id, accountId));
      });
      return card;
    },
    fulfil: async () => {},
    paid: (_line, card) => ({ kind: 'success', card }),
    unpaid: (_line, outcome) =>
      outcome.status === 'three_d_secure_required'
        ? { kind: 'error', message: UPDATE_CARD_MESSAGES.THREE_D_SECURE }
        : { kind: 'error', message: outcome.message },
    // Nothing can take a card check's place: its record is unconditional.
    lost: () => ({ kind: 'error', message: PURCHASE_MESSAGES.TRANSACTION_ERROR }),
  };

  /**
   * Replaces the card on file with the one behind `cardToken`: the provider checks it with a
   * zero-amount verification (a declined card is refused and the old card stays), then the
   * account keeps the new card's summary. Future renewals use it.
   */
  async function updateCard({ identityId, cardToken }: { identityId: string; cardToken: string }): Promise<UpdateCardResult> {
    const token = cardToken.trim();
    if (!token || token.length > 200) return { kind: 'error', message: UPDATE_CARD_MESSAGES.MISSING_TOKEN };
    try {
      return await paidPurchases.unkeyed(cardCheck, { identityId, token }, identityId);
    } catch (error) {
      onError(error, 'card update failed');
      return { kind: 'error', message: PURCHASE_MESSAGES.TRANSACTION_ERROR };
    }
  }

  return {
    provider,
    hasUsedTrial,
    billingOverview,
    receipt,
    updateCard,
    purchaseRefusal,
    individualAccount,
    purchaseIndividualSubscription: (input: PurchaseInput) => purchase('individual', input),
    purchaseStudentSubscription: (input: PurchaseInput) => purchase('student', input),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
