// /events/:slug/ — an event's page: when (in the event's time zone, and in the reader's once the
// browser knows it), where (the venue, or the platform of an online event), the programme, the
// speakers linked to their profiles, the sponsors and related stories; Event JSON-LD.
import { Form, Link, useActionData } from 'react-router';
import { EVENT_TYPE_NAMES } from '../../../modules/events/types.ts';
import { imageUrl } from '../../../shared/images.ts';
import { paths } from '../../../shared/paths.ts';
import { EventTime, formatClock, formatEventDay, zoneName } from '../../components/events/event-time.tsx';
import { Picture } from '../../components/picture.tsx';
import { StoryCard } from '../../components/story-card.tsx';
import { useTrackResult } from '../../analytics/use-track-event.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { rootDataFromMatches, useRootData } from '../../lib/root-data.ts';
import { absoluteUrl, socialMeta } from '../../lib/seo.ts';
import { eventPageAction, eventPageData } from './event-page.server.ts';
import type { Route } from './+types/event';
import '../../styles/events.css';

export function loader({ params, context }: Route.LoaderArgs) {
  return eventPageData(context, params.slug);
}

export function action(args: Route.ActionArgs) {
  return eventPageAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { event } = loaderData;
  return socialMeta({
    title: event.title,
    description: event.description,
    url: `${root.config.siteUrl}${paths.event(event.slug)}`,
    productName: root.config.productName,
  });
};

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { event, related, ticketTypes } = loaderData;
  const answer = useActionData<typeof action>();
  const isPast = loaderData.isPast;
  useTrackResult(answer, 'user_complete_event_registration', answer && 'registered' in answer ? (answer.registered ?? null) : null);
  const siteUrl = root?.config.siteUrl ?? '';
  const online = event.platform !== null;
  const image = event.thumbnailKey
    ? absoluteUrl(siteUrl, imageUrl(root?.config.endpoints.imageResizer ?? '/img', event.thumbnailKey, '16x9', 1200))
    : undefined;
  // Days of the programme, in the event's zone.
  const days = [...new Set(event.programme.map((item) => formatEventDay(item.startsAt, event.timeZone)))];
  return (
    <article className="wrap event">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Event',
          name: event.title,
          description: event.description,
          startDate: event.startsAt,
          endDate: event.endsAt ?? undefined,
          eventStatus: 'https://schema.org/EventScheduled',
          eventAttendanceMode: online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
          location: online
            ? { '@type': 'VirtualLocation', url: `${siteUrl}${paths.event(event.slug)}` }
            : { '@type': 'Place', name: event.venue ?? event.location, address: event.location },
          image,
          url: `${siteUrl}${paths.event(event.slug)}`,
          organizer: { '@type': 'Organization', name: root?.config.productName, url: siteUrl },
          performer: event.speakers.map((s) => ({ '@type': 'Person', name: s.name, url: `${siteUrl}${paths.person(s.slug)}` })),
          sponsor: event.sponsors.map((name) => ({ '@type': 'Organization', name })),
        }}
      />
      <header className="event__header">
        <p className="kicker">
          <Link to={`${paths.events()}?type=${event.type}`}>{EVENT_TYPE_NAMES[event.type]}</Link>
        </p>
        <h1 className="display event__title">{event.title}</h1>
        <EventTime startsAt={event.startsAt} endsAt={event.endsAt} timeZone={event.timeZone} />
        <p className="event__place">
          {online ? (
            <>
              Online, on {event.platform}
              <span className="event__place-note"> (the link comes with your registration)</span>
            </>
          ) : (
            <>
              {event.venue ? `${event.venue}, ` : ''}
              {event.location}
            </>
          )}
        </p>
      </header>
      {event.thumbnailKey && (
        <Picture
          className="event__image"
          imageKey={event.thumbnailKey}
          alt=""
          ratio="16x9"
          width={1200}
          sizes="(min-width: 1240px) 1200px, 100vw"
          priority
        />
      )}
      <div className="event__body">
        <div className="event__main">
          <p className="event__description">{event.description}</p>

          {event.programme.length > 0 && (
            <section aria-labelledby="programme-heading" className="event__section">
              <h2 id="programme-heading" className="rail-title">
                Programme
              </h2>
              <p className="event__note">Times are {zoneName(event.timeZone)}.</p>
              {days.map((day) => (
                <div key={day}>
                  {days.length > 1 && <h3 className="event__day">{day}</h3>}
                  <ol className="list-plain programme">
                    {event.programme
                      .filter((item) => formatEventDay(item.startsAt, event.timeZone) === day)
                      .map((item) => (
                        <li key={item.startsAt + item.title} className="programme__item">
                          <time className="programme__time" dateTime={item.startsAt}>
                            {formatClock(item.startsAt, event.timeZone)}
                          </time>
                          <div>
                            <p className="programme__title">{item.title}</p>
                            {item.speakers.length > 0 && (
                              <p className="programme__speakers">
                                {item.speakers.map((s, i) => (
                                  <span key={s.slug}>
                                    {i > 0 && ', '}
                                    <Link to={paths.person(s.slug)}>{s.name}</Link>
                                  </span>
                                ))}
                              </p>
                            )}
                          </div>
                        </li>
                      ))}
                  </ol>
                </div>
              ))}
            </section>
          )}
        </div>

        <aside className="event__aside">
          {online && !isPast && (
            <section aria-labelledby="register-heading" className="event__section">
              <h2 id="register-heading" className="rail-title">
                Register
              </h2>
              <p className="ticket-type__description">
                Free for registered readers. The link to join on {event.platform} comes by email the day before.
              </p>
              {answer && 'registered' in answer && (
                <p className="event__notice" role="status">
                  {answer.message}
                </p>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="register" />
                <button type="submit" className="button button--small">
                  Register free
                </button>
              </Form>
            </section>
          )}
          {ticketTypes.length > 0 && (
            <section aria-labelledby="tickets-heading" className="event__section">
              <h2 id="tickets-heading" className="rail-title">
                Tickets
              </h2>
              {answer && !('registered' in answer) && (
                <p className="event__notice" role="status">
                  {answer.message}
                </p>
              )}
              <ul className="list-plain ticket-types">
                {ticketTypes.map((type) => (
                  <li key={type.ticketTypeId} className="ticket-type">
                    <h3 className="ticket-type__name">{type.name}</h3>
                    {type.description && <p className="ticket-type__description">{type.description}</p>}
                    <p className="ticket-type__price">{type.prices.join(' · ')}</p>
                    {type.memberPrices.length > 0 && <p className="ticket-type__member">Members {type.memberPrices.join(' · ')}</p>}
                    {type.status === 'on_sale' && (
                      <>
                        <p className="ticket-type__left">{type.available <= 20 ? `Only ${type.available} left` : 'On sale now'}</p>
                        <Link className="button button--small" to={`${paths.eventTickets(event.slug)}?ticketTypeId=${type.ticketTypeId}`}>
                          Buy tickets<span className="visually-hidden"> for {type.name}</span>
                        </Link>
                      </>
                    )}
                    {type.status === 'sold_out' && (
                      <Form method="post" className="ticket-type__waiting">
                        <p className="ticket-type__left">Sold out</p>
                        <input type="hidden" name="ticketTypeId" value={type.ticketTypeId} />
                        <button type="submit" name="intent" value="waiting-list" className="button button--small button--secondary">
                          Join the waiting list<span className="visually-hidden"> for {type.name}</span>
                        </button>
                        <button type="submit" name="intent" value="leave-waiting-list" className="link-button ticket-type__leave">
                          Leave the waiting list<span className="visually-hidden"> for {type.name}</span>
                        </button>
                      </Form>
                    )}
                    {type.status === 'not_yet' && (
                      <p className="ticket-type__left">On sale from {formatEventDay(type.salesStartAt, event.timeZone)}</p>
                    )}
                    {type.status === 'ended' && <p className="ticket-type__left">Sales have ended</p>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {event.speakers.length > 0 && (
            <section aria-labelledby="speakers-heading" className="event__section">
              <h2 id="speakers-heading" className="rail-title">
                Speakers
              </h2>
              <ul className="list-plain event__speakers">
                {event.speakers.map((s) => (
                  <li key={s.slug}>
                    <Link to={paths.person(s.slug)}>{s.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {event.sponsors.length > 0 && (
            <section aria-labelledby="sponsors-heading" className="event__section">
              <h2 id="sponsors-heading" className="rail-title">
                Sponsors
              </h2>
              <ul className="list-plain event__sponsors">
                {event.sponsors.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>

      {related.length > 0 && (
        <section className="rail" aria-labelledby="related-heading">
          <div className="rail__head">
            <h2 id="related-heading" className="rail-title">
              Related stories
            </h2>
          </div>
          <div className="rail__grid">
            {related.map((story) => (
              <StoryCard key={story.slug} story={story} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
      <p className="listing__back">
        <Link to={paths.events()}>All events</Link>
      </p>
    </article>
  );
}
