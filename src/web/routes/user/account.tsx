import { TRPCClientError } from '@trpc/client';
import { useState, type FormEvent } from 'react';
import { data, Form, redirect, redirectDocument, useNavigation, useRevalidator } from 'react-router';
import { trackEvent } from '../../analytics/analytics.ts';
import { useTrackEvent, useTrackResult } from '../../analytics/use-track-event.ts';
import { browserTrpcClient } from '../../api/browser-clients.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { FlowForm, FlowMessages, formMessages, hasGroup } from '../../components/flow-form.tsx';
import { FormNotice, TextField } from '../../components/form-fields.tsx';
import { PersonalDetailsFields } from '../../components/personal-details-fields.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { browserAuthStarting } from '../../lib/session.ts';
import {
  emailChangeConfirmationSchema,
  emailChangeRequestSchema,
  personalDetailsSchema,
} from '../../../shared/validation/personal-details.ts';
import type { Route } from './+types/account';
import { detailsOptions, formFields, type FormProblem } from './details.server.ts';
import { absoluteSiteUrl, currentSession, initFlowUrl, loadFlow } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { paths } from '../../../shared/paths.ts';
import { withReturnTo } from './user-paths.ts';

const PATH = '/user/account/';

/** The signed-in person, who must have passed their second factor if the account has one. */
async function accountSession(args: Route.LoaderArgs | Route.ActionArgs) {
  const { context } = args;
  const signedIn = await currentSession(args);
  const here = absoluteSiteUrl(context.config, PATH);
  if (!signedIn) throw redirect(withReturnTo('/user/login/', here));
  // An account with a second factor is only opened by a session that passed it (Kratos's "highest_available").
  const factors = await context.services.identity.people.credentialTypes(signedIn.session.identityId);
  if (signedIn.session.aal !== 'aal2' && (factors.includes('totp') || factors.includes('lookup_secret'))) {
    throw redirect(`/user/login/?aal=aal2&return_to=${encodeURIComponent(here)}`);
  }
  return signedIn;
}

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const signedIn = await accountSession(args);
  const flow = await loadFlow('settings', args);
  // A settings flow belongs to one person: someone else's (an old link after switching accounts) starts afresh.
  if (!('identity' in flow) || flow.identity?.id !== signedIn.session.identityId)
    throw redirectDocument(initFlowUrl(context.config, 'settings'));
  const { accounts } = context.services;
  const [userData, pendingEmail] = await Promise.all([
    accounts.getUserData(signedIn.session.identityId),
    accounts.pendingEmailChange(signedIn.session.identityId),
  ]);
  return {
    ui: flow.ui,
    email: signedIn.email,
    userData,
    pendingEmail: pendingEmail?.newEmail ?? null,
    options: detailsOptions(context),
    securitySaved: flow.state === 'success',
  };
}

type Notice = { form: string; notice: string };

