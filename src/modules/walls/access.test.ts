// The access decision, table-driven (issue 6): every reader kind × every kind of story.
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideAccess, decisionKey, type AccessDecision, type Reader, type StoryFacts } from './access.ts';
import { assignAll } from './experiments.ts';
import { DEFAULT_WALL_RULES } from './rules.ts';

const rules = DEFAULT_WALL_RULES;
const FREE_LIMIT = rules.meter.freeStories;

const stories = {
  free: { id: 'story-free', access: 'free', topicSlug: 'luxury' },
  registered: { id: 'story-registered', access: 'registered', topicSlug: 'retail' },
  premium: { id: 'story-premium', access: 'premium', topicSlug: 'luxury' },
  premiumOnly: { id: 'story-case-study', access: 'premium', topicSlug: 'case-studies' },
  beauty: { id: 'story-beauty', access: 'beauty', topicSlug: 'beauty' },
} satisfies Record<string, StoryFacts>;
type StoryKind = keyof typeof stories;

const member = (membershipLevel: string, membershipType = 'Individual', emailVerified = true): Reader => ({
  kind: 'signed-in',
  membershipLevel,
  membershipType,
  isAdmin: false,
  emailVerified,
});
const readers: Record<string, { reader: Reader; gift?: boolean }> = {
  'anonymous under the meter': { reader: { kind: 'anonymous', meterRead: ['a', 'b'].slice(0, FREE_LIMIT - 1) } },
  'anonymous over the meter': { reader: { kind: 'anonymous', meterRead: Array.from({ length: FREE_LIMIT }, (_, i) => `read-${i}`) } },
  registered: { reader: member('None', 'None') },
  Standard: { reader: member('Standard') },
  Premium: { reader: member('Premium') },
  AllAccess: { reader: member('AllAccess') },
  TopicBeauty: { reader: member('TopicBeauty') },
  Student: { reader: member('Standard', 'Student') },
  Group: { reader: member('Premium', 'Group') },
  'Standard, address unconfirmed': { reader: member('Standard', 'Individual', false) },
  'Premium, address unconfirmed': { reader: member('Premium', 'Individual', false) },
  'registered, address unconfirmed': { reader: member('None', 'None', false) },
  admin: { reader: { kind: 'signed-in', membershipLevel: 'None', membershipType: 'None', isAdmin: true, emailVerified: true } },
  'admin, address unconfirmed': {
    reader: { kind: 'signed-in', membershipLevel: 'None', membershipType: 'None', isAdmin: true, emailVerified: false },
  },
  'gift-link visitor': { reader: { kind: 'anonymous', meterRead: Array.from({ length: FREE_LIMIT }, (_, i) => `read-${i}`) }, gift: true },
};

// full, or the wall kind and the variant id it shows.
type Expected = 'full' | 'confirm-email' | `${'registration' | 'pay' | 'upgrade'}:${string}`;
const PAY_PREMIUM = 'pay-*'; // the pay-wall offer experiment decides between its two variants

const TABLE: Record<string, Record<StoryKind, Expected>> = {
  'anonymous under the meter': {
    free: 'full',
    registered: 'registration:registration-registered-story',
    premium: `pay:${PAY_PREMIUM}`,
    premiumOnly: 'pay:pay-premium-only',
    beauty: 'pay:pay-beauty',
  },
  'anonymous over the meter': {
    free: 'registration:registration-free-account',
    registered: 'registration:registration-registered-story',
    premium: `pay:${PAY_PREMIUM}`,
    premiumOnly: 'pay:pay-premium-only',
    beauty: 'pay:pay-beauty',
  },
  registered: {
    free: 'full',
    registered: 'full',
    premium: `pay:${PAY_PREMIUM}`,
    premiumOnly: 'pay:pay-premium-only',
    beauty: 'pay:pay-beauty',
  },
  Standard: { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'upgrade:upgrade-premium', beauty: 'upgrade:upgrade-beauty' },
  Premium: { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'full', beauty: 'full' },
  AllAccess: { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'full', beauty: 'full' },
  TopicBeauty: {
    free: 'full',
    registered: 'full',
    premium: 'upgrade:upgrade-premium',
    premiumOnly: 'upgrade:upgrade-premium',
    beauty: 'full',
  },
  Student: { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'upgrade:upgrade-premium', beauty: 'upgrade:upgrade-beauty' },
  Group: { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'full', beauty: 'full' },
  // Decision 040: what the membership adds waits for the address, and is never offered for sale again;
  // what the level does not open is the usual upgrade wall, and what any account opens stays open.
  'Standard, address unconfirmed': {
    free: 'full',
    registered: 'full',
    premium: 'confirm-email',
    premiumOnly: 'upgrade:upgrade-premium',
    beauty: 'upgrade:upgrade-beauty',
  },
  'Premium, address unconfirmed': {
    free: 'full',
    registered: 'full',
    premium: 'confirm-email',
    premiumOnly: 'confirm-email',
    beauty: 'confirm-email',
  },
  'registered, address unconfirmed': {
    free: 'full',
    registered: 'full',
    premium: `pay:${PAY_PREMIUM}`,
    premiumOnly: 'pay:pay-premium-only',
    beauty: 'pay:pay-beauty',
  },
  admin: { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'full', beauty: 'full' },
  'admin, address unconfirmed': { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'full', beauty: 'full' },
  'gift-link visitor': { free: 'full', registered: 'full', premium: 'full', premiumOnly: 'full', beauty: 'full' },
};

function outcome(decision: AccessDecision): string {
  if (decision.kind === 'full' || decision.kind === 'confirm-email') return decision.kind;
  return `${decision.wall}:${decision.variant.id}`;
}

