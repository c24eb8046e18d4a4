// Writes the demo catalogue's events into the events module's tables. Idempotent: rows are keyed by stable ids
// and existing rows are left alone.
import type { Db } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { events } from '../../modules/events/schema.ts';

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