export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const signedIn = await accountSession(args);
  const identityId = signedIn.session.identityId;
  const { accounts } = context.services;
  const { intent, ...values } = await formFields(request);
  const problem = (form: string, fieldErrors: FormProblem['fieldErrors']) => data<FormProblem>({ form, values, fieldErrors }, 400);
  switch (intent ?? '') {
    case 'details': {
      const saved = await accounts.updatePersonalDetails(identityId, values);
      if (!saved.ok) return problem('details', saved.fieldErrors);
      await context.refreshSession();
      return { form: 'details', notice: 'Your details are saved.' } satisfies Notice;
    }
    case 'email-request': {
      const requested = await accounts.requestEmailChange(identityId, values);
      if (!requested.ok) return problem('email', requested.fieldErrors);
      return {
        form: 'email',
        notice: `We’ve sent a 6-digit code to ${requested.value.newEmail}. Enter it below to confirm the change.`,
      } satisfies Notice;
    }
    case 'email-confirm': {
      const confirmed = await accounts.confirmEmailChange(identityId, values);
      if (!confirmed.ok) return problem('email', confirmed.fieldErrors);
      // The email claim changes: the next page (and the browser's session user) must see it.
      await context.refreshSession();
      return {
        form: 'email',
        notice: `Your email address is now ${confirmed.value.email}. Use it the next time you sign in.`,
      } satisfies Notice;
    }
    case 'email-cancel':
      await accounts.cancelEmailChange(identityId);
      return { form: 'email', notice: 'The change of email address is cancelled.' } satisfies Notice;
    default:
      return data({ form: 'unknown', notice: 'This form could not be sent. Reload the page and try again.' }, 400);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Your account', description: 'Your details, sign-in and security settings.', path: PATH });

const PASSWORD_HINT = 'At least 8 characters. Three or four unrelated words together make a strong password that is easy to remember.';
const SHOWN_GROUPS = ['default', 'profile', 'password', 'totp', 'lookup_secret', 'passkey'];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { ui, email, userData, pendingEmail, options, securitySaved } = loaderData;
  const saved =
    actionData && 'notice' in actionData && (actionData.form === 'details' || actionData.form === 'email') ? actionData.form : null;
  useTrackResult(actionData, 'user_submit_account_settings', saved && { section: saved });
  useTrackEvent('user_submit_account_settings', securitySaved ? { section: 'security' } : null);
  const totpOn = ui.nodes.some((node) => node.attributes.node_type === 'input' && node.attributes.name === 'totp_unlink');
  const codesShown = ui.nodes.some((node) => node.attributes.node_type === 'text' && node.attributes.id === 'lookup_secret_codes');
  // Names and the email address are edited in the sections above, not in Kratos's profile form.
  const otherGroups = [...new Set(ui.nodes.map((node) => node.group))].filter((group) => !SHOWN_GROUPS.includes(group));
  const answer = (form: string) => (actionData && actionData.form === form ? actionData : undefined);

  return (
    <AccountLayout
      title="Your account"
      intro={
        <>
          Signed in as <strong>{email}</strong>
        </>
      }
      menu={[
        { label: 'Personal details', href: `${PATH}#details` },
        { label: 'Email address', href: `${PATH}#email` },
        { label: 'Security', href: `${PATH}#security` },
        { label: 'Membership', href: paths.membership() },
        { label: 'Following', href: paths.following() },
        { label: 'Gift links', href: paths.gifts() },
        { label: 'Sign out', href: '/user/logout/' },
      ]}
    >
      <DetailsSection userData={userData} options={options} answer={answer('details')} />
      <EmailSection email={email} pendingEmail={pendingEmail} answer={answer('email')} />

      <section id="security" className="account-section" aria-labelledby="security-heading">
        <h2 id="security-heading" className="account-section__title">
          Security
        </h2>
        <p className="account-section__intro">How you sign in, and the extra steps that keep your account yours.</p>
        <FlowMessages messages={formMessages(ui)} />

        {hasGroup(ui, 'password') && (
          <section className="account-panel" aria-labelledby="password-heading">
            <h3 id="password-heading" className="account-panel__title">
              Password
            </h3>
            <p className="account-panel__text">Choose a new password. Anywhere else you’re signed in will be signed out.</p>
            <FlowForm
              ui={ui}
              groups={['password']}
              showMessages={false}
              labels={{ 'method=password': 'Change password' }}
              hints={{ password: PASSWORD_HINT }}
            />
          </section>
        )}

        {hasGroup(ui, 'totp') && (
          <section className="account-panel" aria-labelledby="totp-heading">
            <h3 id="totp-heading" className="account-panel__title">
              Authenticator app
            </h3>
            <p className="account-panel__text">
              {totpOn
                ? 'Your authenticator app is set up. Each time you sign in, we’ll ask for the code it shows.'
                : 'Add a second step to signing in: after your password, we’ll ask for a six-digit code from an app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password. Scan the QR code with the app, then enter the code it shows.'}
            </p>
            <FlowForm ui={ui} groups={['totp']} showMessages={false} labels={{ 'method=totp': 'Turn on the authenticator app' }} />
          </section>
        )}

        {hasGroup(ui, 'passkey') && (
          <section className="account-panel" aria-labelledby="passkeys-heading">
            <h3 id="passkeys-heading" className="account-panel__title">
              Passkeys
            </h3>
            <p className="account-panel__text">Sign in with your fingerprint, face or device PIN instead of typing a password.</p>
            <FlowForm ui={ui} groups={['passkey']} showMessages={false} primary={false} />
          </section>
        )}

        {hasGroup(ui, 'lookup_secret') && (
          <section className="account-panel" aria-labelledby="codes-heading">
            <h3 id="codes-heading" className="account-panel__title">
              Backup codes
            </h3>
            {!codesShown && (
              <p className="account-panel__text">
                Single-use codes that let you finish signing in if you lose your phone. Generating new codes replaces any you have.
              </p>
            )}
            <FlowForm ui={ui} groups={['lookup_secret']} showMessages={false} />
          </section>
        )}

        {otherGroups.length > 0 && (
          <section className="account-panel" aria-labelledby="other-heading">
            <h3 id="other-heading" className="account-panel__title">
              Other ways to sign in
            </h3>
            <FlowForm ui={ui} groups={otherGroups} showMessages={false} />
          </section>
        )}
      </section>
    </AccountLayout>
  );
}

type Answer = Partial<FormProblem> & { form: string; notice?: string; message?: string };

/**
 * Saving personal details: with the browser clients running, through tRPC (§7
 * account.updatePersonalDetails), then the tokens are refreshed (the claims may change) and the
 * page data reloaded; before that, a plain form post to this route's action.
 */
