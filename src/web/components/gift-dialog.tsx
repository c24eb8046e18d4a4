// "Share this story": a member creates a gift link (modules/gifts) and gets it in a dialog with a
// Copy link button, how many links are left this month, and when the link expires.
//
// Progressive enhancement: the button submits a form to the story route's action (intent=gift).
// Without JavaScript that is a document POST and the answer renders below the button in an open,
// in-flow <dialog> (its Close button is a method="dialog" form, which needs no script). With
// JavaScript a fetcher sends it and a native modal <dialog> opens at once: labelled by its
// heading, focus kept inside by the browser, Escape closes it and focus returns to the button.
import { useId, useRef } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import type { GiftActionData } from '../../modules/gifts/gift-rules.ts';
import { quotaSentence } from '../../modules/gifts/gift-words.ts';
import { paths } from '../../shared/paths.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { useTrackResult } from '../analytics/use-track-event.ts';
import { useClipboardCopy } from './use-clipboard-copy.ts';
import { formatDate } from '../lib/format.ts';
import { canonicalUrl } from '../lib/seo.ts';

export function GiftDialog({ storyId, headline, result }: { storyId: string; headline: string; result?: GiftActionData | undefined }) {
  const fetcher = useFetcher<GiftActionData>({ key: `gift-${storyId}` });
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;

  // The fetcher's answer with JavaScript; the action's answer to a document POST without it.
  const answer = fetcher.data ?? (result && (!result.ok || result.intent === 'gift') ? result : undefined);
  const pending = fetcher.state !== 'idle';
  const created = answer?.ok && answer.intent === 'gift' ? answer : null;
  const problem = answer && !answer.ok ? answer.message : null;
  // A new link only: the same story's link handed back again is not a second gift.
  useTrackResult(
    answer,
    'user_complete_article_gift',
    created && !created.reused ? { articleId: storyId, giftId: created.gift.giftId } : null,
  );

  function open() {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }

  return (
    <div className="gift">
      <fetcher.Form method="post" action={`${canonicalUrl('', pathname)}${search}`} onSubmit={open}>
        <input type="hidden" name="storyId" value={storyId} />
        <button
          ref={trigger}
          type="submit"
          name="intent"
          value="gift"
          className="button button--secondary button--small gift__trigger"
          aria-haspopup="dialog"
        >
          Share this story
        </button>
      </fetcher.Form>
      <dialog
        ref={dialog}
        className="gift-dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        // Rendered open (not modal) when a document POST answered; React leaves `open` alone otherwise.
        open={fetcher.data === undefined && answer !== undefined ? true : undefined}
        onClose={() => trigger.current?.focus()}
        onKeyDown={(event) => {
          // A modal dialog closes on Escape by itself; the in-flow one (after a document POST) does here.
          if (event.key === 'Escape' && dialog.current?.open) dialog.current.close();
        }}
      >
        <h2 id={titleId} className="gift-dialog__title">
          Share this story
        </h2>
        <p id={textId} className="gift-dialog__text">
          Anyone you send a gift link to can read “{headline}” in full, without a subscription.
        </p>
        <p role="status" className="gift-dialog__status">
          {pending
            ? 'Creating your gift link…'
            : created
              ? created.reused
                ? 'Here is your gift link for this story.'
                : 'Your gift link is ready.'
              : ''}
        </p>
        {created && created.gift.url && (
          <GiftLink
            url={created.gift.url}
            expiresAt={created.gift.expiresAt}
            onCopied={() => trackEvent('user_click_article_share', { articleId: storyId, sharedPlatform: 'copy_link' })}
          />
        )}
        {created && <p className="gift-dialog__quota">{quotaSentence(created.quota)}</p>}
        {problem && (
          <p className="form-message form-message--error" role="alert">
            {problem}
          </p>
        )}
        <div className="gift-dialog__actions">
          <Link to={paths.gifts()} className="gift-dialog__manage">
            Your gift links
          </Link>
          <form method="dialog">
            <button type="submit" className="button button--secondary button--small">
              Close
            </button>
          </form>
        </div>
      </dialog>
    </div>
  );
}

/** The link in a read-only field (selected on focus, so it can be copied by hand) and a Copy link button. */
function GiftLink({ url, expiresAt, onCopied }: { url: string; expiresAt: string; onCopied: () => void }) {
  const id = useId();
  return (
    <div className="field gift-dialog__field">
      <label htmlFor={`${id}-link`} className="field__label">
        Gift link
      </label>
      <div className="gift-dialog__link">
        <input
          id={`${id}-link`}
          className="field__input gift-dialog__input"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={`${id}-hint`}
        />
        <CopyLinkButton text={url} onCopied={onCopied} />
      </div>
      <p id={`${id}-hint`} className="field__hint">
        Opens the full story until {formatDate(expiresAt)}.
      </p>
    </div>
  );
}

/**
 * Copies `text` to the clipboard and says so. Shown once JavaScript runs (without it there is
 * nothing to press; the link field can still be selected and copied).
 */
export function CopyLinkButton({ text, label, onCopied }: { text: string; label?: string; onCopied?: () => void }) {
  // The button appears once it can work (not on the server, nor while hydrating).
  const { available, state, copy } = useClipboardCopy(text, onCopied);
  if (!available) return null;

  return (
    <span className="copy-link">
      <button type="button" className="button button--small" onClick={() => void copy()}>
        Copy link{label && <span className="visually-hidden">{` ${label}`}</span>}
      </button>
      <span className="copy-link__status" role="status">
        {state === 'copied' ? 'Link copied' : state === 'failed' ? 'Select the link and copy it' : ''}
      </span>
    </span>
  );
}
