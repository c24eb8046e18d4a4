// /subscriptions/students/payment/?plan=… (§2): buy a student plan. The same page as the individual
// payment page (components/billing/payment-form.tsx, payment-page.server.ts with
// kind 'student'), buying through purchaseStudentSubscription. A reader who has not verified an
// academic address is sent to /subscriptions/students/validation/ first; signed-out readers sign in
// and come back; a purchase ends on /subscriptions/students/confirmation/.
import { paymentAction, paymentLoader } from './payment-page.server.ts';
import { PaymentForm } from '../../components/billing/payment-form.tsx';
import { STUDENT_PAYMENT_PATH } from '../../components/billing/payment-types.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/students-payment';

export function loader(args: Route.LoaderArgs) {
  return paymentLoader(args, 'student');
}

export function action(args: Route.ActionArgs) {
  return paymentAction(args, 'student');
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Student payment',
    description: 'Become a student member: choose how to pay.',
    path: STUDENT_PAYMENT_PATH,
  });

export default function StudentPayment({ loaderData }: Route.ComponentProps) {
  return <PaymentForm view={loaderData} />;
}
