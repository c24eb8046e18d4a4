// /admin/events/<slug>/ticket-types/<id|new>/ (issue 21, decision 051): staff's editor for one ticket
// type: its name and description, a price and a member price per currency, the capacity (never
// below the seats sold or held) and the sale window in the event's time zone. Checked in the
// browser and again by the action with the same schema; errors beside their fields. Site admins only.
import { Form, Link, useActionData, useNavigation, type MetaFunction } from 'react-router';
import { TICKET_CURRENCIES, ticketTypeFormSchema } from '../../../../modules/events/ticket-type-input.ts';
import { paths } from '../../../../shared/paths.ts';
import { zoneName } from '../../../components/events/event-time.tsx';
import { FormNotice, TextField } from '../../../components/form-fields.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { AdminNav } from '../admin-nav.tsx';
import type { Route } from './+types/ticket-type';
import { ticketTypeAction, ticketTypePage } from './event-staff.server.ts';
import { StaffEventError } from './staff-error.tsx';
import '../../../styles/events.css';

export function loader(args: Route.LoaderArgs) {
  return ticketTypePage(args);
}

export function action(args: Route.ActionArgs) {
  return ticketTypeAction(args);
}

export const meta: MetaFunction = () => [{ title: 'Ticket type · Admin' }, { name: 'robots', content: 'noindex' }];

export default function TicketTypeEditor({ loaderData }: Route.ComponentProps) {
  const { event, ticketType } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const form = useSchemaForm(ticketTypeFormSchema, answer?.fieldErrors);
  const values = answer?.values ?? loaderData.values;
  const errors = form.errors;
  const title = ticketType ? `Edit ${ticketType.name}` : 'Add a ticket type';
  return (
    <div className="wrap admin-page">
      <AdminNav current="events" />
      <p className="kicker">
        <Link to={paths.adminEventTicketTypes(event.slug)}>{event.title}: ticket types</Link>
      </p>
      <h1 className="display">{title}</h1>
      {ticketType && (
        <p className="standfirst">
          {ticketType.taken} seats are sold or held: the capacity cannot go below {ticketType.taken}.
        </p>
      )}
      {answer && <FormNotice kind="error">{answer.message}</FormNotice>}
      <Form
        method="post"
        className="flow-form ticket-type-form"
        noValidate
        onSubmit={form.onSubmit}
        onBlur={form.onBlur}
        onChange={form.onChange}
        aria-label={title}
        // A new answer (its values) starts the fields again from what was sent.
        key={answer ? JSON.stringify(answer.values) : 'loaded'}
      >
        <fieldset className="ticket-type-form__group">
          <legend className="rail-title">The ticket</legend>
          <TextField name="name" label="Name" required defaultValue={values.name} error={errors.name} />
          <TextField
            name="description"
            label="Description"
            hint="One line under the name on the event page."
            defaultValue={values.description}
            error={errors.description}
          />
        </fieldset>
        <fieldset className="ticket-type-form__group">
          <legend className="rail-title">Prices</legend>
          <p className="field__hint">
            Before tax, like 250 or 250.50. Leave a currency empty to not sell in it; a member price is optional.
          </p>
          <div className="ticket-type-form__prices">
            {TICKET_CURRENCIES.map((c) => (
              <div key={c} className="ticket-type-form__currency">
                <TextField
                  name={`price_${c}`}
                  label={`Price in ${c}`}
                  inputMode="numeric"
                  defaultValue={values[`price_${c}`]}
                  error={errors[`price_${c}`]}
                />
                <TextField
                  name={`member_${c}`}
                  label={`Member price in ${c}`}
                  inputMode="numeric"
                  defaultValue={values[`member_${c}`]}
                  error={errors[`member_${c}`]}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="ticket-type-form__group">
          <legend className="rail-title">Seats and sales</legend>
          <TextField
            name="capacity"
            label="Capacity"
            required
            inputMode="numeric"
            hint="How many seats this ticket sells in all."
            defaultValue={values.capacity}
            error={errors.capacity}
          />
          <TextField
            name="salesStartAt"
            label="Sales start"
            type="datetime-local"
            required
            hint={`In ${zoneName(event.timeZone)}.`}
            defaultValue={values.salesStartAt}
            error={errors.salesStartAt}
          />
          <TextField
            name="salesEndAt"
            label="Sales end"
            type="datetime-local"
            required
            hint={`In ${zoneName(event.timeZone)}.`}
            defaultValue={values.salesEndAt}
            error={errors.salesEndAt}
          />
        </fieldset>
        <div className="flow-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {ticketType ? 'Save changes' : 'Add the ticket type'}
          </button>{' '}
          <Link to={paths.adminEventTicketTypes(event.slug)}>Cancel</Link>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffEventError error={error} what="ticket type" />;
}
