// /admin/events/<slug>/attendees/ (issue 21): who holds a ticket or a registration, by name, with
// the ticket, its code, its order and whether they are in; a CSV of the same; a paid order refunded
// (the money back, the seats on sale again). Site admins only.
import { Form, Link, useActionData, type MetaFunction } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { FormNotice } from '../../../components/form-fields.tsx';
import { AdminForbidden, AdminNav } from '../admin-nav.tsx';
import type { Route } from './+types/attendees';
import { attendeeAction, attendeeList } from './event-staff.server.ts';
import '../../../styles/events.css';

export function loader(args: Route.LoaderArgs) {
  return attendeeList(args);
}

export function action(args: Route.ActionArgs) {
  return attendeeAction(args);
}

export const meta: MetaFunction = () => [{ title: 'Attendees · Admin' }, { name: 'robots', content: 'noindex' }];

export default function Attendees({ loaderData }: Route.ComponentProps) {
  const { event, attendees, orders, checkedIn } = loaderData;
  const answer = useActionData<typeof action>();
  const paidOrders = orders.filter((o) => o.state === 'paid');
  return (
    <div className="wrap admin-page">
      <AdminNav current="events" />
      <p className="kicker">
        <Link to={paths.adminEvents()}>Events</Link>
      </p>
      <h1 className="display">{event.title}: attendees</h1>
      <p className="standfirst">
        {attendees.length} tickets and registrations, {checkedIn} checked in.{' '}
        <a href={paths.adminEventAttendeesCsv(event.slug)} download>
          Download CSV
        </a>{' '}
        · <Link to={paths.adminEventCheckIn(event.slug)}>Check-in</Link>
      </p>
      {answer && <FormNotice kind={answer.ok ? 'success' : 'error'}>{answer.message}</FormNotice>}
      <table className="staff-table">
        <caption className="visually-hidden">Attendees by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Ticket</th>
            <th scope="col">Code</th>
            <th scope="col">Order</th>
            <th scope="col">Checked in</th>
          </tr>
        </thead>
        <tbody>
          {attendees.map((a) => (
            <tr key={a.ticketId}>
              <td>{a.attendeeName}</td>
              <td>
                {a.ticketTypeName}
                {a.state === 'refunded' && ' (refunded)'}
              </td>
              <td className="staff-table__code">{a.code}</td>
              <td className="staff-table__code">{a.orderId ? a.orderId.slice(0, 8) : 'free'}</td>
              <td>{a.checkedInAt ? 'Yes' : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {paidOrders.length > 0 && (
        <section aria-labelledby="refunds-heading" className="event__section staff-refunds">
          <h2 id="refunds-heading" className="rail-title">
            Refund an order
          </h2>
          <ul className="list-plain">
            {paidOrders.map((order) => (
              <li key={order.orderId}>
                <Form method="post" className="staff-refund">
                  <input type="hidden" name="orderId" value={order.orderId} />
                  <span className="staff-table__code">{order.orderId}</span> · {order.quantity} tickets · {order.total}{' '}
                  <button type="submit" name="intent" value="refund" className="button button--small button--secondary">
                    Refund<span className="visually-hidden"> order {order.orderId}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminForbidden what="the attendee lists" />;
}
