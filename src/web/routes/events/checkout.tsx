// /events/<slug>/tickets/?ticketTypeId=…&quantity=… — buying tickets (issue 21): how many, a name
// per ticket (up to 20 named here; more carry the buyer's name and can be renamed later by staff),
// the billing country (it decides the tax), the currency and the card, through the same card
// purchase as every payment form (use-card-purchase.tsx). Afterwards: the tickets with their QR
// codes, and the way to the account page where they stay.
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent, useTrackResult } from '../../analytics/use-track-event.ts';
import { CountryChoice, CurrencyChoice, PayerNames } from '../../components/billing/billing-details.tsx';
import { CardFieldset, CardNeedsJavaScript } from '../../components/billing/card-fields.tsx';
import { PriceLines } from '../../components/billing/price-lines.tsx';
import { useCardPurchase } from '../../components/billing/use-card-purchase.tsx';
import { formatEventDay } from '../../components/events/event-time.tsx';
import { TicketList } from '../../components/events/ticket-list.tsx';
import { FormNotice, TextField } from '../../components/form-fields.tsx';
import { userPageMeta } from '../user/user-meta.ts';
import { useSearchChoice } from '../../lib/search-choice.ts';
import type { Route } from './+types/checkout';
import { checkoutAction, checkoutLoader, type CheckoutActionData } from './checkout.server.ts';
import '../../styles/teams.css';
import '../../styles/events.css';

export function loader(args: Route.LoaderArgs) {
  return checkoutLoader(args);
}

export function action(args: Route.ActionArgs) {
  return checkoutAction(args);
}

// The reader's own page: never shared.
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  userPageMeta(matches, {
    title: loaderData ? `Tickets: ${loaderData.event.title}` : 'Tickets',
    description: 'Buy tickets for an event.',
    path: loaderData ? `${paths.event(loaderData.event.slug)}tickets/` : paths.events(),
  });

type Choice = 'quantity' | 'country' | 'currency';

function Confirmation({ answer, title }: { answer: Extract<CheckoutActionData, { status: 'success' }>; title: string }) {
  return (
    <div className="wrap payment">
      <section className="payment__confirmation" aria-labelledby="tickets-done">
        <p className="kicker">Tickets</p>
        <h1 id="tickets-done" className="display">
          You are going to {title}
        </h1>
        <p className="standfirst" role="status">
          {answer.quantity} {answer.quantity === 1 ? 'ticket' : 'tickets'} ({answer.ticketType}), {answer.fullPrice} paid. Order{' '}
          {answer.orderId}.
        </p>
        <p>We have emailed your tickets and a calendar file. Show a ticket’s QR code at the door, or tell us its code.</p>
        <TicketList tickets={answer.tickets} />
        <p className="cta-row">
          <a className="button" href={paths.yourTickets()}>
            Your tickets
          </a>
        </p>
      </section>
    </div>
  );
}

