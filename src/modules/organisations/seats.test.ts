// The seat arithmetic as a table (decision 042): the six §3 figures from the counts, and what a
// request for new seats may be given.
import { describe, expect, it } from 'vitest';
import { seatFigures, seatRequest } from './seats.ts';

describe('seatFigures', () => {
  // purchased, extra allowance, holders, open invitations →
  // allocated, extraUsed, purchasedRemaining, totalAvailable, totalRemaining
  const rows: [number, number, number, number, number, number, number, number, number][] = [
    [5, 0, 1, 0, 1, 0, 4, 5, 4], // the owner alone
    [5, 0, 3, 2, 5, 0, 0, 5, 0], // full: invitations count
    [5, 2, 3, 2, 5, 0, 0, 7, 2], // full of purchased seats, extra left
    [5, 2, 6, 0, 6, 1, 0, 7, 1], // one extra seat used
    [5, 2, 5, 2, 7, 2, 0, 7, 0], // every extra seat used
    [3, 0, 5, 0, 5, 2, 0, 3, 0], // seats lowered below what is given: reported, never negative
    [0, 0, 0, 0, 0, 0, 0, 0, 0], // nothing bought
    [100, 10, 40, 15, 55, 0, 45, 110, 55],
    [1, 0, 1, 0, 1, 0, 0, 1, 0], // a team of one
  ];
  it.each(rows)(
    'purchased %i, extra %i, holders %i, invitations %i → allocated %i, extraUsed %i, purchasedRemaining %i, available %i, remaining %i',
    (purchasedSeats, extraSeatAllowance, holders, openInvitations, allocated, extraUsed, purchasedRemaining, available, remaining) => {
      expect(seatFigures({ purchasedSeats, extraSeatAllowance, holders, openInvitations })).toEqual({
        allocatedSeats: allocated,
        extraSeatsUsed: extraUsed,
        purchasedSeats,
        purchasedSeatsRemaining: purchasedRemaining,
        totalSeatsAvailable: available,
        totalSeatsRemaining: remaining,
      });
    },
  );
});

describe('seatRequest', () => {
  const figures = (purchasedSeats: number, extraSeatAllowance: number, holders: number) =>
    seatFigures({ purchasedSeats, extraSeatAllowance, holders, openInvitations: 0 });
  const rows: [string, ReturnType<typeof figures>, number, ReturnType<typeof seatRequest>][] = [
    ['one of four left', figures(5, 0, 1), 1, { ok: true, granted: 1, extraUsed: 0 }],
    ['all four left', figures(5, 0, 1), 4, { ok: true, granted: 4, extraUsed: 0 }],
    ['more than left: the first get them', figures(5, 0, 2), 4, { ok: true, granted: 3, extraUsed: 0 }],
    ['into the extra allowance', figures(5, 2, 4), 3, { ok: true, granted: 3, extraUsed: 2 }],
    ['past the extra allowance', figures(5, 2, 4), 4, { ok: true, granted: 3, extraUsed: 2 }],
    ['none left', figures(5, 0, 5), 1, { ok: false, type: 'NO_SEATS_REMAINING' }],
    ['none left, extra used up', figures(5, 1, 6), 1, { ok: false, type: 'NO_SEATS_REMAINING' }],
    ['zero seats', figures(5, 0, 1), 0, { ok: false, type: 'INVALID_SEAT_REQUEST' }],
    ['negative', figures(5, 0, 1), -1, { ok: false, type: 'INVALID_SEAT_REQUEST' }],
    ['a fraction', figures(5, 0, 1), 1.5, { ok: false, type: 'INVALID_SEAT_REQUEST' }],
    ['more than the plan could ever hold', figures(5, 2, 1), 8, { ok: false, type: 'INVALID_SEAT_REQUEST' }],
    ['exactly what the plan could hold', figures(5, 2, 0), 7, { ok: true, granted: 7, extraUsed: 2 }],
  ];
  it.each(rows)('%s', (_name, given, requested, expected) => {
    expect(seatRequest(given, requested)).toEqual(expected);
  });
});
