// Tickets (issue 21, decision 050): ticket types with a capacity, orders that hold seats while the
// payment runs, the tickets a paid order issues, refunds that give the seats back, the waiting
// list, free registrations for online events and the door's check-in. The money is billing's: its
// ticket purchase kind calls `holdSeats`, `releaseHold` and `confirmPaid` through this service.
//
// Capacity is kept by one conditional update (`taken + n <= capacity`) on the ticket type's row:
// PostgreSQL runs concurrent updates of one row one after another and checks the condition again
// on the row the earlier one left, so two buyers can never both take the last seat; a check
// constraint says the same once more.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { eventOrders, eventTickets, eventTicketTypes, eventWaitingList, events, type OrderState, type TicketPrices } from './schema.ts';

/** How long seats stay held for a payment (a 3-D Secure challenge included) before they go back. */
export const HOLD_MINUTES = 15;
export const RELEASE_HOLD_JOB = 'events.release_hold';

export type TicketCurrency = keyof TicketPrices;

export interface TicketTypeView {
  ticketTypeId: string;
  eventId: string;
  name: string;
  description: string;
  prices: TicketPrices;
  memberPrices: TicketPrices | null;
  capacity: number;
  available: number;
  salesStartAt: string;
  salesEndAt: string;
  /** on_sale; not_yet; ended; sold_out (on sale, nothing left: the waiting list). */
  status: 'on_sale' | 'not_yet' | 'ended' | 'sold_out';
}

export interface TicketView {
  ticketId: string;
  code: string;
  eventId: string;
  orderId: string | null;
  ticketTypeId: string | null;
  attendeeName: string;
  state: 'valid' | 'refunded';
  checkedInAt: string | null;
}

export interface OrderView {
  orderId: string;
  identityId: string;
  eventId: string;
  ticketTypeId: string;
  quantity: number;
  state: OrderState;
  attendeeNames: string[];
  currency: string;
  itemPrice: number;
  taxAmount: number;
  fullPrice: number;
  memberPrice: boolean;
  invoiceId: string | null;
  paymentReference: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  /** Tickets of it refunded so far: some of them (a paid order, partly refunded) or all (refunded). */
  refundedQuantity: number;
  tickets: TicketView[];
}

export interface HoldRequest {
  orderId: string;
  identityId: string;
  ticketTypeId: string;
  quantity: number;
  attendeeNames: string[];
  currency: string;
  itemPrice: number;
  taxAmount: number;
  fullPrice: number;
  memberPrice: boolean;
}

export type HoldOutcome =
  | { kind: 'held'; order: OrderView }
  /** The order exists already (a retry under the same key): as it is now. */
  | { kind: 'existing'; order: OrderView }
  | { kind: 'sold_out'; available: number }
  | { kind: 'not_on_sale' }
  | { kind: 'unknown_ticket_type' };

export type CheckInOutcome =
  | { kind: 'checked_in'; ticket: TicketView; eventTitle: string }
  | { kind: 'already_checked_in'; ticket: TicketView; eventTitle: string }
  | { kind: 'refunded'; ticket: TicketView; eventTitle: string }
  | { kind: 'unknown' };

type TypeRow = typeof eventTicketTypes.$inferSelect;
type TicketRow = typeof eventTickets.$inferSelect;
type OrderRow = typeof eventOrders.$inferSelect;

/** Ten characters from an alphabet without 0/O and 1/I: typed at the door when the camera cannot read it. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newTicketCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** A typed code as stored: upper case, without the spaces and hyphens people add. */
export function normaliseTicketCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase().slice(0, 40);
}

function typeView(row: TypeRow, at: Date): TicketTypeView {
  const available = row.capacity - row.taken;
  const status = at < row.salesStartAt ? 'not_yet' : at >= row.salesEndAt ? 'ended' : available <= 0 ? 'sold_out' : ('on_sale' as const);
  return {
    ticketTypeId: row.ticketTypeId,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    prices: row.prices,
    memberPrices: row.memberPrices,
    capacity: row.capacity,
    available,
    salesStartAt: row.salesStartAt.toISOString(),
    salesEndAt: row.salesEndAt.toISOString(),
    status,
  };
}

