// The profiles module (issue 18, decision 044): people and organisations with public profiles,
// their sources and publishing, projects and the directories' reads.
import type { ChangeBus } from '../../platform/change-bus.ts';
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { LookupsService } from '../lookups/lookups-service.ts';
import type { OrganisationsService } from '../organisations/organisations-service.ts';
import { createProfilesService, type ProfilesService } from './profiles-service.ts';

export interface ProfilesModuleDeps extends Pick<ModuleDeps, 'db'> {
  lookups: Pick<LookupsService, 'isKnown'>;
  organisations: Pick<OrganisationsService, 'roleOf'>;
  changes: ChangeBus;
}

export function createProfilesModule({ db, lookups, organisations, changes }: ProfilesModuleDeps): AppModule<ProfilesService> {
  const service = createProfilesService({
    db,
    isKnown: (kind, key) => lookups.isKnown(kind, key),
    roleOf: (identityId, accountId) => organisations.roleOf(identityId, accountId),
    changes,
  });
  return { name: 'profiles', service };
}
