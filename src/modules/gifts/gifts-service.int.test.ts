// The gifts service on a real database with a clock the test moves: members only, the monthly
// allowance and its reset, expiry, revocation, distinct redemptions and the giver's list.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createContentService, type StorySummary } from '../content/content-service.ts';
import { GIFT_LINK_DAYS, giftMessages, MONTHLY_GIFT_QUOTA } from './gift-rules.ts';
import { ANONYMOUS_GIVER, createGiftsService, type Giver } from './gifts-service.ts';
import { storyGiftRedemptions, storyGifts } from './schema.ts';

const SITE = 'https://atelier.test';
const DAY = 24 * 60 * 60 * 1000;

let database: Database;
let stories: StorySummary[];
let clock: Date;
const names = new Map<string, { first?: string; last?: string } | undefined>();

function service() {
  return createGiftsService({
    db: database.db,
    content: createContentService({ db: database.db }),
    // The people port's `get`, as far as the service reads it: the names.
    identity: {
      people: {
        get: async (id: string) =>
          names.has(id)
            ? ({ email: 'x@example.com', firstName: names.get(id)?.first ?? null, lastName: names.get(id)?.last ?? null } as never)
            : null,
      },
    },
    siteUrl: SITE,
    now: () => clock,
  });
}

function member(first = 'Priya', last = 'Patel'): Giver {
  const giver = { identityId: randomUUID(), userId: String(Math.floor(Math.random() * 1e9)), isMember: true };
  names.set(giver.identityId, { first, last });
  return giver;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const content = createContentService({ db: database.db });
  const newest = await content.newestStories({ limit: MONTHLY_GIFT_QUOTA + 2 });
  stories = await content.storySummaries(newest.map((story) => story.id));
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  clock = new Date('2026-05-20T10:00:00Z');
  await database.db.delete(storyGiftRedemptions);
  await database.db.delete(storyGifts);
});

