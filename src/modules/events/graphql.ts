// GraphQL for events (§3 Event; §7 events(type, sortOrder); §9 types and sort orders): a public
// read of the catalogue. Resolvers parse nothing by hand: the enums are the validation.
import { builder } from '../../server/graphql/builder.ts';
import { paths } from '../../shared/paths.ts';
import type { EventRecord } from './events-service.ts';
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
