// The organisations module (issue 17): team accounts with seats, their people, invitations, claims
// and email domains; its claims source adds `unclaimed_membership_account_id` (and joins by domain).
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { AnalyticsService } from '../analytics/analytics-service.ts';
import type { People } from '../identity/people.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import type { ClaimsContribution } from '../session/module.ts';
import { createOrganisationsService, type OrganisationsService } from './organisations-service.ts';

export interface OrganisationsModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'log' | 'secret' | 'limits'> {
  memberships: Pick<MembershipsService, 'grant' | 'endGroupMembership' | 'currentMembership'>;
  people: Pick<People, 'get' | 'findByEmail'>;
  mail: Pick<MailService, 'send'>;
  analytics?: Pick<AnalyticsService, 'recordServerEvent'>;
}

export function createOrganisationsModule({
  db,
  config,
  log,
  secret,
  limits,
  memberships,
  people,
  mail,
  analytics,
}: OrganisationsModuleDeps): AppModule<OrganisationsService> & ClaimsContribution {
  const organisations = createOrganisationsService({
    db,
    memberships,
    people,
    mail,
    analytics,
    log,
    siteUrl: config.siteUrl.replace(/\/$/, ''),
    pepper: secret,
    limits,
  });
  return { name: 'organisations', service: organisations, claims: organisations.claimsSource };
}
