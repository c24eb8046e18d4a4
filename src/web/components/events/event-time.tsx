// An event's date and time: in the event's own time zone (the same on the server and in the
// browser: the zone is the event's, never the reader's), then, once the page runs in the reader's
// browser and their zone differs, the same moment in theirs. The page itself names no one (034).
import { useHydrated } from '../../lib/hydrated.ts';

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });

/** "Europe/London" → "London time". */
export function zoneName(timeZone: string): string {
  const city = timeZone.split('/').at(-1)!.replace(/_/g, ' ');
  return timeZone === 'UTC' ? 'UTC' : `${city} time`;
}

/** "Thursday 7 December 2026, 09:00" (– "Friday 8 December 2026, 18:00" when it ends on another day, else "–18:00"). */
export function formatSpan(startsAt: string, endsAt: string | null, timeZone: string): string {
  const days = dayFormat(timeZone);
  const times = timeFormat(timeZone);
  const start = new Date(startsAt);
  const head = `${days.format(start)}, ${times.format(start)}`;
  if (!endsAt) return head;
  const end = new Date(endsAt);
  return days.format(end) === days.format(start) ? `${head}–${times.format(end)}` : `${head} to ${days.format(end)}, ${times.format(end)}`;
}

export function formatEventDay(startsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(startsAt));
}

export function formatClock(iso: string, timeZone: string): string {
  return timeFormat(timeZone).format(new Date(iso));
}

export function EventTime({ startsAt, endsAt, timeZone }: { startsAt: string; endsAt: string | null; timeZone: string }) {
  const hydrated = useHydrated();
  const readerZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : null;
  const differs = readerZone !== null && formatSpan(startsAt, endsAt, readerZone) !== formatSpan(startsAt, endsAt, timeZone);
  return (
    <p className="event-time">
      <time dateTime={startsAt}>{formatSpan(startsAt, endsAt, timeZone)}</time>{' '}
      <span className="event-time__zone">({zoneName(timeZone)})</span>
      {differs && <span className="event-time__reader">{formatSpan(startsAt, endsAt, readerZone)} your time</span>}
    </p>
  );
}
