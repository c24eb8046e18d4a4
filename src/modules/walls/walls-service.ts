// The walls domain at run time: who the reader is (session claims, or the anonymous meter cookie),
// the decision for a story, the meter that follows from it, and the paywall token's contents.
import { LRUCache } from 'lru-cache';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import { createCookieReader } from '../../shared/auth/cookies.ts';
import type { PaywallClaims } from '../session/tokens.ts';
import { isMemberLevel } from '../../shared/membership.ts';
import { decideAccess, type AccessDecision, type Reader, type StoryFacts } from './access.ts';
import { ENTITLEMENTS, entitlementsFor } from './entitlements.ts';
import { assignAll, groupLabel, type Assignment } from './experiments.ts';
import { METER_COOKIE, meterPeriodOf, meterPeriodStart, type MeterCookies } from './meter.ts';
import type { NextBestAction, WallRules } from './rules.ts';

export interface WallsServiceOptions {
  rules: { current(): WallRules };
  meterCookies: MeterCookies;
  /** Reading history (the follows module): the signed-in reader's meter. */
  reads: {
    recordReads(input: { userId: string; storyIds: readonly string[] }): Promise<void>;
    storiesReadSince(input: { userId: string; since: Date }): Promise<string[]>;
  };
  now?: () => Date;
}

/** Who the paywall token is for: the facts of the main token's claims. */
export interface PaywallReader {
  userId: string | null;
  membershipLevel: string;
  isBofAdmin: boolean;
  /** False: the address is not confirmed, so the token carries only what registration opens (decision 040). */
  emailVerified?: boolean;
}

export interface StoryAccess {
  decision: AccessDecision;
  assignments: readonly Assignment[];
  /** A new meter cookie to set (the anonymous reader's count or visitor id changed). */
  meterCookie: string | null;
}

/** One offer a wall makes: its words and the plan its call to action buys. */
export interface WallOffer {
  /** The wall variant's id. */
  id: string;
  text: string;
  /** The call to action's words, e.g. "Start your free trial". */
  cta: string;
  ctaUrl: string;
  planCode: string;
}

/** Returning visitors whose experiment groups are remembered. */
const VISITORS_REMEMBERED = 10_000;

