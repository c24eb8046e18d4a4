// /events/ — the events listing (§1, §7 events(type, sortOrder)): upcoming events first, in the
// order asked (soonest first by default), then the archive of past ones, newest first; filtered by
// series. The same page for every reader (decision 034).
import { Form, Link } from 'react-router';
import { listingQuerySchema } from '../../../modules/events/event-input.ts';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from '../../../modules/events/types.ts';
import { paths } from '../../../shared/paths.ts';
import { EventCard, eventCardView } from '../../components/events/event-card.tsx';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/events';
import '../../styles/profiles.css';
import '../../styles/events.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listingQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const listing = await context.services.events.eventListing(query);
  return { query, upcoming: listing.upcoming.map(eventCardView), past: listing.past.map(eventCardView) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Events',
    description: 'Forums, summits and talks for the people who run the fashion and beauty industries.',
    url: `${root.config.siteUrl}${paths.events()}`,
    productName: root.config.productName,
  });
};

export default function Events({ loaderData }: Route.ComponentProps) {
  const { query, upcoming, past } = loaderData;
  return (
    <div className="wrap listing events">
      <header className="listing__header">
        <p className="kicker">Events</p>
        <h1 className="display">Events</h1>
        <p className="standfirst">Forums, summits and talks where the people who run the industry meet, in person and online.</p>
      </header>
      <Form method="get" action={paths.events()} className="directory-filters" aria-label="Filter events">
        <div className="field">
          <label className="field__label" htmlFor="events-type">
            Series
          </label>
          <select className="field__input" id="events-type" name="type" defaultValue={query.type ?? ''} key={query.type ?? ''}>
            <option value="">All series</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EVENT_TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="events-order">
            Order
          </label>
          <select className="field__input" id="events-order" name="sortOrder" defaultValue={query.sortOrder} key={query.sortOrder}>
            <option value="asc">Soonest first</option>
            <option value="desc">Latest first</option>
          </select>
        </div>
        <div className="directory-filters__actions">
          <button type="submit" className="button button--small">
            Show
          </button>
          <Link to={paths.events()} className="link-button">
            Clear
          </Link>
        </div>
      </Form>

      <section className="rail" aria-labelledby="upcoming-heading">
        <div className="rail__head">
          <h2 id="upcoming-heading" className="rail-title">
            Upcoming
          </h2>
        </div>
        {upcoming.length ? (
          <ul className="rail__grid list-plain">
            {upcoming.map((event) => (
              <li key={event.eventId}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="events__empty">No upcoming events in this series yet.</p>
        )}
      </section>

      {past.length > 0 && (
        <section className="rail events__archive" aria-labelledby="past-heading">
          <div className="rail__head">
            <h2 id="past-heading" className="rail-title">
              Past events
            </h2>
          </div>
          <ul className="rail__grid list-plain">
            {past.map((event) => (
              <li key={event.eventId}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
