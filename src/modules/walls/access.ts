// The one access decision (DESIGN §5, issue 6): given a reader, a story and the wall rules, may the
// reader see all of it, or which wall — in which variant — ends the lead-in? Story pages, their
// route data, feeds, the API and later email, AI answers and downloads all ask this function, so
// no surface can decide differently.
import { isMemberLevel } from '../../shared/membership.ts';
import type { StoryAccess } from '../content/types.ts';
import { entitlementsFor, requiredEntitlement, type Entitlement } from './entitlements.ts';
import { groupLabel, type Assignment } from './experiments.ts';
import type { WallKind, WallRules, WallVariant } from './rules.ts';

export type { WallKind };

export type Reader =
  | {
      kind: 'anonymous';
      /** Ids of the stories counted this period (the meter in the reader's signed cookie). */
      meterRead: readonly string[];
    }
  | {
      kind: 'signed-in';
      membershipLevel: string;
      membershipType: string;
      isAdmin: boolean;
      /** The account's email address is confirmed: a membership opens nothing more until it is (decision 040). */
      emailVerified: boolean;
    };

export interface StoryFacts {
  id: string;
  access: StoryAccess;
  /** The primary topic: research series and case studies need a Premium-level membership. */
  topicSlug: string;
}

export interface AccessContext {
  rules: WallRules;
  /** The reader's experiment groups (experiments.ts). */
  assignments: readonly Assignment[];
  /** Set when the reader opened a valid gift link for this very story. */
  gift?: { giftId: string } | null;
}

/** The wall's variant and the analytics fields that name it (§3 wall fields). */
export interface ChosenVariant extends WallVariant {
  experimentId: string | null;
  outcomeId: string | null;
  abGroups: string[];
}

export type FullReason = 'free' | 'metered' | 'entitled' | 'admin' | 'gift';
/**
 * `confirm-email`: the reader's membership opens the story, but their email address is not
 * confirmed yet (decision 040): the lead-in and a confirmation wall, never an offer to buy again.
 */
export type AccessDecision =
  | { kind: 'full'; reason: FullReason; countsTowardMeter: boolean }
  | { kind: 'wall'; wall: WallKind; variant: ChosenVariant }
  | { kind: 'confirm-email' };

const full = (reason: FullReason, countsTowardMeter = false): AccessDecision => ({ kind: 'full', reason, countsTowardMeter });

/**
 * A short string naming the decision, the same for equal decisions under the same rules: a wall's
 * variant is the rules' variant of that id (a change of rules drops every stored page), and the
 * rest of the decision is named field by field. The page cache keys a story by it on every
 * request, where `JSON.stringify` of a wall's whole variant was 4 % of a reader's stored story
 * (docs/performance.md, session 22). access.test.ts checks that equal keys are equal decisions.
 */
export function decisionKey(decision: AccessDecision): string {
  switch (decision.kind) {
    case 'full':
      return `full:${decision.reason}:${decision.countsTowardMeter ? 'counts' : ''}`;
    case 'wall': {
      const { variant } = decision;
      return `wall:${decision.wall}:${variant.id}:${variant.experimentId ?? ''}:${variant.outcomeId ?? ''}:${variant.abGroups.join(',')}`;
    }
    case 'confirm-email':
      return 'confirm-email';
  }
}

export function decideAccess({ reader, story, context }: { reader: Reader; story: StoryFacts; context: AccessContext }): AccessDecision {
  const needs = requiredEntitlement(story, context.rules.premiumOnlyTopics);
  const wall = (kind: WallKind): AccessDecision => ({ kind: 'wall', wall: kind, variant: chooseVariant(kind, needs, context) });

  if (context.gift) return full('gift');
  if (reader.kind === 'signed-in') {
    if (reader.isAdmin) return full('admin');
    if (needs === null) return full('free');
    if (entitlementsFor(reader.membershipLevel).includes(needs)) {
      // What any signed-in reader has needs no confirmation; what the membership adds waits for it.
      return reader.emailVerified || entitlementsFor('None').includes(needs) ? full('entitled') : { kind: 'confirm-email' };
    }
    // A reader without a membership is offered one; a member whose level lacks it, an upgrade.
    return wall(isMemberLevel(reader.membershipLevel) ? 'upgrade' : 'pay');
  }

  if (needs === 'registered') return wall('registration');
  if (needs !== null) return wall('pay');
  // Free stories are metered for anonymous readers: unique stories per period.
  if (reader.meterRead.includes(story.id)) return full('metered');
  if (reader.meterRead.length < context.rules.meter.freeStories) return full('metered', true);
  return wall('registration');
}

/**
 * The experiment's group when one runs on this wall for this kind of story; otherwise the variant
 * for what the story needs; otherwise the wall's general variant (the rules guarantee one).
 */
function chooseVariant(wall: WallKind, needs: Entitlement | null, { rules, assignments }: AccessContext): ChosenVariant {
  const abGroups = assignments.map(groupLabel);
  const experiment = rules.experiments.find(
    (candidate) => candidate.wall === wall && (candidate.needs === undefined || candidate.needs === needs),
  );
  const assigned = experiment && assignments.find((assignment) => assignment.experimentId === experiment.id);
  const byId = assigned && rules.variants.find((variant) => variant.id === assigned.variant);
  if (byId) return { ...byId, experimentId: assigned.experimentId, outcomeId: assigned.outcomeId, abGroups };
  const variant =
    rules.variants.find((candidate) => candidate.wall === wall && candidate.needs === needs) ??
    rules.variants.find((candidate) => candidate.wall === wall && !candidate.needs)!;
  return { ...variant, experimentId: null, outcomeId: null, abGroups };
}

/** How much of a walled story a reader sees: the first paragraphs, never a heading or quote past them. */
export const LEAD_IN_PARAGRAPHS = 2;
