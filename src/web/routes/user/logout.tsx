import { Link, redirect } from 'react-router';
import { AuthPage } from '../../components/auth-page.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { Route } from './+types/logout';
import { currentSession } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';

export async function loader(args: Route.LoaderArgs) {
  const signedIn = await currentSession(args);
  return { email: signedIn?.email ?? null };
}

/** Asks the provider for this session's logout URL and sends the browser there; it signs out and comes home. */
export async function action(args: Route.ActionArgs) {
  const signedIn = await currentSession(args);
  if (!signedIn) return redirect('/user/logout/');
  const returnTo = new URL(args.request.url).searchParams.get('return_to') ?? undefined;
  const { identity } = args.context.services;
  // A return_to the provider refuses still signs out (to the home page); a session gone meanwhile shows this page again.
  const urls = await identity
    .logoutUrl(signedIn.token, returnTo)
    .catch(() => identity.logoutUrl(signedIn.token))
    .catch(() => null);
  return redirect(urls?.logout_url ?? '/user/logout/');
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Sign out', description: 'Sign out of your account on this device.', path: '/user/logout/' });

export default function Logout({ loaderData }: Route.ComponentProps) {
  const productName = useRootData()?.config.productName ?? 'Atelier';
  if (!loaderData.email) {
    return (
      <AuthPage title="You’re not signed in" standfirst="There is nothing to sign out of on this device.">
        <p className="flow-form__actions">
          <Link to="/user/login/" className="button">
            Sign in
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title={`Sign out of ${productName}?`}
      standfirst="Signing out here doesn’t affect your other devices."
      aside={
        <p>
          Changed your mind? <Link to="/">Back to the stories</Link>
        </p>
      }
    >
      <p className="auth__who">
        Signed in as <strong>{loaderData.email}</strong>
      </p>
      {/* A plain form: the sign-out works before JavaScript, and the browser follows the provider's redirects. */}
      <form method="post" className="flow-form">
        <div className="flow-form__actions">
          <button type="submit" className="button flow-form__submit">
            Sign out
          </button>
        </div>
      </form>
    </AuthPage>
  );
}
