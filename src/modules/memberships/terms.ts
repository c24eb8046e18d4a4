// The rules that turn a stored term into a §4 status and into what it grants. Pure: the service
// passes the clock, so unit tests can walk a term through its life.
import {
  isActiveStatus,
  NO_MEMBERSHIP,
  type ActiveMembershipStatus,
  type MembershipLevel,
  type MembershipStatus,
  type MembershipType,
} from '../../shared/membership.ts';

/** The dates and the running status of one term (a memberships row). */
export interface Term {
  status: ActiveMembershipStatus;
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * The §4 status at `at`: the term's own (renewing, trial, canceled) from its start until its end,
 * Expired from `ends_at` on (an end is exclusive), None without a term or before it starts.
 */
export function membershipStatus(term: Term | null, at: Date): MembershipStatus {
  if (!term || at < term.startsAt) return 'None';
  if (term.endsAt && at >= term.endsAt) return 'Expired';
  return term.status;
}

/** What a membership grants now: its level and type while active, None/None otherwise. */
export interface HeldMembership {
  level: MembershipLevel;
  type: MembershipType;
  planCode: string | null;
  groupAccountId: string | null;
}

export function heldMembership(membership: (HeldMembership & { status: MembershipStatus }) | null): HeldMembership {
  if (!membership || !isActiveStatus(membership.status)) return { ...NO_MEMBERSHIP, planCode: null, groupAccountId: null };
  const { level, type, planCode, groupAccountId } = membership;
  return { level, type, planCode, groupAccountId };
}

/**
 * A person may hold two memberships at once, one in each **lane**: their own (bought, a student's,
 * the demo's, an admin's grant) and a seat of an organisation (a term with a group account id). A
 * grant replaces the current term of its own lane only, so joining a team never ends a paid plan,
 * and the seat ending leaves the person's own plan as it was.
 */
export type MembershipLane = 'individual' | 'group';

export function laneOf(term: { groupAccountId: string | null }): MembershipLane {
  return term.groupAccountId === null ? 'individual' : 'group';
}

// How much a level opens (walls/entitlements.ts), to pick the better of two memberships.
const LEVEL_RANK: Record<string, number> = {
  AllAccess: 7,
  Premium: 6,
  LearningAndDevelopment: 5,
  NewsAndAnalysis: 4,
  Standard: 4,
  TopicBeauty: 3,
  Restricted: 1,
  None: 0,
};

/**
 * The better of a person's two current terms (one per lane): an active one over one that is not,
 * then the level that opens more; on a tie their own (so billing reads its own term back).
 */
export function betterMembership<T extends { status: MembershipStatus; level: string }>(individual: T | null, group: T | null): T | null {
  if (!individual || !group) return individual ?? group;
  const active = (term: T) => isActiveStatus(term.status);
  if (active(individual) !== active(group)) return active(individual) ? individual : group;
  return (LEVEL_RANK[group.level] ?? 0) > (LEVEL_RANK[individual.level] ?? 0) ? group : individual;
}
