// Decide, then look up (issue 15, DESIGN §2, §5): before a page is looked up in the page cache or
// rendered, the reader's access decision is made from the cookies alone — the verified session
// tokens, or the signed meter cookie — with the story's facts from the content module's memory.
// Its outcome is the page's variant: every reader with the same outcome gets the same bytes, and
// the reader's own cookies (a new meter) travel beside them. A page carries no one's details (the
// browser fills them in, web/lib/session.ts), so the outcome is all that may differ.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from './services.ts';
import { isAnonymousRequest, isDataRequest, type PageDecision } from './page-cache.ts';
import type { StoryPage } from '../modules/content/content-service.ts';
import { decisionKey, type StoryFacts } from '../modules/walls/access.ts';
import { applyCookieAction } from '../modules/session/auth-routes.ts';
import type { PageSession, RequestCookies } from '../modules/session/resolve-user.ts';
import { GIFT_PARAM, mayGift } from '../modules/gifts/gift-rules.ts';
import { meterCookieHeader } from '../modules/walls/meter.ts';
import { audienceOf } from '../shared/auth/audience.ts';
import type { SessionUser } from '../shared/auth/session-user.ts';

/** What the decision learnt, for the page's loaders (load context `page`). */
export interface PageFacts {
  /** The reader from the verified session cookies (null: anonymous). */
  user: SessionUser | null;
  /**
   * The render may be shared by every reader with the same variant: loaders put nothing personal
   * in it (follow state is left to the browser). False for form posts, route data requests and a
   * response that sets this reader's session cookies.
   */
  shared: boolean;
  /** A story page, already cut to what this reader may see, with the decision that cut it. */
  story?: StoryPage;
}

/** /articles/<slug>/ (shared/paths.ts `story`): the one page whose content depends on the decision. */
const STORY_PAGE = /^\/articles\/([^/?#]+)\/(?:\?|$)/;

/**
 * What the decision reads of a request: Fastify's request, or the raw request of the hit path
 * (pages.ts) with its cookies parsed by the same parser (@fastify/cookie's).
 */
export interface PageRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  cookies: RequestCookies;
}

export type PageDecisionWithFacts = PageDecision & { facts: PageFacts };

export interface PageDecider {
  /** Any reader: the session tokens are verified (and minted or cleared on the reply) first. */
  decide(request: FastifyRequest, reply: FastifyReply): Promise<PageDecisionWithFacts>;
  /**
   * The decision without waiting for anything, or undefined: an anonymous reader (no session
   * cookie to verify) on a page whose story, if it is one, is in this process's memory. The hit
   * path answers from the page cache with it before Fastify sees the request.
   */
  decideNow(request: PageRequest): PageDecisionWithFacts | undefined;
}

/** An anonymous reader's session: nothing to verify, no cookie to set or clear. */
const ANONYMOUS: PageSession = { user: null, cookies: { kind: 'keep' } };

export function createPageDecider({ services, secureCookies }: { services: Services; secureCookies: boolean }): PageDecider {
  const { session, content, walls, follows } = services;

  /**
   * The decision for a reader whose session is known. `memoryOnly`: undefined rather than a read
   * when the story is not in memory (so never a promise).
   */
  function decideFor(request: PageRequest, session: PageSession, memoryOnly: true): PageDecisionWithFacts | undefined;
  function decideFor(request: PageRequest, session: PageSession, memoryOnly: false): PageDecisionWithFacts | Promise<PageDecisionWithFacts>;
  function decideFor(
    request: PageRequest,
    { user, cookies: sessionCookies }: PageSession,
    memoryOnly: boolean,
  ): PageDecisionWithFacts | Promise<PageDecisionWithFacts> | undefined {
    const audience = audienceOf(user);
    const document = request.method === 'GET' || request.method === 'HEAD';
    // Minting or clearing this reader's session tokens makes this one response theirs.
    const shared = document && sessionCookies.kind === 'keep' && !isDataRequest(request.url);
    const story = document ? STORY_PAGE.exec(request.url) : null;
    // A gift link is decided by the story's loader (it counts the visit); its page is the holder's.
    if (!story || (request.url.includes('?') && new URL(request.url, 'http://page').searchParams.has(GIFT_PARAM))) {
      return { variant: shared ? audience : null, cookies: [], facts: { user, shared: shared && !story } };
    }

    let meterCookie: string | null = null;
    const slug = decodeSlug(story[1]!);
    const decideStory = (facts: StoryFacts) => {
      const access = walls.storyAccess({ user, cookieHeader: request.headers.cookie, story: facts });
      meterCookie = access.meterCookie;
      return access.decision;
    };
    const withPage = (page: StoryPage | null): PageDecisionWithFacts => {
      const cookies = meterCookie ? [meterCookieHeader(meterCookie, { secure: secureCookies })] : [];
      if (!page) return { variant: null, cookies, facts: { user, shared: false } };
      // Reading history makes the signed-in reader's meter and recommendations; written behind the page.
      if (user && request.method === 'GET') {
        follows.recordRead({ userId: user.id, storyId: page.story.id });
      }
      const canGift = user !== null && mayGift(user);
      // Everything the story's loader data holds besides the story: the decision (wall, variant,
      // experiment groups), the next best action (walls' own audience rule) and the gift button.
      const nextBestAction = walls.nextBestAction(user)?.nbaVariant ?? '';
      const variant = `${audience}|${nextBestAction}|${canGift ? 'gift' : ''}|${decisionKey(page.access)}`;
      return { variant: shared ? variant : null, cookies, facts: { user, shared, story: page } };
    };
    // The story is in memory nearly always: then no promise is made on the way to the cache.
    const fromMemory = content.readStoryFromMemory({ slug, decide: decideStory });
    if (fromMemory !== undefined) return withPage(fromMemory);
    return memoryOnly ? undefined : content.readStory({ slug, decide: decideStory }).then(withPage);
  }

  return {
    async decide(request, reply) {
      const resolved = await session.resolvePageSession(request.cookies, request.headers.cookie);
      applyCookieAction(reply, resolved.cookies, { secure: secureCookies });
      return decideFor(request, resolved, false);
    },
    decideNow(request) {
      return isAnonymousRequest(request.cookies) ? decideFor(request, ANONYMOUS, true) : undefined;
    },
  };
}

function decodeSlug(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