function useDetailsThroughTrpc() {
  const config = useRootData()?.config;
  const { revalidate } = useRevalidator();
  const [sent, setSent] = useState<Answer | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  /** Runs after the form's own checks: a submission they stopped is left alone. */
  async function submit(event: FormEvent<HTMLFormElement>) {
    const auth = browserAuthStarting();
    if (event.defaultPrevented || !config || !auth) return;
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (name !== 'intent' && typeof value === 'string') values[name] = value;
    setSaving(true);
    try {
      await browserTrpcClient(config).account.updatePersonalDetails.mutate(
        values as Parameters<ReturnType<typeof browserTrpcClient>['account']['updatePersonalDetails']['mutate']>[0],
      );
      setSent({ form: 'details', notice: 'Your details are saved.' });
      trackEvent('user_submit_account_settings', { section: 'details' });
      await auth.then((client) => client.forceRefresh()).catch(() => undefined);
      void revalidate();
    } catch (error) {
      const fieldErrors =
        error instanceof TRPCClientError
          ? (error.data as { fieldErrors?: FormProblem['fieldErrors'] } | undefined)?.fieldErrors
          : undefined;
      setSent({ form: 'details', values, fieldErrors: fieldErrors ?? [], ...(fieldErrors ? {} : { message: 'Something went wrong!' }) });
    } finally {
      setSaving(false);
    }
  }
  return { sent, saving, submit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}

function DetailsSection({
  userData,
  options,
  answer: posted,
}: {
  userData: Route.ComponentProps['loaderData']['userData'];
  options: Route.ComponentProps['loaderData']['options'];
  answer?: Answer;
}) {
  const trpc = useDetailsThroughTrpc();
  const answer = trpc.sent ?? posted;
  const form = useSchemaForm(personalDetailsSchema, answer?.fieldErrors);
  const navigation = useNavigation();
  const value = (name: 'firstName' | 'lastName' | 'organisationTitle' | 'country' | 'jobFunction' | 'jobIndustry' | 'jobLevel') =>
    answer?.values?.[name] ?? userData?.[name] ?? '';
  return (
    <section id="details" className="account-section" aria-labelledby="details-heading">
      <h2 id="details-heading" className="account-section__title">
        Personal details
      </h2>
      <p className="account-section__intro">
        Your name as it appears on your account, and the work details we use to choose what to show you.
      </p>
      {answer?.notice && <FormNotice kind="success">{answer.notice}</FormNotice>}
      {answer?.fieldErrors && (
        <FormNotice kind="error">
          {answer.message
            ? `Your details were not saved. ${answer.message}`
            : 'Your details were not saved. Please check the highlighted fields.'}
        </FormNotice>
      )}
      <Form
        method="post"
        className="flow-form account-panel"
        noValidate
        onSubmit={(event) => {
          form.onSubmit(event);
          trpc.submit(event);
        }}
        onBlur={form.onBlur}
        onChange={form.onChange}
        aria-labelledby="details-heading"
      >
        <input type="hidden" name="intent" value="details" />
        <PersonalDetailsFields options={options} value={value} errors={form.errors} allRequired={false} />
        <div className="flow-form__actions">
          <button type="submit" className="button" disabled={navigation.state === 'submitting' || trpc.saving}>
            Save details
          </button>
        </div>
      </Form>
    </section>
  );
}

function EmailSection({ email, pendingEmail, answer }: { email: string; pendingEmail: string | null; answer?: Answer }) {
  const request = useSchemaForm(emailChangeRequestSchema, pendingEmail ? undefined : answer?.fieldErrors);
  const confirm = useSchemaForm(emailChangeConfirmationSchema, pendingEmail ? answer?.fieldErrors : undefined);
  return (
    <section id="email" className="account-section" aria-labelledby="email-heading">
      <h2 id="email-heading" className="account-section__title">
        Email address
      </h2>
      <p className="account-section__intro">
        You sign in and receive our emails at <strong>{email}</strong>.
      </p>
      {answer?.notice && <FormNotice kind="success">{answer.notice}</FormNotice>}
      {pendingEmail ? (
        <div className="account-panel">
          <p className="account-panel__text">
            Enter the 6-digit code we sent to <strong>{pendingEmail}</strong>. Until you do, you keep signing in with {email}.
          </p>
          <Form
            method="post"
            className="flow-form"
            noValidate
            onSubmit={confirm.onSubmit}
            onBlur={confirm.onBlur}
            onChange={confirm.onChange}
            aria-label="Confirm your new email address"
          >
            <input type="hidden" name="intent" value="email-confirm" />
            <TextField name="code" label="Code" autoComplete="one-time-code" inputMode="numeric" required error={confirm.errors.code} />
            <div className="flow-form__actions">
              <button type="submit" className="button">
                Confirm new address
              </button>
            </div>
          </Form>
          <Form method="post" className="flow-form">
            <input type="hidden" name="intent" value="email-cancel" />
            <button type="submit" className="button button--secondary">
              Keep {email}
            </button>
          </Form>
        </div>
      ) : (
        <Form
          method="post"
          className="flow-form account-panel"
          noValidate
          onSubmit={request.onSubmit}
          onBlur={request.onBlur}
          onChange={request.onChange}
          aria-label="Change your email address"
        >
          <input type="hidden" name="intent" value="email-request" />
          <TextField
            name="newEmail"
            type="email"
            label="New email address"
            hint="We’ll send a code to the new address to check it is yours."
            autoComplete="email"
            required
            defaultValue={answer?.values?.newEmail}
            error={request.errors.newEmail}
          />
          <div className="flow-form__actions">
            <button type="submit" className="button button--secondary">
              Send code
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
