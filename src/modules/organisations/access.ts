// What the organisations service's parts share: their dependencies, who is acting, the §8 errors
// they throw, the permission check read from the database at the moment of the call (a removed
// admin loses the power at once), the seat counts and the group membership a seat grants.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../platform/module.ts';
import { retryAfterSeconds, type LimitStore } from '../../platform/rate-limits.ts';
import { AppError, BaseError, UnauthorizedError } from '../../shared/errors.ts';
import { isActiveStatus } from '../../shared/membership.ts';
import type { People } from '../identity/people.ts';
import type { AnalyticsService } from '../analytics/analytics-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { GrantedLevel, MembershipsService } from '../memberships/memberships-service.ts';
import {
  organisationAccounts,
  organisationAccountUsers,
  organisationInvitations,
  organisationMembershipEvents,
  type OrganisationAccountRow,
  type OrganisationRole,
} from './schema.ts';
import { accountIdSchema } from './organisation-input.ts';
import { seatFigures, type SeatAllocationErrorType, type SeatFigures } from './seats.ts';

export interface OrganisationsDeps {
  db: Db;
  memberships: Pick<MembershipsService, 'grant' | 'endGroupMembership' | 'currentMembership'>;
  people: Pick<People, 'get' | 'findByEmail'>;
  mail: Pick<MailService, 'send'>;
  log: Logger;
  /** Absolute links in emails. */
  siteUrl: string;
  /** Keys the domain codes' hashes (the app secret). */
  pepper: string;
  /** Where the email quotas count (Redis or memory); none: no quota (service tests). */
  limits?: LimitStore;
  /** Analytics': joins and leaves go to the collector as §3 "Organisation membership" events; none: not sent (service tests). */
  analytics?: Pick<AnalyticsService, 'recordServerEvent'>;
  now: () => Date;
}

/** Emails an account may cause an hour: invitations and seat notices, and domain codes. */
export const EMAIL_QUOTAS = { seat: 300, domain: 10 } as const;

/** Who asks: their identity, their public user number (§8 requesterUserId) and whether they are site staff. */
export interface Actor {
  identityId: string;
  userId: string;
  isSiteAdmin: boolean;
}

/** §8 SeatAllocationError. */
export class SeatAllocationError extends AppError {
  constructor(
    readonly type: SeatAllocationErrorType,
    message: string = SEAT_MESSAGES[type],
  ) {
    super('SEAT_ALLOCATION', message);
  }
}

export const SEAT_MESSAGES: Record<SeatAllocationErrorType, string> = {
  INVALID_SEAT_REQUEST: 'Add at least one valid email address, and no more people than your plan has seats for.',
  NO_SEATS_REMAINING: 'Every seat is taken. Buy more seats or remove someone first.',
};

export const ORGANISATION_MESSAGES = {
  noSuchAccount: 'There is no such organisation account.',
  expired: 'This organisation’s membership has ended. Renew it to add people.',
  ownerStays: 'An organisation always has one owner. Make someone else the owner first.',
  noSuchUser: 'This person is not on the organisation account.',
  noSuchInvitation: 'There is no such open invitation.',
  noInvitation: 'There is no seat waiting for your email address on this account.',
  confirmEmailFirst: 'Confirm your email address first, then claim your seat.',
  tooManyEmails: 'This account has sent too many emails in the last hour. Try again later.',
} as const;

