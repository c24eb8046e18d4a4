// Sends one catalogue event when a component is shown (and again when its key data changes), or
// when a form is sent.
import { useEffect } from 'react';
import type { EventName, EventPayloads } from '../../shared/analytics/events.ts';
import { STORAGE_PREFIX } from '../auth/storage.ts';
import { trackEvent } from './analytics.ts';

export function useTrackEvent<N extends Exclude<EventName, 'page_view'>>(name: N, payload: EventPayloads[N] | null): void {
  // The payload is compared by content: callers pass a fresh object on every render.
  const key = payload === null ? null : JSON.stringify(payload);
  useEffect(() => {
    if (key === null) return;
    trackEvent(name, JSON.parse(key) as EventPayloads[N]);
  }, [name, key]);
}

/** Sends the event each time `result` is a new object and `payload` is not null (e.g. an action's answer). */
export function useTrackResult<N extends Exclude<EventName, 'page_view'>>(
  result: unknown,
  name: N,
  payload: EventPayloads[N] | null,
): void {
  const key = payload === null ? null : JSON.stringify(payload);
  useEffect(() => {
    if (key === null) return;
    trackEvent(name, JSON.parse(key) as EventPayloads[N]);
    // `result` is the trigger: the same answer rendered again is not a second save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}

/**
 * An onSubmit handler: the form's own handler first (its checks), then the event — unless that
 * handler stopped the submission.
 */
export function trackingSubmit<E extends { defaultPrevented: boolean }, N extends Exclude<EventName, 'page_view'>>(
  handler: (event: E) => void,
  name: N,
  payload: EventPayloads[N],
): (event: E) => void {
  return (event) => {
    handler(event);
    if (!event.defaultPrevented) trackEvent(name, payload);
  };
}

/** True the first time this browser meets `key` (local storage); true when storage is unavailable. */
function firstTime(key: string): boolean {
  try {
    const name = `${STORAGE_PREFIX}tracked-${key}`;
    const seen = window.localStorage.getItem(name) !== null;
    window.localStorage.setItem(name, '1');
    return !seen;
  } catch {
    return true;
  }
}

/**
 * Sends the event once per `key` in this browser: for a page that shows an outcome (a purchase, a
 * cancellation) and may be opened again later, which is not the outcome happening again.
 */
export function useTrackOnce<N extends Exclude<EventName, 'page_view'>>(
  key: string | null,
  name: N,
  payload: EventPayloads[N] | null,
): void {
  const body = payload === null || key === null ? null : JSON.stringify(payload);
  useEffect(() => {
    if (body === null || key === null || !firstTime(`${name}-${key}`)) return;
    trackEvent(name, JSON.parse(body) as EventPayloads[N]);
  }, [name, key, body]);
}
