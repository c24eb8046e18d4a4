// /admin/newsletters/:issueId/ (issue 19, decision 048): one issue — its stories, its preview as a
// kind of reader (the email itself, in a frame), a test to the admin's own address, and then
// schedule (a time, UTC) or send now; a scheduled issue can go back to draft. Once it is sending or
// sent, its numbers. Site admins only. The preview's frame runs no script: its own CSP has no
// script source (newsletter-preview.ts).
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { PREVIEW_READERS, type PreviewReader } from '../../../modules/newsletters/issues-service.ts';
import { FormNotice } from '../../components/form-fields.tsx';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { formFields } from '../user/details.server.ts';
import type { Route } from './+types/newsletter-issue';
import { AdminForbidden, AdminNav } from './admin-nav.tsx';
import { adminDateFormat, adminNewsletterPaths, ISSUE_STATE_LABELS, PREVIEW_READER_LABELS } from './newsletter-admin.ts';
import { IssueTable, serialise } from './issue-table.tsx';
import { requireSiteAdmin } from './site-admin.server.ts';
import '../../styles/newsletter-admin.css';

const readerOf = (value: string | null | undefined): PreviewReader =>
  (PREVIEW_READERS as readonly string[]).includes(value ?? '') ? (value as PreviewReader) : 'anonymous';

export async function loader(args: Route.LoaderArgs) {
  requireSiteAdmin(args);
  const { issues } = args.context.services.newsletters;
  const issue = await issues.get(args.params.issueId);
  if (!issue) throw data({ kind: 'not-found' as const }, { status: 404 });
  const [summary] = await issues.list({ issueId: issue.id, limit: 1 });
  const as = readerOf(new URL(args.request.url).searchParams.get('as'));
  return { issue: serialise(summary!), storySlugs: issue.storySlugs, as, adminEmail: args.context.user?.email ?? '' };
}

type ActionData = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const admin = requireSiteAdmin(args);
  const { issues } = args.context.services.newsletters;
  const id = args.params.issueId;
  const fields = await formFields(args.request);
  const done = (message: string) => ({ ok: true, message }) satisfies ActionData;
  const refused = (message: string, status = 400) => data<ActionData>({ ok: false, message }, status);
  switch (fields.intent) {
    case 'test': {
      const as = readerOf(fields.as);
      const sent = await issues.sendTest({ issueId: id, as, to: admin.email, userId: admin.id });
      return sent
        ? done(`A test, as ${PREVIEW_READER_LABELS[as].toLowerCase()} sees it, is on its way to ${admin.email}.`)
        : refused('That issue no longer exists.', 404);
    }
    case 'schedule': {
      // datetime-local has no zone: the form says UTC.
      const at = new Date(`${fields.at ?? ''}:00Z`);
      if (Number.isNaN(at.getTime())) return refused('Give the date and time to send it (UTC).');
      if (at.getTime() < Date.now() - 60_000) return refused('That time has passed: choose a later one, or send it now.');
      const row = await issues.schedule({ issueId: id, at });
      return row
        ? done(`Scheduled for ${adminDateFormat.format(at)} UTC.`)
        : refused('Only a draft or a scheduled issue can be scheduled.', 409);
    }
    case 'send': {
      const row = await issues.schedule({ issueId: id, at: new Date() });
      if (!row) return refused('Only a draft or a scheduled issue can be sent.', 409);
      throw redirect(adminNewsletterPaths.issue(id));
    }
    case 'unschedule': {
      const row = await issues.unschedule(id);
      return row
        ? done('Back to draft: it will not be sent until you schedule it again.')
        : refused('Only a scheduled issue can go back to draft.', 409);
    }
    case undefined:
    default:
      return refused('Choose what to do with the issue.');
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches);
  return [
    { title: `${loaderData?.issue.subject ?? 'Issue'} · Newsletter issues · ${root?.config.productName ?? 'Admin'}` },
    { name: 'robots', content: 'noindex' },
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (typeof error === 'object' && error !== null && 'status' in error && error.status === 403)
    return <AdminForbidden what="the newsletter issues" />;
  if (typeof error === 'object' && error !== null && 'status' in error && error.status === 404)
    return (
      <div className="wrap error-page">
        <p className="kicker">Error 404</p>
        <h1 className="display">No such issue</h1>
        <p>
          <Link to={adminNewsletterPaths.list()}>See every issue</Link>
        </p>
      </div>
    );
  throw error;
}

