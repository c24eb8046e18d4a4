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
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';
import type { Db } from '../../db/database.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { heldMembership } from '../memberships/terms.ts';
import { paths } from '../../shared/paths.ts';
import type { MailService } from '../mail/mail-service.ts';
import { addInterval, planByCode, type Plan } from './catalogue.ts';
import { planGrant } from './plan-grant.ts';
import { membershipEligibility, reachesFurther } from './eligibility.ts';
import { createIdempotencyKeys } from './idempotency.ts';
import { cardOf, cardOnFile, failedTransaction, failureAnswer, giveBack, startProgress, type ChargeProgress } from './ledger.ts';
import { createPurchaseClaims } from './purchase-claims.ts';
import type { IndividualAccount } from './types.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { parseCurrency, subscriptionPrice, type SubscriptionPrice } from './pricing.ts';
import type { BillingProvider, CardSummary, ChargeOutcome } from './provider.ts';
import { billingAccounts, billingInvoices, billingSubscriptions, billingTransactions } from './schema.ts';

export const PURCHASE_ERROR_TYPES = [
  'ALREADY_HAS_MEMBERSHIP',
  'HAS_UPGRADEABLE_MEMBERSHIP',
  'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
  'INELIGIBLE_FOR_TRIAL',
  'INVALID_CURRENCY',
  'PURCHASE_ERROR',
  'TRANSACTION_ERROR',
] as const;
export type PurchaseErrorType = (typeof PURCHASE_ERROR_TYPES)[number];

export const PURCHASE_MESSAGES = {
  ALREADY_HAS_MEMBERSHIP: 'You already have a membership, so there is nothing to buy. Your account page shows what it includes.',
  HAS_UPGRADEABLE_MEMBERSHIP: 'You already have a membership. Upgrade it instead of buying a second one.',
  INELIGIBLE_FOR_STUDENT_MEMBERSHIP: 'Student membership needs a verified academic email address. Verify yours first.',
  INELIGIBLE_FOR_TRIAL: 'You have already had a free trial. Choose a plan without a trial to join.',
  INVALID_CURRENCY: 'We sell memberships in EUR, GBP, INR and USD. Choose one of those currencies.',
  TRANSACTION_ERROR: 'We could not complete the payment just now. Nothing was charged; please try again in a few minutes.',
  KEY_REUSED: 'This purchase was already attempted with different details. Please start again.',
  IN_PROGRESS: 'This purchase is still being processed. Check your account before trying again.',
  ACCOUNT_BUSY:
    'Another purchase on your account is still being processed, so this one was not made and nothing was charged for it. Check your account before trying again.',
  THREE_D_SECURE: 'Your bank needs to confirm it is you before the card is charged.',
} as const;

export const UPDATE_CARD_MESSAGES = {
  NO_ACCOUNT: 'There is no card on file to replace: you have not bought a membership.',
  MISSING_TOKEN: 'Enter your card details. The card form needs JavaScript, so your card goes straight to our payment provider.',
  THREE_D_SECURE: 'This card needs your bank to confirm it is you, which replacing a card does not support yet. Please use another card.',
} as const;

export type UpdateCardResult = { kind: 'success'; card: CardSummary } | { kind: 'error'; message: string };

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

/** §3 IndividualSubscription, with the dates the confirmation shows. JSON-safe (kept with the idempotency key). */
export interface PurchasedSubscription {
  id: string;
  accountId: string;
  planCode: string;
  title: string;
  isTrial: boolean;
  trialEndsAt: string | null;
  currentPeriodEndsAt: string | null;
  price: SubscriptionPrice;
}

export type PurchaseResult =
  | { kind: 'success'; subscription: PurchasedSubscription }
  | { kind: 'error'; type: PurchaseErrorType; message: string }
  | {
      kind: 'three_d_secure';
      accountCode: string;
      code: 'three_d_secure_action_required';
      recurlyToken: string;
      threeDSecureActionToken: string;
      message: string;
    }
  | { kind: 'invalid'; fieldErrors: FieldError[] };