export function createWallsService({ rules, meterCookies, reads, now = () => new Date() }: WallsServiceOptions) {
  const readMeterCookie = (cookieHeader: string | undefined) => createCookieReader(() => cookieHeader ?? '').get(METER_COOKIE);
  // A returning visitor's groups, worked out once per visitor and rules: each is a SHA-256 per
  // experiment, on every story page the visitor opens (2 % of a stored story's CPU, issue 15).
  const visitorGroups = new LRUCache<string, { rules: WallRules; assignments: readonly Assignment[] }>({ max: VISITORS_REMEMBERED });
  const groupsOfVisitor = (current: WallRules, visitorId: string): readonly Assignment[] => {
    const remembered = visitorGroups.get(visitorId);
    if (remembered?.rules === current) return remembered.assignments;
    const assignments = Object.freeze(assignAll(current, visitorId));
    visitorGroups.set(visitorId, { rules: current, assignments });
    return assignments;
  };

  return {
    rules: () => rules.current(),

    /** The decision for a story page, and the anonymous meter that follows from it: from the cookies alone, no read. */
    storyAccess({
      user,
      cookieHeader,
      story,
      gift,
    }: {
      user: SessionUser | null;
      cookieHeader: string | undefined;
      story: StoryFacts;
      gift?: { giftId: string } | null;
    }): StoryAccess {
      const current = rules.current();
      if (user?.isLoggedIn) {
        const reader = signedInReader(user);
        const assignments = assignAll(current, user.id);
        return {
          decision: decideAccess({ reader, story, context: { rules: current, assignments, gift } }),
          assignments,
          meterCookie: null,
        };
      }
      const at = now();
      const token = readMeterCookie(cookieHeader);
      const meter = meterCookies.read(token, meterPeriodOf(at, current.meter.period));
      // A new visitor's id is new: nothing to remember it by until they come back.
      const assignments = token ? groupsOfVisitor(current, meter.visitorId) : assignAll(current, meter.visitorId);
      const decision = decideAccess({
        reader: { kind: 'anonymous', meterRead: meter.read },
        story,
        context: { rules: current, assignments, gift },
      });
      const counted = decision.kind === 'full' && decision.countsTowardMeter;
      // Written when it changes, and for a new visitor, so experiment groups stay put across visits.
      const changed = counted || !token || meter.read.length === 0;
      const meterCookie = changed ? meterCookies.write(counted ? { ...meter, read: [...meter.read, story.id] } : meter, at) : null;
      return { decision, assignments, meterCookie };
    },

    /**
     * Whether the reader reads a story with these facts whole without spending anything: free to
     * them, entitled, or an admin — not by the anonymous meter (a search must not count a read),
     * not by a gift (it opens one story for its holder). Search matching and snippets ask this per
     * kind of story (decision 049); the page asks `storyAccess`. Both are `decideAccess`.
     */
    readsWhole({ user, story }: { user: SessionUser | null; story: Omit<StoryFacts, 'id'> }): boolean {
      const reader: Reader = user?.isLoggedIn ? signedInReader(user) : { kind: 'anonymous', meterRead: [] };
      const decision = decideAccess({ reader, story: { id: '', ...story }, context: { rules: rules.current(), assignments: [] } });
      return decision.kind === 'full' && decision.reason !== 'metered';
    },

    /**
     * The decision for a reader who is not on a page: a newsletter issue (decision 048). No cookie,
     * no meter read yet (an anonymous subscriber is a new visitor), no experiment: the wall's
     * general variant for what the story needs.
     */
    emailAccess(reader: Reader, story: StoryFacts): AccessDecision {
      return decideAccess({ reader, story, context: { rules: rules.current(), assignments: [] } });
    },

    /** The banner that suggests the reader's next step (nbaVariant, actionPromoted). */
    nextBestAction(user: SessionUser | null): NextBestAction | null {
      const audience = !user?.isLoggedIn ? 'anonymous' : isMemberLevel(user.membershipLevel) ? 'member' : 'registered';
      return rules.current().nextBestActions.find((action) => action.audience === audience) ?? null;
    },

    /**
     * The paywall token's claims (session PaywallSource). The anonymous meter in the request's
     * cookie is merged into the reader's history first, so signing up neither resets nor
     * double-counts it (story ids are unique in the history). The reader's facts come from the
     * main token's claims, which the session has just read: nothing is read twice.
     */
    /**
     * Every offer a pay or upgrade wall makes for a plan (each A/B variant's words and the plan its
     * call to action buys), so the packages page can show the same offers in the same words.
     */
    offers(): WallOffer[] {
      const offers: WallOffer[] = [];
      for (const variant of rules.current().variants) {
        if (variant.wall === 'registration' || !variant.ctaUrl.startsWith('/subscriptions/')) continue;
        const planCode = new URL(variant.ctaUrl, 'http://site.invalid').searchParams.get('plan');
        if (!planCode) continue;
        offers.push({ id: variant.id, text: variant.text, cta: variant.cta, ctaUrl: variant.ctaUrl, planCode });
      }
      return offers;
    },

    async paywallFor(
      { userId, membershipLevel, isBofAdmin, emailVerified = true }: PaywallReader,
      at: Date,
      cookieHeader?: string,
    ): Promise<PaywallClaims> {
      const current = rules.current();
      const period = meterPeriodOf(at, current.meter.period);
      // The same rule as decideAccess: an unconfirmed address holds back what the membership adds.
      const entitlements = isBofAdmin ? [...ENTITLEMENTS] : [...entitlementsFor(emailVerified ? membershipLevel : 'None')];
      if (!userId) return { entitlements, meter: { period, read: [] }, experiment_groups: [] };
      const anonymous = meterCookies.read(readMeterCookie(cookieHeader), period);
      await reads.recordReads({ userId, storyIds: anonymous.read });
      const read = await reads.storiesReadSince({ userId, since: meterPeriodStart(at, current.meter.period) });
      return { entitlements, meter: { period, read }, experiment_groups: assignAll(current, userId).map(groupLabel) };
    },
  };
}

export type WallsService = ReturnType<typeof createWallsService>;

/** A signed-in reader as the access decision sees them: the verified claims, never the database. */
function signedInReader(user: SessionUser): Reader {
  return {
    kind: 'signed-in',
    membershipLevel: user.membershipLevel,
    membershipType: user.membershipType,
    isAdmin: user.isBofAdmin,
    emailVerified: user.isEmailVerified,
  };
}
