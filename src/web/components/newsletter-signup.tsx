// The newsletter sign-up module: at the end of stories, on topic pages and in the footer. These
// pages are shared by every reader with the same access decision (decisions 030, 034), so the HTML
// holds nothing personal: the signed-in reader's address is filled in by the browser from the
// readable session cookie. The form posts to /newsletters/signup/ — with JavaScript through a
// fetcher (the answer shown in place), without it as a plain form (a page answers).
import { useEffect, useRef } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { HONEYPOT_FIELD, SIGNUP_CONSENT_TEXT, type Placement } from '../../modules/newsletters/newsletter-words.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';
import { paths } from '../../shared/paths.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { HydrateLater } from '../lib/hydrate-later.tsx';
import { useHydrated } from '../lib/hydrated.ts';
import { useSessionUser } from '../lib/session.ts';
import { FormNotice } from './form-fields.tsx';

export interface OfferedNewsletter {
  id: string;
  title: string;
}

/** What the sign-up action answers a fetcher (routes/newsletters-signup.tsx). */
export type SignupAnswer =
  | { ok: true; outcome: 'subscribed' | 'confirmation-sent'; newsletterIds: string[] }
  | { ok: false; fieldErrors?: FieldError[]; message?: string };

export function NewsletterSignup({
  placement,
  newsletters = [],
  sourcePath,
  articleId,
  title = 'Get the newsletter',
  intro,
}: {
  placement: Placement;
  /** The choices offered (ticked); none: the default newsletters, chosen by the server. */
  newsletters?: readonly OfferedNewsletter[];
  /** The page it is on; the current path when not given. */
  sourcePath?: string;
  articleId?: string;
  title?: string;
  intro?: string;
}) {
  const fetcher = useFetcher<SignupAnswer>();
  const location = useLocation();
  const user = useSessionUser();
  const hydrated = useHydrated();
  const id = `newsletter-${placement}`;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const tracked = useRef<SignupAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer?.ok || tracked.current === answer) return;
    tracked.current = answer;
    trackEvent('user_submit_newsletter_signup', {
      newsletterIds: answer.newsletterIds,
      placementVariant: placement,
      ...(articleId ? { articleId } : {}),
    });
  }, [answer, placement, articleId]);

  const fieldError = (field: string) => (answer && !answer.ok ? answer.fieldErrors?.find((e) => e.path[0] === field)?.message : undefined);
  const busy = fetcher.state !== 'idle';

  return (
    // Hydrates in a task after the page's (decision 061): until then the form posts natively.
    <HydrateLater as="section" className="newsletter-signup" aria-labelledby={`${id}-title`}>
      <p className="newsletter-signup__kicker">Newsletters</p>
      <h2 id={`${id}-title`} className="newsletter-signup__title">
        {title}
      </h2>
      {intro && <p>{intro}</p>}
      {answer?.ok ? (
        <FormNotice kind="success">
          {answer.outcome === 'subscribed'
            ? 'You are signed up. Choose more on your newsletters page.'
            : 'Check your inbox: we sent a link to confirm your sign-up. Nothing arrives until you confirm.'}
        </FormNotice>
      ) : (
        <fetcher.Form method="post" action={paths.newsletterSignup()} noValidate={hydrated}>
          <input type="hidden" name="placement" value={placement} />
          <input type="hidden" name="sourcePath" value={sourcePath ?? location.pathname} />
          {hydrated && <input type="hidden" name="answer" value="data" />}
          {articleId && <input type="hidden" name="articleId" value={articleId} />}
          {newsletters.length > 1 ? (
            <fieldset className="newsletter-signup__choices">
              <legend className="visually-hidden">Newsletters to receive</legend>
              {newsletters.map((n) => (
                <label key={n.id}>
                  <input type="checkbox" name="newsletterIds" value={n.id} defaultChecked />
                  {n.title}
                </label>
              ))}
            </fieldset>
          ) : (
            newsletters.map((n) => <input key={n.id} type="hidden" name="newsletterIds" value={n.id} />)
          )}
          {answer && !answer.ok && answer.message && <FormNotice kind="error">{answer.message}</FormNotice>}
          {fieldError('newsletterIds') && <FormNotice kind="error">{fieldError('newsletterIds')}</FormNotice>}
          <div className="newsletter-signup__row">
            {/* The signed-in reader's address comes from the cookie once hydrated (never in the shared HTML). */}
            <EmailInput key={user?.email ?? ''} id={`${id}-email`} defaultValue={user?.email ?? ''} error={fieldError('email')} />
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Signing up…' : 'Sign up'}
            </button>
          </div>
          {/* The honeypot: hidden from people and from assistive technology; robots fill it in. */}
          <div className="newsletter-signup__trap" aria-hidden="true">
            <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
            <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <p className="newsletter-signup__note">
            {SIGNUP_CONSENT_TEXT} <Link to={paths.legal('privacy')}>Privacy Policy</Link>
          </p>
        </fetcher.Form>
      )}
    </HydrateLater>
  );
}

function EmailInput({ id, defaultValue, error }: { id: string; defaultValue: string; error?: string }) {
  return (
    <div className="field">
      {/* Not "Email address": the sign-in and register forms on the same page use that label. */}
      <label htmlFor={id} className="field__label">
        Your email
      </label>
      <input
        id={id}
        name="email"
        type="email"
        className="field__input"
        required
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__message field__message--error">
          {error}
        </p>
      )}
    </div>
  );
}
