// /subscriptions/groups/ (§2): team plans. The seat tiers in the reader's currency, and a seat
// calculator that prices a team as it is typed (volume pricing: every seat at the tier of the team's
// size) and leads to checkout (/subscriptions/organisations/payment/) or, for a team larger than
// checkout sells, to the enquiry on /subscriptions/executive/. The calculator is a GET form to checkout:
// with or without JavaScript it carries the seats typed, and checkout shows the price in full.
import { useId, useState } from 'react';
import { data, Link } from 'react-router';
import { formatPrice } from '../../../modules/billing/money.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/groups';
import { CurrencySwitcher } from './plan-cards.tsx';
import { currencyChoices } from './pricing.server.ts';
import { TEAM_ENQUIRY_PATH, TEAM_PAYMENT_PATH } from '../../components/billing/payment-types.ts';
import { seatsAsked, teamCurrency, teamPlanView, type TeamPlanView } from './team-pricing.server.ts';
import '../../styles/teams.css';

const DEFAULT_SEATS = 5;

export function loader({ request }: Route.LoaderArgs) {
  const { currency, chosen, invalid } = teamCurrency(request);
  const plan = teamPlanView(currency);
  return data(
    { plan, currencies: currencyChoices(), currencyChosen: chosen, invalidCurrency: invalid, seats: seatsAsked(request, DEFAULT_SEATS) },
    // The currency follows the reader's country: not one page for everyone.
    { headers: { 'cache-control': 'private, no-cache' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Team memberships',
    description: `${root.config.productName} for your team: Premium membership for every seat, priced by team size, on one yearly invoice.`,
    url: `${root.config.siteUrl}/subscriptions/groups/`,
    productName: root.config.productName,
  });
};

/** The tier a team of `seats` is priced at, or null beyond checkout. */
function tierFor(plan: TeamPlanView, seats: number) {
  return plan.tiers.find((tier) => seats >= tier.fromSeats && seats <= tier.toSeats) ?? null;
}

function SeatCalculator({ plan, initialSeats, currencyChosen }: { plan: TeamPlanView; initialSeats: number; currencyChosen: boolean }) {
  const [typed, setTyped] = useState(String(initialSeats));
  const inputId = useId();
  const seats = Number(typed);
  const valid = typed.trim() !== '' && Number.isInteger(seats) && seats >= 1;
  const tier = valid ? tierFor(plan, seats) : null;
  const tooMany = valid && seats > plan.maxSeats;
  const tooFew = valid && seats < plan.minSeats;
  const step = (by: number) => setTyped(String(Math.min(Math.max((valid ? seats : initialSeats) + by, 1), 9999)));

  return (
    <form method="get" action={TEAM_PAYMENT_PATH} className="seat-calculator" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="rail-title">
        Price your team
      </h2>
      <input type="hidden" name="plan" value={plan.code} />
      {currencyChosen && <input type="hidden" name="currency" value={plan.currency} />}
      <div className="seat-calculator__row">
        <label htmlFor={inputId} className="field__label">
          Seats
        </label>
        <div className="seat-calculator__stepper">
          <button type="button" className="button button--secondary" aria-label="One seat fewer" onClick={() => step(-1)}>
            −
          </button>
          <input
            id={inputId}
            name="seats"
            className="field__input seat-calculator__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={9999}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={`${inputId}-result`}
          />
          <button type="button" className="button button--secondary" aria-label="One seat more" onClick={() => step(1)}>
            +
          </button>
        </div>
      </div>
      <div id={`${inputId}-result`} className="seat-calculator__result" aria-live="polite">
        {tier ? (
          <>
            <p className="seat-calculator__total">
              <span className="plan__amount">{formatPrice(tier.pricePerSeat * seats, plan.currency)}</span>{' '}
              <span className="plan__per">a year, before tax</span>
            </p>
            <p className="seat-calculator__detail">
              {seats} seats × {tier.pricePerSeatLabel} a seat. VAT or GST is added at checkout for your billing country; EU businesses with
              a VAT number pay none (reverse charge).
            </p>
          </>
        ) : tooMany ? (
          <p className="seat-calculator__detail">
            For teams of more than {plan.maxSeats}, our memberships team prepares a quote, with invoicing by bank transfer if you prefer.
          </p>
        ) : tooFew ? (
          <p className="seat-calculator__detail">
            A team plan starts at {plan.minSeats} seats. For one person, see{' '}
            <Link to="/subscriptions/packages/">individual memberships</Link>.
          </p>
        ) : (
          <p className="seat-calculator__detail">Enter how many people you’d like to include.</p>
        )}
      </div>
      <p className="cta-row">
        {tooMany ? (
          <a className="button" href={TEAM_ENQUIRY_PATH}>
            Ask for a quote
          </a>
        ) : (
          <button type="submit" className="button">
            Continue to payment
          </button>
        )}
      </p>
    </form>
  );
}

export default function Groups({ loaderData }: Route.ComponentProps) {
  const { plan, currencies, currencyChosen, invalidCurrency, seats } = loaderData;
  useTrackEvent('user_view_packages', { offerVariant: 'group', currency: plan.currency });
  return (
    <div className="wrap packages teams">
      <header className="packages__header">
        <p className="kicker">Teams</p>
        <h1 className="display">Membership for your whole team</h1>
        <p className="standfirst">{plan.summary} Your administrators give seats to colleagues by email or by company domain.</p>
      </header>

      <CurrencySwitcher pricing={{ currencies, currency: plan.currency }} />
      {invalidCurrency && (
        <p className="packages__member" role="note">
          We don’t sell in “{invalidCurrency}”: prices are shown in {plan.currency}.
        </p>
      )}

      <div className="teams__grid">
        <section className="teams__tiers" aria-labelledby="tiers-heading">
          <h2 id="tiers-heading" className="rail-title">
            Price per seat, per year
          </h2>
          <table className="data-table teams__table">
            <caption className="visually-hidden">Team plan prices by team size, in {plan.currency}, before tax</caption>
            <thead>
              <tr>
                <th scope="col">Team size</th>
                <th scope="col">Each seat</th>
              </tr>
            </thead>
            <tbody>
              {plan.tiers.map((tier) => (
                <tr key={tier.fromSeats}>
                  <th scope="row">
                    {tier.fromSeats}–{tier.toSeats} seats
                  </th>
                  <td>{tier.pricePerSeatLabel}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{plan.maxSeats + 1} seats or more</th>
                <td>
                  <a href={TEAM_ENQUIRY_PATH}>Ask for a quote</a>
                </td>
              </tr>
            </tbody>
          </table>
          <p className="pricing-notes">
            Every seat in a team is priced at the tier of the team’s size: 12 seats cost 12 × the 10–24 price. Prices exclude tax.
          </p>
        </section>

        <SeatCalculator plan={plan} initialSeats={seats} currencyChosen={currencyChosen} />
      </div>

      <section className="packages__more" aria-labelledby="includes-heading">
        <h2 id="includes-heading" className="rail-title">
          What a team plan includes
        </h2>
        <ul className="plan__features teams__features">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
          <li>
            Room to grow: up to {Math.round(plan.extraSeatShare * 100)} % more people than seats (one more for every ten, rounded up, e.g.{' '}
            {plan.extraSeatsExample.extra} on {plan.extraSeatsExample.purchased} seats) may join before you buy more; we tell the owner when
            that happens.
          </li>
        </ul>
      </section>

      <aside className="packages__more" aria-labelledby="more-heading">
        <h2 id="more-heading" className="rail-title">
          Other ways to join
        </h2>
        <ul className="packages__more-list">
          <li>
            <h3>Executives and large teams</h3>
            <p>A quote for your organisation, a trial for your team, invoicing by bank transfer.</p>
            <Link to="/subscriptions/executive/">Talk to our memberships team</Link>
          </li>
          <li>
            <h3>For yourself</h3>
            <p>Standard and Premium memberships, yearly or monthly.</p>
            <Link to="/subscriptions/packages/">See individual memberships</Link>
          </li>
          <li>
            <h3>Students</h3>
            <p>Full membership at a student price, verified with your academic email.</p>
            <Link to="/subscriptions/packages/students/">See student memberships</Link>
          </li>
        </ul>
      </aside>
    </div>
  );
}
