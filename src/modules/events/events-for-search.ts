// Events as text, for the search index (modules/search, issue 20, decision 049): every event, past
// and upcoming (its page stays: the archive), in id order, a batch at a time. Everything here is on
// the event's public page for every reader, so the index may match and show all of it.
import { and, asc, gt, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { events } from './schema.ts';
import { EVENT_TYPE_NAMES, type EventType } from './types.ts';

/** One event's words and the facts a search result shows (its series, day and place). */
export interface EventText {
  eventId: string;
  slug: string;
  title: string;
  description: string;
  type: EventType;
  /** The series as readers see it named. */
  typeName: string;
  /** ISO instant. */
  startsAt: string;
  timeZone: string;
  /** Where, as the listing says it: the location, or "Online (platform)". */
  place: string;
  /** Location, venue, platform and sponsors: matched, never shown as a snippet. */
  names: string;
  /** The programme's items. */
  programme: string;
  /** Person profile slugs of the speakers (their names are the profiles'). */
  speakerSlugs: string[];
  topicSlug: string | null;
  thumbnailKey: string | null;
}

export async function eventsForSearch(
  db: Db,
  { slugs, after, limit }: { slugs?: readonly string[]; after?: string; limit: number },
): Promise<EventText[]> {
  const conditions: SQL[] = [];
  if (slugs) conditions.push(inArray(events.slug, [...slugs]));
  if (after) conditions.push(gt(events.eventId, after));
  const rows = await db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.eventId))
    .limit(limit);
  return rows.map((r) => ({
    eventId: r.eventId,
    slug: r.slug,
    title: r.title,
    description: r.description,
    type: r.type,
    typeName: EVENT_TYPE_NAMES[r.type],
    startsAt: r.startsAt.toISOString(),
    timeZone: r.timeZone,
    place: r.platform ? `Online (${r.platform})` : r.location,
    names: [r.location, r.venue ?? '', r.platform ?? '', ...r.sponsors].filter(Boolean).join(' '),
    programme: r.programme.map((item) => item.title).join('\n'),
    speakerSlugs: r.speakerSlugs,
    topicSlug: r.topicSlug,
    thumbnailKey: r.thumbnailKey,
  }));
}
