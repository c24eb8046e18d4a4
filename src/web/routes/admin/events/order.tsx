// /admin/events/<slug>/orders/<orderId>/ (issue 21, decision 051): one order's tickets, and a refund
// of the ones staff tick (or of all that are left). A refunded ticket no longer opens the door, its
// seat goes back on sale (the waiting list is told) and billing gives its share back to the card.
// Site admins only.
import { Form, Link, useActionData, useNavigation, type MetaFunction } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { FormNotice } from '../../../components/form-fields.tsx';
import { AdminNav } from '../admin-nav.tsx';
import type { Route } from './+types/order';
import { orderAction, orderPage } from './event-staff.server.ts';
import { StaffEventError } from './staff-error.tsx';
import '../../../styles/events.css';

export function loader(args: Route.LoaderArgs) {
  return orderPage(args);
}

export function action(args: Route.ActionArgs) {
  return orderAction(args);
}

export const meta: MetaFunction = () => [{ title: 'Order · Admin' }, { name: 'robots', content: 'noindex' }];

function orderState(order: { state: string; refunded: number; quantity: number }): string {
  if (order.state === 'refunded') return 'Refunded';
  return order.refunded > 0 ? `Partly refunded (${order.refunded} of ${order.quantity} tickets)` : 'Paid';
}

export default function StaffOrder({ loaderData }: Route.ComponentProps) {
  const { event, order } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const valid = order.tickets.filter((t) => t.state === 'valid');
  return (
    <div className="wrap admin-page">
      <AdminNav current="events" />
      <p className="kicker">
        <Link to={paths.adminEventAttendees(event.slug)}>{event.title}: attendees</Link>
      </p>
      <h1 className="display">Order {order.orderId.slice(0, 8)}</h1>
      <dl className="staff-order__facts">
        <dt>Tickets</dt>
        <dd>
          {order.quantity} × {order.ticketTypeName}
        </dd>
        <dt>Charged</dt>
        <dd>
          {order.total} ({order.each} a ticket, tax included)
        </dd>
        <dt>State</dt>
        <dd>{orderState(order)}</dd>
      </dl>
      {answer && <FormNotice kind={answer.ok ? 'success' : 'error'}>{answer.message}</FormNotice>}
      <Form method="post" className="staff-order__refund">
        <fieldset>
          <legend className="rail-title">Refund tickets</legend>
          <p className="field__hint">
            Tick the tickets to refund. Each gives back its share of what was charged; its seat goes back on sale and the door refuses it.
          </p>
          <ul className="list-plain staff-order__tickets">
            {order.tickets.map((t) => (
              <li key={t.ticketId} className="staff-order__ticket">
                {t.state === 'valid' ? (
                  <>
                    <input type="checkbox" id={`ticket-${t.ticketId}`} name="ticketId" value={t.ticketId} />
                    <label htmlFor={`ticket-${t.ticketId}`}>
                      {t.attendeeName} <span className="staff-table__code">{t.code}</span>
                      {t.checkedInAt && ' · checked in'}
                    </label>
                  </>
                ) : (
                  <span className="staff-order__done">
                    {t.attendeeName} <span className="staff-table__code">{t.code}</span> <strong>refunded</strong>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
        {valid.length > 0 && (
          <div className="flow-form__actions">
            <button type="submit" name="intent" value="refund-tickets" className="button button--small" disabled={busy}>
              Refund the ticked tickets
            </button>{' '}
            <button type="submit" name="intent" value="refund-all" className="button button--small button--secondary" disabled={busy}>
              Refund all {valid.length} left
            </button>
          </div>
        )}
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffEventError error={error} what="order" />;
}
