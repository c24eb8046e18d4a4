// The memberships module: the terms a person holds, and the membership facts in their session claims.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ClaimsContribution } from '../session/module.ts';
import { createMembershipsService, type MembershipsService } from './memberships-service.ts';

export interface MembershipsModuleDeps extends Pick<ModuleDeps, 'db' | 'log'> {
  /** Identity's: the person's tokens are out of date (a term granted or ended). */
  claimsChanged: (identityId: string) => Promise<unknown>;
}

export function createMembershipsModule({
  db,
  log,
  claimsChanged,
}: MembershipsModuleDeps): AppModule<MembershipsService> & ClaimsContribution {
  const memberships = createMembershipsService({ db, log, claimsChanged });
  return { name: 'memberships', service: memberships, claims: memberships.claimsSource };
}
