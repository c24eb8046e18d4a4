// Writes the demo catalogue's events into the events module's tables. Idempotent: rows are keyed by stable ids
// and existing rows are left alone. Each event's programme is local time in its own zone, on the day
// `daysFromAnchor` after the seed's anchor.
import type { Db } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { events } from '../../modules/events/schema.ts';
import { zonedInstant } from '../../modules/events/zoned-time.ts';

const HOUR = 3_600_000;

export async function seedEvents(db: Db, catalogue: DemoCatalogue, anchor: Date): Promise<void> {
  await db
    .insert(events)
    .values(
      catalogue.events.map((e) => {
        const date = new Date(anchor.getTime() + e.daysFromAnchor * 86_400_000);
        const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
        const programme = e.programme.map((item) => ({
          startsAt: zonedInstant(day, item.minutes, e.timeZone).toISOString(),
          title: item.title,
          speakerSlugs: item.speakerSlugs,
        }));
        const startsAt = new Date(programme[0]!.startsAt);
        return {
          eventId: stableUuid('event', e.slug),
          slug: e.slug,
          title: e.title,
          description: e.description,
          startsAt,
          endsAt: new Date(new Date(programme.at(-1)!.startsAt).getTime() + 2 * HOUR),
          timeZone: e.timeZone,
          type: e.type,
          location: e.location,
          venue: e.venue,
          platform: e.platform,
          featured: e.featured,
          sponsors: e.sponsors,
          thumbnailKey: e.thumbnail.key,
          programme,
          speakerSlugs: e.speakerSlugs,
          topicSlug: e.topicSlug,
        };
      }),
    )
    .onConflictDoNothing();
}
