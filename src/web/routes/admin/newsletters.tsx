// /admin/newsletters/ (issue 19, decision 048): every issue with its state and numbers (delivered,
// bounced, unsubscribed, clicks), and the form that composes a new one from chosen stories or the
// latest of a topic. Site admins only (site-admin.server.ts); private, never in the page cache.
import { data, Form, redirect, useNavigation, type MetaFunction } from 'react-router';
import { FormNotice, SelectField } from '../../components/form-fields.tsx';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { formFields } from '../user/details.server.ts';
import { absoluteSiteUrl } from '../user/identity.server.ts';
import type { Route } from './+types/newsletters';
import { AdminForbidden, AdminNav } from './admin-nav.tsx';
import { IssueTable, serialise } from './issue-table.tsx';
import { adminNewsletterPaths } from './newsletter-admin.ts';
import { requireSiteAdmin } from './site-admin.server.ts';
import '../../styles/newsletter-admin.css';

export async function loader(args: Route.LoaderArgs) {
  requireSiteAdmin(args);
  const { newsletters, content } = args.context.services;
  const [catalogue, topics, issues] = await Promise.all([newsletters.catalogue(), content.listTopics(), newsletters.issues.list()]);
  return {
    newsletters: catalogue.map((n) => ({ key: n.newsletterId, title: `${n.title} (${n.newsletterGroup.toLowerCase()})` })),
    topics: topics.map((t) => ({ key: t.slug, title: t.name })),
    issues: issues.map(serialise),
    webhook: {
      url: absoluteSiteUrl(args.context.config, '/newsletters/bounces/'),
      token: newsletters.issues.webhookToken(),
    },
  };
}

type ActionData = { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const admin = requireSiteAdmin(args);
  const fields = await formFields(args.request);
  const result = await args.context.services.newsletters.issues.compose(
    {
      newsletterId: fields.newsletterId ?? '',
      subject: fields.subject ?? '',
      intro: fields.intro ?? '',
      storySlugs: fields.storySlugs ?? '',
      topicSlug: fields.topicSlug ?? '',
    },
    admin.id,
  );
  if (result.ok) throw redirect(adminNewsletterPaths.issue(result.issue.id));
  return data<ActionData>(
    {
      ok: false,
      message: 'The issue was not saved: see what to correct below.',
      fieldErrors: Object.fromEntries(result.fieldErrors.map((e) => [e.field, e.message])),
      values: fields,
    },
    400,
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  return [{ title: `Newsletter issues · ${root?.config.productName ?? 'Admin'}` }, { name: 'robots', content: 'noindex' }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (typeof error === 'object' && error !== null && 'status' in error && error.status === 403)
    return <AdminForbidden what="the newsletter issues" />;
  throw error;
}

export default function AdminNewsletters({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionData | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  return (
    <div className="wrap admin-newsletters">
      <header className="admin-analytics__header">
        <AdminNav current="newsletters" />
        <p className="kicker">Admin</p>
        <h1 className="display">Newsletter issues</h1>
        <p className="standfirst">
          Compose an issue from stories, preview it as each kind of reader, send yourself a test, then schedule it or send it now.
        </p>
      </header>

      <section aria-labelledby="issues-heading" className="admin-newsletters__section">
        <h2 id="issues-heading" className="admin-newsletters__heading">
          Issues
        </h2>
        {loaderData.issues.length === 0 ? (
          <p className="enquiry-list__count">No issues yet. The first one you compose below will be listed here.</p>
        ) : (
          <IssueTable issues={loaderData.issues} />
        )}
      </section>

      <section aria-labelledby="compose-heading" className="admin-newsletters__section">
        <h2 id="compose-heading" className="admin-newsletters__heading">
          Compose an issue
        </h2>
        {answer && <FormNotice kind="error">{answer.message}</FormNotice>}
        <Form method="post" className="flow-form issue-compose">
          <SelectField
            name="newsletterId"
            label="Newsletter"
            options={loaderData.newsletters}
            defaultValue={values.newsletterId}
            error={errors.newsletterId}
            required
          />
          <div className="field">
            <label htmlFor="subject" className="field__label">
              Subject
            </label>
            <input
              id="subject"
              name="subject"
              className="field__input"
              defaultValue={values.subject ?? ''}
              required
              maxLength={200}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? 'subject-error' : undefined}
            />
            {errors.subject && (
              <p id="subject-error" className="field__message field__message--error">
                {errors.subject}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="intro" className="field__label">
              Opening words<span className="field__optional"> (optional)</span>
            </label>
            <textarea id="intro" name="intro" className="field__input" rows={3} maxLength={4000} defaultValue={values.intro ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="storySlugs" className="field__label">
              Stories<span className="field__optional"> (or a topic below)</span>
            </label>
            <p id="storySlugs-hint" className="field__hint">
              One story address or link per line, in the order they appear. A PERSONALISED newsletter needs none: each reader gets their
              own.
            </p>
            <textarea
              id="storySlugs"
              name="storySlugs"
              className="field__input"
              rows={4}
              defaultValue={values.storySlugs ?? ''}
              aria-invalid={errors.storySlugs ? true : undefined}
              aria-describedby={errors.storySlugs ? 'storySlugs-hint storySlugs-error' : 'storySlugs-hint'}
            />
            {errors.storySlugs && (
              <p id="storySlugs-error" className="field__message field__message--error">
                {errors.storySlugs}
              </p>
            )}
          </div>
          <SelectField
            name="topicSlug"
            label="Or the latest five stories of a topic"
            options={loaderData.topics}
            placeholder="No topic"
            defaultValue={values.topicSlug}
          />
          <div className="flow-form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Saving…' : 'Save the draft'}
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="webhook-heading" className="admin-newsletters__section">
        <h2 id="webhook-heading" className="admin-newsletters__heading">
          Bounces and complaints
        </h2>
        <p>
          Point the mail provider’s bounce and complaint webhook at <code>{loaderData.webhook.url}</code> with the header{' '}
          <code className="admin-newsletters__token">Authorization: Bearer {loaderData.webhook.token}</code>. A hard bounce or a complaint
          stops every newsletter to that address.
        </p>
      </section>
    </div>
  );
}
