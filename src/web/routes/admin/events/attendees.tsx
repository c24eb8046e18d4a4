// /admin/events/<slug>/attendees/ (issue 21): who holds a ticket or a registration, by name, with
// the ticket, its code, its order and whether they are in; a CSV of the same; how many readers wait
// for each sold-out ticket type; each paid order with a way to its refund page (some tickets or all)
// and a refund of the whole order here. Site admins only.
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
  const { event, attendees, orders, checkedIn, waitingLists } = loaderData;
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
        · <Link to={paths.adminEventCheckIn(event.slug)}>Check-in</Link> ·{' '}
        <Link to={paths.adminEventTicketTypes(event.slug)}>Ticket types</Link>
      </p>
      <p className="staff-waiting">
        {waitingLists.length === 0
          ? 'Nobody is on a waiting list.'
          : `Waiting list: ${waitingLists.map((w) => `${w.waiting} ${w.waiting === 1 ? 'reader' : 'readers'} for ${w.name}`).join(', ')}.`}
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
              <td className="staff-table__code">
                {a.orderId ? (
                  <Link to={paths.adminEventOrder(event.slug, a.orderId)}>
                    {a.orderId.slice(0, 8)}
                    <span className="visually-hidden"> (order of {a.attendeeName})</span>
                  </Link>
                ) : (
                  'free'
                )}
              </td>
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
          <p className="field__hint">Open an order to refund some of its tickets.</p>
          <ul className="list-plain">
            {paidOrders.map((order) => (
              <li key={order.orderId}>
                <Form method="post" className="staff-refund">
                  <input type="hidden" name="orderId" value={order.orderId} />
                  <Link to={paths.adminEventOrder(event.slug, order.orderId)} className="staff-table__code">
                    {order.orderId}
                  </Link>{' '}
                  · {order.quantity} tickets · {order.total}
                  {order.refunded > 0 && ` · partly refunded (${order.refunded})`}{' '}
                  <button type="submit" name="intent" value="refund" className="button button--small button--secondary">
                    Refund all<span className="visually-hidden"> of order {order.orderId}</span>
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
