// The seat arithmetic (SPEC §3 OrganisationAccountSeats), defined once (decision 042). Pure: the
// service counts the holders and open invitations in the same transaction that takes a seat.
//
// Who counts: every seat holder — the OWNER and ADMINs included — and every open invitation (it
// reserves the seat its person will claim). Over-allocation: a plan may allow `extraSeatAllowance`
// seats beyond the purchased ones; using one alerts the owner. Beyond that a request is refused
// (SeatAllocationError NO_SEATS_REMAINING).

export interface SeatCounts {
  /** Seats bought. */
  purchasedSeats: number;
  /** Seats the plan allows beyond the purchased ones (0: none). */
  extraSeatAllowance: number;
  /** Live seat holders (every role). */
  holders: number;
  /** Open invitations (not claimed, not revoked). */
  openInvitations: number;
}

/** §3 OrganisationAccountSeats, without `subscription` (billing's). */
export interface SeatFigures {
  /** Seats given: holders plus open invitations. */
  allocatedSeats: number;
  /** Seats given beyond the purchased ones. */
  extraSeatsUsed: number;
  purchasedSeats: number;
  /** Purchased seats not given yet. */
  purchasedSeatsRemaining: number;
  /** Purchased seats plus the plan's extra allowance. */
  totalSeatsAvailable: number;
  /** Seats that may still be given, extra allowance included. */
  totalSeatsRemaining: number;
}

export function seatFigures({ purchasedSeats, extraSeatAllowance, holders, openInvitations }: SeatCounts): SeatFigures {
  const allocatedSeats = holders + openInvitations;
  const totalSeatsAvailable = purchasedSeats + extraSeatAllowance;
  return {
    allocatedSeats,
    // Reported as it is, even past the allowance (purchased seats lowered after they were given).
    extraSeatsUsed: Math.max(0, allocatedSeats - purchasedSeats),
    purchasedSeats,
    purchasedSeatsRemaining: Math.max(0, purchasedSeats - allocatedSeats),
    totalSeatsAvailable,
    totalSeatsRemaining: Math.max(0, totalSeatsAvailable - allocatedSeats),
  };
}

/** §8 SeatAllocationError types. */
export const SEAT_ALLOCATION_ERROR_TYPES = ['INVALID_SEAT_REQUEST', 'NO_SEATS_REMAINING'] as const;
export type SeatAllocationErrorType = (typeof SEAT_ALLOCATION_ERROR_TYPES)[number];

export type SeatRequestVerdict =
  /** `granted` seats may be given now; `extraUsed` of them come from the extra allowance (alert the owner). */
  { ok: true; granted: number; extraUsed: number } | { ok: false; type: SeatAllocationErrorType };

/**
 * How many of `requested` new seats may be given. A request of no seats, or of more seats than the
 * organisation could ever hold, is INVALID_SEAT_REQUEST; when no seat remains, NO_SEATS_REMAINING;
 * otherwise as many as remain (the caller refuses the rest one by one, so a long list is not lost
 * for one seat too many).
 */
export function seatRequest(figures: SeatFigures, requested: number): SeatRequestVerdict {
  if (!Number.isInteger(requested) || requested <= 0 || requested > figures.totalSeatsAvailable)
    return { ok: false, type: 'INVALID_SEAT_REQUEST' };
  if (figures.totalSeatsRemaining === 0) return { ok: false, type: 'NO_SEATS_REMAINING' };
  const granted = Math.min(requested, figures.totalSeatsRemaining);
  const fromPurchased = Math.min(granted, figures.purchasedSeatsRemaining);
  return { ok: true, granted, extraUsed: granted - fromPurchased };
}
