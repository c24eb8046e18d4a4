// A buyer pays before telling us about their work (decision 036): the profile questions are asked
// later. This is the later: a quiet band under the masthead for a signed-in reader whose details
// are incomplete (the readable session's is_user_data_complete), leading to /user/one-more-step/
// and back. Rendered in the browser only, so every cached page stays the same for every reader.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { canonicalUrl } from '../lib/seo.ts';
import { useSessionUser } from '../lib/session.ts';
import { withReturnTo } from '../routes/user/user-paths.ts';

/** "Not now" keeps the band away this long on this browser. */
const QUIET_FOR_MS = 30 * 24 * 60 * 60 * 1000;
const STORAGE_KEY = 'atelier.profilePrompt.dismissedAt';
/** Account screens and checkout have their own forms; the band would only be in the way there. */
const QUIET_PATHS = /^\/(?:user|subscriptions|admin)(?:\/|$)/;

function dismissedRecently(): boolean {
  try {
    const at = Number(window.localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < QUIET_FOR_MS;
  } catch {
    return false; // storage blocked: ask, it can be dismissed for the page
  }
}

export function ProfilePrompt() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);

  // The band shows only once the browser knows the reader, never in the server's HTML. The storage
  // is read only for a reader who could see it (a page's first read of it is slow on a phone).
  if (!user || user.isUserDataComplete || dismissed || QUIET_PATHS.test(pathname) || dismissedRecently()) return null;
  const notNow = () => {
    try {
      window.localStorage.setItem(STORAGE_KEY, String(Date.now()));
    } catch {
      // storage blocked: hidden for this page only
    }
    setDismissed(true);
  };
  return (
    <aside className="profile-prompt" aria-labelledby="profile-prompt-title">
      <div className="wrap profile-prompt__inner">
        <p className="profile-prompt__text">
          <strong id="profile-prompt-title">Tell us about your work.</strong> Your role and industry shape the stories we recommend to you.
        </p>
        <p className="profile-prompt__actions">
          <Link className="button button--small" to={withReturnTo('/user/one-more-step/', canonicalUrl('', pathname))} reloadDocument>
            Complete your profile
          </Link>
          <button type="button" className="button button--secondary button--small" onClick={notNow}>
            Not now
          </button>
        </p>
      </div>
    </aside>
  );
}
