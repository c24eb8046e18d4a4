// The membership a subscription on a plan grants (DESIGN §4: the grant is ours, not the provider's):
// the plan's level and type, from a subscription, for one term. Purchases, upgrades, renewals and
// the demo seed all grant through this.
import type { GrantedLevel, GrantedType, GrantInput } from '../memberships/memberships-service.ts';
import type { Plan } from './catalogue.ts';

export function planGrant(
  plan: Plan,
  term: { identityId: string; status: 'ActiveRenewing' | 'ActiveTrial'; startsAt?: Date; endsAt: Date | null },
): GrantInput {
  return {
    identityId: term.identityId,
    level: plan.membershipLevel as GrantedLevel,
    type: plan.membershipType as GrantedType,
    status: term.status,
    source: 'subscription',
    planCode: plan.code,
    ...(term.startsAt ? { startsAt: term.startsAt } : {}),
    endsAt: term.endsAt,
  };
}
