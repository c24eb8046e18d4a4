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
