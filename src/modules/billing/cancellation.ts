// Cancelling a membership with a retention offer (issue 7, §3 Cancellation, §4 cancellation outcome).
// A member who starts cancelling gives a reason; if eligible, they are offered RETENTION_COUPON
// (50 % off the next renewal). Accepting records the coupon against the subscription (outcome
// accepted_discount; RecurlySubscription.cancellationCoupon shows it until the next renewal applies
// it, once: lifecycle.ts charges the discounted price and marks it used);
// going on cancels: the subscription is CANCELED, the membership becomes ActiveCanceled with the
// same end (access until the term ends, no renewal), the reasons are kept, an email confirms it.
//
// Eligibility for the offer (decided here):
// - an ACTIVE subscription of the person's own (individual or student plans; organisation seats
//   are not bought here) — trials included: the coupon then halves the first paid year;
// - never once the person has accepted the offer before (on any subscription): one discount per
//   person, which also covers "while a discount runs" — a redeemed coupon stays on the
//   subscription until a renewal uses it, and the offer is not made again after that either.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { errorReporter } from './paid-purchase.ts';
import { paths } from '../../shared/paths.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { planByCode } from './catalogue.ts';
import type { CancellationCoupon } from './types.ts';
import { formatDay } from './money.ts';
import { cancellationReasonSchema } from './cancellation-reasons.ts';
import { billingCancellations, billingSubscriptions } from './schema.ts';
import { subscriptionView, type PurchasedSubscription } from './purchase-terms.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** The retention offer: half off the next renewal. */
export const RETENTION_COUPON: CancellationCoupon = Object.freeze({ code: 'STAY50', discountType: 'percent', discountPercent: 50 });

export {
  CANCELLATION_REASONS,
  CANCELLATION_REASON_LABELS,
  OTHER_REASON_MAX,
  cancellationReasonSchema,
  type CancellationReason,
} from './cancellation-reasons.ts';

export const CANCELLATION_MESSAGES = {
  NOT_CANCELLABLE: 'There is no active membership to cancel on this subscription.',
  NOT_ELIGIBLE: 'The cancellation discount is not available for this subscription.',
  NOT_YOURS: 'This subscription belongs to another account.',
  NOT_RESUMABLE: 'This membership can no longer be resumed: it has ended or was not cancelled.',
} as const;

export type CancellationError =
  | { kind: 'not_found' }
  | { kind: 'unauthorized'; accountId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; fieldErrors: FieldError[] };

export interface CancellationOutcome {
  action: 'cancelled' | 'accepted_discount';
  subscription: PurchasedSubscription;
  /** When access ends (cancelled) or the discounted renewal is due (accepted_discount). */
  endsAt: string | null;
  coupon: CancellationCoupon | null;
}

export interface CancellationServiceOptions {
  db: Db;
  memberships: Pick<MembershipsService, 'currentMembership' | 'grant'>;
  mail: Pick<MailService, 'send'>;
  emailOf: (identityId: string) => Promise<string | null>;
  siteUrl: string;
  now?: () => Date;
  onError?: (error: unknown, context: string) => void;
}

type Row = typeof billingSubscriptions.$inferSelect;

const view = (row: Row): PurchasedSubscription => subscriptionView(row);

const termEnd = (row: Row) => row.currentTermEndsAt ?? row.currentPeriodEndsAt ?? row.trialEndsAt;

/**
 * The coupon accepted on a subscription that no renewal has used yet (the next renewal applies it,
 * lifecycle.ts, and marks it used), with the id of the cancellation record that holds it; null when none waits.
 */
export async function pendingCoupon(
  db: Db,
  subscriptionId: string,
): Promise<{ cancellationId: string; coupon: CancellationCoupon } | null> {
  const [row] = await db
    .select()
    .from(billingCancellations)
    .where(
      and(
        eq(billingCancellations.subscriptionId, subscriptionId),
        eq(billingCancellations.action, 'accepted_discount'),
        isNull(billingCancellations.couponUsedAt),
      ),
    )
    .limit(1);
  return row?.couponCode && row.couponDiscountType
    ? {
        cancellationId: row.id,
        coupon: { code: row.couponCode, discountType: row.couponDiscountType, discountPercent: row.couponDiscountPercent },
      }
    : null;
}

