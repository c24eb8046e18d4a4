// Ends the lead-in of a story the reader may not read in full (BRAND: part of the page, never a
// modal). The copy, the call to action and the analytics fields all come from the wall variant the
// access decision chose (modules/walls/rules.ts), so a test of a new offer is a change of data.
import { Link, useLocation } from 'react-router';
import type { ChosenVariant } from '../../modules/walls/access.ts';
import { paths } from '../../shared/paths.ts';
import { trackEvent } from '../analytics/analytics.ts';
import { useTrackEvent } from '../analytics/use-track-event.ts';
import { useRootData } from '../lib/root-data.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { useAudience } from '../lib/session.ts';
import { CodeRegistrationForm, RegisterLink, SignInLink } from './auth-links.tsx';

/** The wall event's fields (§3): variant names, and the experiment the reader is in (trials JSON ≤ 255). */
function wallFields(variant: ChosenVariant, articleId: string, topicId: string) {
  return {
    articleId,
    topicId,
    wallVariant: variant.wallVariant,
    designVariant: variant.designVariant,
    offerVariant: variant.offerVariant,
    ctaVariant: variant.ctaVariant,
    ...(variant.abGroups.length ? { zephrAbGroups: variant.abGroups } : {}),
    ...(variant.experimentId ? { experimentId: variant.experimentId, zephrExperimentId: variant.experimentId } : {}),
    ...(variant.outcomeId ? { zephrOutcomeId: variant.outcomeId } : {}),
    ...(variant.experimentId
      ? { zephrTrialsJson: JSON.stringify({ experiment: variant.experimentId, variant: variant.id }).slice(0, 255) }
      : {}),
  };
}

export function WallPanel({
  wall,
  variant,
  articleId,
  topicId,
}: {
  wall: string;
  variant: ChosenVariant;
  articleId: string;
  topicId: string;
}) {
  const fields = wallFields(variant, articleId, topicId);
  useTrackEvent('user_view_wall', fields);
  // Signed-in readers meet pay and upgrade walls too; "sign in" is only for those who are not.
  const root = useRootData();
  const signedIn = useAudience(root?.audience ?? 'anonymous') !== 'anonymous';
  const siteUrl = root?.config.siteUrl ?? '';
  const { pathname } = useLocation();
  // A registration wall signs the reader up through §4 register() and, by email code, customRegistration().
  const registers = variant.ctaUrl.startsWith(paths.register());
  const trackCta = () => trackEvent('user_click_wall_cta', { ...fields, ctaUrl: variant.ctaUrl.slice(0, 255) });
  return (
    <aside className={`wall wall--${wall}`} aria-labelledby="wall-title" data-wall-variant={variant.id}>
      <h2 id="wall-title" className="wall__title">
        {variant.title}
      </h2>
      <p>{variant.text}</p>
      <p className="wall__actions">
        {registers ? (
          <RegisterLink className="button" onClick={trackCta}>
            {variant.cta}
          </RegisterLink>
        ) : (
          <Link to={variant.ctaUrl} reloadDocument={variant.ctaUrl.startsWith('/user/')} className="button" onClick={trackCta}>
            {variant.cta}
          </Link>
        )}
        {!signedIn && (
          <span>
            Already have an account? <SignInLink>Sign in</SignInLink>
          </span>
        )}
      </p>
      {registers && !signedIn && <CodeRegistrationForm returnTo={canonicalUrl(siteUrl, pathname)} />}
    </aside>
  );
}
