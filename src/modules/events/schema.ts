// Events (§3 Event; types from §9).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EventType, ProgrammeItem } from './types.ts';

export const events = pgTable('events', {
  eventId: uuid('event_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** The IANA time zone the event happens in: its times are shown there first. */
  timeZone: text('time_zone').notNull().default('UTC'),
  type: text('type').$type<EventType>().notNull(),
  /** Where it is, in words (a town, a region); for an online event, "Online". */
  location: text('location').notNull(),
  /** The venue of an event held in a place; null online. */
  venue: text('venue'),
  /** The platform of an online event (§3 analytics eventPlatform); null in a place. */
  platform: text('platform'),
  featured: boolean('featured').notNull().default(false),
  sponsors: text('sponsors').array().notNull(),
  thumbnailKey: text('thumbnail_key'),
  programme: jsonb('programme').$type<ProgrammeItem[]>().notNull().default([]),
  /** Person profile slugs, in the order the page lists them (profiles service resolves them). */
  speakerSlugs: text('speaker_slugs').array().notNull().default([]),
  /** The topic whose newest stories the page shows as related (content service). */
  topicSlug: text('topic_slug'),
});

/** Prices in minor units per currency (billing's currencies: EUR, GBP, INR, USD). */
export type TicketPrices = Partial<Record<'EUR' | 'GBP' | 'INR' | 'USD', number>>;

export const ORDER_STATES = ['held', 'paid', 'released', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * What an event sells: a kind of ticket with its prices, a member price, a sale window and a
 * capacity. `taken` counts the seats held for a payment in progress plus the seats sold; the check
 * and the conditional update that raises it (ticket-store.ts `hold`) are what keep it from being oversold.
 */
export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    ticketTypeId: uuid('ticket_type_id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.eventId),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    prices: jsonb('prices').$type<TicketPrices>().notNull(),
    /** What a member (any active membership) pays instead; null: the same price for everyone. */
    memberPrices: jsonb('member_prices').$type<TicketPrices>(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }).notNull(),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('event_ticket_types_event_idx').on(table.eventId),
    check('event_ticket_types_taken_check', sql`${table.taken} >= 0 and ${table.taken} <= ${table.capacity}`),
  ],
);

/**
 * One purchase of tickets (§3 analytics orderId): seats held while the payment runs, then paid (or
 * released, or refunded by staff). The money is billing's; `invoiceId` and `paymentReference` are
 * billing's references, kept so a refund finds the payment.
 */
export const eventOrders = pgTable(
  'event_orders',
  {
    orderId: uuid('order_id').primaryKey(),
    identityId: uuid('identity_id').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.eventId),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.ticketTypeId),
    quantity: integer('quantity').notNull(),
    state: text('state').$type<OrderState>().notNull(),
    attendeeNames: text('attendee_names').array().notNull(),
    currency: text('currency').notNull(),
    itemPrice: integer('item_price').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    fullPrice: integer('full_price').notNull(),
    memberPrice: boolean('member_price').notNull().default(false),
    /** Seats go back when a held order is neither paid nor resumed by then. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    invoiceId: uuid('invoice_id'),
    paymentReference: text('payment_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    index('event_orders_identity_idx').on(table.identityId),
    index('event_orders_event_idx').on(table.eventId),
    check('event_orders_quantity_check', sql`${table.quantity} between 1 and 1000`),
    check('event_orders_state_check', sql`${table.state} in ('held', 'paid', 'released', 'refunded')`),
  ],
);

/** A ticket: one seat of a paid order, or a free registration's place; its code is what the door scans. */
export const eventTickets = pgTable(
  'event_tickets',
  {
    ticketId: uuid('ticket_id').primaryKey(),
    code: text('code').notNull().unique(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.eventId),
    identityId: uuid('identity_id').notNull(),
    /** Null for a free registration. */
    orderId: uuid('order_id').references(() => eventOrders.orderId),
    ticketTypeId: uuid('ticket_type_id').references(() => eventTicketTypes.ticketTypeId),
    attendeeName: text('attendee_name').notNull(),
    /** valid; refunded (its order was refunded: the door refuses it). */
    state: text('state').$type<'valid' | 'refunded'>().notNull().default('valid'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('event_tickets_identity_idx').on(table.identityId),
    index('event_tickets_event_idx').on(table.eventId),
    // One free registration per person and event.
    uniqueIndex('event_tickets_registration_idx')
      .on(table.eventId, table.identityId)
      .where(sql`${table.orderId} is null`),
    check('event_tickets_state_check', sql`${table.state} in ('valid', 'refunded')`),
  ],
);

/** Readers waiting for a sold-out ticket type; told by email when seats come back. */
export const eventWaitingList = pgTable(
  'event_waiting_list',
  {
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.ticketTypeId),
    identityId: uuid('identity_id').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.ticketTypeId, table.identityId] })],
);
