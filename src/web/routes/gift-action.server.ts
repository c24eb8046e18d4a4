// Gift links on pages: what the story loader learns from `?gift=` (the banner, and whether the gift
// opens the whole story), the action the gift dialog and the revoke buttons post to (a plain form
// POST before JavaScript, a fetcher after), and the gifts page's data.
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { data, redirect, type AppLoadContext } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { currentSession } from './user/identity.server.ts';
import { withReturnTo } from './user/user-paths.ts';
import {
  GIFT_PARAM,
  giftFormSchema,
  mayGift,
  type GiftActionData,
  type GiftQuota,
  type GiftOnPage,
  type GiftSummary,
} from '../../modules/gifts/gift-rules.ts';

type Args = { request: Request; context: AppLoadContext };

/** Whether the signed-in reader may create gift links (gift-rules.ts mayGift of their claims). */
export function canGift(context: AppLoadContext): boolean {
  return context.user !== null && mayGift(context.user);
}

/**
 * The gift named by the page's `?gift=`, if it opens this story now; otherwise null (no gift, an
 * unknown, expired or revoked one, or one for another story: the page shows its usual wall).
 * A visitor other than the giver is counted once (see visitorKey); bots and link previews are not.
 */
export async function storyGift({ request, context }: Args, storyId: string): Promise<GiftOnPage | null> {
  const giftId = new URL(request.url).searchParams.get(GIFT_PARAM);
  const { gifts } = context.services;
  if (!giftId) return null;
  const opened = await gifts.openGift({ giftId, storyId });
  if (!opened) return null;
  const isGiver = context.user !== null && context.user.id === opened.giverUserId;
  if (!isGiver && request.method === 'GET' && !isbot(request.headers.get('user-agent') ?? '')) {
    gifts.recordRedemption({ giftId: opened.giftId, visitorKey: visitorKey(request, context) });
  }
  return { giftId: opened.giftId, giverName: opened.giverName, expiresAt: opened.expiresAt, isGiver };
}

/**
 * Who opened a gift, for counting people rather than page loads: the signed-in reader's user id;
 * else the analytics visitor id (the tracker's `_sp_id.*` cookie, present once the visitor has
 * consented to analytics); else the client address (request.ip: a forwarded address only from a
 * proxy in TRUSTED_PROXIES, so a made-up X-Forwarded-For is no new visitor) with the browser's
 * user agent and languages. The service hashes it with the gift id before storing it.
 */
export function visitorKey(request: Request, context: Pick<AppLoadContext, 'user' | 'clientAddress'>): string {
  if (context.user) return `user:${context.user.id}`;
  const cookies = (request.headers.get('cookie') ?? '').split(';').map((part) => part.trim());
  const tracker = cookies.find((part) => part.startsWith('_sp_id.'));
  const visitorId = tracker?.slice(tracker.indexOf('=') + 1).split('.')[0];
  if (visitorId) return `visitor:${visitorId}`;
  const address = context.clientAddress;
  const agent = createHash('sha256')
    .update(`${request.headers.get('user-agent') ?? ''}\n${request.headers.get('accept-language') ?? ''}`)
    .digest('base64url');
  return `agent:${address}|${agent}`;
}

/** The signed-in person's identity id (the gifts are theirs), or null when the identity session has ended. */
async function giverIdentityId(args: Args): Promise<string | null> {
  const signedIn = await currentSession(args);
  return signedIn?.session.identityId ?? null;
}

function signInAndComeBack({ request, context }: Args): never {
  const url = new URL(request.url);
  throw redirect(withReturnTo(paths.login(), `${canonicalUrl(context.config.siteUrl, url.pathname)}${url.search}`));
}

const refused = (message: string, status: number, fieldErrors: FieldError[] = []) =>
  data<GiftActionData>({ ok: false, message, fieldErrors }, { status });

/**
 * Creates a gift link (intent=gift, from a story page's dialog) or revokes one (intent=revoke, from
 * the gifts page). Creating again for the same story returns the live link, so a resent form is
 * harmless. Another site's form never gets here: server/pages.ts accepts form posts from this site only.
 */
export async function giftAction(args: Args) {
  const { request, context } = args;
  const { gifts } = context.services;
  if (!context.user) signInAndComeBack(args);

  const parsed = giftFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFromZod(parsed.error);
    return refused(fieldErrors[0]?.message ?? 'Please try again.', 400, fieldErrors);
  }
  const identityId = await giverIdentityId(args);
  if (!identityId) signInAndComeBack(args);

  if (parsed.data.intent === 'revoke') {
    const result = await gifts.revokeGift({ giverIdentityId: identityId, giftId: parsed.data.giftId });
    if (result.ok) return data<GiftActionData>({ ok: true, intent: 'revoke', gift: result.value });
    return result.reason === 'not_yours'
      ? refused(result.message, 403)
      : refused(result.fieldErrors[0]?.message ?? 'Please try again.', 400, result.fieldErrors);
  }

  const giver = {
    identityId,
    userId: context.user.id,
    isMember: mayGift(context.user),
  };
  const result = await gifts.createGift({ giver, storyId: parsed.data.storyId });
  if (result.ok) return data<GiftActionData>({ ok: true, intent: 'gift', ...result.value });
  switch (result.reason) {
    case 'invalid':
      return refused(result.fieldErrors[0]?.message ?? 'Please try again.', 400, result.fieldErrors);
    case 'not_member':
      return refused(result.message, 403);
    case 'quota_exhausted':
      return refused(result.message, 429);
  }
}

export interface GiftsPageData {
  gifts: GiftSummary[];
  quota: GiftQuota;
  canCreate: boolean;
}

/** The gifts page: the signed-in member's gift links and this month's allowance. */
export async function giftsPage(args: Args, identityId: string): Promise<GiftsPageData> {
  const { gifts } = args.context.services;
  const [list, quota] = await Promise.all([gifts.listGifts({ giverIdentityId: identityId }), gifts.quota({ giverIdentityId: identityId })]);
  return { gifts: list, quota, canCreate: canGift(args.context) };
}
