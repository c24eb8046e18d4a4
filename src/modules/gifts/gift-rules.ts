// The rules of gift links, shared by the service, GraphQL, the page actions and the components.
// Isomorphic (no server imports): the dialog and the gifts page parse and word things the same way
// the API does.
import { z } from 'zod';
import { isMemberLevel } from '../../shared/membership.ts';
import { paths } from '../../shared/paths.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';
import type { GiftQuota } from './gift-words.ts';

/** Gift links each member may create per calendar month (UTC). Revoking one does not give it back. */
export const MONTHLY_GIFT_QUOTA = 10;
/** How long a gift link opens the story. */
export const GIFT_LINK_DAYS = 30;
/** The query parameter of a gift link: /articles/<slug>/?gift=<giftId>. */
export const GIFT_PARAM = 'gift';

/** A gift as its giver sees it in the list (and the API's StoryGift). */
export interface GiftSummary {
  giftId: string;
  storyId: string;
  /** Null when the story no longer exists. */
  story: { slug: string; headline: string } | null;
  /** The absolute link to share; null when the story no longer exists. */
  url: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  redemptionCount: number;
  status: GiftStatus;
}

export type GiftStatus = 'active' | 'expired' | 'revoked';

export type { GiftQuota } from './gift-words.ts';

/** What a valid gift link tells the page it opens. */
export interface OpenedGift {
  giftId: string;
  giverName: string;
  expiresAt: string;
}

/** A valid gift on the story page it opens: the banner's facts, and whether the reader is its giver. */
export interface GiftOnPage extends OpenedGift {
  isGiver: boolean;
}

/** The giver's list of gift links. */
export const GIFTS_PAGE_PATH = paths.gifts();

/** Why a member could not create a gift link (beyond bad input). */
export type GiftRefusal = { reason: 'not_member'; message: string } | { reason: 'quota_exhausted'; message: string; quota: GiftQuota };

/** What the gift dialog's action answers. */
export type GiftActionData =
  | { ok: true; intent: 'gift'; gift: GiftSummary; quota: GiftQuota; reused: boolean }
  | { ok: true; intent: 'revoke'; gift: GiftSummary }
  | { ok: false; message: string; fieldErrors: FieldError[] };

export const giftMessages = {
  storyId: 'Choose a story to share',
  giftId: 'That gift link was not found',
  notFound: 'We couldn’t find that story',
  notMember: 'Gift links are a membership benefit. Subscribe to share stories with anyone.',
  notYours: 'Only the member who created a gift link can revoke it.',
  intent: 'Choose what to do with the gift link',
} as const;

const uuid = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: message }));

export const storyIdSchema = uuid(giftMessages.storyId);
export const giftIdSchema = uuid(giftMessages.giftId);

export const createGiftSchema = z.object({ storyId: storyIdSchema });
export const revokeGiftSchema = z.object({ giftId: giftIdSchema });

/** The gift dialog's form (on a story page) and the revoke buttons' (on the gifts page). */
export const giftFormSchema = z.discriminatedUnion(
  'intent',
  [z.object({ intent: z.literal('gift'), storyId: storyIdSchema }), z.object({ intent: z.literal('revoke'), giftId: giftIdSchema })],
  {
    error: giftMessages.intent,
  },
);

/**
 * Who may create gift links: members (membership level other than None, in any case, as §3
 * isMember) whose email address is confirmed, and admins. Named once; GraphQL reads it from the
 * verified claims, pages from the session user.
 */
export function mayGift({
  membershipLevel,
  isBofAdmin,
  isEmailVerified,
}: {
  membershipLevel: string;
  isBofAdmin: boolean;
  isEmailVerified: boolean;
}): boolean {
  // The walls' notion of a member: a Restricted membership opens nothing beyond registration, so it
  // gives nothing either; nor does one still waiting for its address (decision 040): a gift to
  // oneself would open what the confirmation wall holds back.
  return isBofAdmin || (isEmailVerified && isMemberLevel(membershipLevel.trim()));
}

/** The first instant of the calendar month (UTC) of `at`, and of the next one. */
export function quotaPeriod(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

export function quotaOf(used: number, at: Date, limit = MONTHLY_GIFT_QUOTA): GiftQuota {
  return { limit, used, remaining: Math.max(0, limit - used), resetsAt: quotaPeriod(at).end.toISOString() };
}

/** When a gift created at `createdAt` stops opening its story. */
export function giftExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + GIFT_LINK_DAYS * 24 * 60 * 60 * 1000);
}

export function giftStatus({ expiresAt, revokedAt }: { expiresAt: Date | string; revokedAt: Date | string | null }, at: Date): GiftStatus {
  if (revokedAt) return 'revoked';
  return new Date(expiresAt).getTime() <= at.getTime() ? 'expired' : 'active';
}

// Without zod, so the story page's gift dialog words the quota without loading the validator (issue 15).
export { quotaExhaustedMessage, quotaSentence } from './gift-words.ts';

/** The link to share: the story's page with the gift. */
export function giftUrl(siteUrl: string, storyPath: string, giftId: string): string {
  return `${siteUrl.replace(/\/$/, '')}${storyPath}?${GIFT_PARAM}=${giftId}`;
}