export const purchaseInputSchema = z.object({
  identityId: z.uuid(),
  planCode: safeText().trim().min(1, 'Choose a plan.').max(100),
  currency: safeText().trim().min(1, 'Choose a currency.').max(10),
  billingInfo: z.object({
    firstName: safeText().trim().min(1, 'Enter your first name.').max(100, 'Use at most 100 characters.'),
    lastName: safeText().trim().min(1, 'Enter your last name.').max(100, 'Use at most 100 characters.'),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Choose your country.'),
    postalCode: safeText().trim().max(20, 'Use at most 20 characters.').nullish(),
  }),
  cardToken: safeText().trim().min(1, 'Enter your card details.').max(200),
  idempotencyKey: safeText().trim().min(8, 'A purchase key has at least 8 characters.').max(255),
  threeDSecureActionResultToken: safeText().trim().min(1).max(200).nullish(),
});
export type PurchaseInput = z.input<typeof purchaseInputSchema>;
type Purchase = z.output<typeof purchaseInputSchema>;
type PurchaseKind = 'individual' | 'student';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** §3 IndividualSubscription from its row. */
export function subscriptionView(
  row: typeof billingSubscriptions.$inferSelect,
  plan: Plan | null = planByCode(row.planCode),
): PurchasedSubscription {
  return {
    id: row.id,
    accountId: row.accountId,
    planCode: row.planCode,
    title: plan?.title ?? row.planCode,
    isTrial: row.isTrial,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    currentPeriodEndsAt: row.currentPeriodEndsAt?.toISOString() ?? null,
    price: {
      currency: row.currency as SubscriptionPrice['currency'],
      itemPrice: row.itemPrice,
      fullPrice: row.fullPrice,
      taxAmount: row.taxAmount,
      taxInfo: row.taxInfo as SubscriptionPrice['taxInfo'],
    },
  };
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
  onError?: (error: unknown, context: string) => void;
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
  onError = (error, context) => console.error(`billing: ${context}`, error),
  lifecycle,
}: BillingServiceOptions) {
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
    kind: PurchaseKind = plan.audience === 'student' ? 'student' : 'individual',
  ): Promise<PurchaseErrorType | null> {
    if (kind === 'student' && !(await isVerifiedStudent(identityId))) return 'INELIGIBLE_FOR_STUDENT_MEMBERSHIP';
    const held = heldMembership(await memberships.currentMembership(identityId));
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

  const refusal = (
    type: PurchaseErrorType,
    message: string = PURCHASE_MESSAGES[type as keyof typeof PURCHASE_MESSAGES],
  ): PurchaseResult => ({ kind: 'error', type, message });

  const keys = createIdempotencyKeys<PurchaseResult>({
    db,
    now,
    inProgressWaitMs,
    reused: () => refusal('TRANSACTION_ERROR', PURCHASE_MESSAGES.KEY_REUSED),
    stillInProgress: () => refusal('TRANSACTION_ERROR', PURCHASE_MESSAGES.IN_PROGRESS),
    isPending: (result) => result.kind === 'three_d_secure',
  });
  const claims = createPurchaseClaims({ db, now, waitMs: inProgressWaitMs, onError });

  // ---------- Records ----------

  async function ensureAccount(identityId: string, billing: Purchase['billingInfo']) {
    const [existing] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
    const details = {
      firstName: billing.firstName,
      lastName: billing.lastName,
      countryCode: billing.countryCode,
      postalCode: billing.postalCode || null,
      updatedAt: now(),
    };
    if (existing) {
      await db.update(billingAccounts).set(details).where(eq(billingAccounts.id, existing.id));
      return { ...existing, ...details };
    }
    const id = randomUUID();
    const person = await personOf(identityId);
    const { customerId } = await provider.createCustomer({
      accountId: id,
      email: person?.email ?? null,
      firstName: billing.firstName,
      lastName: billing.lastName,
    });
    const [inserted] = await db
      .insert(billingAccounts)
      .values({ id, identityId, provider: provider.name, providerCustomerId: customerId, ...details, createdAt: now() })
      .onConflictDoNothing({ target: billingAccounts.identityId })
      .returning();
    if (inserted) return inserted;
    // Another purchase made the account meanwhile.
    const [winner] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
    return winner!;
  }

  async function recordAttempt(
    accountId: string,
    kind: 'verify' | 'purchase',
    amount: number,
    currency: string,
    outcome: Exclude<ChargeOutcome, { status: 'success' }>,
  ) {
    await db.insert(billingTransactions).values(failedTransaction(accountId, kind, amount, currency, outcome, now()));
  }

  async function grantFor(row: typeof billingSubscriptions.$inferSelect, plan: Plan) {
    await memberships.grant(
      planGrant(plan, {
        identityId: row.identityId,
        status: row.isTrial ? 'ActiveTrial' : 'ActiveRenewing',
        startsAt: row.activatedAt ?? now(),
        endsAt: row.currentPeriodEndsAt,
      }),
    );
  }

  async function sendReceipt(
    identityId: string,
    subscription: PurchasedSubscription,
    plan: Plan,
    card: { cardType: string; lastFour: string },
  ) {
    const person = await personOf(identityId);
    if (!person) return;
    const { price } = subscription;
    const tax = taxLabel(price.taxInfo);
    const per = plan.interval === 'year' ? 'a year' : 'a month';
    const lines = [
      { label: 'Plan', value: `${plan.title} (${plan.interval === 'year' ? 'yearly' : 'monthly'})` },
      { label: 'Price', value: formatMoney(price.itemPrice, price.currency) },
      ...(tax ? [{ label: tax, value: formatMoney(price.taxAmount, price.currency) }] : []),
      { label: 'Charged today', value: formatMoney(subscription.isTrial ? 0 : price.fullPrice, price.currency) },
      { label: 'Card', value: `${card.cardType} ending ${card.lastFour}` },
    ];
    const note = subscription.isTrial
      ? `Your free trial ends on ${formatDay(subscription.trialEndsAt!)}. Then ${formatMoney(price.fullPrice, price.currency)} ${per}, unless you cancel before.`
      : `Your membership renews on ${formatDay(subscription.currentPeriodEndsAt!)} at ${formatMoney(price.fullPrice, price.currency)} ${per}, unless you cancel before.`;
    await mail.send({ to: person.email, template: 'receipt', data: { planTitle: plan.title, lines, note, link: `${siteUrl}/` } });
  }

  /**
   * The part after the key and the member's account are claimed. `store` says whether the result
   * belongs to the key (anything after the card); `progress` says how far it got, should it throw.
   */
  async function execute(
    kind: PurchaseKind,
    input: Purchase,
    progress: ChargeProgress,
  ): Promise<{ result: PurchaseResult; store: boolean }> {
    const { identityId } = input;
    const plan = planByCode(input.planCode);

    // A retry of a purchase that charged and recorded, then failed later (granting, the receipt): finish it.
    const [made] = await db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.identityId, identityId), eq(billingSubscriptions.purchaseKey, input.idempotencyKey)));
    if (made && plan) {
      const held = heldMembership(await memberships.currentMembership(identityId));
      if (held.planCode !== plan.code) await grantFor(made, plan);
      return { result: { kind: 'success', subscription: subscriptionView(made, plan) }, store: true };
    }

    if (!plan || (kind === 'student') !== (plan.audience === 'student')) {
      const message = !plan
        ? 'There is no such plan.'
        : kind === 'student'
          ? 'This is not a student plan.'
          : 'Student plans are bought on the student page.';
      return { result: { kind: 'invalid', fieldErrors: [{ path: ['planCode'], code: 'unknown_plan', message }] }, store: false };
    }
    const currency = parseCurrency(input.currency);
    if (!currency) return { result: refusal('INVALID_CURRENCY'), store: false };
    const refused = await purchaseRefusal(identityId, plan, kind);
    if (refused) return { result: refusal(refused), store: false };

    const isTrial = plan.trialDays > 0;
    const price = subscriptionPrice({ plan, currency, countryCode: input.billingInfo.countryCode });
    const amount = isTrial ? 0 : price.fullPrice;
    const chargeKind = isTrial ? 'verify' : 'purchase';
    const account = await ensureAccount(identityId, input.billingInfo);
    progress.asked = true;
    const outcome = await provider.charge({
      customerId: account.providerCustomerId,
      token: input.cardToken,
      amount,
      currency,
      idempotencyKey: `${identityId}:${input.idempotencyKey}`,
      threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? null,
    });

    if (outcome.status !== 'success') {
      await recordAttempt(account.id, chargeKind, amount, currency, outcome);
      switch (outcome.status) {
        case 'three_d_secure_required':
          return {
            result: {
              kind: 'three_d_secure',
              accountCode: account.id,
              code: 'three_d_secure_action_required',
              recurlyToken: input.cardToken,
              threeDSecureActionToken: outcome.actionToken,
              message: PURCHASE_MESSAGES.THREE_D_SECURE,
            },
            store: true,
          };
        case 'declined':
        case 'insufficient_funds':
          return { result: refusal('PURCHASE_ERROR', outcome.message), store: true };
        case 'error':
          return { result: refusal('TRANSACTION_ERROR', outcome.message), store: true };
      }
    }

    const charge = { transactionId: outcome.transactionId, amount, currency, refundKey: `${identityId}:${input.idempotencyKey}:refund` };
    progress.charged = charge;
    const at = now();
    const trialEndsAt = isTrial ? new Date(at.getTime() + plan.trialDays * 86_400_000) : null;
    const periodEndsAt = trialEndsAt ?? addInterval(at, plan.interval);
    let row: typeof billingSubscriptions.$inferSelect;
    try {
      row = await db.transaction(async (tx) => {
        const subscriptionId = randomUUID();
        const invoiceId = randomUUID();
        const [subscription] = await tx
          .insert(billingSubscriptions)
          .values({
            id: subscriptionId,
            accountId: account.id,
            identityId,
            planCode: plan.code,
            state: 'ACTIVE',
            currency,
            itemPrice: price.itemPrice,
            taxAmount: price.taxAmount,
            fullPrice: price.fullPrice,
            taxInfo: price.taxInfo,
            isTrial,
            purchaseKey: input.idempotencyKey,
            activatedAt: at,
            trialStartedAt: isTrial ? at : null,
            trialEndsAt,
            currentPeriodStartedAt: at,
            currentPeriodEndsAt: periodEndsAt,
            currentTermEndsAt: periodEndsAt,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await tx.insert(billingInvoices).values({
          id: invoiceId,
          accountId: account.id,
          subscriptionId,
          state: 'paid',
          currency,
          subtotal: isTrial ? 0 : price.itemPrice,
          taxAmount: isTrial ? 0 : price.taxAmount,
          total: amount,
          taxInfo: price.taxInfo,
          createdAt: at,
          paidAt: at,
        });
        await tx.insert(billingTransactions).values({
          id: randomUUID(),
          accountId: account.id,
          invoiceId,
          kind: chargeKind,
          status: 'success',
          amount,
          currency,
          providerReference: outcome.transactionId,
          createdAt: at,
        });
        await tx.update(billingSubscriptions).set({ activeInvoiceId: invoiceId }).where(eq(billingSubscriptions.id, subscriptionId));
        await tx.update(billingAccounts).set(cardOnFile(outcome.card, at)).where(eq(billingAccounts.id, account.id));
        return { ...subscription!, activeInvoiceId: invoiceId };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // An active subscription made outside this member's purchase claim (an admin, the demo seed) got there first.
      return {
        result: refusal(
          'ALREADY_HAS_MEMBERSHIP',
          `${PURCHASE_MESSAGES.ALREADY_HAS_MEMBERSHIP} ${await giveBack(provider, charge, onError)}`,
        ),
        store: true,
      };
    }
    progress.recorded = true;

    await grantFor(row, plan);
    await lifecycle?.schedule(row);
    const subscription = subscriptionView(row, plan);
    try {
      await sendReceipt(identityId, subscription, plan, outcome.card);
    } catch (error) {
      // The purchase stands; the outbox keeps what it could not deliver, and a write failure is logged.
      onError(error, 'receipt not sent');
    }
    return { result: { kind: 'success', subscription }, store: true };
  }

  async function purchase(kind: PurchaseKind, raw: PurchaseInput): Promise<PurchaseResult> {
    const parsed = purchaseInputSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const input = parsed.data;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([kind, input.planCode, input.currency.toUpperCase(), input.cardToken]))
      .digest('hex');
    const claim = await keys.claim(input.identityId, input.idempotencyKey, fingerprint, Boolean(input.threeDSecureActionResultToken));
    if (claim.kind === 'result') return claim.result;
    const progress = startProgress();
    try {
      const claimed = await claims.whileClaimed(input.identityId, () => execute(kind, input, progress));
      const { result, store } =
        claimed.kind === 'done' ? claimed.value : { result: refusal('TRANSACTION_ERROR', PURCHASE_MESSAGES.ACCOUNT_BUSY), store: false };
      if (store) await keys.settle(input.identityId, input.idempotencyKey, result);
      else await keys.release(input.identityId, input.idempotencyKey);
      return result;
    } catch (error) {
      onError(error, 'purchase failed');
      const { message, keep } = await failureAnswer(progress, PURCHASE_MESSAGES.TRANSACTION_ERROR, provider, onError);
      const result = refusal('TRANSACTION_ERROR', message);
      await (
        keep ? keys.settle(input.identityId, input.idempotencyKey, result) : keys.release(input.identityId, input.idempotencyKey)
      ).catch((cause: unknown) => onError(cause, 'could not settle or release the idempotency key'));
      return result;
    }
  }

  /** §3 IndividualAccount from our records, or null for someone who never paid. */
  async function individualAccount(identityId: string): Promise<IndividualAccount | null> {
    const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
    if (!account) return null;
    const subscriptions = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.accountId, account.id))
      .orderBy(desc(billingSubscriptions.createdAt), sql`${billingSubscriptions.id}`);
    const card = cardOf(account);
    return {
      accountId: account.id,
      accountManagementUrl: new URL(paths.membership(), `${siteUrl}/`).toString(),
      billingInfo: {
        countryCode: account.countryCode,
        postalCode: account.postalCode,
        firstName: account.firstName,
        lastName: account.lastName,
        paymentMethod: account.paymentMethod,
        creditCardInfo: card,
      },
      subscriptions: subscriptions.map((row) => ({
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
      })),
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

  /**
   * Replaces the card on file with the one behind `cardToken`: the provider checks it with a
   * zero-amount verification (a declined card is refused and the old card stays), then the
   * account keeps the new card's summary. Future renewals use it.
   */
  async function updateCard({ identityId, cardToken }: { identityId: string; cardToken: string }): Promise<UpdateCardResult> {
    const token = cardToken.trim();
    if (!token || token.length > 200) return { kind: 'error', message: UPDATE_CARD_MESSAGES.MISSING_TOKEN };
    const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
    if (!account) return { kind: 'error', message: UPDATE_CARD_MESSAGES.NO_ACCOUNT };
    const currency =
      (
        await db
          .select({ currency: billingSubscriptions.currency })
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.accountId, account.id))
          .orderBy(desc(billingSubscriptions.createdAt))
          .limit(1)
      )[0]?.currency ?? 'GBP';
    let outcome: ChargeOutcome;
    try {
      // One verification per token: a double submit gets the first outcome.
      outcome = await provider.charge({
        customerId: account.providerCustomerId,
        token,
        amount: 0,
        currency,
        idempotencyKey: `${identityId}:card-update:${token}`,
      });
    } catch (error) {
      onError(error, 'card update failed');
      return { kind: 'error', message: PURCHASE_MESSAGES.TRANSACTION_ERROR };
    }
    const at = now();
    if (outcome.status !== 'success') {
      await recordAttempt(account.id, 'verify', 0, currency, outcome);
      if (outcome.status === 'three_d_secure_required') return { kind: 'error', message: UPDATE_CARD_MESSAGES.THREE_D_SECURE };
      return { kind: 'error', message: outcome.message };
    }
    await db.transaction(async (tx) => {
      await tx.insert(billingTransactions).values({
        id: randomUUID(),
        accountId: account.id,
        kind: 'verify',
        status: 'success',
        amount: 0,
        currency,
        providerReference: outcome.transactionId,
        createdAt: at,
      });
      await tx.update(billingAccounts).set(cardOnFile(outcome.card, at)).where(eq(billingAccounts.id, account.id));
    });
    return { kind: 'success', card: outcome.card };
  }

  return {
    provider,
    hasUsedTrial,
    billingOverview,
    updateCard,
    purchaseRefusal,
    individualAccount,
    purchaseIndividualSubscription: (input: PurchaseInput) => purchase('individual', input),
    purchaseStudentSubscription: (input: PurchaseInput) => purchase('student', input),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
