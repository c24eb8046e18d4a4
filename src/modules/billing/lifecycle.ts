// The subscription lifecycle (issue 7 "Lifecycle jobs", SPEC §3 RecurlySubscription, §4 states):
// what happens to a subscription after its purchase, run as durable jobs (modules/jobs) at the
// moments the subscription names, on a clock the caller controls (`now`, for tests):
//
//   trial_ending  3 days before trialEndsAt: the "trial ends soon" email.
//   period_end    at currentPeriodEndsAt (a trial's end included):
//     CANCELED  → EXPIRED (expiresAt = term end), no charge, the "membership ended" email; the
//                 ActiveCanceled membership ends at the term end by its dates.
//     ACTIVE    → charge the plan's price to the card on file, one idempotency key per
//                 subscription, period and attempt (a retried job never charges twice):
//       success → ACTIVE, not in dunning, the next period (invoice, transaction), membership
//                 ActiveRenewing to the new period's end, the renewal receipt, the next period_end.
//       A retention coupon accepted while cancelling (cancellation.ts) and not used yet applies to
//       this charge, once: its percent off the item price, the tax worked out again on what is left
//       at the subscription's rate; the invoice carries the discounted subtotal, tax and total, the
//       coupon is marked used by that invoice (cancellationCoupon is null after it) and the period
//       after is at full price. The trial's notice and each dunning retry quote the discounted amount
//       while the coupon waits.
//       failure → isInDunning; retried DUNNING_RETRY_DAYS after the period's end, membership kept
//                 (ActiveRenewing) until the next attempt, the "payment failed" email each time;
//                 after the last attempt fails → EXPIRED, the membership ends then, "membership ended".
// Jobs carry the period they were scheduled for: a job for a period the subscription has left is a no-op.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { paths } from '../../shared/paths.ts';
import { addInterval, planByCode, type Plan } from './catalogue.ts';
import { organisationPlanByCode } from './organisation-plans.ts';
import type { OrganisationSeatsPort } from './organisation-purchase.ts';
import { planGrant } from './plan-grant.ts';
import { pendingCoupon } from './cancellation.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { discountedPrice } from './pricing.ts';
import { createPaidPurchases, errorReporter, type BillingLog, type PurchaseKind, type ReportError } from './paid-purchase.ts';
import type { BillingProvider } from './provider.ts';
import { CARD_ON_FILE_TOKEN } from './sandbox-provider.ts';
import { billingAccounts, billingCancellations, billingSubscriptions } from './schema.ts';
import { writePaidInvoice } from './ledger.ts';

/** Dunning: the failed charge is retried this many days after the period's end; after the last, the subscription expires. */
export const DUNNING_RETRY_DAYS = [1, 3, 7] as const;
/** The "trial ends soon" email goes this many days before the trial's end. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

export const LIFECYCLE_JOBS = {
  trialEnding: 'billing.trial_ending',
  periodEnd: 'billing.period_end',
} as const;

const DAY = 86_400_000;
type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
/** What a renewal needs of a plan: a person's plan or a team plan (holder_kind). */
type RenewablePlan = Pick<Plan, 'title' | 'interval'>;

const planOf = (row: Pick<SubscriptionRow, 'planCode'>): RenewablePlan | null =>
  planByCode(row.planCode) ?? organisationPlanByCode(row.planCode);

/** What the next charge of a subscription is: its price, or less under a coupon that waits for a renewal. */
interface RenewalCharge {
  subtotal: number;
  discount: number;
  taxAmount: number;
  total: number;
  coupon: { cancellationId: string; code: string } | null;
}

/** "−£125.00": a discount as an email line shows it. */
const minus = (amount: number, currency: string) => `−${formatMoney(amount, currency)}`;

export interface LifecycleOptions {
  db: Db;
  jobs: Pick<JobRunner, 'enqueue' | 'register'>;
  provider: BillingProvider;
  memberships: Pick<MembershipsService, 'grant'>;
  mail: Pick<MailService, 'send'>;
  personOf: (identityId: string) => Promise<{ email: string } | null>;
  /** A team plan's seats follow its term (organisations module): renewed, kept through dunning, ended at expiry. */
  organisations?: Pick<OrganisationSeatsPort, 'subscriptionTermChanged' | 'subscriptionEnded'>;
  siteUrl: string;
  now?: () => Date;
  /** How long a renewal waits for the member's purchase in progress before the job is retried. */
  inProgressWaitMs?: number;
  /** The app's logger (pino): a refund that could not be made is logged through it. */
  log?: BillingLog;
  onError?: ReportError;
}

