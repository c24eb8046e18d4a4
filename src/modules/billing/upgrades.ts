// Upgrading a membership (issue 7 "Upgrades", §3 SubscriptionUpgradePreview, §8 SubscriptionUpgradeError).
//
// The rule (decided here, docs/decisions/014-upgrades-start-a-new-period.md): an upgrade takes
// effect at once and starts a new billing period on the new plan. The member is credited for the
// unused part of what they paid for the current period (`proRata`, pro rata by time, before tax —
// nothing during a free trial, which the upgrade ends), pays the new plan's fee less that credit,
// plus tax at the subscription's rate (`dueToday`), and from then on renews at the new plan's full
// price (`total`). One subscription row changes plan; the membership is granted at the new level
// at once. Charged to the card on file, or to a new card token; idempotent like purchases, and one at
// a time per member with them (purchase-claims.ts, decision 019): what to upgrade is decided only then.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';
import type { Db } from '../../db/database.ts';
import { paths } from '../../shared/paths.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { addInterval, listedPlans, planByCode, type Currency, type Plan } from './catalogue.ts';
import { planGrant } from './plan-grant.ts';
import { reachesFurther } from './eligibility.ts';
import { cardOf, cardOnFile, writePaidInvoice } from './ledger.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { parseCurrency, type TaxInfo } from './pricing.ts';
import {
  createPaidPurchases,
  errorReporter,
  threeDSecureAnswer,
  type BillingLog,
  type PurchaseKind,
  type ReportError,
} from './paid-purchase.ts';
import { CARD_ON_FILE_TOKEN, type BillingProvider, type CardSummary } from './provider.ts';
import { billingAccounts, billingInvoices, billingSubscriptions } from './schema.ts';
import { subscriptionView, type PurchasedSubscription } from './purchase-terms.ts';
import { taxAmount } from './tax/index.ts';

export const UPGRADE_ERROR_TYPES = [
  'NO_SUBSCRIPTION',
  'NOT_AN_UPGRADE',
  'INVALID_CURRENCY',
  'NO_CARD',
  'PAYMENT_DECLINED',
  'TRANSACTION_ERROR',
] as const;
export type UpgradeErrorType = (typeof UPGRADE_ERROR_TYPES)[number];

export const UPGRADE_MESSAGES = {
  NO_SUBSCRIPTION: 'You have no active membership to upgrade. Choose a membership to join instead.',
  NOT_AN_UPGRADE: 'That plan does not add to your membership. Choose one of the plans above yours.',
  NO_CARD: 'There is no card on file to charge. Add a card on your membership page, or enter one here.',
  TRANSACTION_ERROR: 'We could not complete the payment just now. Nothing was charged; please try again in a few minutes.',
  KEY_REUSED: 'This upgrade was already attempted with different details. Please start again.',
  IN_PROGRESS: 'This upgrade is still being processed. Check your membership page before trying again.',
  ACCOUNT_BUSY:
    'Another purchase on your account is still being processed, so this upgrade was not made and nothing was charged for it. Check your membership page before trying again.',
  THREE_D_SECURE: 'Your bank needs to confirm it is you before the card is charged.',
} as const;

const invalidCurrencyMessage = (currency: string) => `Your membership is billed in ${currency}, so its upgrade is too.`;

/** §3 SubscriptionUpgradePreview. Integer minor units of `currency`. */
export interface UpgradePreview {
  currency: Currency;
  /** What the card is charged now: planFee − proRata + taxAmount. */
  dueToday: number;
  /** The new plan's fee for one interval, before tax. */
  planFee: number;
  planFeePerMonth: number;
  /** The credit for the unused part of the current period, before tax (0 during a trial). */
  proRata: number;
  /** The tax on today's charge. */
  taxAmount: number;
  taxInfo: TaxInfo;
  /** What each renewal on the new plan costs, tax included. */
  total: number;
  totalPerMonth: number;
}

