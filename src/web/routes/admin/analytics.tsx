// /admin/analytics/ (issue 8): what readers do, from the collector's good events — page views and
// visitors per day, top stories, the wall funnel by variant and newsletter sign-ups. Admins only
// (is_bof_admin): signed out → sign in and come back; signed in without the role → 403.
import { data, Link, redirect, type MetaFunction } from 'react-router';
import {
  loadAnalyticsDashboard,
  dashboardPeriod,
  DASHBOARD_PERIODS,
  type AnalyticsDashboard,
  type FunnelCounts,
} from '../../../modules/analytics/dashboard.ts';
import { isSignedIn, isSiteAdmin } from '../../../modules/session/permissions.ts';
import { paths } from '../../../shared/paths.ts';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { absoluteSiteUrl } from '../user/identity.server.ts';
import { withReturnTo } from '../user/user-paths.ts';
import type { Route } from './+types/analytics';
import { AdminNav } from './admin-nav.tsx';
import { PeriodSwitch, StatTiles } from '../../components/stats.tsx';
import { IssueTable, serialise } from './issue-table.tsx';
import { adminNewsletterPaths } from './newsletter-admin.ts';
import {
  DailyBarChart,
  formatDay,
  formatNumber,
  formatRate,
  FunnelChart,
  RankedBarChart,
  TrafficChart,
  type FunnelGroup,
} from './charts.tsx';

const PATH = '/admin/analytics/';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The named levels (session/permissions.ts), as GraphQL's scopes and tRPC's adminProcedure decide them.
  if (!isSignedIn(context.user)) throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, `${PATH}${url.search}`)));
  if (!isSiteAdmin(context.user)) return data({ kind: 'forbidden' as const }, { status: 403 });
  const days = dashboardPeriod(url.searchParams.get('days'));
  const [dashboard, issues] = await Promise.all([
    loadAnalyticsDashboard({ analytics: context.services.analytics, content: context.services.content }, { days }),
    context.services.newsletters.issues.list({ limit: 5, state: 'sent' }),
  ]);
  return { kind: 'dashboard' as const, dashboard, periods: [...DASHBOARD_PERIODS], issues: issues.map(serialise) };
}

export const meta: MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  return [
    { name: 'description', content: `Readers, stories, walls and newsletters on ${root?.config.productName ?? 'the site'}.` },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'forbidden') return <Forbidden />;
  const { dashboard, periods, issues } = loaderData;
  return (
    <div className="wrap admin-analytics">
      <header className="admin-analytics__header">
        <AdminNav current="analytics" />
        <p className="kicker">Admin</p>
        <h1 className="display">Analytics</h1>
        <p className="standfirst">
          What readers did in the last {dashboard.days} days, {formatDay(dashboard.range.days[0]!)} to{' '}
          {formatDay(dashboard.range.days.at(-1)!)} (UTC days), from the events of readers who accepted analytics cookies.
        </p>
        <PeriodSwitch path={PATH} periods={periods} current={dashboard.days} />
      </header>

      <Totals dashboard={dashboard} />
      <TrafficSection dashboard={dashboard} />
      <TopStoriesSection dashboard={dashboard} />
      <FunnelSection dashboard={dashboard} />
      <NewsletterSection dashboard={dashboard} />
      <Section id="issues" title="Newsletter issues">
        {issues.length === 0 ? <Empty>No issue sent yet.</Empty> : <IssueTable issues={issues} />}
        <p>
          <Link to={adminNewsletterPaths.list()}>Every issue</Link>
        </p>
      </Section>
    </div>
  );
}

