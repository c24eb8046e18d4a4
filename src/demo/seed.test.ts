import { describe, expect, it } from 'vitest';
import { eventsAnchor } from './seed.ts';

describe('eventsAnchor', () => {
  it('is the day the demo is written, at the catalogue anchor’s time of day, so coming events are still coming', () => {
    expect(eventsAnchor(new Date('2027-03-05T23:30:00Z')).toISOString()).toBe('2027-03-05T09:00:00.000Z');
    expect(eventsAnchor(new Date('2026-12-02T10:16:00Z')).toISOString()).toBe('2026-12-02T09:00:00.000Z');
  });
});