export default function AdminNewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, storySlugs, as, adminEmail } = loaderData;
  const answer = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const editable = issue.state === 'draft' || issue.state === 'scheduled';
  return (
    <div className="wrap admin-newsletters">
      <header className="admin-analytics__header">
        <AdminNav current="newsletters" />
        <p className="kicker">
          <Link to={adminNewsletterPaths.list()}>Newsletter issues</Link> · {issue.newsletterTitle}
        </p>
        <h1 className="display">{issue.subject}</h1>
        <p className="standfirst">
          <span className={`issue-state issue-state--${issue.state}`}>{ISSUE_STATE_LABELS[issue.state]}</span>{' '}
          {issue.sentAt
            ? `Sent ${adminDateFormat.format(new Date(issue.sentAt))} UTC.`
            : issue.scheduledAt
              ? `Goes out ${adminDateFormat.format(new Date(issue.scheduledAt))} UTC.`
              : 'Not scheduled yet.'}
        </p>
      </header>

      {answer && <FormNotice kind={answer.ok ? 'success' : 'error'}>{answer.message}</FormNotice>}

      {issue.state !== 'draft' && (
        <section aria-labelledby="numbers-heading" className="admin-newsletters__section">
          <h2 id="numbers-heading" className="admin-newsletters__heading">
            Numbers
          </h2>
          <IssueTable issues={[issue]} />
          {(issue.numbers.uncertain > 0 || issue.numbers.failed > 0 || issue.numbers.pending > 0) && (
            <p className="issue-table__meta">
              {issue.numbers.pending} waiting · {issue.numbers.failed} refused by the mail server · {issue.numbers.uncertain} uncertain (the
              sending process stopped while handing them over; never sent twice)
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="preview-heading" className="admin-newsletters__section">
        <h2 id="preview-heading" className="admin-newsletters__heading">
          Preview
        </h2>
        <Form method="get" className="enquiry-filters">
          <div className="field">
            <label htmlFor="preview-as" className="field__label">
              Preview as
            </label>
            <select id="preview-as" name="as" className="field__input field__select" defaultValue={as}>
              {PREVIEW_READERS.map((reader) => (
                <option key={reader} value={reader}>
                  {PREVIEW_READER_LABELS[reader]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary">
            Show
          </button>
        </Form>
        <p className="issue-table__meta">
          {issue.personalised
            ? 'Each reader gets the stories chosen from what they follow and read; the preview shows yours.'
            : `${storySlugs.length} ${storySlugs.length === 1 ? 'story' : 'stories'}: ${storySlugs.join(', ')}`}
        </p>
        <iframe
          className="issue-preview"
          title={`The email as ${PREVIEW_READER_LABELS[as].toLowerCase()} receives it`}
          src={adminNewsletterPaths.preview(issue.id, as)}
        />
        <p>
          <a href={adminNewsletterPaths.preview(issue.id, as)} target="_blank" rel="noopener">
            Open the preview on its own
          </a>
        </p>
      </section>

      {editable && (
        <section aria-labelledby="send-heading" className="admin-newsletters__section">
          <h2 id="send-heading" className="admin-newsletters__heading">
            Test and send
          </h2>
          <div className="issue-actions">
            <Form method="post" className="issue-actions__form">
              <input type="hidden" name="intent" value="test" />
              <input type="hidden" name="as" value={as} />
              <p>
                A test as {PREVIEW_READER_LABELS[as].toLowerCase()} sees it, to {adminEmail}. Nothing is counted.
              </p>
              <button type="submit" className="button button--secondary" disabled={busy('test')}>
                {busy('test') ? 'Sending…' : 'Send me a test'}
              </button>
            </Form>
            <Form method="post" className="issue-actions__form">
              <input type="hidden" name="intent" value="schedule" />
              <div className="field">
                <label htmlFor="at" className="field__label">
                  Send at (UTC)
                </label>
                <input id="at" name="at" type="datetime-local" className="field__input" required />
              </div>
              <button type="submit" className="button button--secondary" disabled={busy('schedule')}>
                {issue.state === 'scheduled' ? 'Move the time' : 'Schedule'}
              </button>
            </Form>
            <Form method="post" className="issue-actions__form">
              <input type="hidden" name="intent" value="send" />
              <p>To every subscriber of {issue.newsletterTitle}, now. Each reader receives it once.</p>
              <button type="submit" className="button" disabled={busy('send')}>
                {busy('send') ? 'Starting…' : 'Send now'}
              </button>
            </Form>
            {issue.state === 'scheduled' && (
              <Form method="post" className="issue-actions__form">
                <input type="hidden" name="intent" value="unschedule" />
                <button type="submit" className="button button--secondary" disabled={busy('unschedule')}>
                  Back to draft
                </button>
              </Form>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
