// The §5 video-link rule, with no zod: the consent-gated embed on reading pages uses it, and a
// reading page loads no validation library (issue 15; src/web/light-page.int.test.ts).
// formats.ts re-exports it and builds videoLinkSchema on it.

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const EMBED_OR_SHORTS_PATH = /^\/(?:embed|shorts)\/([A-Za-z0-9_-]{11})\/?$/;
const SHORT_LINK_PATH = /^\/([A-Za-z0-9_-]{11})\/?$/;

/**
 * The 11-character id of a YouTube link in watch (youtube.com/watch?v=ID, any other query
 * parameters), embed (/embed/ID), shorts (/shorts/ID) or short-link (youtu.be/ID) form, with or
 * without www. or m.; null otherwise. The http(s) scheme is required, as for any URL (§5).
 */
export function videoIdFromLink(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return null;
  const url = new URL(text);
  // A port or credentials are never part of a real share link.
  if (url.port !== '' || url.username !== '' || url.password !== '') return null;
  if (url.hostname === 'youtu.be') return SHORT_LINK_PATH.exec(url.pathname)?.[1] ?? null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === '/watch' || url.pathname === '/watch/') {
    const id = url.searchParams.get('v');
    return id !== null && VIDEO_ID.test(id) ? id : null;
  }
  return EMBED_OR_SHORTS_PATH.exec(url.pathname)?.[1] ?? null;
}
