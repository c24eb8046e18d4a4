import { data, Link } from 'react-router';
import { AuthPage } from '../../components/auth-page.tsx';
import type { Route } from './+types/error';
import { userPageMeta } from './user-meta.ts';

interface Explanation {
  title: string;
  text: string;
  action: { label: string; to: string };
}

const TRY_AGAIN = { label: 'Try signing in again', to: '/user/login/' };

// The provider's error ids (reference/kratos-notes.md), explained in the reader's terms.
const EXPLANATIONS: Record<string, Explanation> = {
  security_csrf_violation: {
    title: 'Please try that again',
    text: 'For your security we couldn’t accept that form. This can happen when a page has been open for a long time, was opened in another browser, or cookies are blocked for this site.',
    action: TRY_AGAIN,
  },
  self_service_flow_expired: {
    title: 'That page had expired',
    text: 'Sign-in pages stay open for an hour. Please start again.',
    action: TRY_AGAIN,
  },
  self_service_flow_return_to_forbidden: {
    title: 'We stopped a redirect',
    text: 'The link you followed wanted to send you to another website after signing in, so we didn’t follow it. You can still sign in here.',
    action: TRY_AGAIN,
  },
  session_already_available: {
    title: 'You’re already signed in',
    text: 'There’s no need to sign in again on this device.',
    action: { label: 'Go to your account', to: '/user/account/' },
  },
  session_inactive: {
    title: 'You’re not signed in',
    text: 'Please sign in to carry on.',
    action: { label: 'Sign in', to: '/user/login/' },
  },
  session_aal1_required: {
    title: 'Please sign in first',
    text: 'The second sign-in step comes after your password or emailed code.',
    action: { label: 'Sign in', to: '/user/login/' },
  },
  session_refresh_required: {
    title: 'Please sign in again',
    text: 'For your security, please sign in again before changing your sign-in details.',
    action: { label: 'Sign in again', to: '/user/login/?refresh=true' },
  },
  security_identity_mismatch: {
    title: 'That belonged to another account',
    text: 'The page you used was opened for a different account. Please start again.',
    action: { label: 'Go to your account', to: '/user/account/' },
  },
};

const UNKNOWN: Explanation = {
  title: 'Something went wrong',
  text: 'We couldn’t finish signing you in. Please try again; if it keeps happening, write to us and mention the reference below.',
  action: TRY_AGAIN,
};

const NOT_FOUND: Explanation = {
  title: 'We couldn’t find that problem',
  text: 'The details of this error are no longer available. They are kept for a short time only. Please try again.',
  action: TRY_AGAIN,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  const found = id ? await context.services.identity.getFlowError(id) : null;
  if (!found) return data({ explanation: NOT_FOUND, reference: null }, { status: 404 });
  // Only the id is used: the provider's message and reason are for developers, never shown.
  const errorId = typeof found.error.id === 'string' ? found.error.id : null;
  return { explanation: (errorId && EXPLANATIONS[errorId]) || UNKNOWN, reference: found.id };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Something went wrong', description: 'A problem with signing in.', path: '/user/error/' });

export default function IdentityError({ loaderData }: Route.ComponentProps) {
  const { explanation, reference } = loaderData;
  return (
    <AuthPage title={explanation.title} standfirst={explanation.text}>
      <p className="flow-form__actions">
        <Link to={explanation.action.to} className="button">
          {explanation.action.label}
        </Link>
      </p>
      {reference && <p className="note">Reference: {reference}</p>}
    </AuthPage>
  );
}
