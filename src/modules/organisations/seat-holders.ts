// The people on an organisation account: adding them by email (a seat at once for someone with an
// account, an invitation for anyone else), resending and revoking invitations, claiming an
// invitation, changing roles (one OWNER, always) and removing people. Seats are counted and taken
// while the account row is locked (SELECT … FOR UPDATE), so concurrent additions never give more
// seats than remain; emails and memberships follow the commit.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BaseError, parseInput, UnauthorizedError } from '../../shared/errors.ts';
import type { Person } from '../identity/people.ts';
import {
  isActiveAccount,
  isAdminRole,
  ORGANISATION_MESSAGES,
  SEAT_MESSAGES,
  SeatAllocationError,
  type Access,
  type Actor,
  type OrganisationsDeps,
} from './access.ts';
import { addedRoleSchema, MAX_EMAILS_PER_REQUEST, readEmails, roleSchema } from './organisation-input.ts';
import {
  organisationAccounts,
  organisationAccountUsers,
  organisationInvitations,
  type OrganisationAccountRow,
  type OrganisationRole,
} from './schema.ts';
import { seatRequest, type SeatFigures } from './seats.ts';

export type AddUserOutcome =
  | { email: string; outcome: 'added'; accountUserId: string }
  | { email: string; outcome: 'invited'; invitationId: string }
  | { email: string; outcome: 'already_member'; accountUserId: string }
  | { email: string; outcome: 'already_invited'; invitationId: string }
  | { email: string; outcome: 'refused'; reason: 'INVALID_EMAIL' | 'DUPLICATE' | 'NO_SEATS_REMAINING'; message: string };

export interface AddUsersResult {
  /** One answer per address, in the order given. */
  results: AddUserOutcome[];
  /** The seat figures after the additions. */
  seats: SeatFigures;
}

type Tx = Parameters<Parameters<OrganisationsDeps['db']['transaction']>[0]>[0];