export default function Checkout({ loaderData: view }: Route.ComponentProps) {
  const changeSearch = useSearchChoice();
  const purchase = useCardPurchase<CheckoutActionData>({ recurly: view.recurly });
  const { answer, card, challenge, hydrated, busy, fieldErrors, noticeRef, problem } = purchase;
  const [quantityTyped, setQuantityTyped] = useState(String(view.quantity));
  const { price, ticketType, event } = view;

  useTrackEvent('user_click_event_tickets', { eventId: event.eventId, ticketType: ticketType.name });
  useTrackResult(
    answer,
    'user_purchased_ticket',
    answer?.status === 'success'
      ? {
          ticketType: answer.ticketType,
          eventId: answer.eventId,
          orderId: answer.orderId,
          ticketQty: answer.quantity,
          currency: answer.currency,
        }
      : null,
  );

  function choose(name: Choice, value: string) {
    changeSearch((next) => {
      if (value) next.set(name, value);
      else next.delete(name);
      if (name === 'country') next.delete('currency');
    });
  }

  if (answer?.status === 'success') return <Confirmation answer={answer} title={event.title} />;

  const cannotPay = !view.sandbox && !view.recurly;
  const onSale = ticketType.status === 'on_sale';
  return (
    <div className="wrap payment">
      <header className="payment__header">
        <p className="kicker">
          <Link to={paths.event(event.slug)}>{event.title}</Link>
        </p>
        <h1 className="display">Tickets</h1>
        <p className="standfirst">
          {ticketType.name}, {formatEventDay(event.startsAt, event.timeZone)}, {event.venue ? `${event.venue}, ` : ''}
          {event.location}
        </p>
      </header>

      <div className="payment__grid">
        <section className="payment__summary" aria-labelledby="ticket-summary">
          <h2 id="ticket-summary" className="rail-title">
            Your order
          </h2>
          {price ? (
            <>
              <p className="payment__price">
                <strong>{price.fullPrice}</strong>
              </p>
              <PriceLines item={`${view.quantity} × ${ticketType.name}${price.memberPrice ? ' (member price)' : ''}`} price={price} />
            </>
          ) : (
            <p className="payment__note">These tickets are not sold in that currency.</p>
          )}
          <p className="payment__note">
            {onSale ? `${ticketType.available} left.` : ticketType.status === 'sold_out' ? 'Sold out.' : 'Not on sale now.'}
          </p>
        </section>

        <section className="payment__form" aria-labelledby="ticket-details">
          <h2 id="ticket-details" className="rail-title">
            Tickets and payment
          </h2>
          {cannotPay || !onSale ? (
            <FormNotice kind="error">
              {cannotPay ? 'Card payments are not available at the moment. Please try again later.' : 'These tickets are not on sale now.'}
            </FormNotice>
          ) : (
            <>
              <CardNeedsJavaScript />
              <div ref={noticeRef} tabIndex={-1} className="payment__notice">
                {problem && <FormNotice kind="error">{problem}</FormNotice>}
              </div>
              <form method="post" className="payment__fields" onSubmit={(event) => void purchase.onSubmit(event)} noValidate>
                <input type="hidden" name="ticketTypeId" value={ticketType.ticketTypeId} />
                <input type="hidden" name="currency" value={price?.currency ?? ''} />
                <fieldset className="payment__fieldset">
                  <legend className="payment__legend">Tickets</legend>
                  <div className="field">
                    <label htmlFor="quantity" className="field__label">
                      How many
                    </label>
                    <p id="quantity-hint" className="field__hint">
                      From 1 to {Math.min(1000, ticketType.available)}.
                    </p>
                    <input
                      id="quantity"
                      name="quantity"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={1000}
                      className="field__input seat-calculator__input"
                      value={quantityTyped}
                      aria-describedby={fieldErrors.quantity ? 'quantity-hint quantity-error' : 'quantity-hint'}
                      onChange={(e) => setQuantityTyped(e.target.value)}
                      onBlur={() => quantityTyped !== String(view.quantity) && choose('quantity', quantityTyped)}
                    />
                    {fieldErrors.quantity && (
                      <p id="quantity-error" className="field__message field__message--error">
                        {fieldErrors.quantity}
                      </p>
                    )}
                  </div>
                  {Array.from({ length: view.namedTickets }, (_, i) => (
                    <TextField
                      key={i}
                      name={`attendee${i}`}
                      label={`Name on ticket ${i + 1}`}
                      autoComplete={i === 0 ? 'name' : 'off'}
                      defaultValue={i === 0 ? `${view.billing.firstName} ${view.billing.lastName}`.trim() : ''}
                      error={fieldErrors[`attendee${i}`]}
                      hint={i === 0 ? 'Left empty, a ticket carries your name.' : undefined}
                    />
                  ))}
                </fieldset>
                <fieldset className="payment__fieldset">
                  <legend className="payment__legend">Billing details</legend>
                  <PayerNames firstName={view.billing.firstName} lastName={view.billing.lastName} fieldErrors={fieldErrors} />
                  <CountryChoice
                    value={view.countryCode}
                    countries={view.countries}
                    hint="Decides the tax."
                    onChange={(c) => choose('country', c)}
                  />
                  <CurrencyChoice value={price?.currency} currencies={view.currencies} onChange={(c) => choose('currency', c)} />
                </fieldset>
                <CardFieldset fields={card.fields} sandbox={view.sandbox} />
                <p className="payment__submit">
                  <button type="submit" className="button" disabled={!hydrated || busy || challenge !== null || !price}>
                    {busy ? 'Processing…' : price ? `Pay ${price.fullPrice}` : 'Choose a currency'}
                  </button>
                </p>
              </form>
              {purchase.challengeStep}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
