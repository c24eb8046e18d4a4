// The team payment form (issue 17): the seats, the company and its address, a VAT number for an EU
// business, and the card, bought through the same card purchase as every payment form
// (use-card-purchase.tsx: token, key, the bank's challenge, the same purchase resumed). Changing the
// seats, the country, the currency or the VAT number reloads the price from the server; the summary
// beside the form shows what is charged today. Afterwards: the team is set up, the way on is adding
// colleagues.
import { useState } from 'react';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent, useTrackResult } from '../../analytics/use-track-event.ts';
import { useNewClaims } from '../../lib/new-claims.ts';
import { useSearchChoice } from '../../lib/search-choice.ts';
import { FormNotice, TextField } from '../form-fields.tsx';
import { CountryChoice, CurrencyChoice, PayerNames } from './billing-details.tsx';
import { CardFieldset, CardNeedsJavaScript } from './card-fields.tsx';
import { PriceLines } from './price-lines.tsx';
import { TEAM_ENQUIRY_PATH, type TeamPaymentActionData, type TeamPaymentView } from './payment-types.ts';
import { useCardPurchase } from './use-card-purchase.tsx';

type Choice = 'seats' | 'country' | 'currency' | 'vat';

function TeamSummary({ view }: { view: TeamPaymentView }) {
  const { plan, price, seats } = view;
  return (
    <section className="payment__summary" aria-labelledby="team-plan">
      <h2 id="team-plan" className="rail-title">
        Your team plan
      </h2>
      {price ? (
        <>
          <p className="payment__price">
            <strong>{price.fullPrice}</strong> a year
          </p>
          <PriceLines item={`${seats} seats × ${price.pricePerSeat}`} price={price} />
          <p className="payment__note">Renews yearly for the seats you hold then. Add seats at any time, priced to your renewal date.</p>
        </>
      ) : (
        <p className="payment__note">{view.seatsProblem?.message}</p>
      )}
      <ul className="payment__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}

function TeamConfirmation({ answer }: { answer: Extract<TeamPaymentActionData, { status: 'success' }> }) {
  return (
    <div className="wrap payment">
      <section className="payment__confirmation" aria-labelledby="team-done">
        <p className="kicker">Team membership</p>
        <h1 id="team-done" className="display">
          {answer.companyName} is set up
        </h1>
        <p className="standfirst" role="status">
          {answer.seats} Premium seats are yours until {answer.renewsAt}, when the plan renews at {answer.fullPrice}. You hold the first
          seat and manage the team.
        </p>
        <p>We have emailed you a receipt. Now give your colleagues their seats: by email, or by your company’s email domain.</p>
        <p className="cta-row">
          <a className="button" href={paths.organisationUsers()}>
            Add your colleagues
          </a>
          <a className="button button--secondary" href={paths.organisationMemberships()}>
            See your team plan
          </a>
        </p>
      </section>
    </div>
  );
}

export function TeamPaymentForm({ view }: { view: TeamPaymentView }) {
  const changeSearch = useSearchChoice();
  const purchase = useCardPurchase<TeamPaymentActionData>({ recurly: view.recurly });
  const { answer, card, challenge, hydrated, busy, fieldErrors, noticeRef, problem } = purchase;
  const [seatsTyped, setSeatsTyped] = useState(String(view.seats));
  const { plan, price } = view;

  useTrackEvent('user_view_payment_organisation', {
    planCode: plan.code,
    currency: price?.currency,
    paymentMethods: ['card'],
    seatSelectionVariant: 'stepper',
    seatQuantity: view.seats,
  });
  useTrackResult(
    answer,
    'user_view_payment_error',
    answer?.status === 'error'
      ? { errors: [answer.type ?? (answer.fieldErrors ? 'INVALID_FIELDS' : 'PURCHASE_ERROR')], planCode: plan.code }
      : null,
  );
  useTrackResult(
    answer,
    'user_purchased_organisation_subscription',
    answer?.status === 'success'
      ? {
          subscriptionId: answer.subscriptionId,
          planCode: answer.planCode,
          currency: answer.currency,
          accountId: answer.accountId,
          seatQuantity: answer.seats,
        }
      : null,
  );
  // The buyer's seat reaches the session claims (the header turns to "Member").
  useNewClaims(answer?.status === 'success' ? { field: 'isMember', allowedValues: [true] } : null);

  function choose(name: Choice, value: string) {
    changeSearch((next) => {
      if (value) next.set(name, value);
      else next.delete(name);
      if (name === 'country') next.delete('currency');
    });
  }

  if (answer?.status === 'success') return <TeamConfirmation answer={answer} />;

  const cannotPay = !view.sandbox && !view.recurly;
  return (
    <div className="wrap payment">
      <header className="payment__header">
        <p className="kicker">Team membership</p>
        <h1 className="display">{plan.title} plan for your organisation</h1>
        <p className="standfirst">{plan.summary}</p>
      </header>

      <div className="payment__grid">
        <TeamSummary view={view} />

        <section className="payment__form" aria-labelledby="team-details">
          <h2 id="team-details" className="rail-title">
            Team and payment details
          </h2>
          {cannotPay ? (
            <FormNotice kind="error">Card payments are not available at the moment. Please try again later.</FormNotice>
          ) : (
            <>
              <CardNeedsJavaScript />
              <div ref={noticeRef} tabIndex={-1} className="payment__notice">
                {(problem || view.invalidCurrency) && <FormNotice kind="error">{problem ?? view.invalidCurrency}</FormNotice>}
              </div>
              <form method="post" className="payment__fields" onSubmit={(event) => void purchase.onSubmit(event)} noValidate>
                <input type="hidden" name="plan" value={plan.code} />
                <input type="hidden" name="currency" value={price?.currency ?? ''} />
                <fieldset className="payment__fieldset">
                  <legend className="payment__legend">Your team</legend>
                  <div className="field">
                    <label htmlFor="seats" className="field__label">
                      Seats
                    </label>
                    <p id="seats-hint" className="field__hint">
                      From {plan.minSeats} to {plan.maxSeats}; you hold one of them.
                    </p>
                    <input
                      id="seats"
                      name="seats"
                      type="number"
                      inputMode="numeric"
                      min={plan.minSeats}
                      max={plan.maxSeats}
                      className="field__input seat-calculator__input"
                      value={seatsTyped}
                      aria-describedby={fieldErrors.seats || view.seatsProblem ? 'seats-hint seats-error' : 'seats-hint'}
                      onChange={(event) => setSeatsTyped(event.target.value)}
                      onBlur={() => seatsTyped !== String(view.seats) && choose('seats', seatsTyped)}
                    />
                    {(fieldErrors.seats || view.seatsProblem) && (
                      <p id="seats-error" className="field__message field__message--error">
                        {fieldErrors.seats ?? view.seatsProblem?.message}{' '}
                        {view.seatsProblem?.quote && <a href={TEAM_ENQUIRY_PATH}>Ask for a quote</a>}
                      </p>
                    )}
                  </div>
                  <TextField
                    name="companyName"
                    label="Company name"
                    required
                    autoComplete="organization"
                    defaultValue={view.billing.companyName}
                    error={fieldErrors.companyName}
                    hint="Your team’s name on the site and on the invoice."
                  />
                </fieldset>
                <fieldset className="payment__fieldset">
                  <legend className="payment__legend">Billing details</legend>
                  <PayerNames firstName={view.billing.firstName} lastName={view.billing.lastName} fieldErrors={fieldErrors} />
                  <TextField name="addressLine1" label="Address" required autoComplete="address-line1" error={fieldErrors.addressLine1} />
                  <TextField name="city" label="City" required autoComplete="address-level2" error={fieldErrors.city} />
                  <TextField name="postalCode" label="Postcode" autoComplete="postal-code" error={fieldErrors.postalCode} />
                  <CountryChoice
                    value={view.countryCode}
                    countries={view.countries}
                    hint="Decides the tax."
                    onChange={(country) => choose('country', country)}
                  />
                  <div className="field">
                    <label htmlFor="vatNumber" className="field__label">
                      VAT number<span className="field__optional"> (optional)</span>
                    </label>
                    <p id="vatNumber-hint" className="field__hint">
                      An EU business outside Ireland pays no VAT with a valid number (reverse charge).
                    </p>
                    <input
                      id="vatNumber"
                      name="vatNumber"
                      className="field__input"
                      defaultValue={view.vatNumber}
                      autoComplete="off"
                      aria-describedby={fieldErrors.vatNumber ? 'vatNumber-hint vatNumber-error' : 'vatNumber-hint'}
                      onBlur={(event) => event.target.value.trim() !== view.vatNumber && choose('vat', event.target.value.trim())}
                    />
                    {fieldErrors.vatNumber && (
                      <p id="vatNumber-error" className="field__message field__message--error">
                        {fieldErrors.vatNumber}
                      </p>
                    )}
                  </div>
                  <CurrencyChoice
                    value={price?.currency}
                    currencies={view.currencies}
                    onChange={(currency) => choose('currency', currency)}
                  />
                </fieldset>
                <CardFieldset fields={card.fields} sandbox={view.sandbox} />
                <p className="payment__submit">
                  <button type="submit" className="button" disabled={!hydrated || busy || challenge !== null || !price}>
                    {busy ? 'Processing…' : price ? `Pay ${price.fullPrice}` : 'Choose your seats'}
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
