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
import { createIdempotencyKeys } from './idempotency.ts';
import { cardOf, cardOnFile, failedTransaction, failureAnswer, giveBack, startProgress, type ChargeProgress } from './ledger.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { parseCurrency, type TaxInfo } from './pricing.ts';
import { createPurchaseClaims } from './purchase-claims.ts';
import { CARD_ON_FILE_TOKEN, type BillingProvider, type CardSummary } from './provider.ts';
import { billingAccounts, billingInvoices, billingSubscriptions, billingTransactions } from './schema.ts';
import { subscriptionView, type PurchasedSubscription } from './subscriptions-service.ts';
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
  onError?: (error: unknown, context: string) => void;
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
  onError = (error, context) => console.error(`billing: ${context}`, error),
}: UpgradesOptions) {
  const failure = (type: UpgradeErrorType, message: string = UPGRADE_MESSAGES[type as keyof typeof UPGRADE_MESSAGES]): UpgradeFailure => ({
    kind: 'error',
    type,
    message,
  });

  const keys = createIdempotencyKeys<UpgradeResult>({
    db,
    now,
    inProgressWaitMs,
    reused: () => failure('TRANSACTION_ERROR', UPGRADE_MESSAGES.KEY_REUSED),
    stillInProgress: () => failure('TRANSACTION_ERROR', UPGRADE_MESSAGES.IN_PROGRESS),
    isPending: (result) => result.kind === 'three_d_secure',
  });
  const claims = createPurchaseClaims({ db, now, waitMs: inProgressWaitMs, onError });

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

  /** The part after the key and the member's account are claimed; `progress` says how far it got, should it throw. */
  async function execute(
    input: z.output<typeof upgradeInputSchema>,
    progress: ChargeProgress,
  ): Promise<{ result: UpgradeResult; store: boolean }> {
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
        return {
          result: {
            kind: 'success',
            subscription: subscriptionView(row, plan),
            previousPlan: done.upgradedFromPlan ?? '',
            currentPlan: plan.code,
            charged: done.total,
          },
          store: true,
        };
      }
    }

    const quoted = await quoteFor(identityId, input.planCode, input.currency);
    if (quoted.kind === 'error' || quoted.kind === 'invalid') return { result: quoted, store: false };
    const { row, account, from, to, quote } = quoted;
    if (!input.cardToken && !cardOf(account)) return { result: failure('NO_CARD'), store: false };

    const chargeKind = quote.dueToday > 0 ? 'purchase' : 'verify';
    progress.asked = true;
    const outcome = await provider.charge({
      customerId: account.providerCustomerId,
      token: input.cardToken ?? CARD_ON_FILE_TOKEN,
      amount: quote.dueToday,
      currency: quote.currency,
      idempotencyKey: `${identityId}:upgrade:${input.idempotencyKey}`,
      threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? null,
    });
    if (outcome.status !== 'success') {
      await db
        .insert(billingTransactions)
        .values(failedTransaction(account.id, chargeKind, quote.dueToday, quote.currency, outcome, now()));
      switch (outcome.status) {
        case 'three_d_secure_required':
          return {
            result: {
              kind: 'three_d_secure',
              accountCode: account.id,
              code: 'three_d_secure_action_required',
              recurlyToken: input.cardToken ?? CARD_ON_FILE_TOKEN,
              threeDSecureActionToken: outcome.actionToken,
              message: UPGRADE_MESSAGES.THREE_D_SECURE,
            },
            store: true,
          };
        case 'declined':
        case 'insufficient_funds':
          return { result: failure('PAYMENT_DECLINED', outcome.message), store: true };
        case 'error':
          return { result: failure('TRANSACTION_ERROR', outcome.message), store: true };
      }
    }

    const charge = {
      transactionId: outcome.transactionId,
      amount: quote.dueToday,
      currency: quote.currency,
      refundKey: `${identityId}:upgrade:${input.idempotencyKey}:refund`,
    };
    progress.charged = charge;
    const at = now();
    const periodEndsAt = addInterval(at, to.interval);
    const invoiceId = randomUUID();
    const upgraded = await db.transaction(async (tx) => {
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
          and(eq(billingSubscriptions.id, row.id), eq(billingSubscriptions.state, 'ACTIVE'), eq(billingSubscriptions.planCode, from.code)),
        )
        .returning();
      if (!updated) return null;
      await tx.insert(billingInvoices).values({
        id: invoiceId,
        accountId: account.id,
        subscriptionId: row.id,
        state: 'paid',
        currency: quote.currency,
        subtotal: quote.planFee - quote.proRata,
        taxAmount: quote.taxAmount,
        total: quote.dueToday,
        taxInfo: quote.taxInfo,
        upgradeKey: `${identityId}:${input.idempotencyKey}`,
        upgradedFromPlan: from.code,
        createdAt: at,
        paidAt: at,
      });
      await tx.insert(billingTransactions).values({
        id: randomUUID(),
        accountId: account.id,
        invoiceId,
        kind: chargeKind,
        status: 'success',
        amount: quote.dueToday,
        currency: quote.currency,
        providerReference: outcome.transactionId,
        createdAt: at,
      });
      if (input.cardToken) await tx.update(billingAccounts).set(cardOnFile(outcome.card, at)).where(eq(billingAccounts.id, account.id));
      return updated;
    });
    if (!upgraded) {
      // The subscription changed under us (a cancellation or a renewal, which do not take the claim): give the charge back.
      return {
        result: failure(
          'NO_SUBSCRIPTION',
          `Your membership changed while upgrading, so it was not upgraded. ${await giveBack(provider, charge, onError)} Check your membership page before trying again.`,
        ),
        store: true,
      };
    }
    progress.recorded = true;

    await grant(upgraded, to);
    await lifecycle?.schedule(upgraded);
    const subscription = subscriptionView(upgraded, to);
    try {
      await sendReceipt(identityId, subscription, from, to, quote, outcome.card);
    } catch (error) {
      onError(error, 'upgrade receipt not sent');
    }
    return {
      result: { kind: 'success', subscription, previousPlan: from.code, currentPlan: to.code, charged: quote.dueToday },
      store: true,
    };
  }

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

  /** §3 purchaseSubscriptionUpgrade. */
  async function purchaseUpgrade(raw: UpgradeInput): Promise<UpgradeResult> {
    const parsed = upgradeInputSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const input = parsed.data;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(['upgrade', input.planCode, input.currency?.toUpperCase() ?? null, input.cardToken ?? null]))
      .digest('hex');
    const claim = await keys.claim(input.identityId, input.idempotencyKey, fingerprint, Boolean(input.threeDSecureActionResultToken));
    if (claim.kind === 'result') return claim.result;
    const progress = startProgress();
    try {
      const claimed = await claims.whileClaimed(input.identityId, () => execute(input, progress));
      const { result, store } =
        claimed.kind === 'done' ? claimed.value : { result: failure('TRANSACTION_ERROR', UPGRADE_MESSAGES.ACCOUNT_BUSY), store: false };
      if (store) await keys.settle(input.identityId, input.idempotencyKey, result);
      else await keys.release(input.identityId, input.idempotencyKey);
      return result;
    } catch (error) {
      onError(error, 'upgrade failed');
      const { message, keep } = await failureAnswer(progress, UPGRADE_MESSAGES.TRANSACTION_ERROR, provider, onError);
      const result = failure('TRANSACTION_ERROR', message);
      await (
        keep ? keys.settle(input.identityId, input.idempotencyKey, result) : keys.release(input.identityId, input.idempotencyKey)
      ).catch((cause: unknown) => onError(cause, 'could not settle or release the idempotency key'));
      return result;
    }
  }

  return { options, preview, purchaseUpgrade };
}

export type Upgrades = ReturnType<typeof createUpgrades>;
