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
