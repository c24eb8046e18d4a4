// /subscriptions/individuals/payment/?plan=… (§2): buy an individual plan. Signed-out readers sign
// in first and come back here. The page shows the plan and its price with the tax of the buyer's
// country as they will pay it, billing details, and a card form that tokenises the card in the
// browser against the provider (the embedded sandbox) — the card number never reaches this action.
// A 3-D Secure card shows a challenge step, then the purchase resumes; success refreshes the
// session so the membership is in the claims, and links back to where the reader came from.
// The server half is payment-page.server.ts beside it.
import { paymentAction, paymentLoader } from './payment-page.server.ts';
import { PaymentForm } from '../../components/billing/payment-form.tsx';
import { PAYMENT_PATH } from '../../components/billing/payment-types.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/payment';

export function loader(args: Route.LoaderArgs) {
  return paymentLoader(args);
}

export function action(args: Route.ActionArgs) {
  return paymentAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Payment', description: 'Become a member: choose how to pay.', path: PAYMENT_PATH });

export default function Payment({ loaderData }: Route.ComponentProps) {
  return <PaymentForm view={loaderData} />;
}
