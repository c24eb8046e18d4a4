// Cancelling and resuming a team plan (issue 17, decision 043): cancelled at the end of the paid term
// through the same transitions as a person's plan (cancellation.ts cancelAtTermEnd and
// resumeBeforeTermEnd), so the lifecycle's period-end job expires it then and ends every seat
// (organisations.subscriptionEnded). Until then the seats keep working, marked ActiveCanceled; resumed
// before the term ends, the team renews as before. Who may ask (the OWNER) is decided by the caller.
import { and, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { MailService } from '../mail/mail-service.ts';
import { cancelAtTermEnd, resumeBeforeTermEnd } from './cancellation.ts';
import { liveTeamSubscription } from './extra-seats.ts';
import { formatDay } from './money.ts';
import { organisationSubscriptionView, type OrganisationSeatsPort, type OrganisationSubscriptionView } from './organisation-purchase.ts';
import type { ReportError } from './paid-purchase.ts';
import { billingSubscriptions } from './schema.ts';

export const TEAM_PLAN_MESSAGES = {
  NOT_CANCELLABLE: 'This organisation has no active team plan to cancel.',
  NOT_RESUMABLE: 'This team plan can no longer be resumed: its term has ended, or it was not cancelled.',
} as const;

export type TeamPlanChange =
  /** `endsAt`: cancelled, the last moment the seats work; resumed, when the plan renews. */
  { ok: true; subscription: OrganisationSubscriptionView; endsAt: string } | { ok: false; message: string };

export function teamPlanCancellation({
  db,
  organisations,
  mail,
  now,
  managementUrl,
  onError,
}: {
  db: Db;
  organisations: Pick<OrganisationSeatsPort, 'subscriptionTermChanged'>;
  mail: Pick<MailService, 'send'>;
  now: () => Date;
  /** The team's membership page, linked from the confirmation email. */
  managementUrl: string;
  onError: ReportError;
}) {
  /** Cancels the organisation's team plan at the end of its paid term; its seats work until then. */
  async function cancelTeamPlan(organisationId: string): Promise<TeamPlanChange> {
    const found = await liveTeamSubscription(db, organisationId);
    if (!found) return { ok: false, message: TEAM_PLAN_MESSAGES.NOT_CANCELLABLE };
    const at = now();
    // The holder's id on the record (decision 043): a person's own cancellations are never mixed with their team's.
    const updated = await cancelAtTermEnd(
      db,
      found.row,
      { holderId: organisationId, discountOffered: false, reason: null, otherReason: null },
      at,
    );
    if (!updated?.expiresAt) return { ok: false, message: TEAM_PLAN_MESSAGES.NOT_CANCELLABLE };
    await organisations.subscriptionTermChanged(organisationId, { status: 'ActiveCanceled', termEndsAt: updated.expiresAt });
    if (found.account.contactEmail) {
      try {
        await mail.send({
          to: found.account.contactEmail,
          template: 'cancellation',
          data: {
            planTitle: `${found.account.companyName ?? 'Your'} team plan`,
            endsOn: formatDay(updated.expiresAt),
            link: managementUrl,
          },
        });
      } catch (error) {
        onError(error, 'team plan cancellation email not sent');
      }
    }
    return { ok: true, subscription: organisationSubscriptionView(updated), endsAt: updated.expiresAt.toISOString() };
  }

  /** Undoes the cancellation before the term ends: the plan renews at the term's end for every seat bought. */
  async function resumeTeamPlan(organisationId: string): Promise<TeamPlanChange> {
    const at = now();
    if (!z.uuid().safeParse(organisationId).success) return { ok: false, message: TEAM_PLAN_MESSAGES.NOT_RESUMABLE };
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.identityId, organisationId),
          eq(billingSubscriptions.holderKind, 'organisation'),
          eq(billingSubscriptions.state, 'CANCELED'),
          gt(billingSubscriptions.expiresAt, at),
        ),
      )
      .orderBy(desc(billingSubscriptions.createdAt))
      .limit(1);
    const resumed = row ? await resumeBeforeTermEnd(db, row, at) : null;
    const renewsAt = resumed ? (resumed.currentTermEndsAt ?? resumed.currentPeriodEndsAt) : null;
    if (!resumed || !renewsAt) return { ok: false, message: TEAM_PLAN_MESSAGES.NOT_RESUMABLE };
    await organisations.subscriptionTermChanged(organisationId, { status: 'ActiveRenewing', termEndsAt: renewsAt });
    return { ok: true, subscription: organisationSubscriptionView(resumed), endsAt: renewsAt.toISOString() };
  }

  return { cancelTeamPlan, resumeTeamPlan };
}
