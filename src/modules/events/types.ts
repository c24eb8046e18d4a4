// The words of the events module that its table and its callers share.

/** The event series Atelier runs (SPEC §9). */
export const EVENT_TYPES = ['business_of_beauty_global_forum', 'crossroads', 'voices'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The listing's order by date (SPEC §9). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What a reader sees each series called. */
export const EVENT_TYPE_NAMES: Record<EventType, string> = {
  business_of_beauty_global_forum: 'Business of Beauty Global Forum',
  crossroads: 'Crossroads',
  voices: 'Voices',
};

/** One item of an event's programme: when it starts (an instant) and what happens. */
export interface ProgrammeItem {
  startsAt: string;
  title: string;
  /** Person profile slugs of who speaks in it. */
  speakerSlugs: string[];
}

/** An event as the service answers it (instants as ISO strings). */
export interface EventRecord {
  eventId: string;
  slug: string;
  title: string;
  description: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string | null;
  timeZone: string;
  type: EventType;
  location: string;
  venue: string | null;
  platform: string | null;
  featured: boolean;
  sponsors: string[];
  thumbnailKey: string | null;
  programme: ProgrammeItem[];
  speakerSlugs: string[];
  topicSlug: string | null;
}
