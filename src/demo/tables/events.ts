import type { Db } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import type { DemoCatalogue } from '../content/demo-types.ts';
import { events } from './schema.ts';

export async function seedEvents(db: Db, catalogue: DemoCatalogue, anchor: Date): Promise<void> {
  await db
    .insert(events)
    .values(
      catalogue.events.map((e) => ({
        eventId: stableUuid('event', e.slug),
        slug: e.slug,
        title: e.title,
        description: e.description,
        startsAt: new Date(anchor.getTime() + e.daysFromAnchor * 86_400_000),
        type: e.type,
        location: e.location,
        featured: e.featured,
        sponsors: e.sponsors,
        thumbnailKey: e.thumbnail.key,
      })),
    )
    .onConflictDoNothing();
}