/** The organisation may give seats and its seats grant a membership. */
export function isActiveAccount(account: Pick<OrganisationAccountRow, 'status' | 'termEndsAt'>, at: Date): boolean {
  return isActiveStatus(account.status) && (account.termEndsAt === null || account.termEndsAt > at);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isAdminRole = (role: OrganisationRole | null): boolean => role === 'OWNER' || role === 'ADMIN';

export function createAccess({ db, memberships, people, analytics, log, limits, now }: OrganisationsDeps) {
  const quotas = limits
    ? {
        seat: limits.limiter({ name: 'organisations:seat-emails', points: EMAIL_QUOTAS.seat, durationSeconds: 3600 }),
        domain: limits.limiter({ name: 'organisations:domain-codes', points: EMAIL_QUOTAS.domain, durationSeconds: 3600 }),
      }
    : null;

  /**
   * Counts `emails` against the account's hourly quota (invitations cannot be sent, revoked and
   * sent again without end); BaseError once it is used up.
   */
  async function spendEmailQuota(kind: keyof typeof EMAIL_QUOTAS, accountId: string, emails: number): Promise<void> {
    if (!quotas || emails <= 0) return;
    if ((await retryAfterSeconds(quotas[kind].consume(accountId, emails))) > 0) throw new BaseError(ORGANISATION_MESSAGES.tooManyEmails);
  }

  async function accountRow(accountId: string): Promise<OrganisationAccountRow | null> {
    if (!accountIdSchema.safeParse(accountId).success) return null;
    const [row] = await db.select().from(organisationAccounts).where(eq(organisationAccounts.id, accountId));
    return row ?? null;
  }

  /** The person's role on the account now, or null when they hold no seat on it. */
  async function roleOf(identityId: string, accountId: string): Promise<OrganisationRole | null> {
    if (!accountIdSchema.safeParse(accountId).success || !UUID.test(identityId)) return null;
    const [row] = await db
      .select({ role: organisationAccountUsers.role })
      .from(organisationAccountUsers)
      .where(
        and(
          eq(organisationAccountUsers.accountId, accountId),
          eq(organisationAccountUsers.identityId, identityId),
          isNull(organisationAccountUsers.removedAt),
        ),
      );
    return row?.role ?? null;
  }

  /**
   * The account, if the actor may act on it: `admin` needs OWNER or ADMIN (or site staff), `member`
   * any seat. Otherwise §8 UnauthorizedError naming the account and the requester — also for an
   * account that does not exist, so a stranger learns nothing; site staff get a plain refusal then.
   */
  async function authorise(actor: Actor, accountId: string, need: 'admin' | 'member') {
    const account = await accountRow(accountId);
    if (actor.isSiteAdmin) {
      if (!account) throw new BaseError(ORGANISATION_MESSAGES.noSuchAccount);
      return { account, role: await roleOf(actor.identityId, accountId), asSiteAdmin: true };
    }
    const role = account ? await roleOf(actor.identityId, accountId) : null;
    if (!account || !role || (need === 'admin' && !isAdminRole(role))) throw new UnauthorizedError(actor.userId, accountId);
    return { account, role, asSiteAdmin: false };
  }

  /** The seat counts (call inside the transaction holding the account row's lock to act on them). */
  async function figures(tx: Pick<Db, 'select'>, account: OrganisationAccountRow): Promise<SeatFigures> {
    const [[holders], [invitations]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(organisationAccountUsers)
        .where(and(eq(organisationAccountUsers.accountId, account.id), isNull(organisationAccountUsers.removedAt))),
      tx
        .select({ n: count() })
        .from(organisationInvitations)
        .where(
          and(
            eq(organisationInvitations.accountId, account.id),
            isNull(organisationInvitations.claimedAt),
            isNull(organisationInvitations.revokedAt),
          ),
        ),
    ]);
    return seatFigures({
      purchasedSeats: account.purchasedSeats,
      extraSeatAllowance: account.extraSeatAllowance,
      holders: Number(holders?.n ?? 0),
      openInvitations: Number(invitations?.n ?? 0),
    });
  }

  /**
   * The group membership a seat grants: the account's level, type Group, until the paid term ends
   * (a missed job never leaves access open). Nothing when the account is not active.
   */
  async function grantSeatMembership(identityId: string, account: OrganisationAccountRow): Promise<void> {
    if (!isActiveAccount(account, now()) || !isActiveStatus(account.status)) return;
    await memberships.grant({
      identityId,
      level: account.membershipLevel as GrantedLevel,
      type: 'Group',
      status: account.status,
      source: 'group',
      planCode: account.planCode,
      groupAccountId: account.id,
      endsAt: account.termEndsAt,
    });
  }

  /**
   * The seat on `accountId` is gone (removed, or the subscription ended): its membership ends at
   * `at`, and a seat the person still holds on another active account grants theirs again.
   */
  async function endSeatMembership(identityId: string, accountId: string, at: Date = now()): Promise<void> {
    await memberships.endGroupMembership(identityId, accountId, at);
    const current = await memberships.currentMembership(identityId, 'group');
    if (current && isActiveStatus(current.status)) return;
    const others = await db
      .select({ account: organisationAccounts })
      .from(organisationAccountUsers)
      .innerJoin(organisationAccounts, eq(organisationAccounts.id, organisationAccountUsers.accountId))
      .where(and(eq(organisationAccountUsers.identityId, identityId), isNull(organisationAccountUsers.removedAt)));
    const other = others.map((row) => row.account).find((account) => account.id !== accountId && isActiveAccount(account, at));
    if (other) await grantSeatMembership(identityId, other);
  }

  /** §3 "Organisation membership": a join or a leave, kept and logged (initiator null when automatic). */
  async function recordEvent(kind: 'join' | 'leave', accountId: string, identityId: string, initiatorIdentityId: string | null) {
    const at = now();
    await db.insert(organisationMembershipEvents).values({ id: randomUUID(), accountId, identityId, kind, initiatorIdentityId, at });
    log.info({ event: `organisation_${kind}`, accountId, identityId, initiatorIdentityId }, `organisation ${kind}`);
    if (!analytics) return;
    // The change is made and kept above; analytics failing costs the event, never the change.
    try {
      const [person, initiator] = await Promise.all([people.get(identityId), initiatorIdentityId ? people.get(initiatorIdentityId) : null]);
      const name = kind === 'join' ? 'user_complete_organisation_join' : 'user_complete_organisation_leave';
      await analytics.recordServerEvent(
        name,
        { accountId, initiatorUserId: initiator?.userId ?? null },
        { userId: person?.userId ?? null, at },
      );
    } catch (error) {
      log.warn({ err: error, accountId, identityId }, `organisation ${kind} not sent to analytics`);
    }
  }

  return { accountRow, roleOf, authorise, figures, grantSeatMembership, endSeatMembership, recordEvent, spendEmailQuota };
}

export type Access = ReturnType<typeof createAccess>;
