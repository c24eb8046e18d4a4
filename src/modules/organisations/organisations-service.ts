// The organisations domain (issue 17): team accounts with seats, the people holding them and their
// roles, invitations and claims, verified email domains, and the lifecycle billing drives. Billing
// calls the lifecycle entry points (billing → organisations, never the other way); GraphQL and the
// team admin's pages call the rest with the Actor asking. Parts: access.ts (permissions, seats
// counted, the membership a seat grants), seat-holders.ts, domains.ts, claims.ts; seats.ts is the
// arithmetic (decision 042).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { BaseError, parseInput } from '../../shared/errors.ts';
import { isActiveStatus } from '../../shared/membership.ts';
import { createAccess, isActiveAccount, ORGANISATION_MESSAGES, type Actor, type OrganisationsDeps } from './access.ts';
import { createOrganisationClaims } from './claims.ts';
import { createDomains } from './domains.ts';
import {
  accountIdSchema,
  subscriptionStartedSchema,
  termChangeSchema,
  usersFilterSchema,
  type SubscriptionStartedInput,
  type TermChange,
  type UsersFilter,
} from './organisation-input.ts';
import {
  organisationAccounts,
  organisationAccountUsers,
  type OrganisationAccountRow,
  type OrganisationRole,
  type OrganisationStatus,
} from './schema.ts';
import { createSeatHolders } from './seat-holders.ts';
import type { SeatFigures } from './seats.ts';

export type { Actor } from './access.ts';
export { SeatAllocationError, SEAT_MESSAGES, ORGANISATION_MESSAGES } from './access.ts';
export type { AddUserOutcome, AddUsersResult } from './seat-holders.ts';
export type { OrganisationDomain } from './domains.ts';
export type { SubscriptionStartedInput, TermChange, UsersFilter } from './organisation-input.ts';
export type { OrganisationRole, OrganisationStatus } from './schema.ts';
export type { SeatFigures } from './seats.ts';

