// Who may buy what (§3 individualMembershipEligibility), from the membership in the session claims
// and the person's trial history: one free trial per person, so a trial once used (even ended or
// canceled) closes isEligibleForTrialPurchase for good (billing.hasUsedTrial).

import type { MembershipLevel } from '../../shared/membership.ts';

/** How far a level reaches, for telling an upgrade from a sideways or downward purchase. */
const LEVEL_RANK: Partial<Record<MembershipLevel, number>> = {
  Restricted: 0,
  TopicBeauty: 1,
  Standard: 2,
  NewsAndAnalysis: 2,
  LearningAndDevelopment: 3,
  Premium: 4,
  AllAccess: 5,
};

/** Whether `level` opens more than `than` (Premium over Standard, Standard over the beauty package). */
export function reachesFurther(level: string, than: string): boolean {
  return (LEVEL_RANK[level as MembershipLevel] ?? 0) > (LEVEL_RANK[than as MembershipLevel] ?? 0);
}

/** Levels nothing individual sits above: a member on one of these has nothing to upgrade to. */
const TOP_LEVELS = new Set(['AllAccess', 'Premium']);

export function membershipEligibility({
  membershipLevel,
  membershipType,
  hasUsedTrial = false,
}: {
  membershipLevel: string;
  membershipType: string;
  hasUsedTrial?: boolean;
}) {
  const isMember = membershipLevel.toLowerCase() !== 'none';
  // Group and partner seats are managed by the organisation, not bought by the person.
  const managedByOrganisation = membershipType === 'Group' || membershipType === 'Partner';
  return {
    isEligibleForPurchase: !isMember,
    isEligibleForTrialPurchase: !isMember && !hasUsedTrial,
    isEligibleForUpgrade: isMember && !managedByOrganisation && !TOP_LEVELS.has(membershipLevel),
  };
}
