// /admin/newsletters/:issueId/preview/?as=anonymous|registered|member — the issue's HTML email as
// that kind of reader receives it (the walls decide each story), for the issue page's frame. Its
// own policy: the email's inline styles, no scripts, framed by this site only. Site admins only.
import { data } from 'react-router';
import { PREVIEW_READERS, type PreviewReader } from '../../../modules/newsletters/issues-service.ts';
import type { Route } from './+types/newsletter-preview';
import { requireSiteAdmin } from './site-admin.server.ts';

const PREVIEW_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' https: data:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export async function loader(args: Route.LoaderArgs) {
  const admin = requireSiteAdmin(args);
  const asParam = new URL(args.request.url).searchParams.get('as') ?? '';
  const as: PreviewReader = (PREVIEW_READERS as readonly string[]).includes(asParam) ? (asParam as PreviewReader) : 'anonymous';
  const rendered = await args.context.services.newsletters.issues.preview({ issueId: args.params.issueId, as, userId: admin.id });
  if (!rendered) throw data('No such issue', { status: 404 });
  return new Response(rendered.html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PREVIEW_CSP,
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