/**
 * Cancels at the term's end, for a person's plan and a team's alike: ACTIVE → CANCELED with
 * `expiresAt` at the term end, and the cancellation recorded, in one transaction. Nothing is charged
 * or asked of the provider (it holds no subscription of ours: renewals are the lifecycle's charges),
 * so the lifecycle's period-end job expires it then. Null when it was no longer ACTIVE.
 */
export async function cancelAtTermEnd(
  db: Db,
  row: Row,
  record: { holderId: string; discountOffered: boolean; reason: string | null; otherReason: string | null },
  at: Date,
): Promise<Row | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(billingSubscriptions)
      .set({ state: 'CANCELED', canceledAt: at, expiresAt: termEnd(row), updatedAt: at })
      .where(and(eq(billingSubscriptions.id, row.id), eq(billingSubscriptions.state, 'ACTIVE')))
      .returning();
    if (!updated) return null;
    await tx.insert(billingCancellations).values({
      id: randomUUID(),
      subscriptionId: updated.id,
      identityId: record.holderId,
      action: 'cancelled',
      discountOffered: record.discountOffered,
      cancellationReason: record.reason,
      cancellationReasonOther: record.otherReason,
      createdAt: at,
    });
    return updated;
  });
}

/**
 * Undoes a cancellation while its term runs (a person's plan or a team's): CANCELED → ACTIVE, so it
 * renews at the term's end as before. Null when the term ended, it was not cancelled, or another
 * subscription of the holder is ACTIVE now (one live subscription per holder).
 */
export async function resumeBeforeTermEnd(db: Db, row: Row, at: Date): Promise<Row | null> {
  try {
    const [resumed] = await db
      .update(billingSubscriptions)
      .set({ state: 'ACTIVE', canceledAt: null, expiresAt: null, updatedAt: at })
      .where(and(eq(billingSubscriptions.id, row.id), eq(billingSubscriptions.state, 'CANCELED'), gt(billingSubscriptions.expiresAt, at)))
      .returning();
    return resumed ?? null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return null;
  }
}