describe('decideAccess: reader kind × story', () => {
  for (const [readerName, row] of Object.entries(TABLE)) {
    for (const [storyKind, expected] of Object.entries(row) as [StoryKind, Expected][]) {
      it(`${readerName} on a ${storyKind} story → ${expected}`, () => {
        const { reader, gift } = readers[readerName]!;
        const decision = decideAccess({
          reader,
          story: stories[storyKind],
          context: { rules, assignments: assignAll(rules, readerName), gift: gift ? { giftId: 'g1' } : null },
        });
        const got = outcome(decision);
        if (expected.endsWith(PAY_PREMIUM)) expect(got).toMatch(/^pay:pay-(standard-trial|annual)$/);
        else expect(got).toBe(expected);
      });
    }
  }
});

describe('the anonymous meter', () => {
  const anonymous = (meterRead: string[]): Reader => ({ kind: 'anonymous', meterRead });
  const decide = (reader: Reader, story: StoryFacts = stories.free) => decideAccess({ reader, story, context: { rules, assignments: [] } });

  it('counts a new free story while under the limit, and only then', () => {
    expect(decide(anonymous([]))).toEqual({ kind: 'full', reason: 'metered', countsTowardMeter: true });
    expect(decide(anonymous(['x'.repeat(3), 'y']))).toMatchObject({ kind: 'full', countsTowardMeter: true });
  });

  it('counts unique stories: one already read opens again without counting, even over the limit', () => {
    const full = Array.from({ length: FREE_LIMIT }, (_, i) => (i === 0 ? stories.free.id : `other-${i}`));
    expect(decide(anonymous(full))).toEqual({ kind: 'full', reason: 'metered', countsTowardMeter: false });
  });

  it('walls the next new free story once the limit is reached', () => {
    const full = Array.from({ length: FREE_LIMIT }, (_, i) => `other-${i}`);
    expect(decide(anonymous(full))).toMatchObject({ kind: 'wall', wall: 'registration' });
  });

  it('never counts walled stories', () => {
    expect(decide(anonymous([]), stories.premium)).toMatchObject({ kind: 'wall', wall: 'pay' });
  });
});

describe('wall variants and experiments', () => {
  it('gives each reader one sticky group of the pay-wall experiment, named GROUP_ID#GROUP_NAME', () => {
    const first = assignAll(rules, 'visitor-1');
    expect(assignAll(rules, 'visitor-1')).toEqual(first);
    const decision = decideAccess({
      reader: { kind: 'anonymous', meterRead: [] },
      story: stories.premium,
      context: { rules, assignments: first },
    });
    expect(decision).toMatchObject({
      kind: 'wall',
      variant: {
        experimentId: 'pay-wall-offer-2026-11',
        outcomeId: 'trial-started',
        abGroups: [expect.stringMatching(/^payoffer-[ab]#(standard|annual)-trial$/)],
      },
    });
  });

  it('splits readers by weight (50/50 within a few percent over 4000 readers)', () => {
    const groups = Array.from({ length: 4000 }, (_, i) => assignAll(rules, `reader-${i}`)[0]!.groupId);
    const share = groups.filter((group) => group === 'payoffer-a').length / groups.length;
    expect(share).toBeGreaterThan(0.46);
    expect(share).toBeLessThan(0.54);
  });

  it('keeps every reader in the group an earlier assignment gave (the first 32 bits of SHA-256, weighted)', () => {
    const experiment = rules.experiments[0]!;
    const total = experiment.groups.reduce((sum, group) => sum + group.weight, 0);
    const earlier = (subject: string) => {
      let point = (createHash('sha256').update(`${experiment.id}\u0000${subject}`).digest().readUInt32BE(0) / 2 ** 32) * total;
      return (experiment.groups.find((group) => (point -= group.weight) < 0) ?? experiment.groups.at(-1)!).id;
    };
    for (const subject of ['visitor-1', randomUUID(), randomUUID(), ...Array.from({ length: 500 }, (_, i) => `reader-${i}`)]) {
      expect(assignAll(rules, subject)[0]!.groupId, subject).toBe(earlier(subject));
    }
  });

  it('points each pay wall at the right plan', () => {
    const wallFor = (story: StoryFacts) =>
      decideAccess({ reader: { kind: 'anonymous', meterRead: [] }, story, context: { rules, assignments: [] } });
    expect(wallFor(stories.premium)).toMatchObject({
      variant: { ctaUrl: '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1' },
    });
    expect(wallFor(stories.premiumOnly)).toMatchObject({
      variant: { ctaUrl: '/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1' },
    });
    expect(wallFor(stories.beauty)).toMatchObject({ variant: { ctaUrl: '/subscriptions/packages/?packages=beauty' } });
  });
});

describe('decisionKey', () => {
  it('names equal decisions alike and different decisions apart, over every reader, story, gift and many experiment groups', () => {
    const byKey = new Map<string, string>();
    for (const [name, { reader, gift }] of Object.entries(readers))
      for (const story of Object.values(stories))
        for (let subject = 0; subject < 40; subject++)
          for (const withGift of gift ? [true, false] : [false]) {
            const decision = decideAccess({
              reader,
              story,
              context: { rules, assignments: assignAll(rules, `${name}-${subject}`), gift: withGift ? { giftId: 'g1' } : null },
            });
            const key = decisionKey(decision);
            const whole = JSON.stringify(decision);
            expect(byKey.get(key) ?? whole, key).toBe(whole);
            byKey.set(key, whole);
          }
    // Full reasons, walls of each kind in each experiment group, the confirmation wall: all apart.
    expect(new Set(byKey.values()).size).toBe(byKey.size);
    expect(byKey.size).toBeGreaterThan(8);
  });
});
