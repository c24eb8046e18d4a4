import { Link } from 'react-router';
import type { StoryCard as Card } from '../../modules/content/content-service.ts';
import { paths } from '../../shared/paths.ts';
import { formatShortDate, joinNames } from '../lib/format.ts';
import { AccessBadge } from './access-badge.tsx';
import { Picture } from './picture.tsx';

type Size = 'lead' | 'standard' | 'compact';

/**
 * What a card shows, and all a loader should send for it: loader data goes into the page a second
 * time as React Router's hydration data, so every unused field is bytes every reader downloads.
 * No id: the slug names a story on a page (and keys its card); 64 ids were 9 % of the home page's
 * compressed bytes.
 */
export interface CardView {
  slug: string;
  headline: string;
  standfirst: string;
  publishedAt: string;
  access: Card['access'];
  topic: { slug: string; name: string };
  authors: { name: string }[];
  heroKey: string;
}
/** A compact card (a list line) shows neither standfirst nor picture. */
export type CompactCardView = Omit<CardView, 'standfirst' | 'heroKey'>;

export function compactCardView(story: Card): CompactCardView {
  return {
    slug: story.slug,
    headline: story.headline,
    publishedAt: story.publishedAt,
    access: story.access,
    topic: { slug: story.topic.slug, name: story.topic.name },
    authors: story.authors.map(({ name }) => ({ name })),
  };
}

export function cardView(story: Card): CardView {
  return { ...compactCardView(story), standfirst: story.standfirst, heroKey: story.heroKey };
}

/** Story cards in three sizes (BRAND: lead, standard, compact list). */
export function StoryCard({
  story,
  size = 'standard',
  headingLevel = 3,
  priority = false,
  showImage = true,
}: {
  /** A compact card needs only a CompactCardView; the others show the standfirst and picture they are given. */
  story: CompactCardView & Partial<Pick<CardView, 'standfirst' | 'heroKey'>>;
  size?: Size;
  headingLevel?: 2 | 3;
  priority?: boolean;
  showImage?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const href = paths.story(story.slug);
  return (
    <article className={`card card--${size}`}>
      {showImage && size !== 'compact' && story.heroKey && (
        <Link to={href} className="card__media" tabIndex={-1} aria-hidden="true">
          <Picture
            imageKey={story.heroKey}
            alt=""
            ratio="3x2"
            width={size === 'lead' ? 1600 : 800}
            sizes={size === 'lead' ? '(min-width: 1100px) 720px, 100vw' : '(min-width: 1100px) 340px, (min-width: 700px) 45vw, 100vw'}
            priority={priority}
          />
        </Link>
      )}
      <div className="card__text">
        <p className="kicker">
          <Link to={paths.topic(story.topic.slug)}>{story.topic.name}</Link>
          <AccessBadge access={story.access} />
        </p>
        <Heading className="card__headline">
          <Link to={href}>{story.headline}</Link>
        </Heading>
        {size !== 'compact' && story.standfirst && <p className="card__standfirst">{story.standfirst}</p>}
        <p className="meta">
          {story.authors.length > 0 && <span>{joinNames(story.authors.map((a) => a.name))}</span>}
          <time dateTime={story.publishedAt}>{formatShortDate(story.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}
