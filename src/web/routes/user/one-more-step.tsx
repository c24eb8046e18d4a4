// /user/one-more-step/ (§2): after signing up, the details the product needs (country, job
// function, industry, level, organisation) until `is_user_data_complete` is true. `flow=professional`
// is for professional members (a personal work address is required, decision 004) and
// `flow=newsletters` for readers arriving from a newsletter sign-up.
import { data, Form, redirect, useNavigation } from 'react-router';
import { trackEvent } from '../../analytics/analytics.ts';
import { trackingSubmit, useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { OmsNewsletters } from '../../components/oms-newsletters.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import { PersonalDetailsFields } from '../../components/personal-details-fields.tsx';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { formatMessages, isSharedMailbox } from '../../../shared/validation/formats.ts';
import { completeUserDataSchema, isUserDataComplete, type USER_DATA_FIELDS } from '../../../shared/validation/personal-details.ts';
import type { Route } from './+types/one-more-step';
import { detailsOptions, formFields, requireSignedIn, safeNextPath, type FormProblem } from './details.server.ts';
import { userPageMeta } from './user-meta.ts';
import { omsNewsletters, saveOmsNewsletters } from './one-more-step-newsletters.server.ts';

const PATH = '/user/one-more-step/';
type Flow = 'professional' | 'newsletters' | 'default';

function flowOf(request: Request): Flow {
  const flow = new URL(request.url).searchParams.get('flow');
  return flow === 'professional' || flow === 'newsletters' ? flow : 'default';
}

/** Where the person goes once the step is done. */
function nextPath(request: Request, siteUrl: string, flow: Flow): string {
  const requested = safeNextPath(new URL(request.url).searchParams.get('return_to'), siteUrl);
  if (requested && !requested.startsWith(PATH)) return requested;
  return flow === 'professional' ? '/user/welcome-pro/' : '/user/welcome/';
}

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
  const signedIn = await requireSignedIn(args, PATH);
  const flow = flowOf(request);
  const userData = await context.services.accounts.getUserData(signedIn.session.identityId);
  const sharedEmail = flow === 'professional' && isSharedMailbox(signedIn.email);
  const detailsComplete = Boolean(userData && isUserDataComplete(userData) && !sharedEmail);
  // The newsletters flow shows its newsletters even to someone whose details are complete.
  const newsletters = flow === 'newsletters' ? await omsNewsletters(context) : [];
  if (detailsComplete && newsletters.length === 0) throw redirect(nextPath(request, context.config.siteUrl, flow));
  return { flow, email: signedIn.email, sharedEmail, userData, options: detailsOptions(context), detailsComplete, newsletters };
}

export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const signedIn = await requireSignedIn(args, PATH);
  const flow = flowOf(request);
  if (flow === 'newsletters') {
    const problem = await saveOmsNewsletters(context, await request.clone().formData(), `${PATH}?flow=newsletters`);
    if (problem)
      return data<FormProblem>(
        { form: 'newsletters', values: {}, fieldErrors: [{ path: ['newsletterIds'], code: 'refused', message: problem }] },
        400,
      );
    const userData = await context.services.accounts.getUserData(signedIn.session.identityId);
    if (userData && isUserDataComplete(userData)) throw redirect(nextPath(request, context.config.siteUrl, flow));
  }
  const values = await formFields(request);
  if (flow === 'professional' && isSharedMailbox(signedIn.email)) {
    return data<FormProblem>(
      { form: 'details', values, fieldErrors: [{ path: ['email'], code: 'shared_mailbox', message: formatMessages.sharedMailbox }] },
      400,
    );
  }
  const saved = await context.services.accounts.updatePersonalDetails(signedIn.session.identityId, values, completeUserDataSchema);
  if (!saved.ok) return data<FormProblem>({ form: 'details', values, fieldErrors: saved.fieldErrors }, 400);
  // The new claims (is_user_data_complete) ride in the cookies of this very redirect.
  await context.refreshSession();
  throw redirect(nextPath(request, context.config.siteUrl, flow));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'One more step',
    description: 'Tell us a little about your work so we can tailor what you read.',
    path: PATH,
  });

const COPY: Record<Flow, { kicker: string; standfirst: string }> = {
  default: {
    kicker: 'Welcome',
    standfirst: 'Tell us a little about your work. It helps us choose the stories, briefings and events that matter to you.',
  },
  professional: {
    kicker: 'Professional account',
    standfirst: 'Your professional account is set up for you and your work. Tell us where you work and what you do.',
  },
  newsletters: {
    kicker: 'Your newsletters',
    standfirst:
      'Before your first newsletter arrives, tell us a little about your work so we can send you the briefings that matter to you.',
  },
};

export default function OneMoreStep({ loaderData, actionData }: Route.ComponentProps) {
  const { flow, email, sharedEmail, userData, options, detailsComplete, newsletters } = loaderData;
  const newslettersProblem = actionData?.form === 'newsletters' ? actionData.fieldErrors[0]?.message : undefined;
  const problem = actionData?.form === 'details' ? actionData : undefined;
  const form = useSchemaForm(completeUserDataSchema, problem?.fieldErrors);
  const navigation = useNavigation();
  const value = (name: (typeof USER_DATA_FIELDS)[number]) => problem?.values[name] ?? userData?.[name] ?? '';
  const emailError = problem?.fieldErrors.find((error) => error.path[0] === 'email')?.message;
  useTrackEvent('user_view_one_more_step', {});

  return (
    <AuthPage kicker={COPY[flow].kicker} title="One more step" standfirst={COPY[flow].standfirst}>
      {(sharedEmail || emailError) && (
        <FormNotice kind="error">
          {formatMessages.sharedMailbox} You are signed in as {email}. <a href="/user/account/#email">Change your email address</a>, then
          come back to this page.
        </FormNotice>
      )}
      {problem && !emailError && <FormNotice kind="error">Please check the highlighted fields.</FormNotice>}
      {newslettersProblem && <FormNotice kind="error">{newslettersProblem}</FormNotice>}
      <Form
        method="post"
        className="flow-form"
        noValidate
        onSubmit={(event) => {
          // Details already complete: only the newsletters are sent, nothing to check.
          if (!detailsComplete) trackingSubmit(form.onSubmit, 'user_submit_one_more_step', { flow })(event);
          if (!event.defaultPrevented && newsletters.length > 0)
            trackEvent('user_submit_newsletter_preferences', {
              newsletterIds: new FormData(event.currentTarget).getAll('newsletterIds').map(String),
            });
        }}
        onBlur={form.onBlur}
        onChange={form.onChange}
        aria-label={detailsComplete ? 'Your newsletters' : 'Your details'}
      >
        <OmsNewsletters newsletters={newsletters} />
        {!detailsComplete && (
          <>
            <PersonalDetailsFields options={options} value={value} errors={form.errors} allRequired />
          </>
        )}
        <div className="flow-form__actions">
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            Continue
          </button>
        </div>
      </Form>
    </AuthPage>
  );
}
