// The memberships module: the terms a person holds, and the membership facts in their session claims.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ClaimsContribution } from '../session/module.ts';
import { createMembershipsService, type MembershipsService } from './memberships-service.ts';

export function createMembershipsModule({ db }: Pick<ModuleDeps, 'db'>): AppModule<MembershipsService> & ClaimsContribution {
  const memberships = createMembershipsService({ db });
  return { name: 'memberships', service: memberships, claims: memberships.claimsSource };
}
