// /admin/events/ (issue 21): every event, with the way to its attendee list, its check-in page and its ticket types.
// Site admins only.
import { Link, type MetaFunction } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { formatEventDay } from '../../../components/events/event-time.tsx';
import { AdminForbidden, AdminNav } from '../admin-nav.tsx';
import type { Route } from './+types/events';
import { staffEvents } from './event-staff.server.ts';
import '../../../styles/events.css';

export function loader(args: Route.LoaderArgs) {
  return staffEvents(args);
}

export const meta: MetaFunction = () => [{ title: 'Events · Admin' }, { name: 'robots', content: 'noindex' }];

export default function StaffEvents({ loaderData }: Route.ComponentProps) {
  return (
    <div className="wrap admin-page">
      <AdminNav current="events" />
      <h1 className="display">Events</h1>
      <table className="staff-table">
        <caption className="visually-hidden">Events, soonest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Date</th>
            <th scope="col">Staff</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.events.map((event) => (
            <tr key={event.slug}>
              <td>
                <Link to={paths.event(event.slug)}>{event.title}</Link>
              </td>
              <td>{formatEventDay(event.startsAt, event.timeZone)}</td>
              <td>
                <Link to={paths.adminEventAttendees(event.slug)}>
                  Attendees<span className="visually-hidden"> for {event.title}</span>
                </Link>
                {' · '}
                <Link to={paths.adminEventCheckIn(event.slug)}>
                  Check-in<span className="visually-hidden"> for {event.title}</span>
                </Link>
                {' · '}
                <Link to={paths.adminEventTicketTypes(event.slug)}>
                  Ticket types<span className="visually-hidden"> for {event.title}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminForbidden what="the events’ staff pages" />;
}
