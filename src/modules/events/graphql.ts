// GraphQL for events (§3 Event; §7 events(type, sortOrder); §9 types and sort orders): a public
// read of the catalogue. Resolvers parse nothing by hand: the enums are the validation.
import { builder } from '../../server/graphql/builder.ts';
import { paths } from '../../shared/paths.ts';
import type { EventRecord } from './events-service.ts';
import type { TicketTypeView } from './tickets.ts';
import { EVENT_TYPES, SORT_ORDERS } from './types.ts';

const EventTypeEnum = builder.enumType('EventType', { values: EVENT_TYPES, description: 'The event series (§9).' });
const SortOrderEnum = builder.enumType('SortOrder', { values: SORT_ORDERS, description: 'By date: asc soonest first, desc latest first.' });

const EventObject = builder.objectRef<EventRecord>('Event').implement({
  description: 'A conference or gathering the publication runs (§3).',
  fields: (t) => ({
    eventId: t.exposeID('eventId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    date: t.exposeString('startsAt', { description: 'When it starts (ISO 8601, UTC).' }),
    endDate: t.exposeString('endsAt', { nullable: true, description: 'When it ends (ISO 8601, UTC).' }),
    timeZone: t.exposeString('timeZone', { description: 'The IANA time zone it happens in.' }),
    type: t.expose('type', { type: EventTypeEnum }),
    url: t.string({ description: 'Its page (a path on this site).', resolve: (e) => paths.event(e.slug) }),
    featured: t.exposeBoolean('featured'),
    sponsors: t.exposeStringList('sponsors'),
    thumbnail: t.exposeString('thumbnailKey', { nullable: true, description: 'An image key (the image resizer serves it).' }),
    location: t.exposeString('location'),
    venue: t.exposeString('venue', { nullable: true }),
    eventPlatform: t.exposeString('platform', { nullable: true, description: 'The platform of an online event.' }),
  }),
});

/** At most one price per billing currency. */
const FOUR_CURRENCIES = { field: 1, multiplier: 1 };

const MoneyType = builder.objectRef<{ currency: string; amount: number }>('EventTicketPrice').implement({
  description: 'A price in one currency, in minor units, before tax.',
  fields: (t) => ({ currency: t.exposeString('currency'), amount: t.exposeInt('amount') }),
});

const pricesOf = (prices: Partial<Record<string, number>> | null) =>
  Object.entries(prices ?? {}).flatMap(([currency, amount]) => (amount === undefined ? [] : [{ currency, amount }]));

const TicketTypeObject = builder.objectRef<TicketTypeView>('EventTicketType').implement({
  description: 'A kind of ticket an event sells, with its prices, capacity and sale window.',
  fields: (t) => ({
    ticketTypeId: t.exposeID('ticketTypeId'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    prices: t.field({ type: [MoneyType], complexity: FOUR_CURRENCIES, resolve: (type) => pricesOf(type.prices) }),
    memberPrices: t.field({
      type: [MoneyType],
      complexity: FOUR_CURRENCIES,
      description: 'What members pay instead (empty: the same).',
      resolve: (type) => pricesOf(type.memberPrices),
    }),
    capacity: t.exposeInt('capacity'),
    available: t.exposeInt('available', { description: 'Seats neither sold nor held for a payment in progress.' }),
    salesStartAt: t.exposeString('salesStartAt'),
    salesEndAt: t.exposeString('salesEndAt'),
    status: t.exposeString('status', { description: 'on_sale, not_yet, ended or sold_out (the waiting list).' }),
  }),
});

builder.objectFields(EventObject, (t) => ({
  ticketTypes: t.field({
    type: [TicketTypeObject],
    // An event sells a few kinds of ticket, not tens.
    complexity: { field: 1, multiplier: 3 },
    resolve: (event, _args, { services }) => services.events.tickets.ticketTypes(event.eventId),
  }),
}));

builder.queryFields((t) => ({
  events: t.field({
    type: [EventObject],
    description: 'Every event, of one type when given, by date (§7).',
    args: {
      type: t.arg({ type: EventTypeEnum }),
      sortOrder: t.arg({ type: SortOrderEnum, defaultValue: 'asc' }),
    },
    resolve: (_, { type, sortOrder }, { services }) => services.events.listEvents({ type, sortOrder: sortOrder ?? 'asc' }),
  }),
}));
