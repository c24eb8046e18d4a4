// /user/tickets/ — the reader's tickets and free registrations (issue 21): each event with its date,
// place and calendar file, and each ticket with its QR code and code for the door.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { EventTime } from '../../components/events/event-time.tsx';
import { TicketList } from '../../components/events/ticket-list.tsx';
import type { Route } from './+types/tickets';
import { requireSignedIn } from './details.server.ts';
import { yourTickets } from './tickets.server.ts';
import { userPageMeta } from './user-meta.ts';
import '../../styles/events.css';

const PATH = paths.yourTickets();

export async function loader(args: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(args, PATH);
  return yourTickets(args.context, signedIn.session.identityId);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Your tickets', description: 'Your event tickets and registrations.', path: PATH });

export default function Tickets({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <AccountLayout
      title="Your tickets"
      intro="Show a ticket’s QR code at the door, or tell us its code."
      menu={[
        { label: 'Your account', href: paths.account() },
        { label: 'Following', href: paths.following() },
        { label: 'Your tickets', href: PATH, current: true },
        { label: 'Sign out', href: paths.logout() },
      ]}
    >
      {events.length === 0 ? (
        <section className="account-section">
          <p className="account-section__intro">
            You have no tickets yet. <Link to={paths.events()}>See what is on</Link>
          </p>
        </section>
      ) : (
        events.map((entry) => (
          <section key={entry.eventId} className="account-section your-tickets" aria-labelledby={`tickets-${entry.eventId}`}>
            <h2 id={`tickets-${entry.eventId}`} className="account-section__title">
              <Link to={paths.event(entry.slug)}>{entry.title}</Link>
            </h2>
            <EventTime startsAt={entry.startsAt} endsAt={entry.endsAt} timeZone={entry.timeZone} />
            <p className="event__place">{entry.place}</p>
            <p>
              <a href={entry.calendarUrl} download>
                Add to your calendar (.ics)
              </a>
            </p>
            {entry.orders.map((order) => (
              <div key={order.orderId} className="your-tickets__order">
                <p className="your-tickets__meta">
                  Order {order.orderId} · {order.summary}
                  {order.state === 'refunded' && ' · refunded'}
                </p>
                <TicketList tickets={order.tickets} />
              </div>
            ))}
          </section>
        ))
      )}
    </AccountLayout>
  );
}