function Forbidden() {
  return (
    <div className="wrap error-page">
      <p className="kicker">Error 403</p>
      <h1 className="display">This page is for administrators</h1>
      <p className="standfirst">
        Your account cannot open the analytics dashboard. If you need it for your work, ask an administrator to give your account access,
        then sign in again.
      </p>
      <p>
        <Link to={paths.home()} className="button">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

function Totals({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { totals } = dashboard;
  const items = [
    { label: 'Page views', value: totals.pageViews },
    { label: 'Visitors', value: totals.visitors },
    { label: 'Story views', value: totals.storyViews },
    { label: 'Newsletter sign-ups', value: totals.newsletterSignups },
  ];
  return (
    <section aria-labelledby="totals-heading" className="admin-analytics__section">
      <h2 id="totals-heading" className="visually-hidden">
        Totals for the period
      </h2>
      <StatTiles items={items} />
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="admin-analytics__section" id={id}>
      <h2 id={`${id}-heading`} className="rail-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="admin-analytics__empty">{children}</p>;
}

function TrafficSection({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { traffic, totals, days } = dashboard;
  const busiest = traffic.reduce((best, day) => (day.pageViews > best.pageViews ? day : best), traffic[0]!);
  return (
    <Section id="traffic" title="Page views and visitors">
      {totals.pageViews === 0 ? (
        <Empty>
          No page views in the last {days} days yet. Each page a reader opens after accepting analytics cookies will show here, with the
          number of different visitors, day by day.
        </Empty>
      ) : (
        <TrafficChart
          days={traffic}
          title={`Page views and visitors per day, last ${days} days`}
          description={`Line chart of each day from ${formatDay(traffic[0]!.day)} to ${formatDay(traffic.at(-1)!.day)}: page views as a solid, shaded line, visitors as a dashed line.`}
          caption={`${formatNumber(totals.pageViews)} page views from ${formatNumber(totals.visitors)} visitors. The busiest day was ${formatDay(busiest.day)}, with ${formatNumber(busiest.pageViews)} page views.`}
        />
      )}
    </Section>
  );
}

function TopStoriesSection({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { topStories, days } = dashboard;
  if (topStories.length === 0) {
    return (
      <Section id="stories" title="Top stories">
        <Empty>
          No stories read in the last {days} days yet. The ten most-opened stories will be listed here, with how many readers reached the
          end.
        </Empty>
      </Section>
    );
  }
  const lead = topStories[0]!;
  return (
    <Section id="stories" title="Top stories">
      <RankedBarChart
        items={topStories.map((story) => ({
          key: story.articleId,
          label: story.slug ? <Link to={paths.story(story.slug)}>{story.headline}</Link> : story.headline,
          value: story.views,
          unit: 'views',
        }))}
        caption={`The ${topStories.length} most-read stories of the last ${days} days, by story views. The most read, “${lead.headline}”, had ${formatNumber(lead.views)} views from ${formatNumber(lead.readers)} readers.`}
        table={
          <table className="data-table">
            <caption className="visually-hidden">Top stories</caption>
            <thead>
              <tr>
                <th scope="col">Story</th>
                <th scope="col">Views</th>
                <th scope="col">Readers</th>
                <th scope="col">Read to the end</th>
              </tr>
            </thead>
            <tbody>
              {topStories.map((story) => (
                <tr key={story.articleId}>
                  <th scope="row">{story.slug ? <Link to={paths.story(story.slug)}>{story.headline}</Link> : story.headline}</th>
                  <td>{formatNumber(story.views)}</td>
                  <td>{formatNumber(story.readers)}</td>
                  <td>
                    {formatNumber(story.finished)} ({formatRate(story.finished, story.readers)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </Section>
  );
}

/** "pay_wall" → "Pay wall"; "pay" (older events) → "Pay wall". */
function wallLabel(variant: string | null): string {
  if (variant === null) return 'No wall seen';
  const words = humanise(variant);
  return /\bwall\b/i.test(words) ? words : `${words} wall`;
}
const offerLabel = (offer: string | null) => (offer === null ? 'Offer not recorded' : `${humanise(offer)} offer`);
function humanise(id: string): string {
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function FunnelSection({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { funnel, days } = dashboard;
  if (funnel.length === 0) {
    return (
      <Section id="walls" title="Walls: impressions to registrations and purchases">
        <Empty>
          No walls shown in the last {days} days yet. For each wall variant, this will show how often it was shown, and how many
          registrations and membership purchases followed.
        </Empty>
      </Section>
    );
  }
  const groups: FunnelGroup[] = funnel.map((row) => ({
    key: row.wallVariant ?? '(none)',
    label: wallLabel(row.wallVariant),
    stages: [
      { label: 'Shown', value: row.impressions, note: row.impressions > 0 ? `${formatNumber(row.viewers)} readers` : undefined },
      {
        label: 'Registrations',
        value: row.registrations,
        note: row.viewers > 0 ? `${formatRate(row.registrations, row.viewers)} of readers` : undefined,
      },
      {
        label: 'Purchases',
        value: row.purchases,
        note: row.viewers > 0 ? `${formatRate(row.purchases, row.viewers)} of readers` : undefined,
      },
    ],
  }));
  return (
    <Section id="walls" title="Walls: impressions to registrations and purchases">
      <p className="admin-analytics__note">
        A registration or purchase counts for the wall named on it, or else the last wall the same browser saw in the 30 days before. Rates
        are of the readers who saw the wall; the table also splits walls that showed more than one offer.
      </p>
      <FunnelChart
        groups={groups}
        caption={`Each wall variant of the last ${days} days: how often it was shown, then the registrations and purchases that followed. Bars compare the stages of one wall.`}
        table={
          <table className="data-table">
            <caption className="visually-hidden">Wall funnel by variant</caption>
            <thead>
              <tr>
                <th scope="col">Wall</th>
                <th scope="col">Shown</th>
                <th scope="col">Readers</th>
                <th scope="col">Registrations</th>
                <th scope="col">Purchases</th>
              </tr>
            </thead>
            <tbody>
              {funnel.flatMap((row) => [
                <FunnelRow key={row.wallVariant ?? '(none)'} label={wallLabel(row.wallVariant)} counts={row} />,
                // An offer breakdown only where a wall showed more than one (an experiment, or offers by story).
                ...(row.wallVariant !== null && row.offers.length > 1
                  ? row.offers.map((offer) => (
                      <FunnelRow
                        key={`${row.wallVariant}:${offer.offerVariant ?? ''}`}
                        label={`${wallLabel(row.wallVariant)}: ${offerLabel(offer.offerVariant)}`}
                        counts={offer}
                        offer
                      />
                    ))
                  : []),
              ])}
            </tbody>
          </table>
        }
      />
    </Section>
  );
}

function FunnelRow({ label, counts, offer = false }: { label: string; counts: FunnelCounts; offer?: boolean }) {
  return (
    <tr className={offer ? 'data-table__sub' : undefined}>
      <th scope="row">{label}</th>
      <td>{formatNumber(counts.impressions)}</td>
      <td>{formatNumber(counts.viewers)}</td>
      <td>
        {formatNumber(counts.registrations)} ({formatRate(counts.registrations, counts.viewers)})
      </td>
      <td>
        {formatNumber(counts.purchases)} ({formatRate(counts.purchases, counts.viewers)})
      </td>
    </tr>
  );
}

function NewsletterSection({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { traffic, totals, days } = dashboard;
  return (
    <Section id="newsletters" title="Newsletter sign-ups">
      {totals.newsletterSignups === 0 ? (
        <Empty>
          No newsletter sign-ups in the last {days} days yet. Each sign-up from a prompt, a story or the newsletters page will be counted
          here by day.
        </Empty>
      ) : (
        <DailyBarChart
          days={traffic.map((day) => ({ day: day.day, value: day.newsletterSignups }))}
          title={`Newsletter sign-ups per day, last ${days} days`}
          description={`Bar chart of sign-ups on each day from ${formatDay(traffic[0]!.day)} to ${formatDay(traffic.at(-1)!.day)}.`}
          caption={`${formatNumber(totals.newsletterSignups)} sign-ups in the period, from prompts, stories and the newsletters page.`}
          valueLabel="Sign-ups"
        />
      )}
    </Section>
  );
}
