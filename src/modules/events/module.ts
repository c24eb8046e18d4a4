// The events module: the listing, event pages' reads and the home page's featured events.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import { createEventsService, type EventsService } from './events-service.ts';

export function createEventsModule({ db }: Pick<ModuleDeps, 'db'>): AppModule<EventsService> {
  return { name: 'events', service: createEventsService({ db }) };
}
