// An event in a list (the listing, the home page): image, series, title, day and place.
import { Link } from 'react-router';
import { EVENT_TYPE_NAMES, type EventType } from '../../../modules/events/types.ts';
import { paths } from '../../../shared/paths.ts';
import { Picture } from '../picture.tsx';
import { formatEventDay } from './event-time.tsx';

export interface EventCardView {
  eventId: string;
  slug: string;
  title: string;
  type: EventType;
  startsAt: string;
  timeZone: string;
  location: string;
  platform: string | null;
  thumbnailKey: string | null;
}

export function eventCardView(e: EventCardView): EventCardView {
  const { eventId, slug, title, type, startsAt, timeZone, location, platform, thumbnailKey } = e;
  return { eventId, slug, title, type, startsAt, timeZone, location, platform, thumbnailKey };
}

export function EventCard({ event, headingLevel = 3 }: { event: EventCardView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card event-card">
      {event.thumbnailKey && (
        <Link to={paths.event(event.slug)} className="card__media" tabIndex={-1} aria-hidden="true">
          <Picture imageKey={event.thumbnailKey} alt="" ratio="3x2" width={480} sizes="(min-width: 900px) 30vw, 100vw" />
        </Link>
      )}
      <div>
        <p className="kicker">{EVENT_TYPE_NAMES[event.type]}</p>
        <Heading className="card__headline">
          <Link to={paths.event(event.slug)}>{event.title}</Link>
        </Heading>
        <p className="event-card__meta">
          <time dateTime={event.startsAt}>{formatEventDay(event.startsAt, event.timeZone)}</time>
          {' · '}
          {event.platform ? `Online (${event.platform})` : event.location}
        </p>
      </div>
    </article>
  );
}