export function createCancellationService({
  db,
  memberships,
  mail,
  emailOf,
  siteUrl,
  now = () => new Date(),
  onError = errorReporter({}),
}: CancellationServiceOptions) {
  /** The person's subscription that may be cancelled: the ACTIVE one, or null. */
  async function cancellableSubscription(identityId: string): Promise<PurchasedSubscription | null> {
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.identityId, identityId), eq(billingSubscriptions.state, 'ACTIVE')))
      .orderBy(desc(billingSubscriptions.createdAt))
      .limit(1);
    return row ? view(row) : null;
  }

  async function hasUsedDiscount(identityId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: billingCancellations.id })
      .from(billingCancellations)
      .where(and(eq(billingCancellations.identityId, identityId), eq(billingCancellations.action, 'accepted_discount')))
      .limit(1);
    return Boolean(row);
  }

  /** Whether the retention offer may be made to this person now (see the header). */
  async function discountEligibility(identityId: string): Promise<{ isEligible: boolean; coupon: CancellationCoupon }> {
    const cancellable = await cancellableSubscription(identityId);
    return { isEligible: cancellable !== null && !(await hasUsedDiscount(identityId)), coupon: RETENTION_COUPON };
  }

  /** The coupon redeemed on a subscription, for RecurlySubscription.cancellationCoupon: until the renewal that uses it, then null. */
  async function couponFor(subscriptionId: string): Promise<CancellationCoupon | null> {
    return (await pendingCoupon(db, subscriptionId))?.coupon ?? null;
  }

  /**
   * The subscription when it is the person's and `may` allows what is asked of it, or why not: an id
   * that is not one, someone else's (unauthorized), or one that is missing or may not (`refusal`).
   */
  async function ownSubscription(
    identityId: string,
    subscriptionId: string,
    may: (row: Row) => boolean,
    refusal: string,
  ): Promise<{ ok: true; row: Row } | { ok: false; error: CancellationError }> {
    if (!z.uuid().safeParse(subscriptionId).success)
      return {
        ok: false,
        error: {
          kind: 'invalid',
          fieldErrors: [{ path: ['subscriptionId'], code: 'invalid_format', message: 'This is not a subscription id.' }],
        },
      };
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));
    if (!row) return { ok: false, error: { kind: 'refused', message: refusal } };
    if (row.identityId !== identityId) return { ok: false, error: { kind: 'unauthorized', accountId: row.accountId } };
    if (!may(row)) return { ok: false, error: { kind: 'refused', message: refusal } };
    return { ok: true, row };
  }

  /** The subscription when it is the person's and ACTIVE, or why not. */
  const ownActive = (identityId: string, subscriptionId: string) =>
    ownSubscription(identityId, subscriptionId, (row) => row.state === 'ACTIVE', CANCELLATION_MESSAGES.NOT_CANCELLABLE);

  async function redeemDiscount({
    identityId,
    subscriptionId,
  }: {
    identityId: string;
    subscriptionId: string;
  }): Promise<{ ok: true; outcome: CancellationOutcome } | { ok: false; error: CancellationError }> {
    const found = await ownActive(identityId, subscriptionId);
    if (!found.ok) return found;
    if (await hasUsedDiscount(identityId)) return { ok: false, error: { kind: 'refused', message: CANCELLATION_MESSAGES.NOT_ELIGIBLE } };
    const coupon = RETENTION_COUPON;
    const inserted = await db
      .insert(billingCancellations)
      .values({
        id: randomUUID(),
        subscriptionId,
        identityId,
        action: 'accepted_discount',
        discountOffered: true,
        couponCode: coupon.code,
        couponDiscountType: coupon.discountType,
        couponDiscountPercent: coupon.discountPercent,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning({ id: billingCancellations.id });
    // A concurrent redemption won: the offer was used.
    if (inserted.length === 0) return { ok: false, error: { kind: 'refused', message: CANCELLATION_MESSAGES.NOT_ELIGIBLE } };
    return {
      ok: true,
      outcome: { action: 'accepted_discount', subscription: view(found.row), endsAt: termEnd(found.row)?.toISOString() ?? null, coupon },
    };
  }

  async function cancel(input: {
    identityId: string;
    subscriptionId: string;
    reason: string;
    otherReason?: string | null;
  }): Promise<{ ok: true; outcome: CancellationOutcome } | { ok: false; error: CancellationError }> {
    const parsed = cancellationReasonSchema.safeParse({ reason: input.reason, otherReason: input.otherReason ?? undefined });
    if (!parsed.success) return { ok: false, error: { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) } };
    const found = await ownActive(input.identityId, input.subscriptionId);
    if (!found.ok) return found;
    const at = now();
    const discountOffered = !(await hasUsedDiscount(input.identityId));
    const ends = termEnd(found.row);
    const updated = await cancelAtTermEnd(
      db,
      found.row,
      {
        holderId: input.identityId,
        discountOffered,
        reason: parsed.data.reason,
        otherReason: parsed.data.reason === 'OTHER' ? (parsed.data.otherReason ?? null) : null,
      },
      at,
    );
    // A concurrent cancellation got there first.
    if (!updated) return { ok: false, error: { kind: 'refused', message: CANCELLATION_MESSAGES.NOT_CANCELLABLE } };

    // The membership runs to the end of the term it was granted for, then ends (no renewal).
    const held = await memberships.currentMembership(input.identityId, 'individual');
    if (held && held.planCode === updated.planCode && held.status !== 'Expired' && held.status !== 'None') {
      await memberships.grant({
        identityId: input.identityId,
        level: held.level,
        type: held.type,
        status: 'ActiveCanceled',
        source: held.source,
        planCode: held.planCode,
        groupAccountId: held.groupAccountId,
        startsAt: at,
        endsAt: held.endsAt ?? ends,
      });
    }
    const endsAt = (held?.endsAt ?? ends)?.toISOString() ?? null;
    try {
      const email = await emailOf(input.identityId);
      if (email && endsAt)
        await mail.send({
          to: email,
          template: 'cancellation',
          data: {
            planTitle: planByCode(updated.planCode)?.title ?? updated.planCode,
            endsOn: formatDay(endsAt),
            link: new URL(paths.membership(), `${siteUrl}/`).toString(),
          },
        });
    } catch (error) {
      onError(error, 'cancellation email not sent');
    }
    return { ok: true, outcome: { action: 'cancelled', subscription: view(updated), endsAt, coupon: null } };
  }

  /** What the confirmation page shows: the latest outcome for this person. */
  async function latestOutcome(identityId: string): Promise<{
    id: string;
    action: 'cancelled' | 'accepted_discount';
    subscriptionId: string;
    planCode: string;
    discountOffered: boolean;
    reason: string | null;
    otherReason: string | null;
    endsAt: string | null;
    coupon: CancellationCoupon | null;
  } | null> {
    const [row] = await db
      .select({ cancellation: billingCancellations, subscription: billingSubscriptions })
      .from(billingCancellations)
      .innerJoin(billingSubscriptions, eq(billingSubscriptions.id, billingCancellations.subscriptionId))
      .where(eq(billingCancellations.identityId, identityId))
      .orderBy(desc(billingCancellations.createdAt))
      .limit(1);
    if (!row) return null;
    const { cancellation, subscription } = row;
    const coupon =
      cancellation.couponCode && cancellation.couponDiscountType
        ? {
            code: cancellation.couponCode,
            discountType: cancellation.couponDiscountType,
            discountPercent: cancellation.couponDiscountPercent,
          }
        : null;
    return {
      id: cancellation.id,
      action: cancellation.action,
      subscriptionId: subscription.id,
      planCode: subscription.planCode,
      discountOffered: cancellation.discountOffered,
      reason: cancellation.cancellationReason,
      otherReason: cancellation.cancellationReasonOther,
      endsAt: (subscription.expiresAt ?? termEnd(subscription))?.toISOString() ?? null,
      coupon,
    };
  }

  /** The person's cancelled subscription whose term has not ended yet (it may be resumed), or null. */
  async function resumableSubscription(identityId: string): Promise<PurchasedSubscription | null> {
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.identityId, identityId),
          eq(billingSubscriptions.state, 'CANCELED'),
          gt(billingSubscriptions.expiresAt, now()),
        ),
      )
      .orderBy(desc(billingSubscriptions.createdAt))
      .limit(1);
    return row ? view(row) : null;
  }

  /**
   * Undoes a cancellation before the term ends: the subscription is ACTIVE again (it renews at the
   * end of the term as before, or the trial converts), and the membership is renewing (or on trial)
   * again. Only the subscription's owner may resume it. Nothing is charged now: the provider holds
   * no subscription of ours (renewals are charges made by the lifecycle jobs), so no provider call.
   */
  async function resume(input: {
    identityId: string;
    subscriptionId: string;
  }): Promise<{ ok: true; subscription: PurchasedSubscription } | { ok: false; error: CancellationError }> {
    const at = now();
    const own = await ownSubscription(
      input.identityId,
      input.subscriptionId,
      (row) => row.state === 'CANCELED' && row.expiresAt !== null && row.expiresAt > at,
      CANCELLATION_MESSAGES.NOT_RESUMABLE,
    );
    if (!own.ok) return own;
    const resumed = await resumeBeforeTermEnd(db, own.row, at);
    if (!resumed) return { ok: false, error: { kind: 'refused', message: CANCELLATION_MESSAGES.NOT_RESUMABLE } };
    const held = await memberships.currentMembership(input.identityId, 'individual');
    if (held && held.planCode === resumed.planCode && held.status === 'ActiveCanceled') {
      const onTrial = resumed.isTrial && resumed.trialEndsAt !== null && resumed.trialEndsAt > at;
      await memberships.grant({
        identityId: input.identityId,
        level: held.level,
        type: held.type,
        status: onTrial ? 'ActiveTrial' : 'ActiveRenewing',
        source: held.source,
        planCode: held.planCode,
        groupAccountId: held.groupAccountId,
        startsAt: at,
        endsAt: held.endsAt,
      });
    }
    return { ok: true, subscription: view(resumed) };
  }

  return {
    cancellableSubscription,
    discountEligibility,
    couponFor,
    redeemDiscount,
    cancel,
    latestOutcome,
    resumableSubscription,
    resume,
  };
}

export type CancellationService = ReturnType<typeof createCancellationService>;
