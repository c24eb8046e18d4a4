// The rules of gift links without a database: who may gift, the monthly period, expiry, status and
// the words the dialog and the API use.
import { describe, expect, it } from 'vitest';
import {
  GIFT_LINK_DAYS,
  giftExpiry,
  giftFormSchema,
  giftStatus,
  giftUrl,
  mayGift,
  MONTHLY_GIFT_QUOTA,
  quotaExhaustedMessage,
  quotaOf,
  quotaPeriod,
  quotaSentence,
} from './gift-rules.ts';

describe('mayGift', () => {
  it('lets members of any level and admins gift, not readers without a membership', () => {
    expect(mayGift({ membershipLevel: 'Premium', isBofAdmin: false, isEmailVerified: true })).toBe(true);
    expect(mayGift({ membershipLevel: 'TopicBeauty', isBofAdmin: false, isEmailVerified: true })).toBe(true);
    expect(mayGift({ membershipLevel: 'None', isBofAdmin: false, isEmailVerified: true })).toBe(false);
    expect(mayGift({ membershipLevel: 'none', isBofAdmin: false, isEmailVerified: true })).toBe(false);
    expect(mayGift({ membershipLevel: 'NONE', isBofAdmin: false, isEmailVerified: true })).toBe(false);
    expect(mayGift({ membershipLevel: 'None', isBofAdmin: true, isEmailVerified: true })).toBe(true);
    // Decision 040: a membership waiting for its confirmed address gives nothing yet.
    expect(mayGift({ membershipLevel: 'Premium', isBofAdmin: false, isEmailVerified: false })).toBe(false);
    expect(mayGift({ membershipLevel: 'None', isBofAdmin: true, isEmailVerified: false })).toBe(true);
  });
});

describe('the monthly allowance', () => {
  it('runs per calendar month in UTC', () => {
    expect(quotaPeriod(new Date('2026-05-31T23:59:59.999Z'))).toEqual({
      start: new Date('2026-05-01T00:00:00Z'),
      end: new Date('2026-06-01T00:00:00Z'),
    });
    expect(quotaPeriod(new Date('2026-06-01T00:00:00Z'))).toEqual({
      start: new Date('2026-06-01T00:00:00Z'),
      end: new Date('2026-07-01T00:00:00Z'),
    });
    expect(quotaPeriod(new Date('2026-12-15T12:00:00Z')).end).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('says how many are left and when it resets', () => {
    const at = new Date('2026-05-20T10:00:00Z');
    expect(quotaOf(3, at)).toEqual({
      limit: MONTHLY_GIFT_QUOTA,
      used: 3,
      remaining: MONTHLY_GIFT_QUOTA - 3,
      resetsAt: '2026-06-01T00:00:00.000Z',
    });
    expect(quotaOf(MONTHLY_GIFT_QUOTA + 2, at).remaining).toBe(0);
    expect(quotaSentence(quotaOf(9, at, 10))).toBe('You have 1 of 10 gift links left this month.');
    expect(quotaSentence(quotaOf(10, at, 10))).toBe('You have used all 10 gift links for this month. You can share more from 1 June 2026.');
    expect(quotaExhaustedMessage(quotaOf(10, at, 10))).toBe(
      'You have used all 10 of this month’s gift links, so none are left. Your allowance resets on 1 June 2026.',
    );
  });
});

describe('expiry and status', () => {
  it(`opens the story for ${GIFT_LINK_DAYS} days`, () => {
    const created = new Date('2026-05-20T10:00:00Z');
    const expires = giftExpiry(created);
    expect(expires.getTime() - created.getTime()).toBe(GIFT_LINK_DAYS * 24 * 60 * 60 * 1000);
    expect(giftStatus({ expiresAt: expires, revokedAt: null }, new Date(expires.getTime() - 1))).toBe('active');
    expect(giftStatus({ expiresAt: expires, revokedAt: null }, expires)).toBe('expired');
    expect(giftStatus({ expiresAt: expires.toISOString(), revokedAt: '2026-05-21T00:00:00Z' }, created)).toBe('revoked');
  });
});

describe('the gift forms', () => {
  const storyId = '6f1f7f1e-2b0a-4c39-9a57-0d7c1b3e5a10';

  it('reads a create and a revoke, and names the field that is wrong', () => {
    expect(giftFormSchema.parse({ intent: 'gift', storyId: storyId.toUpperCase() })).toEqual({ intent: 'gift', storyId });
    expect(giftFormSchema.parse({ intent: 'revoke', giftId: storyId })).toEqual({ intent: 'revoke', giftId: storyId });
    const bad = giftFormSchema.safeParse({ intent: 'gift', storyId: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path)).toEqual([['storyId']]);
    expect(giftFormSchema.safeParse({ intent: 'steal' }).success).toBe(false);
  });

  it('builds the link from the site URL, the story path and the gift id', () => {
    expect(giftUrl('https://atelier.test/', '/articles/a-story/', storyId)).toBe(`https://atelier.test/articles/a-story/?gift=${storyId}`);
  });
});
