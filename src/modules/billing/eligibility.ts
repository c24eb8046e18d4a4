// Who may buy what (§3 individualMembershipEligibility), from the membership in the session claims
// and the person's trial history: one free trial per person, so a trial once used (even ended or
// canceled) closes isEligibleForTrialPurchase for good (billing.hasUsedTrial).

/** Levels nothing individual sits above: a member on one of these has nothing to upgrade to. */
const TOP_LEVELS = new Set(['AllAccess', 'Premium']);

export function membershipEligibility({ membershipLevel, membershipType, hasUsedTrial = false }: { membershipLevel: string; membershipType: string; hasUsedTrial?: boolean }) {
  const isMember = membershipLevel.toLowerCase() !== 'none';
  // Group and partner seats are managed by the organisation, not bought by the person.
  const managedByOrganisation = membershipType === 'Group' || membershipType === 'Partner';
  return {
    isEligibleForPurchase: !isMember,
    isEligibleForTrialPurchase: !isMember && !hasUsedTrial,
    isEligibleForUpgrade: isMember && !managedByOrganisation && !TOP_LEVELS.has(membershipLevel),
  };
}