/** §3 OrganisationAccount as this module knows it (billing adds subscriptions and the Recurly link). */
export interface OrganisationAccount {
  accountId: string;
  title: string;
  ownerIdentityId: string;
  primaryContactEmail: string;
  jobIndustry: string | null;
  contentStrategyIndustry: string | null;
  membershipLevel: string;
  planCode: string | null;
  /** §4 status of its subscription: Active… while paid, Expired once it ended. */
  status: OrganisationStatus;
  termEndsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** §3 OrganisationAccountUser. */
export interface OrganisationAccountUser {
  accountUserId: string;
  accountId: string;
  identityId: string;
  /** The public user number (§3 userId). */
  userId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: OrganisationRole;
  createdAt: Date;
  /** Who added them; null when automatic (the buyer, joining by domain). */
  initiatorIdentityId: string | null;
}

export interface OrganisationsServiceOptions extends Omit<OrganisationsDeps, 'now'> {
  now?: () => Date;
}

/** What an organisation account reads as now: a term that ran out reads Expired even before billing says so. */
function accountView(row: OrganisationAccountRow, at: Date): OrganisationAccount {
  return {
    accountId: row.id,
    title: row.title,
    ownerIdentityId: row.ownerIdentityId,
    primaryContactEmail: row.primaryContactEmail,
    jobIndustry: row.jobIndustry,
    contentStrategyIndustry: row.contentStrategyIndustry,
    membershipLevel: row.membershipLevel,
    planCode: row.planCode,
    status: isActiveAccount(row, at) ? row.status : 'Expired',
    termEndsAt: row.termEndsAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function createOrganisationsService(options: OrganisationsServiceOptions) {
  const deps: OrganisationsDeps = { ...options, now: options.now ?? (() => new Date()) };
  const { db, people, log, now } = deps;
  const access = createAccess(deps);
  const seatHolders = createSeatHolders(deps, access);
  const domains = createDomains(deps, access);
  const claims = createOrganisationClaims(deps, access, seatHolders, domains);

  async function liveSeats(accountId: string) {
    return db
      .select()
      .from(organisationAccountUsers)
      .where(and(eq(organisationAccountUsers.accountId, accountId), isNull(organisationAccountUsers.removedAt)))
      .orderBy(asc(organisationAccountUsers.createdAt));
  }

  async function requireAccount(accountId: string): Promise<OrganisationAccountRow> {
    const id = parseInput(accountIdSchema, accountId);
    const row = await access.accountRow(id);
    if (!row) throw new BaseError(ORGANISATION_MESSAGES.noSuchAccount);
    return row;
  }

  // ---------- Reads ----------

  /** The account for someone on it (any role) or site staff; §8 UnauthorizedError otherwise. */
  async function accountFor(actor: Actor, accountId: string): Promise<OrganisationAccount> {
    const { account } = await access.authorise(actor, accountId, 'member');
    return accountView(account, now());
  }

  /** The account by id, no permission asked (billing, GraphQL's group title on UserProfile). */
  async function account(accountId: string): Promise<OrganisationAccount | null> {
    const row = await access.accountRow(accountId);
    return row ? accountView(row, now()) : null;
  }

  /** The accounts the person holds a seat on (Viewer.organisationAccounts), expired ones included. */
  async function accountsOf(identityId: string): Promise<(OrganisationAccount & { role: OrganisationRole })[]> {
    const rows = await db
      .select({ account: organisationAccounts, role: organisationAccountUsers.role })
      .from(organisationAccountUsers)
      .innerJoin(organisationAccounts, eq(organisationAccounts.id, organisationAccountUsers.accountId))
      .where(and(eq(organisationAccountUsers.identityId, identityId), isNull(organisationAccountUsers.removedAt)))
      .orderBy(asc(organisationAccountUsers.createdAt));
    const at = now();
    return rows.map(({ account, role }) => ({ ...accountView(account, at), role }));
  }

  async function userViews(rows: Awaited<ReturnType<typeof liveSeats>>): Promise<OrganisationAccountUser[]> {
    const found = await Promise.all(rows.map((row) => people.get(row.identityId)));
    return rows.map((row, i) => {
      const person = found[i];
      return {
        accountUserId: row.id,
        accountId: row.accountId,
        identityId: row.identityId,
        userId: person?.userId ?? null,
        email: person?.email ?? '',
        firstName: person?.firstName ?? null,
        lastName: person?.lastName ?? null,
        role: row.role,
        createdAt: row.createdAt,
        initiatorIdentityId: row.initiatorIdentityId,
      };
    });
  }

  /**
   * The people on the account (§7 organisationAccountUsers with its filter): admins see everyone,
   * filtered by `search` (name or email, any case) and `role`, paged by limit/offset, with the
   * total matched; a USER sees only their own seat.
   */
  async function users(actor: Actor, accountId: string, filterInput: UsersFilter = {}) {
    const filter = parseInput(usersFilterSchema, filterInput);
    const { role, asSiteAdmin } = await access.authorise(actor, accountId, 'member');
    const rows = await liveSeats(accountId);
    const visible = role === 'USER' && !asSiteAdmin ? rows.filter((row) => row.identityId === actor.identityId) : rows;
    const search = filter.search?.toLowerCase();
    const matched = (await userViews(visible)).filter(
      (user) =>
        (!filter.role || user.role === filter.role) &&
        (!search ||
          [user.email, user.firstName ?? '', user.lastName ?? '', `${user.firstName ?? ''} ${user.lastName ?? ''}`].some((text) =>
            text.toLowerCase().includes(search),
          )),
    );
    return { total: matched.length, items: matched.slice(filter.offset, filter.offset + filter.limit) };
  }

  /** The person's own live seat on the account (OrganisationAccount.user), or null. */
  async function ownSeat(identityId: string, accountId: string): Promise<OrganisationAccountUser | null> {
    if (!(await access.roleOf(identityId, accountId))) return null;
    const rows = await db
      .select()
      .from(organisationAccountUsers)
      .where(
        and(
          eq(organisationAccountUsers.accountId, accountId),
          eq(organisationAccountUsers.identityId, identityId),
          isNull(organisationAccountUsers.removedAt),
        ),
      );
    return (await userViews(rows))[0] ?? null;
  }

  /** Changes a role (seat-holders.ts `changeRole`) and answers the seat as it is now. */
  async function changeRole(actor: Actor, accountId: string, accountUserId: string, role: unknown): Promise<OrganisationAccountUser> {
    const changed = await seatHolders.changeRole(actor, accountId, accountUserId, role);
    return (await userViews([changed]))[0]!;
  }

  /** The seat figures for someone on the account. */
  async function seats(actor: Actor, accountId: string): Promise<SeatFigures> {
    const { account } = await access.authorise(actor, accountId, 'member');
    return access.figures(db, account);
  }

  /** The person's role on the account now, or null (read at the moment of asking: never from a token). */
  const roleOf = (identityId: string, accountId: string) => access.roleOf(identityId, accountId);

  // ---------- Lifecycle: billing calls these ----------

  /**
   * An organisation bought a subscription: the account is made with the buyer as OWNER holding a
   * seat and the group membership. Idempotent on accountId: a second call (a retried purchase)
   * changes nothing and answers the account as it is.
   */
  async function subscriptionStarted(input: SubscriptionStartedInput): Promise<OrganisationAccount> {
    const data = parseInput(subscriptionStartedSchema, input);
    const at = now();
    const created = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(organisationAccounts)
        .values({
          id: data.accountId,
          title: data.title,
          ownerIdentityId: data.ownerIdentityId,
          primaryContactEmail: data.primaryContactEmail,
          jobIndustry: data.jobIndustry,
          contentStrategyIndustry: data.contentStrategyIndustry,
          purchasedSeats: data.purchasedSeats,
          extraSeatAllowance: data.extraSeatAllowance,
          membershipLevel: data.membershipLevel,
          planCode: data.planCode,
          status: data.status,
          termEndsAt: data.termEndsAt,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) return null;
      await tx.insert(organisationAccountUsers).values({
        id: randomUUID(),
        accountId: data.accountId,
        identityId: data.ownerIdentityId,
        role: 'OWNER',
        origin: 'purchase',
        initiatorIdentityId: null,
        createdAt: at,
        updatedAt: at,
      });
      return inserted[0]!;
    });
    const row = created ?? (await requireAccount(data.accountId));
    if (created) {
      await access.grantSeatMembership(data.ownerIdentityId, created);
      await access.recordEvent('join', created.id, data.ownerIdentityId, null);
      log.info({ accountId: created.id, purchasedSeats: created.purchasedSeats }, 'organisation account started');
    }
    return accountView(row, now());
  }

  /**
   * The purchased seats are now `purchasedSeats` (more bought; never below what is given: the figures
   * report it), and the extra allowance the plan gives that many seats when billing says it.
   */
  async function seatsPurchased(accountId: string, purchasedSeats: number, extraSeatAllowance?: number): Promise<SeatFigures> {
    const seatsNow = parseInput(subscriptionStartedSchema.shape.purchasedSeats, purchasedSeats);
    const allowance =
      extraSeatAllowance === undefined ? undefined : parseInput(subscriptionStartedSchema.shape.extraSeatAllowance, extraSeatAllowance);
    const row = await requireAccount(accountId);
    const [updated] = await db
      .update(organisationAccounts)
      .set({ purchasedSeats: seatsNow, ...(allowance === undefined ? {} : { extraSeatAllowance: allowance }), updatedAt: now() })
      .where(eq(organisationAccounts.id, row.id))
      .returning();
    return access.figures(db, updated!);
  }

  /**
   * A renewal, a dunning retry or a cancellation moved the term: the account reads the new status
   * and end, and every seat holder's group membership is granted again to end then (a seat's term
   * ends at the organisation's paid term end, so a missed job never leaves access open).
   */
  async function subscriptionTermChanged(accountId: string, change: TermChange): Promise<OrganisationAccount> {
    const { status, termEndsAt } = parseInput(termChangeSchema, change);
    const row = await requireAccount(accountId);
    const [updated] = await db
      .update(organisationAccounts)
      .set({ status, termEndsAt, endedAt: null, updatedAt: now() })
      .where(eq(organisationAccounts.id, row.id))
      .returning();
    for (const seat of await liveSeats(row.id)) {
      // Someone whose seat membership is another organisation's (a person on two teams) keeps it.
      const current = await deps.memberships.currentMembership(seat.identityId, 'group');
      if (current && isActiveStatus(current.status) && current.groupAccountId !== row.id) continue;
      await access.grantSeatMembership(seat.identityId, updated!);
    }
    return accountView(updated!, now());
  }

  /**
   * The subscription expired: the account reads Expired (its admins still see it) and every seat
   * holder's group membership ends at `at`; each falls back to their own membership, if any.
   */
  async function subscriptionEnded(accountId: string, at: Date = now()): Promise<OrganisationAccount> {
    const row = await requireAccount(accountId);
    const [updated] = await db
      .update(organisationAccounts)
      .set({ status: 'Expired', endedAt: at, updatedAt: now() })
      .where(eq(organisationAccounts.id, row.id))
      .returning();
    for (const seat of await liveSeats(row.id)) await access.endSeatMembership(seat.identityId, row.id, at);
    log.info({ accountId: row.id }, 'organisation account expired');
    return accountView(updated!, now());
  }

  /** The seat figures (billing: the payment and membership pages). */
  async function seatSummary(accountId: string): Promise<SeatFigures> {
    return access.figures(db, await requireAccount(accountId));
  }

  /** Title and status of the accounts named (UserProfile.membershipGroupAccountTitle/Status). */
  async function summaries(accountIds: readonly string[]): Promise<Map<string, { title: string; status: OrganisationStatus }>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(organisationAccounts)
      .where(inArray(organisationAccounts.id, [...accountIds]));
    const at = now();
    return new Map(rows.map((row) => [row.id, { title: row.title, status: accountView(row, at).status }]));
  }

  return {
    // reads
    account,
    accountFor,
    accountsOf,
    users,
    ownSeat,
    seats,
    roleOf,
    summaries,
    invitations: seatHolders.invitations,
    domains: domains.domains,
    // people
    addUsers: seatHolders.addUsers,
    resendInvitation: seatHolders.resendInvitation,
    revokeInvitation: seatHolders.revokeInvitation,
    changeRole,
    removeUser: seatHolders.removeUser,
    claimSeat: seatHolders.claimSeat,
    unclaimedAccountId: claims.unclaimedAccountId,
    // domains
    addDomain: domains.addDomain,
    confirmDomain: domains.confirmDomain,
    disableDomain: domains.disableDomain,
    verifyDomainAsStaff: domains.verifyDomainAsStaff,
    // lifecycle (billing)
    subscriptionStarted,
    seatsPurchased,
    subscriptionTermChanged,
    subscriptionEnded,
    seatSummary,
    claimsSource: claims.claimsSource,
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
