// /subscriptions/organisations/payment/?plan=organisations_bundle_volume_yearly_v1&seats=… (§2, issue 17):
// buy a team plan for an organisation. The server half is team-payment-page.server.ts beside it; the
// form is components/billing/team-payment-form.tsx.
import { TeamPaymentForm } from '../../components/billing/team-payment-form.tsx';
import { TEAM_PAYMENT_PATH } from '../../components/billing/payment-types.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/organisation-payment';
import { teamPaymentAction, teamPaymentLoader } from './team-payment-page.server.ts';
import '../../styles/teams.css';

export function loader(args: Route.LoaderArgs) {
  return teamPaymentLoader(args);
}

export function action(args: Route.ActionArgs) {
  return teamPaymentAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Team payment', description: 'Buy a team plan for your organisation.', path: TEAM_PAYMENT_PATH });

export default function OrganisationPayment({ loaderData }: Route.ComponentProps) {
  return <TeamPaymentForm view={loaderData} />;
}
