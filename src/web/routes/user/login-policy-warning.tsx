import { Link } from 'react-router';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import type { Route } from './+types/login-policy-warning';
import { initOptionsOf } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';

export function loader({ request }: Route.LoaderArgs) {
  const { returnTo, aal } = initOptionsOf(request);
  // The sign-in asked for: the second step when that is what the policy wants, otherwise a fresh sign-in.
  const query = new URLSearchParams(aal === 'aal2' ? { aal: 'aal2' } : { refresh: 'true' });
  if (returnTo) query.set('return_to', returnTo);
  return { continueTo: `/user/login/?${query.toString()}`, secondFactor: aal === 'aal2' };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Please sign in again',
    description: 'For your security, your account needs you to sign in again.',
    path: '/user/login-policy-warning/',
  });

export default function LoginPolicyWarning({ loaderData }: Route.ComponentProps) {
  useTrackEvent('user_view_login_policy_warning', {});
  return (
    <AuthPage
      title="Please sign in again"
      standfirst={
        loaderData.secondFactor
          ? 'Your account is protected by a second step, and this page needs it: please confirm it’s you with your authenticator app or a backup code.'
          : 'To keep your account safe, we ask you to sign in again before some actions.'
      }
    >
      <div className="auth__prose">
        <p>This is part of our security policy, not a problem with your account. It happens, for example, when:</p>
        <ul>
          <li>your account uses a second step, such as an authenticator app, that this sign-in hasn’t completed yet;</li>
          <li>you last signed in a while ago and are about to change something important, such as your password or email address.</li>
        </ul>
        <p>Once you’ve signed in, we’ll take you straight back to where you were.</p>
      </div>
      <p className="flow-form__actions">
        <Link to={loaderData.continueTo} className="button">
          Continue to sign in
        </Link>
      </p>
    </AuthPage>
  );
}
