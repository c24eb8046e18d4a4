// What a membership opens (§4 levels and types) and what a story needs. One table, read by the
// access decision and written into the paywall token (`blaize_jwt.entitlements`).
import type { StoryAccess } from '../content/types.ts';

/**
 * - registered: stories for signed-in readers;
 * - premium: member stories (news and analysis);
 * - premium_only: the research and case studies that only Premium-level memberships include;
 * - beauty: the beauty package's stories.
 */
export const ENTITLEMENTS = ['registered', 'premium', 'premium_only', 'beauty'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

const BY_LEVEL: Record<string, readonly Entitlement[]> = {
  None: ['registered'],
  // A restricted membership (e.g. paused for abuse) keeps what any signed-in reader has.
  Restricted: ['registered'],
  Standard: ['registered', 'premium'],
  NewsAndAnalysis: ['registered', 'premium'],
  LearningAndDevelopment: ['registered', 'premium', 'premium_only'],
  TopicBeauty: ['registered', 'beauty'],
  Premium: ['registered', 'premium', 'premium_only', 'beauty'],
  AllAccess: ['registered', 'premium', 'premium_only', 'beauty'],
};

/** A signed-in reader's entitlements; an unknown level opens only what registration opens. */
export function entitlementsFor(membershipLevel: string): readonly Entitlement[] {
  return BY_LEVEL[membershipLevel] ?? BY_LEVEL.None!;
}

/** What a story needs, or null when it is free. */
export function requiredEntitlement(
  story: { access: StoryAccess; topicSlug: string },
  premiumOnlyTopics: readonly string[],
): Entitlement | null {
  switch (story.access) {
    case 'free':
      return null;
    case 'registered':
      return 'registered';
    case 'beauty':
      return 'beauty';
    case 'premium':
      return premiumOnlyTopics.includes(story.topicSlug) ? 'premium_only' : 'premium';
  }
}
