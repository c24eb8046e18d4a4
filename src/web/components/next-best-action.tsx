// The next-best-action banner (nbaVariant, actionPromoted): the one step the rules suggest to this
// reader — register, subscribe, or follow topics. On phones, non-members see the app screen
// variant of the same banner (§2 "a mobile app screen shown to non-members").
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { NextBestAction } from '../../modules/walls/rules.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { useTrackEvent } from '../analytics/use-track-event.ts';
import { paths } from '../../shared/paths.ts';
import { RegisterLink } from './auth-links.tsx';

const PHONE = '(max-width: 640px)';

function subscribePhone(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function NextBestActionBanner({ action, articleId }: { action: NextBestAction; articleId?: string }) {
  const fields = { nbaVariant: action.nbaVariant, actionPromoted: action.actionPromoted, ...(articleId ? { articleId } : {}) };
  // The server renders the general banner; the browser switches to the app screen on phones.
  const phone = useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  const appScreen = phone && action.appText !== undefined;
  useTrackEvent('user_view_nba_banner', fields);
  const trackCta = () => trackEvent('user_click_nba_banner', { ...fields, ctaUrl: action.ctaUrl.slice(0, 255) });
  useTrackEvent('user_view_mobile_app_screen', appScreen ? { designVariant: 'app_screen', ctaVariant: action.actionPromoted } : null);
  return (
    <aside className={`nba${appScreen ? ' nba--app' : ''}`} aria-labelledby="nba-title" data-nba-variant={action.nbaVariant}>
      <h2 id="nba-title" className="nba__title">
        {action.title}
      </h2>
      <p className="nba__text">{appScreen ? action.appText : action.text}</p>
      {action.ctaUrl.startsWith(paths.register()) ? (
        <RegisterLink className="button button--secondary" onClick={trackCta}>
          {action.cta}
        </RegisterLink>
      ) : (
        <Link to={action.ctaUrl} className="button button--secondary" onClick={trackCta}>
          {action.cta}
        </Link>
      )}
    </aside>
  );
}