export function createLifecycle({
  db,
  jobs,
  provider,
  memberships,
  mail,
  personOf,
  organisations,
  siteUrl,
  now = () => new Date(),
  inProgressWaitMs = 20_000,
  log,
  onError,
}: LifecycleOptions) {
  const paidPurchases = createPaidPurchases({ db, provider, now, inProgressWaitMs, onError: errorReporter({ log, onError }) });
  const manageLink = new URL(paths.membership(), `${siteUrl}/`).toString();

  /** Where a holder's notices go: a person's address, or the address an organisation's invoices go to. */
  async function noticeAddress(row: SubscriptionRow): Promise<string | null> {
    if (row.holderKind === 'person') return (await personOf(row.identityId))?.email ?? null;
    const [account] = await db
      .select({ email: billingAccounts.contactEmail })
      .from(billingAccounts)
      .where(eq(billingAccounts.id, row.accountId));
    return account?.email ?? null;
  }

  async function notify(
    row: SubscriptionRow,
    plan: RenewablePlan | null,
    notice: 'trial_ending' | 'payment_failed' | 'renewed' | 'expired',
    note: string,
    lines: { label: string; value: string }[] = [],
  ) {
    const to = await noticeAddress(row);
    if (!to) return;
    await mail.send({
      to,
      template: 'membership_notice',
      data: {
        notice,
        planTitle: plan?.title ?? row.planCode,
        lines,
        note,
        link: notice === 'renewed' ? `${siteUrl}/` : manageLink,
      },
    });
  }

  async function enqueuePeriodEnd(subscriptionId: string, periodEndsAt: Date, attempt: number, runAt: Date) {
    const payload = {
      subscriptionId,
      periodEndsAt: periodEndsAt.toISOString(),
      attempt,
    };
    await jobs.enqueue(LIFECYCLE_JOBS.periodEnd, payload, {
      runAt,
      dedupeKey: `${LIFECYCLE_JOBS.periodEnd}:${subscriptionId}:${payload.periodEndsAt}:${attempt}`,
    });
  }

  /** Schedules what comes after a purchase (or a renewal): the trial's notice and the period's end. Idempotent. */
  async function schedule(row: Pick<SubscriptionRow, 'id' | 'isTrial' | 'trialEndsAt' | 'currentPeriodEndsAt'>) {
    if (!row.currentPeriodEndsAt) return;
    const trialEndsAt = row.trialEndsAt;
    if (row.isTrial && trialEndsAt && trialEndsAt.getTime() === row.currentPeriodEndsAt.getTime()) {
      const noticeAt = new Date(trialEndsAt.getTime() - TRIAL_ENDING_NOTICE_DAYS * DAY);
      if (noticeAt > now())
        await jobs.enqueue(
          LIFECYCLE_JOBS.trialEnding,
          { subscriptionId: row.id, trialEndsAt: trialEndsAt.toISOString() },
          {
            runAt: noticeAt,
            dedupeKey: `${LIFECYCLE_JOBS.trialEnding}:${row.id}:${trialEndsAt.toISOString()}`,
          },
        );
    }
    await enqueuePeriodEnd(row.id, row.currentPeriodEndsAt, 0, row.currentPeriodEndsAt);
  }

  async function load(subscriptionId: string) {
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));
    return row ?? null;
  }

  /** The next charge: the subscription's price, with the retention coupon applied when one waits (once: the renewal marks it used). */
  async function nextCharge(row: SubscriptionRow): Promise<RenewalCharge> {
    const pending = await pendingCoupon(db, row.id);
    const percent = pending?.coupon.discountType === 'percent' ? pending.coupon.discountPercent : null;
    if (!pending || percent === null)
      return {
        subtotal: row.itemPrice,
        discount: 0,
        taxAmount: row.taxAmount,
        total: row.fullPrice,
        coupon: null,
      };
    const price = discountedPrice(
      { itemPrice: row.itemPrice, taxInfo: row.taxInfo },
      { code: pending.coupon.code, discountPercent: percent },
    );
    return {
      subtotal: price.itemPrice,
      discount: price.discount,
      taxAmount: price.taxAmount,
      total: price.fullPrice,
      coupon: {
        cancellationId: pending.cancellationId,
        code: pending.coupon.code,
      },
    };
  }

  /** The discount's lines in an email: the price, the coupon's amount off, the tax on what is left. None without a coupon. */
  function discountLines(row: SubscriptionRow, charge: RenewalCharge) {
    if (!charge.coupon) return [];
    const tax = taxLabel(row.taxInfo);
    return [
      { label: 'Price', value: formatMoney(row.itemPrice, row.currency) },
      {
        label: `Retention discount ${charge.coupon.code}`,
        value: minus(charge.discount, row.currency),
      },
      ...(tax ? [{ label: tax, value: formatMoney(charge.taxAmount, row.currency) }] : []),
    ];
  }

  async function trialEnding(payload: Record<string, unknown>) {
    const row = await load(String(payload.subscriptionId));
    if (
      !row ||
      row.state !== 'ACTIVE' ||
      row.trialEndsAt?.toISOString() !== payload.trialEndsAt ||
      row.currentPeriodEndsAt?.toISOString() !== payload.trialEndsAt
    )
      return;
    const plan = planByCode(row.planCode);
    const per = plan?.interval === 'month' ? 'a month' : 'a year';
    const charge = await nextCharge(row);
    const then = charge.coupon
      ? `Then ${formatMoney(charge.total, row.currency)} for the first ${plan?.interval === 'month' ? 'month' : 'year'} with your retention discount ${charge.coupon.code}, and ${formatMoney(row.fullPrice, row.currency)} ${per} after that`
      : `Then ${formatMoney(row.fullPrice, row.currency)} ${per}`;
    await notify(
      row,
      plan,
      'trial_ending',
      `Your free trial ends on ${formatDay(row.trialEndsAt!)}. ${then}, unless you cancel before.`,
      charge.coupon
        ? [
            ...discountLines(row, charge),
            {
              label: "Due at the trial's end",
              value: formatMoney(charge.total, row.currency),
            },
          ]
        : [],
    );
  }

  /** The membership the paid term gives: the person's own, or every seat of a team (the organisations module). */
  async function grantTerm(row: SubscriptionRow, startsAt: Date, endsAt: Date) {
    if (row.holderKind === 'organisation') {
      if (!organisations) throw new Error(`Team subscription ${row.id}: no organisations module to renew its seats`);
      await organisations.subscriptionTermChanged(row.identityId, { status: 'ActiveRenewing', termEndsAt: endsAt });
      return;
    }
    const plan = planByCode(row.planCode);
    if (!plan) throw new Error(`Subscription ${row.id} is on an unknown plan ${row.planCode}`);
    await memberships.grant(
      planGrant(plan, {
        identityId: row.identityId,
        status: 'ActiveRenewing',
        startsAt,
        endsAt,
      }),
    );
  }

  async function expire(row: SubscriptionRow, plan: RenewablePlan | null, expiresAt: Date, from: SubscriptionRow['state']) {
    const [updated] = await db
      .update(billingSubscriptions)
      .set({
        state: 'EXPIRED',
        expiresAt,
        isInDunning: false,
        updatedAt: now(),
      })
      .where(
        and(
          eq(billingSubscriptions.id, row.id),
          eq(billingSubscriptions.state, from),
          eq(billingSubscriptions.currentPeriodEndsAt, row.currentPeriodEndsAt!),
        ),
      )
      .returning();
    if (updated && updated.holderKind === 'organisation') await organisations?.subscriptionEnded(updated.identityId, expiresAt);
    if (updated)
      await notify(updated, plan, 'expired', `Your membership ended on ${formatDay(expiresAt)}. You can join again at any time.`);
  }

  type RenewalLine = { row: SubscriptionRow; plan: RenewablePlan; periodEndsAt: Date; attempt: number; charge: RenewalCharge };

  /**
   * A renewal as a purchase kind (paid-purchase.ts): the next period's price (less a waiting coupon)
   * charged to the card on file under one provider key per subscription, period and attempt; on
   * success the next period, on failure dunning. Decided inside the member's claim, like a purchase.
   */
  const renewal: PurchaseKind<Record<string, unknown>, RenewalLine, SubscriptionRow, void> = {
    async decide(payload) {
      const row = await load(String(payload.subscriptionId));
      const attempt = Number(payload.attempt ?? 0);
      const nothing = { kind: 'answer', result: undefined, store: false } as const;
      // Stale: the subscription moved on (renewed, expired) since this job was scheduled.
      if (!row || !row.currentPeriodEndsAt || row.currentPeriodEndsAt.toISOString() !== payload.periodEndsAt) return nothing;
      const plan = planOf(row);
      const periodEndsAt = row.currentPeriodEndsAt;
      if (row.state === 'CANCELED') {
        await expire(row, plan, row.currentTermEndsAt ?? periodEndsAt, 'CANCELED');
        return nothing;
      }
      if (row.state !== 'ACTIVE') return nothing;
      if (!plan) throw new Error(`Subscription ${row.id} is on an unknown plan ${row.planCode}`);

      const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.id, row.accountId));
      if (!account) throw new Error(`Subscription ${row.id} has no billing account`);
      const charge = await nextCharge(row);
      return {
        kind: 'charge',
        line: { row, plan, periodEndsAt, attempt, charge },
        charge: {
          accountId: row.accountId,
          customerId: account.providerCustomerId,
          token: CARD_ON_FILE_TOKEN,
          amount: charge.total,
          currency: row.currency,
          transactionKind: 'purchase',
          providerKey: `renewal:${row.id}:${periodEndsAt.toISOString()}:${attempt}`,
          challengeRecordedAs: { code: 'authentication_required', message: 'The card needs the cardholder to authenticate.' },
        },
      };
    },

    async record({ row, plan, periodEndsAt, charge }, { transactionId, at }) {
      const nextEndsAt = addInterval(periodEndsAt, plan.interval);
      const invoiceId = randomUUID();
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(billingSubscriptions)
          .set({
            state: 'ACTIVE',
            isInDunning: false,
            currentPeriodStartedAt: periodEndsAt,
            currentPeriodEndsAt: nextEndsAt,
            currentTermEndsAt: nextEndsAt,
            activeInvoiceId: invoiceId,
            updatedAt: at,
          })
          .where(
            and(
              eq(billingSubscriptions.id, row.id),
              eq(billingSubscriptions.state, 'ACTIVE'),
              eq(billingSubscriptions.currentPeriodEndsAt, periodEndsAt),
            ),
          )
          .returning();
        // Cancelled (cancellations do not take the claim) or moved on meanwhile: the path refunds the charge.
        if (!updated) return null;
        await writePaidInvoice(
          tx,
          {
            id: invoiceId,
            accountId: row.accountId,
            subscriptionId: row.id,
            currency: row.currency,
            subtotal: charge.subtotal,
            taxAmount: charge.taxAmount,
            total: charge.total,
            taxInfo: row.taxInfo,
            discountAmount: charge.discount,
            couponCode: charge.coupon?.code ?? null,
            createdAt: at,
          },
          { kind: 'purchase', providerReference: transactionId },
        );
        // The coupon applies once: this renewal used it.
        if (charge.coupon)
          await tx
            .update(billingCancellations)
            .set({ couponUsedAt: at, couponInvoiceId: invoiceId })
            .where(and(eq(billingCancellations.id, charge.coupon.cancellationId), isNull(billingCancellations.couponUsedAt)));
        return updated;
      });
    },

    async fulfil(_line, renewed) {
      await grantTerm(renewed, renewed.updatedAt, renewed.currentPeriodEndsAt!);
      await schedule(renewed);
    },

    async receipt({ row, plan, charge }, renewed, { card }) {
      const per = plan.interval === 'year' ? 'a year' : 'a month';
      await notify(
        renewed,
        plan,
        'renewed',
        `Your membership renews on ${formatDay(renewed.currentPeriodEndsAt!)} at ${formatMoney(row.fullPrice, row.currency)} ${per}, unless you cancel before.`,
        [
          {
            label: 'Plan',
            value: `${plan.title} (${plan.interval === 'year' ? 'yearly' : 'monthly'})`,
          },
          ...discountLines(row, charge),
          { label: 'Charged today', value: formatMoney(charge.total, row.currency) },
          {
            label: 'Card',
            value: `${card.cardType} ending ${card.lastFour}`,
          },
        ],
      );
    },

    paid: () => undefined,

    /** Dunning: retried DUNNING_RETRY_DAYS after the period's end, the membership kept until then; after the last attempt, expiry. */
    async unpaid({ row, plan, periodEndsAt, attempt, charge }, outcome, at) {
      if (attempt >= DUNNING_RETRY_DAYS.length) {
        // The last attempt failed: the membership's dunning term ends now (its dates say so), the subscription expires.
        await expire(row, plan, at, 'ACTIVE');
        return;
      }
      const reason = outcome.status === 'three_d_secure_required' ? 'The card needs the cardholder to authenticate.' : outcome.message;
      const retryAt = new Date(periodEndsAt.getTime() + DUNNING_RETRY_DAYS[attempt]! * DAY);
      await db
        .update(billingSubscriptions)
        .set({ isInDunning: true, updatedAt: at })
        .where(and(eq(billingSubscriptions.id, row.id), eq(billingSubscriptions.currentPeriodEndsAt, periodEndsAt)));
      // Access continues while we retry, until the next attempt.
      await grantTerm(row, at, retryAt > at ? retryAt : new Date(at.getTime() + DAY));
      await enqueuePeriodEnd(row.id, periodEndsAt, attempt + 1, retryAt);
      await notify(
        row,
        plan,
        'payment_failed',
        `We will try again on ${formatDay(retryAt)}. Update your card before then to keep your membership.`,
        [
          ...discountLines(row, charge),
          { label: 'Amount', value: formatMoney(charge.total, row.currency) },
          { label: 'Reason', value: reason },
        ],
      );
    },

    lost: () => undefined,
  };

  /** billing.period_end: a renewal through the paid-purchase path, under the member's claim. A provider exception throws: the job is retried with the same key. */
  async function periodEnd(payload: Record<string, unknown>) {
    const row = await load(String(payload.subscriptionId));
    if (!row) return;
    await paidPurchases.unkeyed(renewal, payload, row.identityId);
  }

  jobs.register(LIFECYCLE_JOBS.trialEnding, trialEnding);
  jobs.register(LIFECYCLE_JOBS.periodEnd, periodEnd);

  return { schedule };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