/** The upgrade's arithmetic, pure: the unit tests walk it through trials, period ends and taxes. */
export function upgradeQuote({
  plan,
  currency,
  taxInfo,
  paidForPeriod,
  periodStartedAt,
  periodEndsAt,
  at,
}: {
  plan: Plan;
  currency: Currency;
  taxInfo: TaxInfo;
  /** What the member paid for the current period before tax (0 for a trial). */
  paidForPeriod: number;
  periodStartedAt: Date;
  periodEndsAt: Date;
  at: Date;
}): UpgradePreview {
  const planFee = plan.prices[currency];
  const length = periodEndsAt.getTime() - periodStartedAt.getTime();
  const unused = length > 0 ? Math.min(1, Math.max(0, (periodEndsAt.getTime() - at.getTime()) / length)) : 0;
  // Rounded down: the credit never exceeds what is left, nor the new fee.
  const proRata = Math.min(planFee, Math.floor(paidForPeriod * unused));
  const net = planFee - proRata;
  const tax = taxAmount(net, taxInfo.rate);
  const total = planFee + taxAmount(planFee, taxInfo.rate);
  const perMonth = (amount: number) => (plan.interval === 'year' ? Math.round(amount / 12) : amount);
  return {
    currency,
    dueToday: net + tax,
    planFee,
    planFeePerMonth: perMonth(planFee),
    proRata,
    taxAmount: tax,
    taxInfo,
    total,
    totalPerMonth: perMonth(total),
  };
}

/** Plans a member on `current` may move to: the individual plans on sale that open more than it does (no trial: an upgrade is paid at once). */
export function upgradeTargets(current: Plan): Plan[] {
  return listedPlans('individual').filter((plan) => reachesFurther(plan.membershipLevel, current.membershipLevel));
}

export type UpgradeFailure = { kind: 'error'; type: UpgradeErrorType; message: string } | { kind: 'invalid'; fieldErrors: FieldError[] };

export type UpgradeResult =
  | { kind: 'success'; subscription: PurchasedSubscription; previousPlan: string; currentPlan: string; charged: number }
  | {
      kind: 'three_d_secure';
      accountCode: string;
      code: 'three_d_secure_action_required';
      recurlyToken: string;
      threeDSecureActionToken: string;
      message: string;
    }
  | UpgradeFailure;

export const upgradeInputSchema = z.object({
  identityId: z.uuid(),
  planCode: safeText().trim().min(1, 'Choose a plan.').max(100),
  currency: safeText().trim().max(10).nullish(),
  cardToken: safeText().trim().min(1).max(200).nullish(),
  idempotencyKey: safeText().trim().min(8, 'An upgrade key has at least 8 characters.').max(255),
  threeDSecureActionResultToken: safeText().trim().min(1).max(200).nullish(),
});
export type UpgradeInput = z.input<typeof upgradeInputSchema>;

export interface UpgradesOptions {
  db: Db;
  provider: BillingProvider;
  memberships: Pick<MembershipsService, 'grant'>;
  mail: Pick<MailService, 'send'>;
  emailOf: (identityId: string) => Promise<string | null>;
  siteUrl: string;
  lifecycle?: { schedule(row: typeof billingSubscriptions.$inferSelect): Promise<void> };
  now?: () => Date;
  inProgressWaitMs?: number;
  /** The app's logger (pino): failures the service answers for are logged through it. */
  log?: BillingLog;
  /** Overrides `log` (tests collect what was reported). */
  onError?: ReportError;
}

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

