// The server half of every page with an enquiry form (the four /contact/ pages and
// /subscriptions/executive/): what the form needs (countries, the page it is on, whether it was just
// sent) and the action that hands the post to the enquiries service. A sent enquiry redirects to
// the same page with ?sent=1 (post, redirect, get: a reload does not send it twice). Same-origin
// form posts only: pages.ts refuses a form from another site before this runs (the CSRF guard of
// every page action).
import { data, redirect, type AppLoadContext } from 'react-router';
import type { EnquiryKind } from '../../../modules/enquiries/enquiry-input.ts';
import { HONEYPOT_FIELD } from '../../../modules/enquiries/enquiry-input.ts';
import { formFields } from '../user/details.server.ts';
import { ENQUIRY_ANCHOR, type EnquiryProblem } from './enquiry-form.tsx';

export const SENT_PARAM = 'sent';

interface Args {
  request: Request;
  context: AppLoadContext;
}

/** The page's path and query without ?sent: where the form is, and where the action sends the reader back to. */
function pageOf(request: Request): { path: string; source: string; sent: boolean } {
  const url = new URL(request.url);
  const sent = url.searchParams.get(SENT_PARAM) === '1';
  url.searchParams.delete(SENT_PARAM);
  url.searchParams.delete('index'); // React Router's marker on a form post to an index route
  // A client-side post or load (/contact/media.data) arrives without the page's trailing slash (§2).
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return { path, source: `${path}${url.search}`, sent };
}

/** What the form's page loads: the countries to choose from, the page it is on, and whether it was just sent. */
export function enquiryPageData({ request, context }: Args) {
  const { path, source, sent } = pageOf(request);
  const countries = context.services.lookups.countries().map(({ key, title }) => ({ key, title }));
  return { path, sourcePath: source, sent, countries };
}

/** The action's own headers on the page (Retry-After on a 429); a route exports it as `headers`. */
export function enquiryHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  return actionHeaders;
}

/** The form's action: sent → back to the page with ?sent=1; otherwise the problem, with the status it deserves. */
export async function enquiryAction({ request, context }: Args, kind: EnquiryKind) {
  const { path, source } = pageOf(request);
  const fields = await formFields(request);
  const result = await context.services.enquiries.submit({
    kind,
    fields,
    sourcePath: fields.source || source,
    clientAddress: context.clientAddress,
  });
  if (result.ok) throw redirect(`${path}?${SENT_PARAM}=1#${ENQUIRY_ANCHOR}`);
  // What they typed comes back into the form; the honeypot and the page never do.
  const values = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== HONEYPOT_FIELD && name !== 'source'));
  if (result.reason === 'rate_limited')
    return data<EnquiryProblem>(
      { fieldErrors: [], values, message: result.message },
      { status: 429, headers: { 'retry-after': String(result.retryAfterSeconds) } },
    );
  return data<EnquiryProblem>({ fieldErrors: result.fieldErrors, values }, 400);
}
