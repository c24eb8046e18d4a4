import { AuthPage } from '../../components/auth-page.tsx';
import { FlowForm } from '../../components/flow-form.tsx';
import type { Route } from './+types/confirm-email';
import { loadFlowOrLink } from './link-screen.server.ts';
import { userPageMeta } from './user-meta.ts';

export async function loader(args: Route.LoaderArgs) {
  const flow = await loadFlowOrLink('verification', args);
  return { ui: flow.ui, state: flow.state, confirmingLink: flow.confirmingLink };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Confirm your email address',
    description: 'Confirm your email address with the code we sent you.',
    path: '/user/confirm-email',
  });

const COPY = {
  choose_method: {
    title: 'Confirm your email address',
    standfirst: 'Enter your email address and we’ll send you a six-digit code to confirm it’s yours.',
    submit: 'Send code',
  },
  sent_email: {
    title: 'Confirm your email address',
    standfirst: 'One last thing, so we know the address is yours.',
    submit: 'Confirm email address',
  },
  passed_challenge: { title: 'Email address confirmed', standfirst: 'You can carry on where you left off.', submit: 'Continue' },
  // An emailed link: only this button's POST uses it, so a mail scanner opening the link cannot.
  confirming_link: {
    title: 'Confirm your email address',
    standfirst: 'Press the button to confirm that this address is yours.',
    submit: 'Confirm email address',
  },
} as const;

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { ui, state, confirmingLink } = loaderData;
  const copy = COPY[confirmingLink ? 'confirming_link' : (state as keyof typeof COPY)] ?? COPY.choose_method;
  return (
    <AuthPage title={copy.title} standfirst={copy.standfirst}>
      <FlowForm ui={ui} labels={{ 'method=code': copy.submit, 'method=link': confirmingLink ? copy.submit : 'Send a new link' }} />
    </AuthPage>
  );
}