describe('createGift', () => {
  it('gives a member a link to the story that expires in 30 days', async () => {
    const gifts = service();
    const story = stories[0]!;
    const result = await gifts.createGift({ giver: member(), storyId: story.id });
    expect(result).toEqual({
      ok: true,
      value: {
        reused: false,
        quota: { limit: MONTHLY_GIFT_QUOTA, used: 1, remaining: MONTHLY_GIFT_QUOTA - 1, resetsAt: '2026-06-01T00:00:00.000Z' },
        gift: {
          giftId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          storyId: story.id,
          story: { slug: story.slug, headline: story.headline },
          url: expect.stringMatching(new RegExp(`^${SITE}/articles/${story.slug}/\\?gift=[0-9a-f-]{36}$`)),
          createdAt: clock.toISOString(),
          expiresAt: new Date(clock.getTime() + GIFT_LINK_DAYS * DAY).toISOString(),
          revokedAt: null,
          redemptionCount: 0,
          status: 'active',
        },
      },
    });
    if (result.ok) expect(result.value.gift.url).toContain(result.value.gift.giftId);
  });

  it('refuses readers without a membership, and names a malformed or unknown story', async () => {
    const gifts = service();
    expect(await gifts.createGift({ giver: { ...member(), isMember: false }, storyId: stories[0]!.id })).toEqual({
      ok: false,
      reason: 'not_member',
      message: giftMessages.notMember,
    });
    expect(await gifts.createGift({ giver: member(), storyId: 'nope' })).toEqual({
      ok: false,
      reason: 'invalid',
      fieldErrors: [{ path: ['storyId'], code: expect.any(String), message: giftMessages.storyId }],
    });
    expect(await gifts.createGift({ giver: member(), storyId: randomUUID() })).toEqual({
      ok: false,
      reason: 'invalid',
      fieldErrors: [{ path: ['storyId'], code: 'not_found', message: giftMessages.notFound }],
    });
  });

  it('returns the live link again for the same story, using nothing', async () => {
    const gifts = service();
    const giver = member();
    const first = await gifts.createGift({ giver, storyId: stories[0]!.id });
    const again = await gifts.createGift({ giver, storyId: stories[0]!.id });
    expect(again.ok && first.ok && again.value.gift.giftId === first.value.gift.giftId).toBe(true);
    expect(again).toMatchObject({ ok: true, value: { reused: true, quota: { used: 1 } } });
    // Another member's link for the same story is their own.
    const other = await gifts.createGift({ giver: member(), storyId: stories[0]!.id });
    expect(other.ok && first.ok && other.value.gift.giftId !== first.value.gift.giftId).toBe(true);
  });

  it(`allows ${MONTHLY_GIFT_QUOTA} a calendar month, revoked ones included, and says when it resets`, async () => {
    const gifts = service();
    const giver = member();
    for (const story of stories.slice(0, MONTHLY_GIFT_QUOTA)) expect((await gifts.createGift({ giver, storyId: story.id })).ok).toBe(true);
    const [firstGift] = await gifts.listGifts({ giverIdentityId: giver.identityId });
    await gifts.revokeGift({ giverIdentityId: giver.identityId, giftId: firstGift!.giftId });

    const refused = await gifts.createGift({ giver, storyId: stories[MONTHLY_GIFT_QUOTA]!.id });
    expect(refused).toEqual({
      ok: false,
      reason: 'quota_exhausted',
      message: `You have used all ${MONTHLY_GIFT_QUOTA} of this month’s gift links, so none are left. Your allowance resets on 1 June 2026.`,
      quota: { limit: MONTHLY_GIFT_QUOTA, used: MONTHLY_GIFT_QUOTA, remaining: 0, resetsAt: '2026-06-01T00:00:00.000Z' },
    });
    // A live link already made is still handed back.
    expect(await gifts.createGift({ giver, storyId: stories[1]!.id })).toMatchObject({ ok: true, value: { reused: true } });
    // Another member has their own allowance.
    expect((await gifts.createGift({ giver: member(), storyId: stories[MONTHLY_GIFT_QUOTA]!.id })).ok).toBe(true);

    // One millisecond before midnight UTC it is still May; at midnight the allowance starts again.
    clock = new Date('2026-05-31T23:59:59.999Z');
    expect(await gifts.quota({ giverIdentityId: giver.identityId })).toMatchObject({ used: MONTHLY_GIFT_QUOTA, remaining: 0 });
    clock = new Date('2026-06-01T00:00:00.000Z');
    expect(await gifts.quota({ giverIdentityId: giver.identityId })).toEqual({
      limit: MONTHLY_GIFT_QUOTA,
      used: 0,
      remaining: MONTHLY_GIFT_QUOTA,
      resetsAt: '2026-07-01T00:00:00.000Z',
    });
    expect(await gifts.createGift({ giver, storyId: stories[MONTHLY_GIFT_QUOTA]!.id })).toMatchObject({
      ok: true,
      value: { reused: false, quota: { used: 1 } },
    });
  });

  it('lets only one of two requests at once take the last gift of the month', async () => {
    const gifts = service();
    const giver = member();
    for (const story of stories.slice(0, MONTHLY_GIFT_QUOTA - 1)) await gifts.createGift({ giver, storyId: story.id });
    const results = await Promise.all([
      gifts.createGift({ giver, storyId: stories[MONTHLY_GIFT_QUOTA - 1]!.id }),
      gifts.createGift({ giver, storyId: stories[MONTHLY_GIFT_QUOTA]!.id }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await gifts.quota({ giverIdentityId: giver.identityId })).toMatchObject({ used: MONTHLY_GIFT_QUOTA });
  });
});

describe('openGift', () => {
  it('opens the story it was made for, naming the giver, until it expires', async () => {
    const gifts = service();
    const giver = member('Priya', 'Patel');
    const created = await gifts.createGift({ giver, storyId: stories[0]!.id });
    if (!created.ok) throw new Error('not created');
    const { giftId, expiresAt } = created.value.gift;
    expect(await gifts.openGift({ giftId, storyId: stories[0]!.id })).toEqual({
      giftId,
      giverName: 'Priya Patel',
      giverUserId: giver.userId,
      expiresAt,
    });
    expect(await gifts.openGift({ giftId: giftId.toUpperCase(), storyId: stories[0]!.id })).toMatchObject({ giftId });
    // Another story, an unknown or malformed gift: nothing.
    expect(await gifts.openGift({ giftId, storyId: stories[1]!.id })).toBeNull();
    expect(await gifts.openGift({ giftId: randomUUID(), storyId: stories[0]!.id })).toBeNull();
    expect(await gifts.openGift({ giftId: 'not-a-gift', storyId: stories[0]!.id })).toBeNull();

    clock = new Date(new Date(expiresAt).getTime() - 1);
    expect(await gifts.openGift({ giftId, storyId: stories[0]!.id })).not.toBeNull();
    clock = new Date(expiresAt);
    expect(await gifts.openGift({ giftId, storyId: stories[0]!.id })).toBeNull();
    const [listed] = await gifts.listGifts({ giverIdentityId: giver.identityId });
    expect(listed).toMatchObject({ giftId, status: 'expired' });
    // An expired link no longer counts as live: asking again makes a new one.
    expect(await gifts.createGift({ giver, storyId: stories[0]!.id })).toMatchObject({ ok: true, value: { reused: false } });
  });

  it('names a giver without a name as a member', async () => {
    const gifts = service();
    const giver = member();
    names.set(giver.identityId, undefined);
    const created = await gifts.createGift({ giver, storyId: stories[0]!.id });
    if (!created.ok) throw new Error('not created');
    expect(await gifts.openGift({ giftId: created.value.gift.giftId, storyId: stories[0]!.id })).toMatchObject({
      giverName: ANONYMOUS_GIVER,
    });
  });
});

describe('revokeGift', () => {
  it('stops the link; only its giver may; revoking again is fine', async () => {
    const gifts = service();
    const giver = member();
    const created = await gifts.createGift({ giver, storyId: stories[0]!.id });
    if (!created.ok) throw new Error('not created');
    const { giftId } = created.value.gift;

    expect(await gifts.revokeGift({ giverIdentityId: randomUUID(), giftId })).toEqual({
      ok: false,
      reason: 'not_yours',
      message: giftMessages.notYours,
    });
    expect(await gifts.openGift({ giftId, storyId: stories[0]!.id })).not.toBeNull();

    clock = new Date(clock.getTime() + DAY);
    const revoked = await gifts.revokeGift({ giverIdentityId: giver.identityId, giftId });
    expect(revoked).toMatchObject({ ok: true, value: { giftId, status: 'revoked', revokedAt: clock.toISOString() } });
    expect(await gifts.openGift({ giftId, storyId: stories[0]!.id })).toBeNull();
    clock = new Date(clock.getTime() + DAY);
    expect(await gifts.revokeGift({ giverIdentityId: giver.identityId, giftId })).toEqual(revoked);

    expect(await gifts.revokeGift({ giverIdentityId: giver.identityId, giftId: randomUUID() })).toEqual({
      ok: false,
      reason: 'invalid',
      fieldErrors: [{ path: ['giftId'], code: 'not_found', message: giftMessages.giftId }],
    });
    expect(await gifts.revokeGift({ giverIdentityId: giver.identityId, giftId: 'x' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: [{ path: ['giftId'] }],
    });
  });
});

describe('recordRedemption and listGifts', () => {
  it('counts each visitor once, and lists the giver’s gifts newest first', async () => {
    const gifts = service();
    const giver = member();
    const first = await gifts.createGift({ giver, storyId: stories[0]!.id });
    clock = new Date(clock.getTime() + 60_000);
    const second = await gifts.createGift({ giver, storyId: stories[1]!.id });
    if (!first.ok || !second.ok) throw new Error('not created');
    const giftId = first.value.gift.giftId;

    gifts.recordRedemption({ giftId, visitorKey: 'visitor:a' });
    gifts.recordRedemption({ giftId, visitorKey: 'visitor:a' });
    await gifts.flushRedemptions();
    // Again in a later batch: still the same visitor.
    gifts.recordRedemption({ giftId, visitorKey: 'visitor:a' });
    gifts.recordRedemption({ giftId, visitorKey: 'user:42' });
    gifts.recordRedemption({ giftId: second.value.gift.giftId, visitorKey: 'visitor:a' });
    gifts.recordRedemption({ giftId: 'x', visitorKey: 'visitor:a' });
    await gifts.flushRedemptions();
    // What is stored is a hash (a sha256 digest, base64url), never the visitor's key. (Not "no '42' in
    // it": a random digest holds "42" about one run in five, which made this test flaky.)
    const stored = await database.db.select().from(storyGiftRedemptions);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.visitorHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.visitorHash).not.toContain('visitor');
      expect(row.visitorHash).not.toContain('user:42');
    }

    const list = await gifts.listGifts({ giverIdentityId: giver.identityId });
    expect(list.map((gift) => [gift.storyId, gift.redemptionCount])).toEqual([
      [stories[1]!.id, 1],
      [stories[0]!.id, 2],
    ]);
    expect(await gifts.listGifts({ giverIdentityId: randomUUID() })).toEqual([]);
    await gifts.close();
  });

  it('shows the giver the visitors of a moment ago: their list stores the redemptions held first', async () => {
    const gifts = service();
    const giver = member();
    const created = await gifts.createGift({ giver, storyId: stories[0]!.id });
    if (!created.ok) throw new Error('not created');
    for (const visitor of ['visitor:a', 'visitor:b', 'visitor:a'])
      gifts.recordRedemption({ giftId: created.value.gift.giftId, visitorKey: visitor });
    const [listed] = await gifts.listGifts({ giverIdentityId: giver.identityId });
    expect(listed!.redemptionCount).toBe(2);
    await gifts.close();
  });

  it('stores at close what it still holds', async () => {
    const gifts = service();
    const giver = member();
    const created = await gifts.createGift({ giver, storyId: stories[0]!.id });
    if (!created.ok) throw new Error('not created');
    gifts.recordRedemption({ giftId: created.value.gift.giftId, visitorKey: 'visitor:a' });
    expect(await database.db.select().from(storyGiftRedemptions)).toEqual([]);
    await gifts.close();
    expect(await database.db.select().from(storyGiftRedemptions)).toHaveLength(1);
    const [row] = await database.db.select().from(storyGifts);
    expect(row!.redemptionCount).toBe(1);
  });
});
