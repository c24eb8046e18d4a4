// The demo's tickets (issue 21, README "Demo accounts"): ticket types on the coming in-person
// events (a full pass, a 12-seat roundtable at the Paris summit that the demo members have nearly
// sold out, and its speakers' dinner, sold out, with a demo member on its waiting list: a refund of
// a dinner seat emails them, decision 051), bought by demo members through billing's ticket
// purchase with the sandbox's test card, and a free registration for the coming online talk. Once:
// a type that exists is left as it is, and a member who holds an order for a type buys no more.
import { stableUuid } from '../db/stable-id.ts';
import type { BillingModuleService } from '../modules/billing/module.ts';
import type { EventsService } from '../modules/events/events-service.ts';
import type { People } from '../modules/identity/people.ts';

const DAY = 86_400_000;

/** What each coming in-person event sells (minor units, before tax). */
const PASSES = [
  {
    slug: 'atelier-voices-2026',
    name: 'Three-day pass',
    capacity: 300,
    prices: { GBP: 195_000, EUR: 225_000, USD: 245_000 },
    member: { GBP: 165_000 },
  },
  {
    slug: 'the-business-of-beauty-global-forum-2027',
    name: 'Forum pass',
    capacity: 350,
    prices: { USD: 295_000, EUR: 275_000, GBP: 235_000 },
    member: { USD: 255_000 },
  },
  {
    slug: 'crossroads-the-future-of-clienteling',
    name: 'Summit pass',
    capacity: 180,
    prices: { EUR: 45_000, GBP: 39_000 },
    member: { EUR: 38_000 },
  },
  {
    slug: 'crossroads-the-future-of-clienteling',
    name: 'Roundtable seat',
    capacity: 12,
    prices: { EUR: 95_000, GBP: 82_000 },
    member: null,
  },
  {
    slug: 'crossroads-the-future-of-clienteling',
    name: 'Speakers’ dinner',
    capacity: 4,
    prices: { EUR: 18_000, GBP: 15_500 },
    member: null,
  },
  {
    slug: 'crossroads-shanghai-chinas-new-consumer',
    name: 'Summit pass',
    capacity: 200,
    prices: { USD: 52_000, EUR: 48_000 },
    member: null,
  },
] as const;

/**
 * Demo members who hold tickets: the Lind Group's people (Premium seats), whose own billing accounts
 * nothing else uses (the individual members' accounts show their subscriptions alone). Ten of the
 * roundtable's twelve seats are theirs.
 */
const BUYERS = [
  {
    email: 'olivia.lind@lindgroup.example',
    first: 'Olivia',
    last: 'Lind',
    buys: [
      ['Roundtable seat', 4],
      ['Three-day pass', 2],
    ],
  },
  {
    email: 'adam.berg@lindgroup.example',
    first: 'Adam',
    last: 'Berg',
    buys: [
      ['Roundtable seat', 3],
      ['Forum pass', 1],
      ['Speakers’ dinner', 2],
    ],
  },
  {
    email: 'una.holm@lindgroup.example',
    first: 'Una',
    last: 'Holm',
    buys: [
      ['Roundtable seat', 3],
      ['Speakers’ dinner', 2],
    ],
  },
] as const;

/** A demo member waiting for a seat at the sold-out dinner. */
const WAITING = 'standard@example.com';

export const ONLINE_DEMO_EVENT = 'voices-online-designing-for-a-smaller-planet';

export async function seedDemoEventTickets({
  events,
  billing,
  people,
  sandbox,
  now = new Date(),
}: {
  events: Pick<EventsService, 'eventBySlug' | 'tickets' | 'registerForEvent'>;
  billing: Pick<BillingModuleService, 'tickets'>;
  people: Pick<People, 'findByEmail'>;
  sandbox: {
    tokenize(card: { number: string; month: string; year: string; cvv: string }): Promise<{ ok: true; token: string } | { ok: false }>;
  };
  now?: Date;
}): Promise<number> {
  const types = new Map<string, string>();
  for (const [position, pass] of PASSES.entries()) {
    const event = await events.eventBySlug(pass.slug);
    if (!event) continue;
    const ticketTypeId = stableUuid('ticket-type', `${pass.slug}:${pass.name}`);
    await events.tickets.createTicketType({
      ticketTypeId,
      eventId: event.eventId,
      name: pass.name,
      description:
        pass.name === 'Roundtable seat'
          ? 'A closed-door discussion after the summit, for twelve.'
          : pass.name === 'Speakers’ dinner'
            ? 'Dinner with the speakers after the summit.'
            : 'Every session, meals and the evening reception.',
      prices: pass.prices,
      memberPrices: pass.member,
      capacity: pass.capacity,
      salesStartAt: new Date(now.getTime() - 30 * DAY),
      salesEndAt: new Date(event.startsAt),
      position,
    });
    if (!types.has(pass.name) || pass.slug === 'crossroads-the-future-of-clienteling') types.set(pass.name, ticketTypeId);
  }

  let bought = 0;
  for (const buyer of BUYERS) {
    const person = await people.findByEmail(buyer.email);
    if (!person) continue;
    const held = new Set((await events.tickets.ordersOf(person.identityId)).map((o) => o.ticketTypeId));
    for (const [name, quantity] of buyer.buys) {
      const ticketTypeId = types.get(name);
      if (!ticketTypeId || held.has(ticketTypeId)) continue;
      const card = await sandbox.tokenize({ number: '4242424242424242', month: '12', year: String(now.getUTCFullYear() + 3), cvv: '123' });
      if (!card.ok) throw new Error('the sandbox refused the demo card');
      const result = await billing.tickets.purchaseTickets({
        identityId: person.identityId,
        ticketTypeId,
        quantity,
        attendeeNames: Array.from({ length: quantity }, (_, i) =>
          i === 0 ? `${buyer.first} ${buyer.last}` : `Guest ${i} of ${buyer.first} ${buyer.last}`,
        ),
        currency: name === 'Forum pass' ? 'USD' : name === 'Three-day pass' ? 'GBP' : 'EUR',
        billingInfo: { firstName: buyer.first, lastName: buyer.last, countryCode: 'SE' },
        cardToken: card.token,
        idempotencyKey: `demo-tickets:${ticketTypeId}:${person.identityId}`,
      });
      if (result.kind === 'success') bought += 1;
    }
  }

  const dinner = types.get('Speakers’ dinner');
  const waiting = await people.findByEmail(WAITING);
  if (dinner && waiting && (await events.tickets.ticketType(dinner))?.status === 'sold_out')
    await events.tickets.joinWaitingList({ ticketTypeId: dinner, identityId: waiting.identityId, email: WAITING });

  const online = await events.eventBySlug(ONLINE_DEMO_EVENT);
  const reader = await people.findByEmail('una.holm@lindgroup.example');
  if (online && reader) await events.registerForEvent({ eventId: online.eventId, identityId: reader.identityId, attendeeName: 'Una Holm' });
  return bought;
}
