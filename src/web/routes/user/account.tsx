import { redirect } from 'react-router';
import { AccountLayout } from '../../components/account-layout.tsx';
import { FlowForm, FlowMessages, formMessages, hasGroup } from '../../components/flow-form.tsx';
import type { Route } from './+types/account';
import { absoluteSiteUrl, currentSession, initFlowUrl, loadFlow } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

const PATH = '/user/account/';

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const signedIn = await currentSession(args);
  const here = absoluteSiteUrl(context.config, PATH);
  if (!signedIn) throw redirect(withReturnTo('/user/login/', here));
  // An account with a second factor is only opened by a session that passed it (Kratos's "highest_available").
  const factors = await context.services.identity.identities.credentialTypes(signedIn.session.identityId);
  if (signedIn.session.aal !== 'aal2' && (factors.includes('totp') || factors.includes('lookup_secret'))) {
    throw redirect(`/user/login/?aal=aal2&return_to=${encodeURIComponent(here)}`);
  }
  const flow = await loadFlow('settings', args);
  // A settings flow belongs to one person: someone else's (an old link after switching accounts) starts afresh.
  if (!('identity' in flow) || flow.identity?.id !== signedIn.session.identityId) throw redirect(initFlowUrl(context.config, 'settings'));
  return { ui: flow.ui, email: signedIn.email };
}

export const meta: Route.MetaFunction = ({ matches }) => userPageMeta(matches, { title: 'Your account', description: 'Your sign-in details and security settings.', path: PATH });

const PASSWORD_HINT = 'At least 8 characters. Three or four unrelated words together make a strong password that is easy to remember.';
const SHOWN_GROUPS = ['default', 'profile', 'password', 'totp', 'lookup_secret', 'passkey'];

export default function Account({ loaderData }: Route.ComponentProps) {
  const { ui, email } = loaderData;
  const totpOn = ui.nodes.some((node) => node.attributes.node_type === 'input' && node.attributes.name === 'totp_unlink');
  const codesShown = ui.nodes.some((node) => node.attributes.node_type === 'text' && node.attributes.id === 'lookup_secret_codes');
  const otherGroups = [...new Set(ui.nodes.map((node) => node.group))].filter((group) => !SHOWN_GROUPS.includes(group));

  return (
    <AccountLayout
      title="Your account"
      intro={<>Signed in as <strong>{email}</strong></>}
      menu={[
        { label: 'Security', href: `${PATH}#security`, current: true },
        { label: 'Sign out', href: '/user/logout/' },
      ]}
    >
      <section id="security" className="account-section" aria-labelledby="security-heading">
        <h2 id="security-heading" className="account-section__title">
          Security
        </h2>
        <p className="account-section__intro">How you sign in, and the extra steps that keep your account yours.</p>
        <FlowMessages messages={formMessages(ui)} />

        {hasGroup(ui, 'profile') && (
          <section className="account-panel" aria-labelledby="profile-heading">
            <h3 id="profile-heading" className="account-panel__title">
              Email and name
            </h3>
            <p className="account-panel__text">You sign in with this email address. If you change it, we’ll ask you to confirm the new one.</p>
            <FlowForm ui={ui} groups={['profile']} showMessages={false} labels={{ 'method=profile': 'Save email and name' }} />
          </section>
        )}

        {hasGroup(ui, 'password') && (
          <section className="account-panel" aria-labelledby="password-heading">
            <h3 id="password-heading" className="account-panel__title">
              Password
            </h3>
            <p className="account-panel__text">Choose a new password. Anywhere else you’re signed in will be signed out.</p>
            <FlowForm ui={ui} groups={['password']} showMessages={false} labels={{ 'method=password': 'Change password' }} hints={{ password: PASSWORD_HINT }} />
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
            {!codesShown && <p className="account-panel__text">Single-use codes that let you finish signing in if you lose your phone. Generating new codes replaces any you have.</p>}
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
