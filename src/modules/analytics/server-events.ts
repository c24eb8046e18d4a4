// Events the server itself witnesses, where no browser acts (a colleague joining a team by their
// email domain, an admin's removal reaching the removed person): sent as a Snowplow server-side
// tracker would, platform `srv`, and stored through the collector's own decoding, so they are
// validated against the same catalogue and land in the same table. They carry the user id and
// nothing about a device: no IP, user agent, cookie or network user id (SP-Anonymous).
import { randomUUID } from 'node:crypto';
import { validateEvent, type EventName, type EventPayloads } from '../../shared/analytics/events.ts';
import { UNSTRUCT_EVENT_SCHEMA } from './collector.ts';

/** The app id server-side events carry (`aid`), beside the browser tracker's. */
export const SERVER_APP_ID = 'atelier-server';
const TRACKER_VERSION = 'atelier-server-1';

/** One tracker-protocol event for `name`; throws for a payload the catalogue refuses (a bug in the caller). */
export function serverEvent<N extends EventName>(
  name: N,
  payload: EventPayloads[N],
  { userId, at = new Date() }: { userId: string | null; at?: Date },
): Record<string, string> {
  const checked = validateEvent(name, payload);
  if (!checked.ok) throw new TypeError(`${name}: ${checked.issues.map((issue) => issue.message).join('; ')}`);
  return {
    e: 'ue',
    p: 'srv',
    tv: TRACKER_VERSION,
    aid: SERVER_APP_ID,
    eid: randomUUID(),
    dtm: String(at.getTime()),
    ...(userId ? { uid: userId } : {}),
    ue_pr: JSON.stringify({ schema: UNSTRUCT_EVENT_SCHEMA, data: { schema: checked.schema, data: checked.wire } }),
  };
}
