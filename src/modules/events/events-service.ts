// The events service: the listing (§7 events(type, sortOrder); upcoming first, past archived), one
// event by slug, and the events the home page features. Reads only its own table: speakers' names
// and related stories are the profiles' and content's, resolved by the page through their services.
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../../platform/change-bus.ts';
import { paths } from '../../shared/paths.ts';
import { eventsForSearch } from './events-for-search.ts';
import { events } from './schema.ts';
import type { SendSeatsBack, SendTickets } from './ticket-mail.ts';
import { createTickets, type TicketsDeps } from './tickets.ts';
import type { EventRecord, EventType, SortOrder } from './types.ts';

export type { EventRecord } from './types.ts';

export interface EventListing {
  upcoming: EventRecord[];
  past: EventRecord[];
}

function toRecord(row: typeof events.$inferSelect): EventRecord {
  return {
    ...row,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

export interface EventsServiceDeps extends Pick<TicketsDeps, 'scheduleRelease'> {
  db: Db;
  now?: () => Date;
  /** The tickets email (ticket-mail.ts); none: no email (tests of reads). */
  sendTickets?: SendTickets;
  /** Where a person's email address is found (identity's people). */
  emailOf?: (identityId: string) => Promise<string | null>;
  /** Schedules a registration's reminder (the jobs runner; idempotent by ticket). */
  scheduleReminder?: (ticketId: string, at: Date) => Promise<void>;
  /** The waiting list's notice (ticket-mail.ts); none: nobody is told (tests of reads). */
  sendSeatsBack?: SendSeatsBack;
  /** Where a notice that could not be sent is reported (the app's log). */
  onError?: (error: unknown, context: string) => void;
  /** Tells the page cache that an event's pages changed (its tickets: on sale, sold out, seats back). */
  changes?: Pick<ChangeBus, 'publish'>;
}

export function createEventsService({
  db,
  now = () => new Date(),
  scheduleRelease,
  sendTickets,
  emailOf,
  scheduleReminder,
  sendSeatsBack,
  onError,
  changes,
}: EventsServiceDeps) {
  const tickets = createTickets({
    db,
    now,
    scheduleRelease,
    onSeatsBack: (ticketTypeId, seats) => tellWaitingList(ticketTypeId, seats),
    onTicketsChanged: (eventId) => eventPagesChanged(eventId),
  });

  /** The event's page, the listing and the home page (featured events) show its tickets: they are built again. */
  async function eventPagesChanged(eventId: string): Promise<void> {
    const event = changes ? await eventById(eventId) : null;
    if (event) await changes!.publish('pages', { paths: [paths.event(event.slug), paths.events(), paths.home()] });
  }

  /**
   * Seats of a type came back: as many readers as there are seats back (never more than are on
   * sale), the longest waiting first, are emailed once with a link to the event page. Nothing is
   * held for them: the first to buy gets the seat (decision 051). A notice that cannot be sent puts
   * its reader back in their place. Never throws: the refund or release that called it is done.
   */
  async function tellWaitingList(ticketTypeId: string, seats: number): Promise<void> {
    try {
      const type = await tickets.ticketType(ticketTypeId);
      if (type) await eventPagesChanged(type.eventId);
      if (!type || type.status !== 'on_sale' || !sendSeatsBack) return;
      const event = await eventById(type.eventId);
      if (!event) return;
      for (const reader of await tickets.takeWaiting(ticketTypeId, Math.min(seats, type.available))) {
        try {
          await sendSeatsBack(reader.email, event, type.name);
        } catch (error) {
          await tickets.untakeWaiting(ticketTypeId, reader.identityId);
          onError?.(error, `waiting list notice for ticket type ${ticketTypeId}`);
        }
      }
    } catch (error) {
      onError?.(error, `waiting list of ticket type ${ticketTypeId}`);
    }
  }
  async function select(where: SQL | undefined, sortOrder: SortOrder): Promise<EventRecord[]> {
    const rows = await db
      .select()
      .from(events)
      .where(where)
      .orderBy(sortOrder === 'asc' ? asc(events.startsAt) : desc(events.startsAt), asc(events.slug));
    return rows.map(toRecord);
  }

  const ofType = (type: EventType | null | undefined) => (type ? eq(events.type, type) : undefined);

  /**
   * The listing page: upcoming events first in `sortOrder` (soonest first by default), then the
   * archive of past ones, newest first. An event stays upcoming until it ends.
   */
  async function eventById(eventId: string): Promise<EventRecord | null> {
    const [row] = await db.select().from(events).where(eq(events.eventId, eventId)).limit(1);
    return row ? toRecord(row) : null;
  }

  async function eventListing({ type, sortOrder = 'asc' }: { type?: EventType | null; sortOrder?: SortOrder }): Promise<EventListing> {
    const all = await select(ofType(type), sortOrder);
    const at = now().getTime();
    const isPast = (e: EventRecord) => new Date(e.endsAt ?? e.startsAt).getTime() < at;
    return {
      upcoming: all.filter((e) => !isPast(e)),
      past: all.filter(isPast).sort((a, b) => b.startsAt.localeCompare(a.startsAt)),
    };
  }

  return {
    /** Ticket types, orders, tickets, registrations, the waiting list and the door (tickets.ts). */
    tickets,

    /**
     * A free place at an online event (§3 analytics eventPlatform): the registration's ticket, its
     * email (the calendar file) and, for an event more than a day away, its reminder the day before.
     * Again: the same place, no second email. Null when the event takes no free registrations.
     */
    async registerForEvent({ eventId, identityId, attendeeName }: { eventId: string; identityId: string; attendeeName: string }) {
      const event = await eventById(eventId);
      if (!event?.platform || Date.parse(event.endsAt ?? event.startsAt) < now().getTime()) return null;
      const { created, ticket } = await tickets.register({ eventId, identityId, attendeeName: attendeeName.slice(0, 200) });
      if (created) {
        const email = await emailOf?.(identityId);
        if (email) await sendTickets?.(email, event, [ticket], 'registered');
        const remindAt = new Date(Date.parse(event.startsAt) - 86_400_000);
        if (remindAt > now()) await scheduleReminder?.(ticket.ticketId, remindAt);
      }
      return { created, ticket, event };
    },

    /** The reminder job: the day before, once per registration. */
    async remind(ticketId: string): Promise<void> {
      const ticket = await tickets.ticket(ticketId);
      const event = ticket ? await eventById(ticket.eventId) : null;
      if (!ticket || !event || ticket.state !== 'valid' || Date.parse(event.startsAt) < now().getTime()) return;
      const email = await emailOf?.(ticket.identityId);
      if (!email || !(await tickets.markReminded(ticketId))) return;
      await sendTickets?.(email, event, [ticket], 'reminder');
    },

    /** Emails a paid order's tickets (QR codes, the calendar file) to its buyer. */
    async sendOrderTickets(orderId: string): Promise<void> {
      const order = await tickets.order(orderId);
      if (!order || order.state !== 'paid' || !sendTickets || !emailOf) return;
      const [event, email] = await Promise.all([eventById(order.eventId), emailOf(order.identityId)]);
      if (event && email) await sendTickets(email, event, order.tickets, 'purchased');
    },

    /** Every event (of one type when given), by start: `asc` soonest first (§7 events). */
    listEvents({ type, sortOrder = 'asc' }: { type?: EventType | null; sortOrder?: SortOrder }): Promise<EventRecord[]> {
      return select(ofType(type), sortOrder);
    },

    /**
     * The listing page: upcoming events first in `sortOrder` (soonest first by default), then the
     * archive of past ones, newest first. An event stays upcoming until it ends.
     */
    eventListing,

    async eventBySlug(slug: string): Promise<EventRecord | null> {
      const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
      return row ? toRecord(row) : null;
    },

    eventById,

    /** Events as text for the search index (events-for-search.ts). */
    eventsForSearch: (select: Parameters<typeof eventsForSearch>[1]) => eventsForSearch(db, select),

    /** Featured events that have not ended, soonest first (the home page's rail). */
    async featuredEvents(limit: number): Promise<EventRecord[]> {
      const { upcoming } = await eventListing({});
      return upcoming.filter((e) => e.featured).slice(0, limit);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
