// The words of the events module that its table and its callers share.

/** The event series Atelier runs (SPEC events page). */
export type EventType = 'business_of_beauty_global_forum' | 'crossroads' | 'voices';
