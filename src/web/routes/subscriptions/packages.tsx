// /subscriptions/packages/ (§2): the individual memberships, priced for the reader (currency from
// their country, ?currency= to switch, tax included). ?packages=beauty shows the beauty package.
import { data, Link, useLocation } from 'react-router';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/packages';
import { CurrencySwitcher, PlanCards, PricingNotes, trackPackageChoice } from './plan-cards.tsx';
import { formatMoney, readerPricing } from './pricing.server.ts';
import { planByCode } from '../../../modules/billing/catalogue.ts';
import { subscriptionPrice } from '../../../modules/billing/pricing.ts';

export async function loader(args: Route.LoaderArgs) {
  const beauty = new URL(args.request.url).searchParams.get('packages')?.toLowerCase() === 'beauty';
  const pricing = await readerPricing(args, beauty ? 'beauty' : 'individual');
  const offers = beauty ? [] : wallOffers(args.context, pricing);
  // Personal (country, membership): never shared by a cache.
  return data({ beauty, pricing, offers }, { headers: { 'cache-control': 'private, no-cache' } });
}

/**
 * The offers the walls make on stories (each A/B variant), in the walls' own words with the plan
 * each one buys, priced for this reader: an offer a reader met on a story is here too.
 */
function wallOffers(context: Route.LoaderArgs['context'], pricing: Awaited<ReturnType<typeof readerPricing>>) {
  const seen = new Set<string>();
  return context.services.walls.offers().flatMap((offer) => {
    const plan = planByCode(offer.planCode);
    const key = `${offer.cta}|${offer.planCode}`;
    if (!plan || plan.audience !== 'individual' || seen.has(key)) return [];
    seen.add(key);
    const price = subscriptionPrice({ plan, currency: pricing.currency, countryCode: pricing.countryCode });
    const fullPrice = `${formatMoney(price.fullPrice, pricing.currency)} ${plan.interval === 'year' ? 'a year' : 'a month'}`;
    const ctaUrl = new URL(offer.ctaUrl, 'http://site.invalid');
    if (pricing.currencyChosen) ctaUrl.searchParams.set('currency', pricing.currency);
    return [
      {
        id: offer.id,
        planCode: plan.code,
        planTitle: plan.title,
        text: offer.text,
        cta: offer.cta,
        href: `${ctaUrl.pathname}${ctaUrl.search}`,
        price: plan.trialDays > 0 ? `Free for ${plan.trialDays} days, then ${fullPrice}.` : `${fullPrice}.`,
      },
    ];
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, data: loaded }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const beauty = loaded?.beauty ?? false;
  return socialMeta({
    title: beauty ? 'The Beauty package' : 'Membership',
    description: beauty
      ? `Everything ${root.config.productName} publishes on the business of beauty, in one membership.`
      : `Choose a ${root.config.productName} membership: unlimited stories, analysis, newsletters and events for the fashion industry.`,
    url: `${root.config.siteUrl}/subscriptions/packages/${beauty ? '?packages=beauty' : ''}`,
    productName: root.config.productName,
  });
};

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { beauty, pricing, offers } = loaderData;
  const location = useLocation();
  const offerVariant = beauty ? 'beauty' : 'individual';
  useTrackEvent('user_view_packages', { offerVariant, currency: pricing.currency });
  useTrackEvent('user_view_marketing_individuals', {
    currency: pricing.currency,
    offerVariant: beauty ? 'beauty' : 'individual',
    ...(location.search ? { pageQuery: location.search.slice(1, 1025) } : {}),
  });
  return (
    <div className="wrap packages">
      <header className="packages__header">
        <p className="kicker">Membership</p>
        <h1 className="display">{beauty ? 'The Beauty package' : 'Become a member'}</h1>
        <p className="standfirst">
          {beauty
            ? 'The business of beauty, covered in full: every story, analysis and market report on the brands, retailers and founders shaping the industry.'
            : 'The analysis, news and case studies the fashion industry reads first. Choose the membership that fits how you work.'}
        </p>
        {pricing.isMember ? (
          <p className="packages__member" role="note">
            You’re already a member. See your plan on <a href="/user/membership/">your membership page</a>.
          </p>
        ) : null}
      </header>

      <CurrencySwitcher pricing={pricing} />
      <PlanCards pricing={pricing} label={beauty ? 'The Beauty package' : 'Individual memberships'} offerVariant={offerVariant} />
      <PricingNotes pricing={pricing} />

      {offers.length > 0 && (
        <section className="packages__more packages__offers" aria-labelledby="offers-heading">
          <h2 id="offers-heading" className="rail-title">
            The offers on our stories
          </h2>
          <ul className="packages__more-list">
            {offers.map((offer) => (
              <li key={offer.id} data-plan={offer.planCode} data-wall-variant={offer.id}>
                <h3>{offer.cta}</h3>
                <p>
                  <strong>{offer.planTitle}.</strong> {offer.text}
                </p>
                <p>{offer.price}</p>
                <a
                  className="button button--secondary"
                  href={offer.href}
                  onClick={() => trackPackageChoice({ offerVariant, currency: pricing.currency }, offer.planCode, offer.href)}
                >
                  {offer.cta}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <aside className="packages__more" aria-labelledby="more-heading">
        <h2 id="more-heading" className="rail-title">
          Other ways to join
        </h2>
        <ul className="packages__more-list">
          {beauty ? (
            <li>
              <h3>Full membership</h3>
              <p>Fashion and beauty, every story and briefing.</p>
              <Link to="/subscriptions/packages/">See individual memberships</Link>
            </li>
          ) : (
            <li>
              <h3>The Beauty package</h3>
              <p>Only the business of beauty, at a lower price.</p>
              <Link to="/subscriptions/packages/?packages=beauty">See the Beauty package</Link>
            </li>
          )}
          <li>
            <h3>Students</h3>
            <p>Full membership at a student price, verified with your academic email.</p>
            <Link to="/subscriptions/packages/students/">See student memberships</Link>
          </li>
          <li>
            <h3>Teams and executives</h3>
            <p>Group memberships with shared billing and seats you assign.</p>
            <Link to="/subscriptions/executive/">Memberships for teams</Link>
          </li>
        </ul>
      </aside>
    </div>
  );
}
