// "Share": every reader can copy a story's link or send it to LinkedIn, X, WhatsApp or by email
// (issue 16). Plain links only: the networks' own share URLs and mailto:, no third-party script.
// What it renders depends on the story's URL and headline alone, so a page shared by every reader
// of an access decision (decision 034) stays the same for all of them.
//
// Progressive enhancement: without JavaScript "Copy link" is a plain link to the story (to copy
// from the browser's own link menu); once the page runs it is a button that copies the link with
// the Clipboard API and says so.
import { useId } from 'react';
import { trackEvent } from '../analytics/analytics.ts';
import { useClipboardCopy } from './use-clipboard-copy.ts';

export type SharePlatform = 'linkedin' | 'x' | 'whatsapp' | 'email';

export interface ShareTarget {
  platform: SharePlatform;
  /** What the link shows. */
  label: string;
  /** Its accessible name. */
  name: string;
  href: string;
}

/** The networks' share addresses for a story (intent URLs and mailto:), from its URL and headline only. */
export function shareTargets(url: string, headline: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(headline);
  return [
    {
      platform: 'linkedin',
      label: 'LinkedIn',
      name: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    },
    { platform: 'x', label: 'X', name: 'Share on X', href: `https://x.com/intent/post?text=${text}&url=${u}` },
    {
      platform: 'whatsapp',
      label: 'WhatsApp',
      name: 'Share on WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${headline} ${url}`)}`,
    },
    {
      platform: 'email',
      label: 'Email',
      name: 'Share by email',
      href: `mailto:?subject=${text}&body=${encodeURIComponent(`${headline}\n\n${url}`)}`,
    },
  ];
}

export function ShareLinks({ storyId, url, headline }: { storyId: string; url: string; headline: string }) {
  const id = useId();
  const track = (platform: SharePlatform | 'copy_link') =>
    trackEvent('user_click_article_share', { articleId: storyId, sharedPlatform: platform });
  return (
    <div className="share" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="share__label">
        Share
      </span>
      <ul className="share__list list-plain">
        <li>
          <CopyStoryLink url={url} onCopied={() => track('copy_link')} />
        </li>
        {shareTargets(url, headline).map((target) => (
          <li key={target.platform}>
            <a
              className="share__link"
              href={target.href}
              aria-label={target.platform === 'email' ? target.name : `${target.name} (opens in a new tab)`}
              {...(target.platform === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              onClick={() => track(target.platform)}
            >
              {target.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link to the story until the page runs; then a button that copies it and confirms in words. */
function CopyStoryLink({ url, onCopied }: { url: string; onCopied: () => void }) {
  // The button replaces the link once it can work (not on the server, nor while hydrating).
  const { available: canCopy, state, copy } = useClipboardCopy(url, onCopied);

  return (
    <span className="share__copy">
      {canCopy ? (
        <button type="button" className="share__link" onClick={() => void copy()}>
          Copy link
        </button>
      ) : (
        <a className="share__link" href={url}>
          Copy link
        </a>
      )}
      <span className="share__status" role="status">
        {state === 'copied' ? 'Link copied' : state === 'failed' ? 'Copy the link from your address bar' : ''}
      </span>
    </span>
  );
}
