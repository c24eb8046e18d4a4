// /admin/enquiries/ (issue 17): the enquiries the contact forms and the team enquiry received,
// newest first, filtered by kind and status, 25 to a page, each marked answered, spam or new again.
// Site admins only (is_bof_admin, session/permissions.ts as /admin/analytics/): signed out → sign in
// and come back; signed in without the role → 403, for the list and for every change. An /admin/
// page is private: never kept in the shared page cache (page-cache.ts PRIVATE_PATHS).
import { data, Form, Link, useNavigation, type MetaFunction } from 'react-router';
import type { Enquiry } from '../../../modules/enquiries/enquiries-service.ts';
import {
  ENQUIRY_COMPANY_LABELS,
  ENQUIRY_KIND_LABELS,
  ENQUIRY_KINDS,
  ENQUIRY_PAGE_SIZE,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  enquiryKindSchema,
  enquiryStatusSchema,
  type EnquiryKind,
  type EnquiryStatus,
} from '../../../modules/enquiries/enquiry-input.ts';
import { paths } from '../../../shared/paths.ts';
import { FormNotice } from '../../components/form-fields.tsx';
import { pageParam } from '../../lib/page-param.ts';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { formFields } from '../user/details.server.ts';
import type { Route } from './+types/enquiries';
import { AdminNav, AdminForbidden } from './admin-nav.tsx';
import { requireSiteAdmin } from './site-admin.server.ts';

const PATH = paths.adminEnquiries();

/** ?kind=…&status=…&page=… as the list's query; an unknown value is no filter. */
function filtersOf(request: Request): { kind: EnquiryKind | null; status: EnquiryStatus | null; page: number } {
  const search = new URL(request.url).searchParams;
  const kind = enquiryKindSchema.safeParse(search.get('kind'));
  const status = enquiryStatusSchema.safeParse(search.get('status'));
  return { kind: kind.success ? kind.data : null, status: status.success ? status.data : null, page: pageParam(request) };
}

export async function loader(args: Route.LoaderArgs) {
  requireSiteAdmin(args);
  const filters = filtersOf(args.request);
  const { enquiries } = args.context.services;
  const list = await enquiries.list(filters);
  return {
    kind: 'list' as const,
    filters,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    items: list.items.map((row) => ({
      ...serialise(row),
      countryTitle: row.country ? enquiries.countryTitle(row.country) : null,
    })),
  };
}

function serialise(row: Enquiry) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    company: row.company,
    jobTitle: row.jobTitle,
    teamSize: row.teamSize,
    message: row.message,
    sourcePath: row.sourcePath,
    spamReason: row.spamReason,
    createdAt: row.createdAt.toISOString(),
  };
}

type ActionData = { ok: true; message: string } | { ok: false; message: string };

export async function action(args: Route.ActionArgs) {
  const admin = requireSiteAdmin(args);
  const fields = await formFields(args.request);
  const result = await args.context.services.enquiries.setStatus({ id: fields.id, status: fields.status, changedBy: admin.id });
  if (result.ok)
    return {
      ok: true,
      message: `${result.enquiry.name}’s enquiry is marked ${ENQUIRY_STATUS_LABELS[result.enquiry.status].toLowerCase()}.`,
    } satisfies ActionData;
  if (result.reason === 'not_found') return data<ActionData>({ ok: false, message: 'That enquiry no longer exists.' }, 404);
  return data<ActionData>({ ok: false, message: 'Choose an enquiry and what to mark it.' }, 400);
}

