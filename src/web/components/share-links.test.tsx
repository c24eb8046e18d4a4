import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShareLinks, shareTargets } from './share-links.tsx';

const URL_ = 'https://atelier.test/articles/lace-and-leather/';
const HEADLINE = 'Lace & Leather: Who Pays?';

describe('Share links (issue 16)', () => {
  it('sends the story’s address and headline to each network’s own share page, encoded', () => {
    const hrefs = Object.fromEntries(shareTargets(URL_, HEADLINE).map((target) => [target.platform, new URL(target.href)]));
    expect(Object.keys(hrefs)).toEqual(['linkedin', 'x', 'whatsapp', 'email']);
    expect(hrefs.linkedin!.origin + hrefs.linkedin!.pathname).toBe('https://www.linkedin.com/sharing/share-offsite/');
    expect(hrefs.linkedin!.searchParams.get('url')).toBe(URL_);
    expect(hrefs.x!.origin + hrefs.x!.pathname).toBe('https://x.com/intent/post');
    expect(hrefs.x!.searchParams.get('url')).toBe(URL_);
    expect(hrefs.x!.searchParams.get('text')).toBe(HEADLINE);
    expect(hrefs.whatsapp!.origin).toBe('https://wa.me');
    expect(hrefs.whatsapp!.searchParams.get('text')).toBe(`${HEADLINE} ${URL_}`);
    // mailto: with %20, not +, so mail clients show spaces.
    const email = shareTargets(URL_, HEADLINE).find((target) => target.platform === 'email')!.href;
    expect(email).toBe(`mailto:?subject=Lace%20%26%20Leather%3A%20Who%20Pays%3F&body=${encodeURIComponent(`${HEADLINE}\n\n${URL_}`)}`);
  });

  it('renders plain links before JavaScript: Copy link is a link to the story, nothing names the reader', () => {
    const html = renderToString(<ShareLinks storyId="story-1" url={URL_} headline={HEADLINE} />);
    expect(html).toContain(`<a class="share__link" href="${URL_}">Copy link</a>`);
    expect(html).not.toContain('<button');
    expect(html).not.toContain('<script');
    expect(html).toContain('aria-label="Share on LinkedIn (opens in a new tab)"');
    expect(html).toMatch(/<a class="share__link" href="mailto:\?subject=[^"]+" aria-label="Share by email">Email<\/a>/);
    // The same bytes for the same story, whoever reads it (decision 034).
    expect(renderToString(<ShareLinks storyId="story-1" url={URL_} headline={HEADLINE} />)).toBe(html);
  });
});
