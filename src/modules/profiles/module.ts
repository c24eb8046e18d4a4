// The profiles module (issue 18, decision 044): people and organisations with public profiles,
// their sources and publishing, projects and the directories' reads.
import type { ChangeBus } from '../../platform/change-bus.ts';
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import { paths } from '../../shared/paths.ts';
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
  return {
    name: 'profiles',
    service,
    // The directories, the BoF 500 and every published profile (its search page is left out).
    sitemap: async () => {
      const published = await service.published();
      return [
        { path: paths.people() },
        { path: paths.organisations() },
        { path: paths.bof500() },
        ...published.people.map((p) => ({ path: paths.person(p.slug), lastmod: p.publishedAt })),
        ...published.organisations.map((o) => ({ path: paths.organisation(o.slug), lastmod: o.publishedAt })),
      ];
    },
  };
}
