// The follow buttons on pages (web/components/follow-button.tsx): what a loader tells the button,
// and the action its form posts to — a plain form POST before JavaScript, a fetcher after.
import { data, redirect, type AppLoadContext } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import { canonicalUrl } from '../lib/seo.ts';
import type { PageFollowState } from '../components/follow-button.tsx';
import { withReturnTo } from './user/user-paths.ts';
import { followFormSchema, type FollowActionData, type FollowRef } from '../../modules/follows/follow-rules.ts';

/**
 * The follow button's state: null for a signed-out reader (the button asks them to sign in). On a
 * page shared by every signed-in reader (page-decision.ts) whether this one follows is theirs
 * alone: `following` is left out and the browser asks (follow-button.tsx).
 */
export async function followState(context: AppLoadContext, follow: FollowRef): Promise<PageFollowState> {
  if (!context.user) return { ...follow, following: null };
  if (context.page?.shared) return { ...follow };
  return { ...follow, following: await context.services.follows.isFollowing({ userId: context.user.id, ...follow }) };
}

/**
 * Follows or unfollows for the signed-in reader; both are idempotent, so a resent form is harmless.
 * Another site's form never gets here: server/pages.ts accepts form posts from this site only.
 */
export async function followAction({ request, context }: { request: Request; context: AppLoadContext }) {
  if (!context.user) throw redirect(withReturnTo(paths.login(), canonicalUrl(context.config.siteUrl, new URL(request.url).pathname)));

  const parsed = followFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<FollowActionData>({ ok: false, fieldErrors: fieldErrorsFromZod(parsed.error) }, { status: 400 });
  const { intent, ...follow } = parsed.data;
  const { follows } = context.services;
  const command = intent === 'follow' ? follows.addFollow : follows.removeFollow;
  const result = await command({ userId: context.user.id, ...follow });
  if (!result.ok) return data<FollowActionData>({ ok: false, fieldErrors: result.fieldErrors }, { status: 400 });
  return data<FollowActionData>({ ok: true, following: intent === 'follow', ...follow });
}