export function createSeatHolders(deps: OrganisationsDeps, access: Access) {
  const { db, people, mail, log, siteUrl, now } = deps;

  async function lockAccount(tx: Tx, accountId: string): Promise<OrganisationAccountRow | null> {
    const [row] = await tx.select().from(organisationAccounts).where(eq(organisationAccounts.id, accountId)).for('update');
    return row ?? null;
  }

  async function liveSeat(tx: Pick<Tx, 'select'>, accountId: string, identityId: string) {
    const [row] = await tx
      .select()
      .from(organisationAccountUsers)
      .where(
        and(
          eq(organisationAccountUsers.accountId, accountId),
          eq(organisationAccountUsers.identityId, identityId),
          isNull(organisationAccountUsers.removedAt),
        ),
      );
    return row ?? null;
  }

  async function openInvitation(tx: Pick<Tx, 'select'>, accountId: string, email: string) {
    const [row] = await tx
      .select()
      .from(organisationInvitations)
      .where(
        and(
          eq(organisationInvitations.accountId, accountId),
          eq(organisationInvitations.email, email),
          isNull(organisationInvitations.claimedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      );
    return row ?? null;
  }

  async function sendSeatEmail(to: string, notice: 'added' | 'invited', account: OrganisationAccountRow, ownPlan = false) {
    const link = notice === 'added' ? `${siteUrl}/` : `${siteUrl}/user/register/`;
    const note =
      notice === 'added'
        ? `Your seat is ready: sign in as ${to} to read everything your team membership includes.` +
          (ownPlan
            ? ' Your own membership keeps running and renewing as before; you may cancel it on your membership page if the team’s is enough for you.'
            : '')
        : `Create your account (or sign in, if you already have one) with ${to} and confirm the address: your seat is then yours to claim.`;
    try {
      await mail.send({ to, template: 'organisation_seat', data: { notice, organisationTitle: account.title, note, link } });
    } catch (error) {
      log.error({ err: error, accountId: account.id }, 'organisation email not sent');
    }
  }

  /**
   * Tells a person they hold a seat now; one who pays for their own plan is told it keeps running
   * and that they may cancel it (decision 042: the seat never ends it).
   */
  async function notifyAdded(person: Pick<Person, 'identityId' | 'email'>, account: OrganisationAccountRow) {
    const own = await deps.memberships.currentMembership(person.identityId, 'individual');
    const paysForOwn = own !== null && own.source === 'subscription' && own.status === 'ActiveRenewing';
    await sendSeatEmail(person.email, 'added', account, paysForOwn);
  }

  async function alertOwner(account: OrganisationAccountRow, figures: SeatFigures) {
    const owner = await people.get(account.ownerIdentityId);
    if (!owner) return;
    const note = `${figures.allocatedSeats} seats are now given, ${figures.extraSeatsUsed} more than the ${figures.purchasedSeats} you bought (your plan allows ${account.extraSeatAllowance} extra).`;
    try {
      await mail.send({
        to: owner.email,
        template: 'organisation_seat',
        data: { notice: 'extra_seats_used', organisationTitle: account.title, note, link: `${siteUrl}/user/organisations/users/` },
      });
    } catch (error) {
      log.error({ err: error, accountId: account.id }, 'extra seats alert not sent');
    }
  }

  /**
   * Adds people by email, one or many. Someone with an account and a confirmed address gets a
   * seat and the group membership at once, and an email; an address with no account gets an invitation (a reserved
   * seat) and an email asking them to register. Each address is answered on its own. The whole
   * request is a SeatAllocationError only when it cannot be met at all: INVALID_SEAT_REQUEST (no
   * valid address, too many addresses, more seats than the plan could ever give), NO_SEATS_REMAINING
   * (every seat taken). When fewer seats remain than asked, the first addresses get them.
   */
  async function addUsers(
    actor: Actor,
    accountId: string,
    emails: readonly string[],
    roleInput: unknown = 'USER',
  ): Promise<AddUsersResult> {
    const role = parseInput(addedRoleSchema, roleInput);
    const { account } = await access.authorise(actor, accountId, 'admin');
    if (emails.length === 0 || emails.length > MAX_EMAILS_PER_REQUEST) throw new SeatAllocationError('INVALID_SEAT_REQUEST');
    if (!isActiveAccount(account, now())) throw new BaseError(ORGANISATION_MESSAGES.expired);

    // Read every address first; look people up outside the lock (identity's port).
    const seen = new Set<string>();
    const items = readEmails(emails).map((read) => {
      if (!read.ok) return { kind: 'refused' as const, outcome: refusal(read.input, 'INVALID_EMAIL', read.message) };
      if (seen.has(read.email))
        return { kind: 'refused' as const, outcome: refusal(read.email, 'DUPLICATE', 'This address is in the list twice.') };
      seen.add(read.email);
      return { kind: 'email' as const, email: read.email };
    });
    if (!items.some((item) => item.kind === 'email')) throw new SeatAllocationError('INVALID_SEAT_REQUEST');
    await access.spendEmailQuota('seat', accountId, items.filter((item) => item.kind === 'email').length);
    const found = new Map<string, Person | null>();
    // Only a confirmed address gets a seat at once: an account whose address is unconfirmed (perhaps
    // not its owner's) gets an invitation, which it claims once the address is confirmed.
    for (const item of items) {
      if (item.kind !== 'email') continue;
      const person = await people.findByEmail(item.email);
      found.set(item.email, person?.emailVerified ? person : null);
    }

    const given: { email: string; person: Person | null }[] = [];
    const { results, figures, locked } = await db.transaction(async (tx) => {
      const locked = (await lockAccount(tx, accountId))!;
      const before = await access.figures(tx, locked);
      const results: (AddUserOutcome | null)[] = [];
      const needing: { index: number; email: string; person: Person | null }[] = [];
      for (const item of items) {
        if (item.kind === 'refused') {
          results.push(item.outcome);
          continue;
        }
        const person = found.get(item.email) ?? null;
        const seat = person ? await liveSeat(tx, accountId, person.identityId) : null;
        if (seat) {
          results.push({ email: item.email, outcome: 'already_member', accountUserId: seat.id });
          continue;
        }
        const invitation = await openInvitation(tx, accountId, item.email);
        if (invitation && !person) {
          results.push({ email: item.email, outcome: 'already_invited', invitationId: invitation.id });
          continue;
        }
        results.push(null);
        needing.push({ index: results.length - 1, email: item.email, person });
      }
      if (needing.length > 0) {
        // An invitation of someone who has an account now is turned into their seat: it held one already.
        const reserved = await Promise.all(needing.map((need) => openInvitation(tx, accountId, need.email)));
        const newSeats = reserved.filter((invitation) => !invitation).length;
        const verdict = newSeats > 0 ? seatRequest(before, newSeats) : { ok: true as const, granted: 0, extraUsed: 0 };
        if (!verdict.ok) throw new SeatAllocationError(verdict.type);
        let remaining = verdict.granted;
        for (const [i, need] of needing.entries()) {
          const invitation = reserved[i];
          if (!invitation) {
            if (remaining === 0) {
              results[need.index] = refusal(need.email, 'NO_SEATS_REMAINING', SEAT_MESSAGES.NO_SEATS_REMAINING);
              continue;
            }
            remaining -= 1;
          }
          const at = now();
          if (need.person) {
            if (invitation)
              await tx
                .update(organisationInvitations)
                .set({ claimedAt: at, claimedByIdentityId: need.person.identityId })
                .where(eq(organisationInvitations.id, invitation.id));
            const id = randomUUID();
            await tx.insert(organisationAccountUsers).values({
              id,
              accountId,
              identityId: need.person.identityId,
              role,
              origin: 'added',
              initiatorIdentityId: actor.identityId,
              createdAt: at,
              updatedAt: at,
            });
            results[need.index] = { email: need.email, outcome: 'added', accountUserId: id };
          } else {
            const id = randomUUID();
            await tx
              .insert(organisationInvitations)
              .values({ id, accountId, email: need.email, role, invitedByIdentityId: actor.identityId, createdAt: at });
            results[need.index] = { email: need.email, outcome: 'invited', invitationId: id };
          }
          given.push(need);
        }
      }
      return { results: results as AddUserOutcome[], figures: await access.figures(tx, locked), locked, before };
    });

    for (const { email, person } of given) {
      if (person) {
        await access.grantSeatMembership(person.identityId, locked);
        await access.recordEvent('join', accountId, person.identityId, actor.identityId);
        await notifyAdded(person, locked);
      } else await sendSeatEmail(email, 'invited', locked);
    }
    const alertedBefore = figuresBeforeExtra(results, figures);
    if (figures.extraSeatsUsed > alertedBefore) await alertOwner(locked, figures);
    return { results, seats: figures };
  }

  /** Extra seats in use before this request's new seats (the owner is alerted when the number grew). */
  function figuresBeforeExtra(results: readonly AddUserOutcome[], after: SeatFigures): number {
    const newSeats = results.filter((result) => result.outcome === 'added' || result.outcome === 'invited').length;
    return Math.max(0, after.allocatedSeats - newSeats - after.purchasedSeats);
  }

  function refusal(email: string, reason: 'INVALID_EMAIL' | 'DUPLICATE' | 'NO_SEATS_REMAINING', message: string): AddUserOutcome {
    return { email, outcome: 'refused', reason, message };
  }

  /** The open invitations (admins). */
  async function invitations(actor: Actor, accountId: string) {
    await access.authorise(actor, accountId, 'admin');
    const rows = await db
      .select()
      .from(organisationInvitations)
      .where(
        and(
          eq(organisationInvitations.accountId, accountId),
          isNull(organisationInvitations.claimedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      )
      .orderBy(organisationInvitations.createdAt);
    return rows.map((row) => ({
      invitationId: row.id,
      email: row.email,
      role: row.role,
      invitedByIdentityId: row.invitedByIdentityId,
      createdAt: row.createdAt,
      resentAt: row.resentAt,
    }));
  }
  async function findInvitation(accountId: string, invitationId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(invitationId)) throw new BaseError(ORGANISATION_MESSAGES.noSuchInvitation);
    const [row] = await db
      .select()
      .from(organisationInvitations)
      .where(
        and(
          eq(organisationInvitations.id, invitationId),
          eq(organisationInvitations.accountId, accountId),
          isNull(organisationInvitations.claimedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      );
    if (!row) throw new BaseError(ORGANISATION_MESSAGES.noSuchInvitation);
    return row;
  }

  /** Sends the invitation email again (at most once a minute). */
  async function resendInvitation(actor: Actor, accountId: string, invitationId: string) {
    const { account } = await access.authorise(actor, accountId, 'admin');
    const row = await findInvitation(accountId, invitationId);
    const at = now();
    const last = row.resentAt ?? row.createdAt;
    if (at.getTime() - last.getTime() < 60_000)
      throw new BaseError('The invitation was sent less than a minute ago. Try again in a minute.');
    await access.spendEmailQuota('seat', accountId, 1);
    await db.update(organisationInvitations).set({ resentAt: at }).where(eq(organisationInvitations.id, row.id));
    await sendSeatEmail(row.email, 'invited', account);
    return {
      invitationId: row.id,
      email: row.email,
      role: row.role,
      invitedByIdentityId: row.invitedByIdentityId,
      createdAt: row.createdAt,
      resentAt: at,
    };
  }

  /** Withdraws an invitation: its seat is free again. */
  async function revokeInvitation(actor: Actor, accountId: string, invitationId: string): Promise<void> {
    await access.authorise(actor, accountId, 'admin');
    const row = await findInvitation(accountId, invitationId);
    await db
      .update(organisationInvitations)
      .set({ revokedAt: now(), revokedByIdentityId: actor.identityId })
      .where(
        and(eq(organisationInvitations.id, row.id), isNull(organisationInvitations.claimedAt), isNull(organisationInvitations.revokedAt)),
      );
  }

  /**
   * The signed-in person takes the seat an invitation reserved for their confirmed email address
   * (the claim `unclaimed_membership_account_id` names the account). The invitation held the seat,
   * so it is not counted again; the group membership follows.
   */
  async function claimSeat(identityId: string, accountId: string): Promise<{ accountUserId: string; role: OrganisationRole }> {
    const person = await people.get(identityId);
    if (!person) throw new BaseError(ORGANISATION_MESSAGES.noInvitation);
    if (!person.emailVerified) throw new BaseError(ORGANISATION_MESSAGES.confirmEmailFirst);
    const email = person.email.trim().toLowerCase();
    const outcome = await db.transaction(async (tx) => {
      const account = await lockAccount(tx, accountId);
      if (!account) return null;
      const existing = await liveSeat(tx, accountId, identityId);
      const invitation = await openInvitation(tx, accountId, email);
      if (!invitation) return existing ? { account, seat: existing, fresh: false } : null;
      if (!isActiveAccount(account, now())) throw new BaseError(ORGANISATION_MESSAGES.expired);
      const at = now();
      await tx
        .update(organisationInvitations)
        .set({ claimedAt: at, claimedByIdentityId: identityId })
        .where(eq(organisationInvitations.id, invitation.id));
      if (existing) return { account, seat: existing, fresh: false };
      const id = randomUUID();
      const [seat] = await tx
        .insert(organisationAccountUsers)
        .values({
          id,
          accountId,
          identityId,
          role: invitation.role,
          origin: 'invitation',
          initiatorIdentityId: invitation.invitedByIdentityId,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return { account, seat: seat!, fresh: true, initiator: invitation.invitedByIdentityId };
    });
    if (!outcome) throw new BaseError(ORGANISATION_MESSAGES.noInvitation);
    if (outcome.fresh) {
      await access.grantSeatMembership(identityId, outcome.account);
      await access.recordEvent('join', accountId, identityId, outcome.initiator ?? null);
    }
    return { accountUserId: outcome.seat.id, role: outcome.seat.role };
  }

  async function seatById(accountId: string, accountUserId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(accountUserId)) throw new BaseError(ORGANISATION_MESSAGES.noSuchUser);
    const [row] = await db
      .select()
      .from(organisationAccountUsers)
      .where(
        and(
          eq(organisationAccountUsers.id, accountUserId),
          eq(organisationAccountUsers.accountId, accountId),
          isNull(organisationAccountUsers.removedAt),
        ),
      );
    if (!row) throw new BaseError(ORGANISATION_MESSAGES.noSuchUser);
    return row;
  }

  /**
   * Changes a person's role. OWNER and ADMIN may make people ADMIN or USER; only the OWNER (or site
   * staff) may hand the OWNER role on, and then the old owner becomes an ADMIN (one transaction:
   * there is always exactly one OWNER). Nobody changes the OWNER's own role directly, and an ADMIN
   * never touches the OWNER.
   */
  async function changeRole(actor: Actor, accountId: string, accountUserId: string, roleInput: unknown) {
    const role = parseInput(roleSchema, roleInput);
    const { role: actorRole, asSiteAdmin } = await access.authorise(actor, accountId, 'admin');
    const target = await seatById(accountId, accountUserId);
    if (target.role === role) return target;
    if (target.role === 'OWNER') {
      if (actorRole !== 'OWNER' && !asSiteAdmin) throw new UnauthorizedError(actor.userId, accountId);
      throw new BaseError(ORGANISATION_MESSAGES.ownerStays);
    }
    if (role === 'OWNER') {
      if (actorRole !== 'OWNER' && !asSiteAdmin) throw new UnauthorizedError(actor.userId, accountId);
      return db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        const at = now();
        await tx
          .update(organisationAccountUsers)
          .set({ role: 'ADMIN', updatedAt: at })
          .where(
            and(
              eq(organisationAccountUsers.accountId, accountId),
              eq(organisationAccountUsers.role, 'OWNER'),
              isNull(organisationAccountUsers.removedAt),
            ),
          );
        const [updated] = await tx
          .update(organisationAccountUsers)
          .set({ role: 'OWNER', updatedAt: at })
          .where(and(eq(organisationAccountUsers.id, target.id), isNull(organisationAccountUsers.removedAt)))
          .returning();
        if (!updated) throw new BaseError(ORGANISATION_MESSAGES.noSuchUser);
        await tx
          .update(organisationAccounts)
          .set({ ownerIdentityId: updated.identityId, updatedAt: at })
          .where(eq(organisationAccounts.id, accountId));
        return updated;
      });
    }
    const [updated] = await db
      .update(organisationAccountUsers)
      .set({ role, updatedAt: now() })
      .where(
        and(
          eq(organisationAccountUsers.id, target.id),
          isNull(organisationAccountUsers.removedAt),
          sql`${organisationAccountUsers.role} <> 'OWNER'`,
        ),
      )
      .returning();
    if (!updated) throw new BaseError(ORGANISATION_MESSAGES.noSuchUser);
    return updated;
  }

  /**
   * Removes a person from the account: their seat is free, their group membership ends now (their
   * token loses it at its next refresh, within 10 minutes) and they fall back to their own. The
   * OWNER cannot be removed (hand the role on first).
   */
  async function removeUser(actor: Actor, accountId: string, accountUserId: string): Promise<void> {
    const { role: actorRole, asSiteAdmin } = await access.authorise(actor, accountId, 'admin');
    const target = await seatById(accountId, accountUserId);
    if (target.role === 'OWNER') {
      if (!isAdminRole(actorRole) && !asSiteAdmin) throw new UnauthorizedError(actor.userId, accountId);
      throw new BaseError(ORGANISATION_MESSAGES.ownerStays);
    }
    const at = now();
    const [removed] = await db
      .update(organisationAccountUsers)
      .set({ removedAt: at, removedByIdentityId: actor.identityId, updatedAt: at })
      .where(
        and(
          eq(organisationAccountUsers.id, target.id),
          isNull(organisationAccountUsers.removedAt),
          sql`${organisationAccountUsers.role} <> 'OWNER'`,
        ),
      )
      .returning();
    if (!removed) throw new BaseError(ORGANISATION_MESSAGES.noSuchUser);
    await access.endSeatMembership(removed.identityId, accountId, at);
    await access.recordEvent('leave', accountId, removed.identityId, actor.identityId);
  }

  return {
    addUsers,
    invitations,
    resendInvitation,
    revokeInvitation,
    claimSeat,
    changeRole,
    removeUser,
    lockAccount,
    liveSeat,
    notifyAdded,
  };
}

export type SeatHolders = ReturnType<typeof createSeatHolders>;