export const meta: MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  return [
    { title: `Enquiries · ${root?.config.productName ?? 'Admin'}` },
    { name: 'description', content: `Enquiries sent through the contact forms of ${root?.config.productName ?? 'the site'}.` },
    { name: 'robots', content: 'noindex' },
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (typeof error === 'object' && error !== null && 'status' in error && error.status === 403)
    return <AdminForbidden what="the enquiries" />;
  throw error;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The list's URL with these filters and page. */
function listHref(filters: { kind: string | null; status: string | null }, page = 1): string {
  const search = new URLSearchParams();
  if (filters.kind) search.set('kind', filters.kind);
  if (filters.status) search.set('status', filters.status);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${PATH}?${query}` : PATH;
}

export default function AdminEnquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, total, page, pageCount, items } = loaderData;
  const answer = actionData as ActionData | undefined;
  const first = (page - 1) * ENQUIRY_PAGE_SIZE + 1;
  const filtered = filters.kind !== null || filters.status !== null;
  return (
    <div className="wrap admin-enquiries">
      <header className="admin-analytics__header">
        <AdminNav current="enquiries" />
        <p className="kicker">Admin</p>
        <h1 className="display">Enquiries</h1>
        <p className="standfirst">
          What people asked through the contact forms and the team enquiry, newest first. Reply by email, then mark the enquiry answered.
        </p>
      </header>

      <Form method="get" className="enquiry-filters" aria-label="Filter enquiries">
        <div className="field">
          <label htmlFor="filter-kind" className="field__label">
            Kind
          </label>
          <select id="filter-kind" name="kind" className="field__input field__select" defaultValue={filters.kind ?? ''}>
            <option value="">All kinds</option>
            {ENQUIRY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {ENQUIRY_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-status" className="field__label">
            Status
          </label>
          <select id="filter-status" name="status" className="field__input field__select" defaultValue={filters.status ?? ''}>
            <option value="">All statuses</option>
            {ENQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ENQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          Show
        </button>
        {filtered && (
          <Link to={PATH} className="enquiry-filters__clear">
            Clear filters
          </Link>
        )}
      </Form>

      {answer && <FormNotice kind={answer.ok ? 'success' : 'error'}>{answer.message}</FormNotice>}

      <p className="enquiry-list__count" role="status">
        {total === 0
          ? filtered
            ? 'No enquiries match these filters.'
            : 'No enquiries yet. Each one sent from a contact page or the team enquiry will be listed here.'
          : pageCount === 1
            ? `${total} ${total === 1 ? 'enquiry' : 'enquiries'}`
            : `${items.length === 1 ? first : `${first}–${first + items.length - 1}`} of ${total} enquiries`}
      </p>

      {items.length > 0 && (
        <ol className="enquiry-list list-plain">
          {items.map((item) => (
            <EnquiryItem key={item.id} item={item} />
          ))}
        </ol>
      )}

      {pageCount > 1 && (
        <nav className="pagination" aria-label="Pages">
          {page > 1 ? (
            <Link to={listHref(filters, page - 1)} rel="prev">
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="pagination__status">{`Page ${page} of ${pageCount}`}</span>
          {page < pageCount ? (
            <Link to={listHref(filters, page + 1)} rel="next">
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

type Item = Route.ComponentProps['loaderData']['items'][number];

function EnquiryItem({ item }: { item: Item }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === item.id;
  const facts: [string, string | number | null][] = [
    [ENQUIRY_COMPANY_LABELS[item.kind], item.company],
    ['Job title', item.jobTitle],
    ['Country', item.countryTitle],
    ['Team size', item.teamSize],
    ['Sent from', item.sourcePath],
  ];
  const headingId = `enquiry-${item.id}`;
  return (
    <li>
      <article className="enquiry-item" aria-labelledby={headingId}>
        <header className="enquiry-item__header">
          <p className="enquiry-item__meta">
            <span className={`enquiry-status enquiry-status--${item.status}`}>{ENQUIRY_STATUS_LABELS[item.status]}</span>
            <span>{ENQUIRY_KIND_LABELS[item.kind]}</span>
            <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))} UTC</time>
          </p>
          <h2 id={headingId} className="enquiry-item__name">
            {item.name}
          </h2>
          <p>
            <a href={`mailto:${item.email}`}>{item.email}</a>
          </p>
        </header>
        <dl className="enquiry-item__facts">
          {facts
            .filter(([, value]) => value !== null && value !== '')
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          {item.spamReason && (
            <div>
              <dt>Why spam</dt>
              <dd>{item.spamReason === 'honeypot' ? 'Filled in the hidden field robots fill' : item.spamReason}</dd>
            </div>
          )}
        </dl>
        {item.message && <p className="enquiry-item__message">{item.message}</p>}
        <Form method="post" className="enquiry-item__actions" preventScrollReset>
          <input type="hidden" name="id" value={item.id} />
          {ENQUIRY_STATUSES.filter((status) => status !== item.status).map((status) => (
            <button
              key={status}
              type="submit"
              name="status"
              value={status}
              className={status === 'answered' ? 'button button--small' : 'button button--secondary button--small'}
              disabled={busy}
              aria-describedby={headingId}
            >
              {status === 'answered' ? 'Mark answered' : status === 'spam' ? 'Mark as spam' : 'Mark as new'}
            </button>
          ))}
        </Form>
      </article>
    </li>
  );
}
