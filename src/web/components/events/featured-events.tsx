// The home page's featured events (§3 Event featured): a rail of the coming ones, and a link to all.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { EventCard, type EventCardView } from './event-card.tsx';

export function FeaturedEvents({ events }: { events: EventCardView[] }) {
  if (events.length === 0) return null;
  return (
    <section className="rail" aria-labelledby="featured-events">
      <div className="rail__head">
        <h2 id="featured-events" className="rail-title">
          <Link to={paths.events()}>Events</Link>
        </h2>
        <Link to={paths.events()} className="rail__more">
          All events <span aria-hidden="true">→</span>
        </Link>
      </div>
      <ul className="rail__grid list-plain">
        {events.map((event) => (
          <li key={event.eventId}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
}
