// /admin/events/<slug>/ticket-types/ (issue 21, decision 051): the event's ticket types with their
// prices, seats sold or held of the capacity, the sale window, how many readers wait for each, a
// way to edit each, to close its sales now, and to add one. Site admins only.
import { Form, Link, useActionData, useSearchParams, type MetaFunction } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { formatEventDay } from '../../../components/events/event-time.tsx';
import { FormNotice } from '../../../components/form-fields.tsx';
import { AdminNav } from '../admin-nav.tsx';
import type { Route } from './+types/ticket-types';
import { ticketTypesAction, ticketTypesPage } from './event-staff.server.ts';
import { StaffEventError } from './staff-error.tsx';
import '../../../styles/events.css';

export function loader(args: Route.LoaderArgs) {
  return ticketTypesPage(args);
}

export function action(args: Route.ActionArgs) {
  return ticketTypesAction(args);
}

export const meta: MetaFunction = () => [{ title: 'Ticket types · Admin' }, { name: 'robots', content: 'noindex' }];

const STATUS = { on_sale: 'On sale', not_yet: 'Not on sale yet', ended: 'Sales ended', sold_out: 'Sold out' } as const;

export default function TicketTypes({ loaderData }: Route.ComponentProps) {
  const { event, ticketTypes } = loaderData;
  const answer = useActionData<typeof action>();
  const [search] = useSearchParams();
  const saved = ticketTypes.find((t) => t.ticketTypeId === search.get('saved'));
  return (
    <div className="wrap admin-page">
      <AdminNav current="events" />
      <p className="kicker">
        <Link to={paths.adminEvents()}>Events</Link> · {event.title}
      </p>
      <h1 className="display">Ticket types</h1>
      <p className="standfirst">
        <Link to={paths.adminEventTicketType(event.slug, 'new')}>Add a ticket type</Link> ·{' '}
        <Link to={paths.adminEventAttendees(event.slug)}>Attendees</Link>
      </p>
      {answer ? (
        <FormNotice kind={answer.ok ? 'success' : 'error'}>{answer.message}</FormNotice>
      ) : (
        saved && <FormNotice kind="success">{saved.name} is saved.</FormNotice>
      )}
      {ticketTypes.length === 0 ? (
        <p>This event sells no tickets yet.</p>
      ) : (
        <div className="staff-table-scroll">
          <table className="staff-table">
            <caption className="visually-hidden">Ticket types</caption>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Price</th>
                <th scope="col">Seats taken</th>
                <th scope="col">Sales</th>
                <th scope="col">Waiting</th>
                <th scope="col">Staff</th>
              </tr>
            </thead>
            <tbody>
              {ticketTypes.map((t) => (
                <tr key={t.ticketTypeId}>
                  <td>{t.name}</td>
                  <td>{t.prices.join(' · ')}</td>
                  <td>
                    {t.taken} of {t.capacity}
                  </td>
                  <td>
                    {STATUS[t.status]}
                    <span className="staff-table__note">
                      {' '}
                      {formatEventDay(t.salesStartAt, event.timeZone)} to {formatEventDay(t.salesEndAt, event.timeZone)}
                    </span>
                  </td>
                  <td>{t.waiting}</td>
                  <td>
                    <Link to={paths.adminEventTicketType(event.slug, t.ticketTypeId)}>
                      Edit<span className="visually-hidden"> {t.name}</span>
                    </Link>
                    {(t.status === 'on_sale' || t.status === 'sold_out' || t.status === 'not_yet') && (
                      <Form method="post" className="staff-inline-form">
                        <input type="hidden" name="ticketTypeId" value={t.ticketTypeId} />
                        <button type="submit" name="intent" value="close-sales" className="button button--small button--secondary">
                          Close sales<span className="visually-hidden"> of {t.name}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffEventError error={error} what="event" />;
}
