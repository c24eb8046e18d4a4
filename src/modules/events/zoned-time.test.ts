import { describe, expect, it } from 'vitest';
import { localTimeIn, zonedInstant } from './zoned-time.ts';

describe('zonedInstant', () => {
  it('is the instant the local clocks show the time, in summer and winter', () => {
    expect(zonedInstant({ year: 2026, month: 7, day: 1 }, 9 * 60, 'Europe/London').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedInstant({ year: 2026, month: 12, day: 1 }, 9 * 60, 'Europe/London').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(zonedInstant({ year: 2026, month: 12, day: 1 }, 14 * 60, 'Asia/Shanghai').toISOString()).toBe('2026-12-01T06:00:00.000Z');
  });

  it('counts minutes past midnight into the next day', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 7 }, 1440 + 90, 'America/Los_Angeles').toISOString()).toBe('2026-03-08T09:30:00.000Z');
  });
});

describe('localTimeIn', () => {
  it('shows an instant as the zone’s wall clock for a datetime-local field, and back again', () => {
    expect(localTimeIn('2026-07-01T08:00:00.000Z', 'Europe/London')).toBe('2026-07-01T09:00');
    expect(localTimeIn(new Date('2026-12-01T06:05:00.000Z'), 'Asia/Shanghai')).toBe('2026-12-01T14:05');
    expect(localTimeIn(zonedInstant({ year: 2026, month: 3, day: 8 }, 30, 'America/Los_Angeles'), 'America/Los_Angeles')).toBe(
      '2026-03-08T00:30',
    );
  });
});
