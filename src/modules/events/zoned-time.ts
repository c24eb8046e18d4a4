// Wall-clock times in an event's time zone, with the platform's Intl only (no time zone library):
// the demo writes a programme as local times, and pages show an instant in the event's zone.

/** What the clocks in `timeZone` show at `instant`, field by field. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

function offsetMs(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - instant;
}

/** An instant as the event's wall clock, for a datetime-local field: "2026-12-01T09:00". */
export function localTimeIn(instant: string | Date, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClock(new Date(instant).getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
}

/** The instant when the clocks in `timeZone` show `minutes` after midnight of that calendar day. */
export function zonedInstant(day: { year: number; month: number; day: number }, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, 0, minutes);
  // Twice: the first guess's offset may sit on the other side of a clock change.
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}
