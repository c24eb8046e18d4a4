// The site admin's principal for an /admin/ page, or the answer for everyone else: signed out →
// sign in and come back; signed in without the role → 403 (session/permissions.ts, siteAdmin).
import { data, redirect, type AppLoadContext } from 'react-router';
import { isSignedIn, isSiteAdmin } from '../../../modules/session/permissions.ts';
import { paths } from '../../../shared/paths.ts';
import { absoluteSiteUrl } from '../user/identity.server.ts';
import { withReturnTo } from '../user/user-paths.ts';

export function requireSiteAdmin({ request, context }: { request: Request; context: AppLoadContext }) {
  const url = new URL(request.url);
  if (!isSignedIn(context.user))
    throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, `${url.pathname}${url.search}`)));
  if (!isSiteAdmin(context.user)) throw data({ kind: 'forbidden' as const }, { status: 403 });
  return context.user;
}
