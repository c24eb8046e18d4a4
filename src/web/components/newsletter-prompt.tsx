// The newsletter prompt (issue 19, SPEC §2 "a newsletter prompt modal is a tracked view"): once per
// browser, to a signed-out reader of a story they may read whole (never over a wall: the story page
// renders it only then), once they have read half of it and the cookie banner is answered. A native
// modal dialog (focus held inside, Escape closes it) holding the sign-up module. Two placements: a
// centred dialog, or a sheet at the bottom of a phone's screen (analytics placementVariant).
import { useEffect, useRef, useState } from 'react';
import { PROMPT_SEEN_KEY } from '../../modules/newsletters/newsletter-words.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { useSessionUser } from '../lib/session.ts';
import { NewsletterSignup, type OfferedNewsletter } from './newsletter-signup.tsx';

/** How far down the story (a share of the page) the reader has scrolled when it opens. */
const READ_SHARE = 0.5;

type Variant = 'dialog' | 'sheet';

function seenBefore(): boolean {
  try {
    return localStorage.getItem(PROMPT_SEEN_KEY) !== null;
  } catch {
    return true; // no storage (a private mode that refuses it): never risk showing it on every page
  }
}

export function NewsletterPrompt({
  newsletters,
  sourcePath,
  articleId,
}: {
  newsletters: readonly OfferedNewsletter[];
  sourcePath: string;
  articleId: string;
}) {
  const user = useSessionUser();
  const dialog = useRef<HTMLDialogElement>(null);
  const [variant, setVariant] = useState<Variant | null>(null);

  useEffect(() => {
    // Signed-in readers choose on /user/newsletters/; the session is known once the browser has read it.
    if (user || seenBefore()) return;
    const check = () => {
      const page = document.documentElement;
      if (window.scrollY + window.innerHeight < page.scrollHeight * READ_SHARE) return;
      if (document.querySelector('.cc-banner')) return; // one question at a time
      window.removeEventListener('scroll', check);
      try {
        localStorage.setItem(PROMPT_SEEN_KEY, new Date().toISOString());
      } catch {
        return;
      }
      setVariant(window.matchMedia('(max-width: 600px)').matches ? 'sheet' : 'dialog');
    };
    window.addEventListener('scroll', check, { passive: true });
    check();
    return () => window.removeEventListener('scroll', check);
  }, [user]);

  useEffect(() => {
    if (!variant || !dialog.current || dialog.current.open) return;
    dialog.current.showModal();
    trackEvent('user_view_newsletter_prompt', { placementVariant: `prompt-${variant}` });
  }, [variant]);

  if (!variant) return null;
  return (
    <dialog
      ref={dialog}
      className={`newsletter-prompt newsletter-prompt--${variant}`}
      aria-labelledby="newsletter-prompt-title"
      onClose={() => setVariant(null)}
    >
      <form method="dialog" className="newsletter-prompt__close">
        <button type="submit" className="link-button">
          Close<span className="visually-hidden"> the newsletter sign-up</span>
        </button>
      </form>
      <NewsletterSignup
        placement="prompt"
        newsletters={newsletters}
        sourcePath={sourcePath}
        articleId={articleId}
        title="Enjoying this story?"
        intro="Get the day’s most important fashion business news in your inbox every weekday morning. Free."
      />
    </dialog>
  );
}
