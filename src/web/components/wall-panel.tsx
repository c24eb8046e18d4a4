import { Link } from 'react-router';
import type { WallKind } from '../../modules/walls/access.ts';
import { paths } from '../../shared/paths.ts';
import { useTrackEvent } from '../analytics/use-track-event.ts';

const COPY: Record<WallKind, { title: string; text: string; cta: string; href: string }> = {
  registration: {
    title: 'Keep reading with a free account',
    text: 'Sign up in a minute to read this story and get our daily briefing. No payment needed.',
    cta: 'Create a free account',
    href: paths.register(),
  },
  pay: {
    title: 'This story is for members',
    text: 'Membership gives you every story, our in-depth analysis and case studies, and the archive.',
    cta: 'See membership options',
    href: paths.packages(),
  },
  upgrade: {
    title: 'Upgrade to keep reading',
    text: 'Your membership does not include this story. Upgrade to read everything we publish.',
    cta: 'See upgrade options',
    href: '/subscriptions/upgrade/',
  },
};

/** Ends the lead-in of a story the reader may not read in full (BRAND: part of the page, never a modal). */
export function WallPanel({ wall, articleId }: { wall: WallKind; articleId?: string }) {
  const copy = COPY[wall];
  useTrackEvent('user_view_wall', { wallVariant: wall, articleId });
  return (
    <aside className={`wall wall--${wall}`} aria-labelledby="wall-title">
      <h2 id="wall-title" className="wall__title">
        {copy.title}
      </h2>
      <p>{copy.text}</p>
      <p className="wall__actions">
        <Link to={copy.href} className="button">
          {copy.cta}
        </Link>
        <span>
          Already have an account? <Link to={paths.login()}>Sign in</Link>
        </span>
      </p>
    </aside>
  );
}
