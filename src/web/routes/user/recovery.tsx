import { Link } from 'react-router';
import { AuthPage } from '../../components/auth-page.tsx';
import { FlowForm } from '../../components/flow-form.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { Route } from './+types/recovery';
import { loadFlowOrLink } from './link-screen.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

export async function loader(args: Route.LoaderArgs) {
  const flow = await loadFlowOrLink('recovery', args);
  return { ui: flow.ui, state: flow.state, returnTo: flow.return_to ?? null, confirmingLink: flow.confirmingLink };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Recover your account',
    description: 'Forgotten your password? We’ll email you a code to get back into your account.',
    path: '/user/recovery/',
  });

export default function Recovery({ loaderData }: Route.ComponentProps) {
  const { ui, state, returnTo, confirmingLink } = loaderData;
  const productName = useRootData()?.config.productName ?? 'Atelier';
  const sent = state === 'sent_email';
  if (confirmingLink) {
    // An emailed link: only this button's POST uses it, so a mail scanner opening the link cannot.
    return (
      <AuthPage title="Recover your account" standfirst={`Continue to sign in to ${productName}, then choose a new password.`}>
        <FlowForm ui={ui} labels={{ 'method=link': 'Recover my account' }} />
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title={sent ? 'Check your email' : 'Forgotten your password?'}
      standfirst={
        sent ? undefined : `Enter the email address you use with ${productName} and we’ll send you a code to get back into your account.`
      }
      aside={
        <p>
          Remembered it? <Link to={withReturnTo('/user/login/', returnTo)}>Sign in</Link>
        </p>
      }
    >
      <FlowForm ui={ui} labels={sent ? { 'method=link': 'Send a new link' } : { 'method=code': 'Send recovery code' }} />
    </AuthPage>
  );
}