function ticketView(row: TicketRow): TicketView {
  return {
    ticketId: row.ticketId,
    code: row.code,
    eventId: row.eventId,
    orderId: row.orderId,
    ticketTypeId: row.ticketTypeId,
    attendeeName: row.attendeeName,
    state: row.state,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}

function orderView(row: OrderRow, tickets: TicketRow[]): OrderView {
  const own = tickets.filter((t) => t.orderId === row.orderId);
  return {
    orderId: row.orderId,
    identityId: row.identityId,
    eventId: row.eventId,
    ticketTypeId: row.ticketTypeId,
    quantity: row.quantity,
    state: row.state,
    attendeeNames: row.attendeeNames,
    currency: row.currency,
    itemPrice: row.itemPrice,
    taxAmount: row.taxAmount,
    fullPrice: row.fullPrice,
    memberPrice: row.memberPrice,
    invoiceId: row.invoiceId,
    paymentReference: row.paymentReference,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundedQuantity: own.filter((t) => t.state === 'refunded').length,
    tickets: own.map(ticketView),
  };
}

export interface TicketsDeps {
  db: Db;
  now: () => Date;
  /** Schedules the release of a hold at its expiry (the jobs runner; idempotent by order). */
  scheduleRelease?: (orderId: string, at: Date) => Promise<void>;
  /** Seats of a type came back (a hold released, a refund, more capacity): the waiting list is told. */
  onSeatsBack?: (ticketTypeId: string, seats: number) => Promise<void>;
  /** What an event's pages show of its tickets changed (a type saved or closed, the last seat taken). */
  onTicketsChanged?: (eventId: string) => Promise<void>;
}

/** What staff set on a ticket type (ticket-type-input.ts turns the editor's form into this). */
export interface TicketTypeFields {
  name: string;
  description: string;
  prices: TicketPrices;
  memberPrices: TicketPrices | null;
  capacity: number;
  salesStartAt: Date;
  salesEndAt: Date;
}

export type SaveTicketTypeOutcome =
  | { kind: 'saved'; ticketType: TicketTypeView }
  /** Fewer seats than are sold or held: nothing changed. */
  | { kind: 'below_taken'; taken: number }
  | { kind: 'not_found' };

/**
 * Tickets of a paid order set aside for a refund (their door closed), before billing gives the money
 * back: how many of the order were refunded before and are now, so billing refunds exactly their share.
 */
export type RefundClaim =
  | { kind: 'claimed'; order: OrderView; ticketIds: string[]; refundedBefore: number; refundedAfter: number }
  | { kind: 'not_found' }
  | { kind: 'not_paid' }
  /** None of the chosen tickets is still valid (refunded already, or not of this order). */
  | { kind: 'nothing_to_refund' };

export function createTickets({ db, now, scheduleRelease, onSeatsBack, onTicketsChanged }: TicketsDeps) {
  async function withTickets(rows: OrderRow[]): Promise<OrderView[]> {
    if (rows.length === 0) return [];
    const tickets = await db
      .select()
      .from(eventTickets)
      .where(
        inArray(
          eventTickets.orderId,
          rows.map((r) => r.orderId),
        ),
      )
      .orderBy(asc(eventTickets.createdAt), asc(eventTickets.code));
    return rows.map((row) => orderView(row, tickets));
  }

  async function order(orderId: string): Promise<OrderView | null> {
    const [row] = await db.select().from(eventOrders).where(eq(eventOrders.orderId, orderId));
    return row ? ((await withTickets([row]))[0] ?? null) : null;
  }

  /** Gives a held order's seats back (declined card, expired hold). True when it was held. */
  async function releaseHold(orderId: string): Promise<boolean> {
    const released = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(eventOrders)
        .set({ state: 'released' })
        .where(and(eq(eventOrders.orderId, orderId), eq(eventOrders.state, 'held')))
        .returning();
      if (!row) return null;
      await tx
        .update(eventTicketTypes)
        .set({ taken: sql`${eventTicketTypes.taken} - ${row.quantity}` })
        .where(eq(eventTicketTypes.ticketTypeId, row.ticketTypeId));
      return row;
    });
    if (released) await onSeatsBack?.(released.ticketTypeId, released.quantity);
    return released !== null;
  }

  return {
    async ticketTypes(eventId: string): Promise<TicketTypeView[]> {
      const rows = await db
        .select()
        .from(eventTicketTypes)
        .where(eq(eventTicketTypes.eventId, eventId))
        .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.name));
      const at = now();
      return rows.map((row) => typeView(row, at));
    },

    async ticketType(ticketTypeId: string): Promise<TicketTypeView | null> {
      const [row] = await db.select().from(eventTicketTypes).where(eq(eventTicketTypes.ticketTypeId, ticketTypeId));
      return row ? typeView(row, now()) : null;
    },

    /** Adds a ticket type to an event (the demo, tests). */
    async createTicketType(input: Omit<typeof eventTicketTypes.$inferInsert, 'taken'>): Promise<void> {
      await db.insert(eventTicketTypes).values(input).onConflictDoNothing();
    },

    /**
     * Staff's editor: a new ticket type (no id) or a change to one of the event's. The capacity never
     * goes below the seats sold or held (the row is locked while it is compared; the check constraint
     * says so once more); more capacity is seats back for the waiting list.
     */
    async saveTicketType(eventId: string, ticketTypeId: string | null, fields: TicketTypeFields): Promise<SaveTicketTypeOutcome> {
      if (!ticketTypeId) {
        const [{ count } = { count: 0 }] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(eventTicketTypes)
          .where(eq(eventTicketTypes.eventId, eventId));
        const [row] = await db
          .insert(eventTicketTypes)
          .values({ ticketTypeId: randomUUID(), eventId, ...fields, position: count })
          .returning();
        await onTicketsChanged?.(eventId);
        return { kind: 'saved', ticketType: typeView(row!, now()) };
      }
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(eventTicketTypes)
          .where(and(eq(eventTicketTypes.ticketTypeId, ticketTypeId), eq(eventTicketTypes.eventId, eventId)))
          .for('update');
        if (!row) return { kind: 'not_found' as const };
        if (fields.capacity < row.taken) return { kind: 'below_taken' as const, taken: row.taken };
        const [saved] = await tx.update(eventTicketTypes).set(fields).where(eq(eventTicketTypes.ticketTypeId, ticketTypeId)).returning();
        return { kind: 'saved' as const, before: row, saved: saved! };
      });
      if (outcome.kind !== 'saved') return outcome;
      const more = outcome.saved.capacity - outcome.before.capacity;
      await onTicketsChanged?.(eventId);
      if (more > 0) await onSeatsBack?.(ticketTypeId, more);
      return { kind: 'saved', ticketType: typeView(outcome.saved, now()) };
    },

    /** Ends a ticket type's sales now (staff). False when they had ended already or it is not the event's. */
    async closeSales(eventId: string, ticketTypeId: string): Promise<boolean> {
      const at = now();
      const rows = await db
        .update(eventTicketTypes)
        .set({ salesEndAt: at, salesStartAt: sql`least(${eventTicketTypes.salesStartAt}, ${at.toISOString()}::timestamptz)` })
        .where(
          and(eq(eventTicketTypes.ticketTypeId, ticketTypeId), eq(eventTicketTypes.eventId, eventId), gt(eventTicketTypes.salesEndAt, at)),
        )
        .returning({ ticketTypeId: eventTicketTypes.ticketTypeId });
      if (rows.length > 0) await onTicketsChanged?.(eventId);
      return rows.length > 0;
    },

    /**
     * Holds `quantity` seats for an order while its payment runs, or says why not. The same order id
     * again (a retry under the buyer's key) answers the order as it is, holding nothing more.
     */
    async holdSeats(request: HoldRequest): Promise<HoldOutcome> {
      const existing = await order(request.orderId);
      if (existing) return { kind: 'existing', order: existing };
      const at = now();
      const expires = new Date(at.getTime() + HOLD_MINUTES * 60_000);
      let lastSeats = false;
      const outcome = await db.transaction(async (tx) => {
        const [type] = await tx
          .update(eventTicketTypes)
          .set({ taken: sql`${eventTicketTypes.taken} + ${request.quantity}` })
          .where(
            and(
              eq(eventTicketTypes.ticketTypeId, request.ticketTypeId),
              sql`${eventTicketTypes.taken} + ${request.quantity} <= ${eventTicketTypes.capacity}`,
              lte(eventTicketTypes.salesStartAt, at),
              gt(eventTicketTypes.salesEndAt, at),
            ),
          )
          .returning();
        if (!type) return null;
        lastSeats = type.taken >= type.capacity;
        const [row] = await tx
          .insert(eventOrders)
          .values({
            orderId: request.orderId,
            identityId: request.identityId,
            eventId: type.eventId,
            ticketTypeId: type.ticketTypeId,
            quantity: request.quantity,
            state: 'held',
            attendeeNames: request.attendeeNames,
            currency: request.currency,
            itemPrice: request.itemPrice,
            taxAmount: request.taxAmount,
            fullPrice: request.fullPrice,
            memberPrice: request.memberPrice,
            holdExpiresAt: expires,
            createdAt: at,
          })
          .returning();
        return row!;
      });
      if (!outcome) {
        const [type] = await db.select().from(eventTicketTypes).where(eq(eventTicketTypes.ticketTypeId, request.ticketTypeId));
        if (!type) return { kind: 'unknown_ticket_type' };
        const view = typeView(type, at);
        if (view.status === 'not_yet' || view.status === 'ended') return { kind: 'not_on_sale' };
        return { kind: 'sold_out', available: Math.max(0, view.available) };
      }
      await scheduleRelease?.(outcome.orderId, expires);
      // Sold out now: the event's pages say so (and offer the waiting list).
      if (lastSeats) await onTicketsChanged?.(outcome.eventId);
      return { kind: 'held', order: (await withTickets([outcome]))[0]! };
    },

    releaseHold,

    /**
     * The order is paid: its tickets are issued, one per attendee name. Null when its seats went back
     * meanwhile (the hold expired): the payment is to be given back. A retry answers the paid order.
     */
    async confirmPaid(orderId: string, payment: { invoiceId: string; paymentReference: string; at: Date }): Promise<OrderView | null> {
      const confirmed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(eventOrders)
          .set({ state: 'paid', paidAt: payment.at, invoiceId: payment.invoiceId, paymentReference: payment.paymentReference })
          .where(and(eq(eventOrders.orderId, orderId), eq(eventOrders.state, 'held')))
          .returning();
        if (!row) return null;
        await tx.insert(eventTickets).values(
          row.attendeeNames.map((attendeeName, i) => ({
            ticketId: randomUUID(),
            code: newTicketCode(),
            eventId: row.eventId,
            identityId: row.identityId,
            orderId: row.orderId,
            ticketTypeId: row.ticketTypeId,
            attendeeName,
            createdAt: new Date(payment.at.getTime() + i),
          })),
        );
        return row;
      });
      if (confirmed) return order(orderId);
      const current = await order(orderId);
      return current?.state === 'paid' && current.invoiceId === payment.invoiceId ? current : null;
    },

    /**
     * Sets tickets of a paid order aside for a refund (all its valid ones, or the chosen ones): from
     * now on the door refuses them. The order's row is locked meanwhile, so two refunds of the same
     * order run one after the other and the second finds the tickets the first took already
     * refunded: a ticket is refunded once. When the last valid ticket goes, the order is refunded.
     * Billing then gives the money back and calls `refundDone`, or `refundUndone` if it could not.
     */
    async claimRefund(orderId: string, ticketIds: readonly string[] | 'all'): Promise<RefundClaim> {
      const claim = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(eventOrders).where(eq(eventOrders.orderId, orderId)).for('update');
        if (!row) return { kind: 'not_found' as const };
        if (row.state !== 'paid') return { kind: 'not_paid' as const };
        if (ticketIds !== 'all' && ticketIds.length === 0) return { kind: 'nothing_to_refund' as const };
        const claimed = await tx
          .update(eventTickets)
          .set({ state: 'refunded' })
          .where(
            and(
              eq(eventTickets.orderId, orderId),
              eq(eventTickets.state, 'valid'),
              ticketIds === 'all' ? undefined : inArray(eventTickets.ticketId, [...ticketIds]),
            ),
          )
          .returning({ ticketId: eventTickets.ticketId });
        if (claimed.length === 0) return { kind: 'nothing_to_refund' as const };
        const [{ refunded } = { refunded: 0 }] = await tx
          .select({ refunded: sql<number>`count(*)::int` })
          .from(eventTickets)
          .where(and(eq(eventTickets.orderId, orderId), eq(eventTickets.state, 'refunded')));
        if (refunded >= row.quantity)
          await tx.update(eventOrders).set({ state: 'refunded', refundedAt: now() }).where(eq(eventOrders.orderId, orderId));
        return {
          kind: 'claimed' as const,
          ticketIds: claimed.map((t) => t.ticketId),
          refundedBefore: refunded - claimed.length,
          refundedAfter: refunded,
        };
      });
      if (claim.kind !== 'claimed') return claim;
      return { ...claim, order: (await order(orderId))! };
    },

    /** The money of claimed tickets went back: their seats go on sale again, and the waiting list is told. */
    async refundDone(claim: { order: Pick<OrderView, 'ticketTypeId'>; ticketIds: readonly string[] }): Promise<void> {
      await db
        .update(eventTicketTypes)
        .set({ taken: sql`greatest(${eventTicketTypes.taken} - ${claim.ticketIds.length}, 0)` })
        .where(eq(eventTicketTypes.ticketTypeId, claim.order.ticketTypeId));
      await onSeatsBack?.(claim.order.ticketTypeId, claim.ticketIds.length);
    },

    /** Billing could not give the money back: the claimed tickets open the door again, the order is paid. */
    async refundUndone(claim: { order: Pick<OrderView, 'orderId'>; ticketIds: readonly string[] }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(eventTickets)
          .set({ state: 'valid' })
          .where(and(eq(eventTickets.orderId, claim.order.orderId), inArray(eventTickets.ticketId, [...claim.ticketIds])));
        await tx
          .update(eventOrders)
          .set({ state: 'paid', refundedAt: null })
          .where(and(eq(eventOrders.orderId, claim.order.orderId), eq(eventOrders.state, 'refunded')));
      });
    },

    order,

    /** The reader's orders (newest first) with their tickets. */
    async ordersOf(identityId: string): Promise<OrderView[]> {
      const rows = await db
        .select()
        .from(eventOrders)
        .where(and(eq(eventOrders.identityId, identityId), inArray(eventOrders.state, ['paid', 'refunded'])))
        .orderBy(desc(eventOrders.createdAt));
      return withTickets(rows);
    },

    /** The reader's free registrations. */
    async registrationsOf(identityId: string): Promise<TicketView[]> {
      const rows = await db
        .select()
        .from(eventTickets)
        .where(and(eq(eventTickets.identityId, identityId), isNull(eventTickets.orderId)))
        .orderBy(desc(eventTickets.createdAt));
      return rows.map(ticketView);
    },

    async ticket(ticketId: string): Promise<(TicketView & { identityId: string }) | null> {
      const [row] = await db.select().from(eventTickets).where(eq(eventTickets.ticketId, ticketId));
      return row ? { ...ticketView(row), identityId: row.identityId } : null;
    },

    /** A free place at an online event (one per reader): the same ticket again when already registered. */
    async register({ eventId, identityId, attendeeName }: { eventId: string; identityId: string; attendeeName: string }) {
      const [inserted] = await db
        .insert(eventTickets)
        .values({ ticketId: randomUUID(), code: newTicketCode(), eventId, identityId, attendeeName, createdAt: now() })
        .onConflictDoNothing()
        .returning();
      if (inserted) return { created: true, ticket: ticketView(inserted) };
      const [row] = await db
        .select()
        .from(eventTickets)
        .where(and(eq(eventTickets.eventId, eventId), eq(eventTickets.identityId, identityId), isNull(eventTickets.orderId)));
      return { created: false, ticket: ticketView(row!) };
    },

    /** Marks a registration's reminder sent; false when it was sent already (the job ran twice). */
    async markReminded(ticketId: string): Promise<boolean> {
      const rows = await db
        .update(eventTickets)
        .set({ remindedAt: now() })
        .where(and(eq(eventTickets.ticketId, ticketId), isNull(eventTickets.remindedAt)))
        .returning({ ticketId: eventTickets.ticketId });
      return rows.length > 0;
    },

    /**
     * Joins the waiting list of a sold-out ticket type. Again while waiting: nothing changes. Again
     * after being told of seats: back on the list, at its end.
     */
    async joinWaitingList({ ticketTypeId, identityId, email }: { ticketTypeId: string; identityId: string; email: string }) {
      const at = now();
      await db
        .insert(eventWaitingList)
        .values({ ticketTypeId, identityId, email, createdAt: at })
        .onConflictDoUpdate({
          target: [eventWaitingList.ticketTypeId, eventWaitingList.identityId],
          set: { email, createdAt: at, notifiedAt: null },
          setWhere: isNotNull(eventWaitingList.notifiedAt),
        });
    },

    /** Leaves a waiting list; false when the reader was not on it. */
    async leaveWaitingList(ticketTypeId: string, identityId: string): Promise<boolean> {
      const rows = await db
        .delete(eventWaitingList)
        .where(and(eq(eventWaitingList.ticketTypeId, ticketTypeId), eq(eventWaitingList.identityId, identityId)))
        .returning({ identityId: eventWaitingList.identityId });
      return rows.length > 0;
    },

    async onWaitingList(ticketTypeId: string, identityId: string): Promise<boolean> {
      const rows = await db
        .select({ identityId: eventWaitingList.identityId })
        .from(eventWaitingList)
        .where(and(eq(eventWaitingList.ticketTypeId, ticketTypeId), eq(eventWaitingList.identityId, identityId)));
      return rows.length > 0;
    },

    /** Readers still waiting (not yet told of seats), per ticket type of the event (staff). */
    async waitingCounts(eventId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ ticketTypeId: eventWaitingList.ticketTypeId, waiting: sql<number>`count(*)::int` })
        .from(eventWaitingList)
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.ticketTypeId, eventWaitingList.ticketTypeId))
        .where(and(eq(eventTicketTypes.eventId, eventId), isNull(eventWaitingList.notifiedAt)))
        .groupBy(eventWaitingList.ticketTypeId);
      return new Map(rows.map((r) => [r.ticketTypeId, r.waiting]));
    },

    /**
     * The next `count` readers waiting for a type, in the order they joined, marked as told: each is
     * taken once, even by two callers at the same time (SKIP LOCKED: the second takes the next ones).
     */
    async takeWaiting(ticketTypeId: string, count: number): Promise<{ identityId: string; email: string }[]> {
      if (count <= 0) return [];
      // Two statements: a LIMIT … FOR UPDATE subquery inside the UPDATE may be run again per row.
      return db.transaction(async (tx) => {
        const next = await tx
          .select({ identityId: eventWaitingList.identityId, email: eventWaitingList.email })
          .from(eventWaitingList)
          .where(and(eq(eventWaitingList.ticketTypeId, ticketTypeId), isNull(eventWaitingList.notifiedAt)))
          .orderBy(asc(eventWaitingList.createdAt), asc(eventWaitingList.identityId))
          .limit(count)
          .for('update', { skipLocked: true });
        if (next.length === 0) return [];
        await tx
          .update(eventWaitingList)
          .set({ notifiedAt: now() })
          .where(
            and(
              eq(eventWaitingList.ticketTypeId, ticketTypeId),
              inArray(
                eventWaitingList.identityId,
                next.map((n) => n.identityId),
              ),
            ),
          );
        return next;
      });
    },

    /** A notice that could not be sent: the reader waits again, in their place. */
    async untakeWaiting(ticketTypeId: string, identityId: string): Promise<void> {
      await db
        .update(eventWaitingList)
        .set({ notifiedAt: null })
        .where(and(eq(eventWaitingList.ticketTypeId, ticketTypeId), eq(eventWaitingList.identityId, identityId)));
    },

    /** Everyone holding a ticket or a registration for the event, by name (staff). */
    async attendees(eventId: string) {
      const rows = await db
        .select({
          ticket: eventTickets,
          ticketTypeName: eventTicketTypes.name,
        })
        .from(eventTickets)
        .leftJoin(eventTicketTypes, eq(eventTicketTypes.ticketTypeId, eventTickets.ticketTypeId))
        .where(eq(eventTickets.eventId, eventId))
        .orderBy(asc(eventTickets.attendeeName), asc(eventTickets.code));
      return rows.map(({ ticket, ticketTypeName }) => ({
        ...ticketView(ticket),
        identityId: ticket.identityId,
        ticketTypeName: ticketTypeName ?? 'Registration',
      }));
    },

    /** The door: the first scan of a valid ticket checks it in; a second is refused, saying when the first was. */
    async checkIn(eventId: string, rawCode: string): Promise<CheckInOutcome> {
      const code = normaliseTicketCode(rawCode);
      if (!code) return { kind: 'unknown' };
      const [event] = await db.select({ title: events.title }).from(events).where(eq(events.eventId, eventId));
      if (!event) return { kind: 'unknown' };
      const [updated] = await db
        .update(eventTickets)
        .set({ checkedInAt: now() })
        .where(
          and(
            eq(eventTickets.code, code),
            eq(eventTickets.eventId, eventId),
            eq(eventTickets.state, 'valid'),
            isNull(eventTickets.checkedInAt),
          ),
        )
        .returning();
      if (updated) return { kind: 'checked_in', ticket: ticketView(updated), eventTitle: event.title };
      const [row] = await db
        .select()
        .from(eventTickets)
        .where(and(eq(eventTickets.code, code), eq(eventTickets.eventId, eventId)));
      if (!row) return { kind: 'unknown' };
      return { kind: row.state === 'refunded' ? 'refunded' : 'already_checked_in', ticket: ticketView(row), eventTitle: event.title };
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
