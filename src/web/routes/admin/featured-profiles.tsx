// /admin/profiles/ (issue 18): the newsroom features organisations on the home page
// (HOMEPAGE_COMPONENT) and atop the organisations directory (ORGANISATION_INDEX) from a day, and
// stops featuring them. Find an organisation by name (a GET search), choose where and from when.
// Site admins only (site-admin.server.ts; the profiles service checks again); never cached.
import { data, Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { FormNotice } from '../../components/form-fields.tsx';
import { formatShortDate } from '../../lib/format.ts';
import { refusalMessage } from '../../lib/refusal.ts';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { previewActor } from '../profiles/profile-page.server.ts';
import { formFields } from '../user/details.server.ts';
import type { Route } from './+types/featured-profiles';
import { AdminForbidden, AdminNav } from './admin-nav.tsx';
import { requireSiteAdmin } from './site-admin.server.ts';
import '../../styles/admin-profiles.css';

const CATEGORIES = [
  { key: 'HOMEPAGE_COMPONENT', title: 'Home page', intro: 'Shown in the home page’s organisations rail.' },
  { key: 'ORGANISATION_INDEX', title: 'Organisations directory', intro: 'Shown above the directory’s list, unfiltered.' },
] as const;
const SEARCH_SHOWN = 8;

export async function loader(args: Route.LoaderArgs) {
  requireSiteAdmin(args);
  const actor = await previewActor(args.context, args.request);
  const { profiles } = args.context.services;
  const q = (new URL(args.request.url).searchParams.get('q') ?? '').trim().slice(0, 80);
  const [featured, found] = await Promise.all([
    profiles.featuredForStaff(actor),
    q ? profiles.listOrganisations({ q, page: 1 }) : Promise.resolve(null),
  ]);
  const now = Date.now();
  return {
    q,
    featured: featured.map((entry) => ({
      ...entry,
      startDate: entry.startDate.toISOString(),
      scheduled: entry.startDate.getTime() > now,
    })),
    found: (found?.items ?? []).slice(0, SEARCH_SHOWN).map((o) => ({ profileId: o.profileId, title: o.title, slug: o.slug, city: o.city })),
  };
}

type ActionData = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  requireSiteAdmin(args);
  const actor = await previewActor(args.context, args.request);
  const { intent, ...fields } = await formFields(args.request);
  const { profiles } = args.context.services;
  const category = CATEGORIES.find((c) => c.key === fields.category)?.title ?? 'that place';
  try {
    if (intent === 'feature') {
      const entry = await profiles.featureOrganisation(actor, { ...fields, startDate: fields.startDate || undefined });
      return {
        ok: true,
        message: `${entry.title} is featured on the ${category.toLowerCase()} from ${formatShortDate(entry.startDate.toISOString())}.`,
      };
    }
    if (intent === 'unfeature') {
      await profiles.unfeatureOrganisation(actor, fields);
      return { ok: true, message: `No longer featured on the ${category.toLowerCase()}.` };
    }
    return data<ActionData>({ ok: false, message: 'This form could not be sent. Reload the page and try again.' }, 400);
  } catch (error) {
    return data<ActionData>({ ok: false, message: refusalMessage(error) }, 400);
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  return [{ title: `Featured organisations · ${root?.config.productName ?? 'Admin'}` }, { name: 'robots', content: 'noindex' }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (typeof error === 'object' && error !== null && 'status' in error && error.status === 403)
    return <AdminForbidden what="the featured organisations" />;
  throw error;
}

export default function FeaturedProfiles({ loaderData, actionData }: Route.ComponentProps) {
  const { q, featured, found } = loaderData;
  const answer = actionData as ActionData | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="wrap admin-analytics">
      <header className="admin-analytics__header">
        <AdminNav current="profiles" />
        <p className="kicker">Admin</p>
        <h1 className="display">Featured organisations</h1>
        <p className="standfirst">Which organisations readers see first on the home page and in the organisations directory.</p>
      </header>
      {answer && <FormNotice kind={answer.ok ? 'success' : 'error'}>{answer.message}</FormNotice>}

      {CATEGORIES.map((category) => {
        const entries = featured.filter((entry) => entry.category === category.key);
        return (
          <section key={category.key} className="admin-analytics__section" aria-labelledby={`featured-${category.key}`}>
            <h2 id={`featured-${category.key}`} className="rail-title">
              {category.title}
            </h2>
            <p>{category.intro}</p>
            {entries.length === 0 ? (
              <p className="admin-analytics__empty">Nothing featured here.</p>
            ) : (
              <table className="data-table">
                <caption className="visually-hidden">{`Featured on the ${category.title.toLowerCase()}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Organisation</th>
                    <th scope="col">From</th>
                    <th scope="col">
                      <span className="visually-hidden">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.profileId}>
                      <th scope="row">
                        <Link to={paths.organisation(entry.slug)}>{entry.title}</Link>
                      </th>
                      <td>{`${formatShortDate(entry.startDate)}${entry.scheduled ? ' (scheduled)' : ''}`}</td>
                      <td>
                        <Form method="post">
                          <input type="hidden" name="intent" value="unfeature" />
                          <input type="hidden" name="profileId" value={entry.profileId} />
                          <input type="hidden" name="category" value={category.key} />
                          <button type="submit" className="button button--small button--secondary" disabled={busy}>
                            Remove<span className="visually-hidden">{` ${entry.title} from the ${category.title.toLowerCase()}`}</span>
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}

      <section className="admin-analytics__section" aria-labelledby="feature-heading">
        <h2 id="feature-heading" className="rail-title">
          Feature an organisation
        </h2>
        <Form method="get" className="directory-filters" role="search" aria-label="Find an organisation">
          <div className="field">
            <label className="field__label" htmlFor="feature-q">
              Organisation name
            </label>
            <input className="field__input" id="feature-q" name="q" type="search" defaultValue={q} maxLength={80} key={q} />
          </div>
          <div className="directory-filters__actions">
            <button type="submit" className="button button--small">
              Find
            </button>
          </div>
        </Form>
        {q && found.length === 0 && <p className="admin-analytics__empty">{`No published organisation matches “${q}”.`}</p>}
        <ul className="list-plain">
          {found.map((organisation) => (
            <li key={organisation.profileId} className="featured-candidate">
              <Form method="post" className="featured-candidate__form">
                <input type="hidden" name="intent" value="feature" />
                <input type="hidden" name="profileId" value={organisation.profileId} />
                <p className="featured-candidate__name">
                  <Link to={paths.organisation(organisation.slug)}>{organisation.title}</Link>
                  {organisation.city ? `, ${organisation.city}` : ''}
                </p>
                <div className="field">
                  <label className="field__label" htmlFor={`where-${organisation.profileId}`}>
                    Where
                  </label>
                  <select className="field__input" id={`where-${organisation.profileId}`} name="category">
                    {CATEGORIES.map((category) => (
                      <option key={category.key} value={category.key}>
                        {category.title}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`from-${organisation.profileId}`}>
                    From (empty: today)
                  </label>
                  <input className="field__input" id={`from-${organisation.profileId}`} name="startDate" type="date" />
                </div>
                <button type="submit" className="button button--small" disabled={busy}>
                  Feature<span className="visually-hidden">{` ${organisation.title}`}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
