// The §4 membership and subscription enumerations, spelled as the session claims and the API carry
// them. Isomorphic: the server grants and checks them, the browser reads them from the main token.

/** §4 membership level. `None`: not a member (SessionUser.isMember is false). */
export const MEMBERSHIP_LEVELS = [
  'AllAccess',
  'LearningAndDevelopment',
  'NewsAndAnalysis',
  'None',
  'Premium',
  'Restricted',
  'Standard',
  'TopicBeauty',
] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];

/** §4 membership type. `Student` makes SessionUser.isStudent true. */
export const MEMBERSHIP_TYPES = ['Group', 'Individual', 'None', 'Partner', 'Student'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

/** §4 membership status. */
export const MEMBERSHIP_STATUSES = ['ActiveCanceled', 'ActiveRenewing', 'ActiveTrial', 'Expired', 'None'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The statuses of a membership within its term: it grants its level (a canceled one until it ends). */
export const ACTIVE_MEMBERSHIP_STATUSES = [
  'ActiveCanceled',
  'ActiveRenewing',
  'ActiveTrial',
] as const satisfies readonly MembershipStatus[];
export type ActiveMembershipStatus = (typeof ACTIVE_MEMBERSHIP_STATUSES)[number];

/** §4 subscription state (the billing provider's). */
export const SUBSCRIPTION_STATES = ['ACTIVE', 'CANCELED', 'EXPIRED', 'FAILED', 'FUTURE', 'PAUSED'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** What a reader without a current membership holds: the claims' defaults. */
export const NO_MEMBERSHIP: Readonly<{ level: 'None'; type: 'None' }> = Object.freeze({ level: 'None', type: 'None' });

export function isActiveStatus(status: string): status is ActiveMembershipStatus {
  return (ACTIVE_MEMBERSHIP_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether a membership level makes someone a member (walls, gift links): any level but None —
 * and not Restricted, which opens nothing beyond what registration opens.
 */
export function isMemberLevel(level: string): boolean {
  return level.toLowerCase() !== 'none' && level !== 'Restricted';
}
