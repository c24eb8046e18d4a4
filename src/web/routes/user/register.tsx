import { Link, redirectDocument } from 'react-router';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage, CheckEmailPage } from '../../components/auth-page.tsx';
import { FlowForm, hasGroup } from '../../components/flow-form.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { UiContainer } from '../../../modules/identity/nodes.ts';
import type { Route } from './+types/register';
import { buyingOfferOf, offerWords } from './buying-path.server.ts';
import { absoluteSiteUrl, initFlowUrl, loadFlow } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  // A new account goes through one-more-step (its details) before where the person was heading,
  // except a buyer on the way to a payment page: they pay first and complete the profile later
  // (decision 036, amending 009).
  if (!url.searchParams.get('flow')) {
    const returnTo = url.searchParams.get('return_to');
    const next =
      returnTo?.includes('/user/one-more-step/') || buyingOfferOf(returnTo, context.config.siteUrl)
        ? returnTo
        : absoluteSiteUrl(context.config, withReturnTo('/user/one-more-step/', returnTo));
    throw redirectDocument(initFlowUrl(context.config, 'registration', { returnTo: next }));
  }
  const flow = await loadFlow('registration', args);
  const returnTo = flow.return_to ?? null;
  const offer = buyingOfferOf(returnTo, context.config.siteUrl);
  return {
    ui: requireNames(flow.ui),
    state: flow.state,
    active: flow.active ?? null,
    returnTo,
    offer: offer ? { words: offerWords(offer), planTitle: offer.planTitle } : null,
  };
}

/**
 * The names are asked as required: the next step needs them (one-more-step, or the billing
 * details of a payment), so the form does not call them optional. The provider still accepts an
 * account without them (an app's registration).
 */
function requireNames(ui: UiContainer): UiContainer {
  const names = new Set(['traits.name.first', 'traits.name.last']);
  return {
    ...ui,
    nodes: ui.nodes.map((node) =>
      node.attributes.node_type === 'input' && names.has(node.attributes.name)
        ? { ...node, attributes: { ...node.attributes, required: true } }
        : node,
    ),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Create your account',
    description: 'Create a free account to follow topics, choose newsletters and read more.',
    path: '/user/register/',
  });

const PASSWORD_HINT = 'At least 8 characters. Three or four unrelated words together make a strong password that is easy to remember.';

export default function Register({ loaderData }: Route.ComponentProps) {
  const { ui, state, active, returnTo, offer } = loaderData;
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
      kicker={offer ? `${offer.planTitle} membership` : undefined}
      title="Create your account"
      standfirst={
        offer
          ? `Create your ${productName} account, then start ${offer.words}. You confirm your email address after paying, before you read on.`
          : `Join ${productName} for free to follow the topics and people you care about and choose your newsletters.`
      }
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
