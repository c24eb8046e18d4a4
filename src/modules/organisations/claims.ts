// The organisation facts in the session claims, asked whenever tokens are minted (sign-in and every
// refresh): that is where a confirmed email address is first seen, whichever way it was confirmed
// (a code, a link, a social provider, a code registration), without identity knowing about
// organisations. For a person whose email is confirmed:
//  - an open invitation for the address names its account in `unclaimed_membership_account_id`
//    (the site offers the claim: claimSeat);
//  - an address at a verified, enabled domain joins that organisation as a USER (initiator null)
//    while seats remain — once: someone who was removed, or left, does not join again by domain;
//  - a live seat on an active account whose group membership is missing (a grant that failed after
//    the seat was committed) is granted again.
// After a join or a repair the membership facts are given here too, so this very token carries them.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { isActiveStatus } from '../../shared/membership.ts';
import { heldMembership } from '../memberships/terms.ts';
import type { ClaimFacts, ClaimsSource } from '../session/claims-source.ts';
import { isActiveAccount, type Access, type OrganisationsDeps } from './access.ts';
import type { Domains } from './domains.ts';
import { domainOf } from './organisation-input.ts';
import { organisationAccounts, organisationAccountUsers, organisationInvitations } from './schema.ts';
import type { SeatHolders } from './seat-holders.ts';

export function createOrganisationClaims(deps: OrganisationsDeps, access: Access, seatHolders: SeatHolders, domains: Domains) {
  const { db, people, memberships, log, now } = deps;

  /** The first open invitation for the address on an active account the person holds no seat on. */
  async function unclaimedAccountId(identityId: string, email: string): Promise<string | null> {
    const rows = await db
      .select({ account: organisationAccounts })
      .from(organisationInvitations)
      .innerJoin(organisationAccounts, eq(organisationAccounts.id, organisationInvitations.accountId))
      .where(
        and(eq(organisationInvitations.email, email), isNull(organisationInvitations.claimedAt), isNull(organisationInvitations.revokedAt)),
      )
      .orderBy(asc(organisationInvitations.createdAt));
    const at = now();
    for (const { account } of rows) {
      if (!isActiveAccount(account, at)) continue;
      if (!(await access.roleOf(identityId, account.id))) return account.id;
    }
    return null;
  }

  /** Joins the organisation that verified the address's domain, once, while seats remain. */
  async function joinByDomain(identityId: string, email: string): Promise<boolean> {
    const accountId = await domains.accountForDomain(domainOf(email));
    if (!accountId) return false;
    const [before] = await db
      .select({ id: organisationAccountUsers.id })
      .from(organisationAccountUsers)
      .where(and(eq(organisationAccountUsers.accountId, accountId), eq(organisationAccountUsers.identityId, identityId)))
      .limit(1);
    if (before) return false;
    const joined = await db.transaction(async (tx) => {
      const account = await seatHolders.lockAccount(tx, accountId);
      if (!account || !isActiveAccount(account, now())) return null;
      const figures = await access.figures(tx, account);
      if (figures.purchasedSeatsRemaining === 0) return null;
      const [invited] = await tx
        .select({ id: organisationInvitations.id })
        .from(organisationInvitations)
        .where(
          and(
            eq(organisationInvitations.accountId, accountId),
            eq(organisationInvitations.email, email),
            isNull(organisationInvitations.claimedAt),
            isNull(organisationInvitations.revokedAt),
          ),
        );
      // An invitation waits for them: they claim it (with its role) rather than join by domain.
      if (invited) return null;
      const at = now();
      const inserted = await tx
        .insert(organisationAccountUsers)
        .values({
          id: randomUUID(),
          accountId,
          identityId,
          role: 'USER',
          origin: 'domain',
          initiatorIdentityId: null,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      return inserted.length > 0 ? account : null;
    });
    if (!joined) return false;
    await access.grantSeatMembership(identityId, joined);
    await access.recordEvent('join', accountId, identityId, null);
    await seatHolders.notifyAdded({ identityId, email }, joined);
    return true;
  }

  /** Grants the membership of a live seat on an active account when the group lane holds none. */
  async function repairSeatMembership(identityId: string): Promise<boolean> {
    const seats = await db
      .select({ account: organisationAccounts })
      .from(organisationAccountUsers)
      .innerJoin(organisationAccounts, eq(organisationAccounts.id, organisationAccountUsers.accountId))
      .where(and(eq(organisationAccountUsers.identityId, identityId), isNull(organisationAccountUsers.removedAt)));
    const at = now();
    const active = seats.map((row) => row.account).filter((account) => isActiveAccount(account, at));
    if (active.length === 0) return false;
    const current = await memberships.currentMembership(identityId, 'group');
    if (current && isActiveStatus(current.status) && active.some((account) => account.id === current.groupAccountId)) return false;
    await access.grantSeatMembership(identityId, active[0]!);
    log.warn({ identityId, accountId: active[0]!.id }, 'organisation seat membership granted again');
    return true;
  }

  async function factsFor(identityId: string): Promise<Partial<ClaimFacts>> {
    const person = await people.get(identityId);
    if (!person?.emailVerified) return {};
    const email = person.email.trim().toLowerCase();
    const joined = await joinByDomain(identityId, email);
    const repaired = await repairSeatMembership(identityId);
    const facts: Partial<ClaimFacts> = { unclaimedMembershipAccountId: await unclaimedAccountId(identityId, email) };
    if (joined || repaired) {
      const held = heldMembership(await memberships.currentMembership(identityId));
      Object.assign(facts, { membershipLevel: held.level, membershipType: held.type });
    }
    return facts;
  }

  const claimsSource: ClaimsSource = {
    // Signing in never fails for this module's sake: a failure here is logged, and the next mint tries again.
    async claimsFor(identityId): Promise<Partial<ClaimFacts>> {
      try {
        return await factsFor(identityId);
      } catch (error) {
        log.error({ err: error, identityId }, 'organisation claims failed');
        return {};
      }
    },
  };

  return { claimsSource, unclaimedAccountId };
}
