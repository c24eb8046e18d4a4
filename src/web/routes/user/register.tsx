import { Link, redirectDocument } from 'react-router';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage, CheckEmailPage } from '../../components/auth-page.tsx';
import { FlowForm, hasGroup } from '../../components/flow-form.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { Route } from './+types/register';
import { absoluteSiteUrl, initFlowUrl, loadFlow } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  // A new account goes through one-more-step (its details) before where the person was heading.
  if (!url.searchParams.get('flow')) {
    const returnTo = url.searchParams.get('return_to');
    const next = returnTo?.includes('/user/one-more-step/')
      ? returnTo
      : absoluteSiteUrl(context.config, withReturnTo('/user/one-more-step/', returnTo));
    throw redirectDocument(initFlowUrl(context.config, 'registration', { returnTo: next }));
  }
  const flow = await loadFlow('registration', args);
  return { ui: flow.ui, state: flow.state, active: flow.active ?? null, returnTo: flow.return_to ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Create your account',
    description: 'Create a free account to follow topics, choose newsletters and read more.',
    path: '/user/register/',
  });

const PASSWORD_HINT = 'At least 8 characters. Three or four unrelated words together make a strong password that is easy to remember.';

export default function Register({ loaderData }: Route.ComponentProps) {
  const { ui, state, active, returnTo } = loaderData;
  const productName = useRootData()?.config.productName ?? 'Atelier';
  useTrackEvent('user_view_sign_in', { api: 'registration' });
  const signIn = (
    <p>
      Already have an account? <Link to={withReturnTo('/user/login/', returnTo)}>Sign in</Link>
    </p>
  );

  if (state === 'sent_email' && active === 'code') {
    return (
      <CheckEmailPage restartHref={withReturnTo('/user/register/', returnTo)}>
        <FlowForm ui={ui} />
      </CheckEmailPage>
    );
  }

  return (
    <AuthPage
      title="Create your account"
      standfirst={`Join ${productName} for free to follow the topics and people you care about and choose your newsletters.`}
      aside={signIn}
    >
      <FlowForm
        ui={ui}
        groups={['default', 'password', 'code', 'passkey']}
        hints={{ password: PASSWORD_HINT }}
        label="Create your account"
      />
      {hasGroup(ui, 'oidc') && (
        <div className="auth__social">
          <p className="flow-form__or">
            <span>or</span>
          </p>
          <FlowForm ui={ui} groups={['oidc']} showMessages={false} label="Create an account with another service" />
        </div>
      )}
    </AuthPage>
  );
}