export function createUpgrades({
  db,
  provider,
  memberships,
  mail,
  emailOf,
  siteUrl,
  lifecycle,
  now = () => new Date(),
  inProgressWaitMs = 20_000,
  log,
  onError: reportError,
}: UpgradesOptions) {
  const onError = errorReporter({ log, onError: reportError });
  const failure = (type: UpgradeErrorType, message: string = UPGRADE_MESSAGES[type as keyof typeof UPGRADE_MESSAGES]): UpgradeFailure => ({
    kind: 'error',
    type,
    message,
  });

  type Held = { row: SubscriptionRow; account: typeof billingAccounts.$inferSelect; paidForPeriod: number };

  /**
   * The member's ACTIVE subscription with its billing account and what was paid for the current
   * period (the period invoice's subtotal before tax; 0 for a trial's), in one query.
   */
  async function held(identityId: string): Promise<Held | null> {
    const [found] = await db
      .select({ row: billingSubscriptions, account: billingAccounts, subtotal: billingInvoices.subtotal })
      .from(billingSubscriptions)
      .innerJoin(billingAccounts, eq(billingAccounts.id, billingSubscriptions.accountId))
      .leftJoin(billingInvoices, eq(billingInvoices.id, billingSubscriptions.activeInvoiceId))
      .where(and(eq(billingSubscriptions.identityId, identityId), eq(billingSubscriptions.state, 'ACTIVE')))
      .limit(1);
    if (!found) return null;
    return { row: found.row, account: found.account, paidForPeriod: found.row.isTrial ? 0 : (found.subtotal ?? 0) };
  }

  type Quoted = { kind: 'quoted'; row: SubscriptionRow; account: Held['account']; from: Plan; to: Plan; quote: UpgradePreview };

  function quote(current: Held, from: Plan, to: Plan, currency: Currency): UpgradePreview {
    return upgradeQuote({
      plan: to,
      currency,
      taxInfo: current.row.taxInfo as TaxInfo,
      paidForPeriod: current.paidForPeriod,
      periodStartedAt: current.row.currentPeriodStartedAt ?? now(),
      periodEndsAt: current.row.currentPeriodEndsAt ?? now(),
      at: now(),
    });
  }

  /** The member's subscription, its plan, and the plans it may become with what each costs. Null without an active subscription. */
  async function options(identityId: string): Promise<{
    subscription: PurchasedSubscription;
    plan: Plan;
    renewsAt: string | null;
    targets: { plan: Plan; quote: UpgradePreview }[];
  } | null> {
    const current = await held(identityId);
    const plan = current && planByCode(current.row.planCode);
    const currency = current && parseCurrency(current.row.currency);
    if (!current || !plan || !currency) return null;
    return {
      subscription: subscriptionView(current.row, plan),
      plan,
      renewsAt: current.row.currentPeriodEndsAt?.toISOString() ?? null,
      targets: upgradeTargets(plan).map((target) => ({ plan: target, quote: quote(current, plan, target, currency) })),
    };
  }

  async function quoteFor(identityId: string, planCode: string, currency: string | null | undefined): Promise<Quoted | UpgradeFailure> {
    const current = await held(identityId);
    const from = current && planByCode(current.row.planCode);
    if (!current || !from || !current.row.currentPeriodStartedAt || !current.row.currentPeriodEndsAt) return failure('NO_SUBSCRIPTION');
    const to = planByCode(planCode);
    if (!to) return { kind: 'invalid', fieldErrors: [{ path: ['planCode'], code: 'unknown_plan', message: 'There is no such plan.' }] };
    if (!upgradeTargets(from).some((plan) => plan.code === to.code)) return failure('NOT_AN_UPGRADE');
    const billed = parseCurrency(current.row.currency);
    if (!billed) return failure('TRANSACTION_ERROR');
    if (currency && parseCurrency(currency) !== billed) return failure('INVALID_CURRENCY', invalidCurrencyMessage(billed));
    return { kind: 'quoted', row: current.row, account: current.account, from, to, quote: quote(current, from, to, billed) };
  }

  /** §3 subscriptionUpgradePreview: what upgrading to `planCode` costs today and afterwards. */
  async function preview({
    identityId,
    planCode,
    currency,
  }: {
    identityId: string;
    planCode: string;
    currency?: string | null;
  }): Promise<{ kind: 'preview'; preview: UpgradePreview; from: Plan; to: Plan; card: CardSummary | null } | UpgradeFailure> {
    const quoted = await quoteFor(identityId, planCode, currency);
    if (quoted.kind === 'error' || quoted.kind === 'invalid') return quoted;
    return { kind: 'preview', preview: quoted.quote, from: quoted.from, to: quoted.to, card: cardOf(quoted.account) };
  }

  async function sendReceipt(
    identityId: string,
    subscription: PurchasedSubscription,
    from: Plan,
    to: Plan,
    quote: UpgradePreview,
    card: CardSummary,
  ) {
    const email = await emailOf(identityId);
    if (!email) return;
    const money = (amount: number) => formatMoney(amount, quote.currency);
    const tax = taxLabel(quote.taxInfo);
    const lines = [
      { label: 'Plan', value: `${to.title} (${to.interval === 'year' ? 'yearly' : 'monthly'})` },
      { label: 'Upgraded from', value: from.title },
      { label: 'Plan fee', value: money(quote.planFee) },
      ...(quote.proRata > 0 ? [{ label: `Credit for the rest of ${from.title}`, value: `−${money(quote.proRata)}` }] : []),
      ...(tax ? [{ label: tax, value: money(quote.taxAmount) }] : []),
      { label: 'Charged today', value: money(quote.dueToday) },
      { label: 'Card', value: `${card.cardType} ending ${card.lastFour}` },
    ];
    const note = `Your membership renews on ${formatDay(subscription.currentPeriodEndsAt!)} at ${money(quote.total)} ${to.interval === 'year' ? 'a year' : 'a month'}, unless you cancel before.`;
    await mail.send({
      to: email,
      template: 'receipt',
      data: { planTitle: to.title, lines, note, link: new URL(paths.membership(), `${siteUrl}/`).toString() },
    });
  }

  type UpgradeLine = Quoted & { input: z.output<typeof upgradeInputSchema>; chargeKind: 'verify' | 'purchase' };

  /** An upgrade as a purchase kind (paid-purchase.ts): the quote charged, one subscription row moved to the new plan. */
  const upgradeKind: PurchaseKind<z.output<typeof upgradeInputSchema>, UpgradeLine, SubscriptionRow, UpgradeResult> = {
    async decide(input) {
      const { identityId } = input;
      // A retry of an upgrade that charged and recorded, then failed later (granting, the email): finish it.
      const [done] = await db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.upgradeKey, `${identityId}:${input.idempotencyKey}`));
      if (done?.subscriptionId) {
        const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, done.subscriptionId));
        const plan = row && planByCode(row.planCode);
        if (row && plan) {
          await grant(row, plan);
          const result: UpgradeResult = {
            kind: 'success',
            subscription: subscriptionView(row, plan),
            previousPlan: done.upgradedFromPlan ?? '',
            currentPlan: plan.code,
            charged: done.total,
          };
          return { kind: 'answer', result, store: true };
        }
      }

      const quoted = await quoteFor(identityId, input.planCode, input.currency);
      if (quoted.kind === 'error' || quoted.kind === 'invalid') return { kind: 'answer', result: quoted, store: false };
      const { account, quote } = quoted;
      if (!input.cardToken && !cardOf(account)) return { kind: 'answer', result: failure('NO_CARD'), store: false };
      const chargeKind = quote.dueToday > 0 ? 'purchase' : 'verify';
      return {
        kind: 'charge',
        line: { ...quoted, input, chargeKind },
        charge: {
          accountId: account.id,
          customerId: account.providerCustomerId,
          token: input.cardToken ?? CARD_ON_FILE_TOKEN,
          amount: quote.dueToday,
          currency: quote.currency,
          transactionKind: chargeKind,
          providerKey: `${identityId}:upgrade:${input.idempotencyKey}`,
          threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? null,
        },
      };
    },

    async record({ row, account, from, to, quote, input, chargeKind }, { transactionId, card, at }) {
      const periodEndsAt = addInterval(at, to.interval);
      const invoiceId = randomUUID();
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(billingSubscriptions)
          .set({
            planCode: to.code,
            itemPrice: quote.planFee,
            taxAmount: quote.total - quote.planFee,
            fullPrice: quote.total,
            isTrial: false,
            // An upgrade during a free trial ends the trial now.
            trialEndsAt: row.isTrial && row.trialEndsAt && row.trialEndsAt > at ? at : row.trialEndsAt,
            currentPeriodStartedAt: at,
            currentPeriodEndsAt: periodEndsAt,
            currentTermEndsAt: periodEndsAt,
            activeInvoiceId: invoiceId,
            isInDunning: false,
            updatedAt: at,
          })
          .where(
            and(
              eq(billingSubscriptions.id, row.id),
              eq(billingSubscriptions.state, 'ACTIVE'),
              eq(billingSubscriptions.planCode, from.code),
            ),
          )
          .returning();
        // The subscription changed under us (a cancellation, which does not take the claim): the path gives the charge back.
        if (!updated) return null;
        await writePaidInvoice(
          tx,
          {
            id: invoiceId,
            accountId: account.id,
            subscriptionId: row.id,
            currency: quote.currency,
            subtotal: quote.planFee - quote.proRata,
            taxAmount: quote.taxAmount,
            total: quote.dueToday,
            taxInfo: quote.taxInfo,
            upgradeKey: `${input.identityId}:${input.idempotencyKey}`,
            upgradedFromPlan: from.code,
            createdAt: at,
          },
          { kind: chargeKind, providerReference: transactionId },
        );
        if (input.cardToken) await tx.update(billingAccounts).set(cardOnFile(card, at)).where(eq(billingAccounts.id, account.id));
        return updated;
      });
    },

    async fulfil({ to }, upgraded) {
      await grant(upgraded, to);
      await lifecycle?.schedule(upgraded);
    },

    receipt: ({ input, from, to, quote }, upgraded, { card }) =>
      sendReceipt(input.identityId, subscriptionView(upgraded, to), from, to, quote, card),

    paid: ({ from, to, quote }, upgraded) => ({
      kind: 'success',
      subscription: subscriptionView(upgraded, to),
      previousPlan: from.code,
      currentPlan: to.code,
      charged: quote.dueToday,
    }),

    unpaid({ input, account }, outcome) {
      switch (outcome.status) {
        case 'three_d_secure_required':
          return threeDSecureAnswer(account.id, input.cardToken ?? CARD_ON_FILE_TOKEN, outcome, UPGRADE_MESSAGES.THREE_D_SECURE);
        case 'declined':
        case 'insufficient_funds':
          return failure('PAYMENT_DECLINED', outcome.message);
        case 'error':
          return failure('TRANSACTION_ERROR', outcome.message);
      }
    },

    lost: (_line, givenBack) =>
      failure(
        'NO_SUBSCRIPTION',
        `Your membership changed while upgrading, so it was not upgraded. ${givenBack} Check your membership page before trying again.`,
      ),
  };

  async function grant(row: SubscriptionRow, plan: Plan) {
    await memberships.grant(
      planGrant(plan, {
        identityId: row.identityId,
        status: 'ActiveRenewing',
        startsAt: row.currentPeriodStartedAt ?? now(),
        endsAt: row.currentPeriodEndsAt,
      }),
    );
  }

  const upgradeUnderKey = createPaidPurchases({ db, provider, now, inProgressWaitMs, onError }).keyed<UpgradeResult>({
    name: 'upgrade',
    reused: () => failure('TRANSACTION_ERROR', UPGRADE_MESSAGES.KEY_REUSED),
    stillInProgress: () => failure('TRANSACTION_ERROR', UPGRADE_MESSAGES.IN_PROGRESS),
    busy: () => failure('TRANSACTION_ERROR', UPGRADE_MESSAGES.ACCOUNT_BUSY),
    failed: (message) => failure('TRANSACTION_ERROR', message),
    beforeCharge: UPGRADE_MESSAGES.TRANSACTION_ERROR,
    isPending: (result) => result.kind === 'three_d_secure',
  });

  /** §3 purchaseSubscriptionUpgrade. */
  async function purchaseUpgrade(raw: UpgradeInput): Promise<UpgradeResult> {
    const parsed = upgradeInputSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const input = parsed.data;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(['upgrade', input.planCode, input.currency?.toUpperCase() ?? null, input.cardToken ?? null]))
      .digest('hex');
    return upgradeUnderKey(upgradeKind, input, {
      identityId: input.identityId,
      key: input.idempotencyKey,
      fingerprint,
      resuming: Boolean(input.threeDSecureActionResultToken),
    });
  }

  return { options, preview, purchaseUpgrade };
}

export type Upgrades = ReturnType<typeof createUpgrades>;
