import { describe, expect, it } from 'vitest';
import { longDate, shortDate } from './dates.ts';

describe('dates as the site writes them', () => {
  const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

  it('reads as Intl’s British English for every month and day of the year, in UTC', () => {
    for (let day = 0; day < 366; day++) {
      const at = new Date(Date.UTC(2028, 0, 1 + day, day % 24, 30));
      expect(longDate(at.toISOString()), at.toISOString()).toBe(long.format(at));
      expect(shortDate(at.toISOString()), at.toISOString()).toBe(short.format(at));
    }
  });

  it('takes the UTC day, whatever the hour', () => {
    expect(longDate('2026-11-30T23:59:59.999Z')).toBe('30 November 2026');
    expect(longDate('2026-12-01T00:00:00.000+01:00')).toBe('30 November 2026');
    expect(shortDate('2026-09-05T12:00:00Z')).toBe('5 Sept');
  });
});
