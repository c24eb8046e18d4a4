// The memberships domain: who holds which membership (§4 level, type, status) and when, and the
// membership facts in the session claims. Billing, organisations, admins and the demo seed grant
// memberships here; nothing else writes them.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../platform/module.ts';
import { ACTIVE_MEMBERSHIP_STATUSES, type MembershipStatus } from '../../shared/membership.ts';
import type { ClaimsSource } from '../session/claims-source.ts';
import { GRANTED_LEVELS, GRANTED_TYPES, MEMBERSHIP_SOURCES, memberships, type MembershipRow } from './schema.ts';
import { betterMembership, heldMembership, laneOf, membershipStatus, type MembershipLane } from './terms.ts';

/** One term of a membership with its §4 status when read (None only for a term that has not started). */
export type Membership = Omit<MembershipRow, 'status'> & { status: MembershipStatus };

export const grantSchema = z.object({
  identityId: z.uuid(),
  level: z.enum(GRANTED_LEVELS),
  type: z.enum(GRANTED_TYPES),
  /** How the term runs: renewing (the default), a trial, or canceled (ends at `endsAt`, no renewal). */
  status: z.enum(ACTIVE_MEMBERSHIP_STATUSES).default('ActiveRenewing'),
  source: z.enum(MEMBERSHIP_SOURCES),
  planCode: z.string().min(1).max(255).nullable().default(null),
  groupAccountId: z.string().min(1).max(255).nullable().default(null),
  /** Defaults to now. A later start is a future term: the current one runs until then. */
  startsAt: z.date().optional(),
  /** Null: no end. */
  endsAt: z.date().nullable().default(null),
});
export type GrantInput = z.input<typeof grantSchema>;
/** The level and type a grant gives (§4's, without None): what other modules name instead of reading schema.ts. */
export type GrantedLevel = (typeof GRANTED_LEVELS)[number];
export type GrantedType = (typeof GRANTED_TYPES)[number];

export interface MembershipsServiceOptions {
  db: Db;
  now?: () => Date;
  /**
   * Told after a term is granted or ended, so the person's tokens (which carry the membership)
   * are minted again at their next request rather than at expiry (identity's claimsChanged,
   * decision 046). A failure is logged: the term stands, and the tokens catch up when they expire.
   */
  claimsChanged?: (identityId: string) => Promise<unknown>;
  log?: Pick<Logger, 'warn'>;
}

export function createMembershipsService({ db, now = () => new Date(), claimsChanged, log }: MembershipsServiceOptions) {
  async function announce(identityId: string): Promise<void> {
    if (!claimsChanged) return;
    try {
      await claimsChanged(identityId);
    } catch (error) {
      log?.warn({ err: error, identityId }, 'a membership changed, but the tokens could not be marked stale');
    }
  }

  const view = (row: MembershipRow, at: Date): Membership => ({ ...row, status: membershipStatus(row, at) });

  const inLane = (lane: MembershipLane): SQL =>
    lane === 'group' ? isNotNull(memberships.groupAccountId) : isNull(memberships.groupAccountId);

  async function currentIn(identityId: string, lane: MembershipLane, at: Date): Promise<Membership | null> {
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.identityId, identityId), lte(memberships.startsAt, at), inLane(lane)))
      .orderBy(desc(memberships.startsAt), desc(memberships.createdAt))
      .limit(1);
    return row ? view(row, at) : null;
  }

  /**
   * The current membership: in each lane (terms.ts: their own, an organisation's seat) the latest
   * term that has started (a later grant ends the earlier ones of its lane, so they never overlap),
   * and of the two the better (`betterMembership`). Within its term, its status; past its end,
   * Expired. Null when the identity never held one (§4 status None) — a term starting in the future
   * is not current yet. With `lane`, that lane's only (billing reads the person's own).
   */
  async function currentMembership(identityId: string, lane?: MembershipLane): Promise<Membership | null> {
    const at = now();
    if (lane) return currentIn(identityId, lane, at);
    const [individual, group] = await Promise.all([currentIn(identityId, 'individual', at), currentIn(identityId, 'group', at)]);
    return betterMembership(individual, group);
  }

  /** Every term the identity held, holds or will hold, newest start first. */
  async function history(identityId: string): Promise<Membership[]> {
    const at = now();
    const rows = await db
      .select()
      .from(memberships)
      .where(eq(memberships.identityId, identityId))
      .orderBy(desc(memberships.startsAt), desc(memberships.createdAt));
    return rows.map((row) => view(row, at));
  }

  /**
   * Gives the identity a membership from `startsAt` (now by default). It replaces the current one
   * of its lane (a seat's term replaces a seat's, anything else the person's own): terms of that
   * lane still running at that moment end then, and terms not yet started are voided (they end as
   * they start), so the history shows what was held when. Throws a ZodError for bad input, a
   * RangeError for a term that would end before it starts.
   */
  async function grant(input: GrantInput): Promise<Membership> {
    const at = now();
    const { startsAt = at, ...term } = grantSchema.parse(input);
    if (term.endsAt && term.endsAt <= startsAt) throw new RangeError('A term ends after it starts');
    const row = await db.transaction(async (tx) => {
      // Two grants for one identity at once would both see the old term open: take turns.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${term.identityId}, 0))`);
      await tx
        .update(memberships)
        .set({ endsAt: sql`greatest(${memberships.startsAt}, ${startsAt.toISOString()}::timestamptz)`, updatedAt: at })
        .where(
          and(
            eq(memberships.identityId, term.identityId),
            inLane(laneOf(term)),
            or(isNull(memberships.endsAt), gt(memberships.endsAt, startsAt)),
          ),
        );
      const [inserted] = await tx
        .insert(memberships)
        .values({ id: randomUUID(), ...term, startsAt, createdAt: at, updatedAt: at })
        .returning();
      return inserted!;
    });
    await announce(row.identityId);
    return view(row, at);
  }

  /**
   * Ends the organisation seat's term now (or at `at`): the seat was removed or the organisation's
   * subscription ended. Only a group term of that account is ended; the person's own is untouched.
   * Returns whether a running term ended.
   */
  async function endGroupMembership(identityId: string, groupAccountId: string, at: Date = now()): Promise<boolean> {
    const ended = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${identityId}, 0))`);
      return tx
        .update(memberships)
        .set({ endsAt: sql`greatest(${memberships.startsAt}, ${at.toISOString()}::timestamptz)`, updatedAt: now() })
        .where(
          and(
            eq(memberships.identityId, identityId),
            eq(memberships.groupAccountId, groupAccountId),
            or(isNull(memberships.endsAt), gt(memberships.endsAt, at)),
          ),
        )
        .returning({ id: memberships.id });
    });
    if (ended.length > 0) await announce(identityId);
    return ended.length > 0;
  }

  /** The main token's membership facts: the current membership's level and type, None/None when expired or none. */
  const claimsSource: ClaimsSource = {
    async claimsFor(identityId) {
      const { level, type } = heldMembership(await currentMembership(identityId));
      return { membershipLevel: level, membershipType: type };
    },
  };

  return { currentMembership, history, grant, endGroupMembership, claimsSource };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
