// The search module (issue 20, decision 049): the index of stories, case studies, people,
// organisations and events, and the search every surface asks. No routes of its own: /search/ is a page.
import type { ChangeBus } from '../../platform/change-bus.ts';
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ContentService } from '../content/content-service.ts';
import type { EventsService } from '../events/events-service.ts';
import type { ProfilesService } from '../profiles/profiles-service.ts';
import type { WallsService } from '../walls/walls-service.ts';
import { createSearchService, type SearchService } from './search-service.ts';

export function createSearchModule({
  db,
  log,
  content,
  profiles,
  events,
  walls,
  changes,
}: Pick<ModuleDeps, 'db' | 'log'> & {
  content: ContentService;
  profiles: ProfilesService;
  events: EventsService;
  walls: WallsService;
  changes?: ChangeBus;
}): AppModule<SearchService> {
  const search = createSearchService({ db, content, profiles, events, walls, changes, log });
  return { name: 'search', service: search, onClose: async () => search.close() };
}
