// Wall-clock times in an event's time zone, with the platform's Intl only (no time zone library):
// the demo writes a programme as local times, and pages show an instant in the event's zone.

function offsetMs(instant: number, timeZone: string): number {
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
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - instant;
}

/** The instant when the clocks in `timeZone` show `minutes` after midnight of that calendar day. */
export function zonedInstant(day: { year: number; month: number; day: number }, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, 0, minutes);
  // Twice: the first guess's offset may sit on the other side of a clock change.
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}
