// The pricing cards of the packages pages (BRAND "pricing cards with the plan's benefits and
// tax-inclusive price") and the currency switcher. Display only: prices arrive formatted from
// pricing.server.ts. Choosing a plan sends user_click_package (the packages page's offer variant).
import { Link, useLocation } from 'react-router';
import { trackEvent } from '../../analytics/analytics.ts';
import type { PlanGroup, PlanView, ReaderPricing } from './pricing.server.ts';
import { canonicalUrl } from '../../lib/seo.ts';

const per = (plan: PlanView) => (plan.interval === 'year' ? 'a year' : 'a month');

function TaxLine({ plan }: { plan: PlanView }) {
  if (!plan.taxLabel) return null;
  return <p className="plan__tax">{`${plan.itemPrice} + ${plan.taxAmount} ${plan.taxLabel}`}</p>;
}

function actionLabel(plan: PlanView, groupTitle: string): string {
  if (plan.trialDays > 0) return `Start your ${plan.trialDays}-day free trial`;
  return `Choose ${groupTitle}${plan.interval === 'month' ? ' monthly' : ''}`;
}

/** The offer a packages page shows (individual, beauty, student, upgrade), for its analytics events. */
export type PackagesOffer = { offerVariant: string; currency?: ReaderPricing['currency'] };

export function trackPackageChoice(offer: PackagesOffer, planCode: string, ctaUrl: string) {
  trackEvent('user_click_package', { ...offer, planCode, ctaUrl: ctaUrl.slice(0, 255) });
}

function PlanCard({
  group,
  featured,
  headingLevel,
  offer,
}: {
  group: PlanGroup;
  featured: boolean;
  headingLevel: 'h2' | 'h3';
  offer: PackagesOffer;
}) {
  const { main, alternatives } = group;
  const Heading = headingLevel;
  const titleId = `plan-${main.code}`;
  return (
    <article className={`plan${featured ? ' plan--featured' : ''}`} aria-labelledby={titleId} data-plan={main.code}>
      <div className="plan__head">
        <Heading id={titleId} className="plan__title">
          {group.title}
        </Heading>
        {featured ? <span className="badge">Most popular</span> : null}
      </div>
      <p className="plan__summary">{main.summary}</p>
      <p className="plan__price">
        <span className="plan__amount" data-testid="plan-price">
          {main.fullPrice}
        </span>{' '}
        <span className="plan__per">{per(main)}</span>
      </p>
      <TaxLine plan={main} />
      {main.trialDays > 0 ? (
        <p className="plan__trial">
          Free for {main.trialDays} days, then {main.fullPrice} {per(main)}. Cancel before the trial ends and you pay nothing.
        </p>
      ) : null}
      <a
        className="button plan__action"
        href={main.href}
        aria-describedby={titleId}
        onClick={() => trackPackageChoice(offer, main.code, main.href)}
      >
        {actionLabel(main, group.title)}
      </a>
      <ul className="plan__features" aria-label={`${group.title} includes`}>
        {main.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {alternatives.map((plan) => (
        <div className="plan__alternative" key={plan.code} data-plan={plan.code}>
          <p>
            Or pay monthly: <strong>{plan.fullPrice}</strong> {per(plan)}
            {plan.taxLabel ? (
              <span className="plan__tax-inline">
                {' '}
                (includes {plan.taxAmount} {plan.taxLabel})
              </span>
            ) : null}
          </p>
          <a className="plan__alternative-link" href={plan.href} onClick={() => trackPackageChoice(offer, plan.code, plan.href)}>
            {actionLabel(plan, group.title)}
          </a>
        </div>
      ))}
    </article>
  );
}

export function PlanCards({
  pricing,
  label,
  offerVariant,
  headingLevel = 'h2',
}: {
  pricing: ReaderPricing;
  label: string;
  offerVariant: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const offer: PackagesOffer = { offerVariant, currency: pricing.currency };
  return (
    <section className={`plans plans--${pricing.groups.length}`} aria-label={label}>
      {pricing.groups.map((group, index) => (
        <PlanCard
          key={group.main.code}
          group={group}
          featured={index === 0 && pricing.groups.length > 1}
          headingLevel={headingLevel}
          offer={offer}
        />
      ))}
    </section>
  );
}

/** Links to the same page in each currency (kept with the page's other query, e.g. packages=beauty). */
export function CurrencySwitcher({ pricing }: { pricing: Pick<ReaderPricing, 'currencies' | 'currency'> }) {
  // The page's own path, with its trailing slash: React Router gives the server the path without
  // it, so a link relative to it ("?currency=") differed between the server's HTML and the browser's.
  const { pathname, search } = useLocation();
  const linkTo = (code: string) => {
    const query = new URLSearchParams(search);
    query.set('currency', code);
    return `${canonicalUrl('', pathname)}?${query}`;
  };
  return (
    <nav className="currency-switcher" aria-label="Currency">
      <span className="currency-switcher__label" id="currency-label">
        Prices in
      </span>
      <ul aria-labelledby="currency-label">
        {pricing.currencies.map(({ code, label }) => (
          <li key={code}>
            <Link to={linkTo(code)} aria-current={code === pricing.currency ? 'true' : undefined} preventScrollReset>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tax and currency notes under the cards. */
export function PricingNotes({ pricing }: { pricing: ReaderPricing }) {
  return (
    <div className="pricing-notes">
      <p data-testid="tax-note">{pricing.taxNote}</p>
      {pricing.invalidCurrency ? (
        <p role="status">{`We don’t sell memberships in ${pricing.invalidCurrency}; prices are shown in ${pricing.currency}.`}</p>
      ) : null}
      <p>
        Tax follows your billing country at checkout. A business in the EU can enter its VAT number there and pay without VAT (reverse
        charge).
      </p>
      <p>
        Questions about billing, trials or cancelling? Read the <a href="/subscriptions/faq/">membership FAQ</a>.
      </p>
    </div>
  );
}
