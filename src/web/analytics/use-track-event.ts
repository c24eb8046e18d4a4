// Sends one catalogue event when a component is shown (and again when its key data changes).
import { useEffect } from 'react';
import type { EventName, EventPayloads } from '../../shared/analytics/events.ts';
import { trackEvent } from './analytics.ts';

export function useTrackEvent<N extends Exclude<EventName, 'page_view'>>(name: N, payload: EventPayloads[N] | null): void {
  // The payload is compared by content: callers pass a fresh object on every render.
  const key = payload === null ? null : JSON.stringify(payload);
  useEffect(() => {
    if (key === null) return;
    trackEvent(name, JSON.parse(key) as EventPayloads[N]);
  }, [name, key]);
}
