import { Link } from 'react-router';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage, CheckEmailPage } from '../../components/auth-page.tsx';
import { FlowForm, FlowMessages, formMessages, hasGroup } from '../../components/flow-form.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { Route } from './+types/login';
import { buyingOfferOf, offerWords } from './buying-path.server.ts';
import { loadFlow } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

export async function loader(args: Route.LoaderArgs) {
  const flow = await loadFlow('login', args);
  return {
    ui: flow.ui,
    state: flow.state,
    active: flow.active ?? null,
    aal: 'requested_aal' in flow ? flow.requested_aal : 'aal1',
    refresh: 'refresh' in flow ? flow.refresh : false,
    returnTo: flow.return_to ?? null,
    offer: offerOf(flow.return_to, args.context.config.siteUrl),
  };
}

/** On the way to a payment page (a wall's offer): the plan, so the reader sees it survive the switch to signing in. */
function offerOf(returnTo: string | undefined, siteUrl: string) {
  const offer = buyingOfferOf(returnTo, siteUrl);
  return offer ? { words: offerWords(offer), planTitle: offer.planTitle } : null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Sign in',
    description: 'Sign in to your account with your password or a one-time code.',
    path: '/user/login/',
  });

export default function Login({ loaderData }: Route.ComponentProps) {
  const { ui, state, active, aal, refresh, returnTo, offer } = loaderData;
  const productName = useRootData()?.config.productName ?? 'Atelier';
  useTrackEvent('user_view_sign_in', { api: 'login' });

  if (aal === 'aal2') {
    const lookupHasMessages = ui.nodes.some((node) => node.group === 'lookup_secret' && node.messages.length > 0);
    const hasTotp = hasGroup(ui, 'totp');
    return (
      <AuthPage
        title="One more step"
        aside={
          <p>
            Not you, or can’t finish now? <Link to="/user/logout/">Sign out</Link>
          </p>
        }
      >
        <FlowMessages messages={formMessages(ui)} />
        {hasTotp && <FlowForm ui={ui} groups={['totp']} showMessages={false} label="Authenticator app code" />}
        {hasGroup(ui, 'lookup_secret') &&
          (hasTotp ? (
            <details className="auth__details" open={lookupHasMessages}>
              <summary>Lost your phone? Use a backup code</summary>
              <FlowForm ui={ui} groups={['lookup_secret']} showMessages={false} label="Backup code" />
            </details>
          ) : (
            <FlowForm ui={ui} groups={['lookup_secret']} showMessages={false} label="Backup code" />
          ))}
      </AuthPage>
    );
  }

  if (state === 'sent_email' && active === 'code') {
    return (
      <CheckEmailPage restartHref={withReturnTo('/user/login/', returnTo)}>
        <FlowForm ui={ui} />
      </CheckEmailPage>
    );
  }

  return (
    <AuthPage
      kicker={offer && !refresh ? `${offer.planTitle} membership` : undefined}
      title={refresh ? 'Confirm it’s you' : 'Sign in'}
      standfirst={
        refresh
          ? 'Please sign in again before changing your security settings.'
          : offer
            ? `Sign in to start ${offer.words}. Use your password, or we can email you a one-time code.`
            : `Welcome back to ${productName}. Use your password, or we can email you a one-time code.`
      }
      aside={
        <>
          <p>
            New to {productName}? <Link to={withReturnTo('/user/register/', returnTo)}>Create an account</Link>
          </p>
          <p>
            Forgotten your password? <Link to={withReturnTo('/user/recovery/', returnTo)}>Recover your account</Link>
          </p>
        </>
      }
    >
      <FlowForm ui={ui} groups={['default', 'password', 'code', 'passkey']} label="Sign in" />
      {hasGroup(ui, 'oidc') && (
        <div className="auth__social">
          <p className="flow-form__or">
            <span>or</span>
          </p>
          <FlowForm ui={ui} groups={['oidc']} showMessages={false} label="Sign in with another account" />
        </div>
      )}
    </AuthPage>
  );
}
