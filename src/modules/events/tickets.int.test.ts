// Tickets over HTTP (issue 21, decision 050) on a fresh database — PGlite, or PostgreSQL with
// TEST_DATABASE_URL: a reader buys tickets through GraphQL (billing's one paid-purchase path): the
// price with their country's tax, the member price for members, an orderId and a ticket per
// attendee with its code; a retry under the key charges once; sold out, not on sale, a declined
// card (the seats go back), 3-D Secure (held, then finished), bad input; a site admin's refund gives
// the money and the seats back, and nobody else may refund. On PostgreSQL, 200 buyers racing for
// the last 10 seats buy exactly 10. Decision 051: partial refunds (a ticket's share back once, even
// under concurrent refunds on PostgreSQL), the waiting list told by email (a real SMTP server) as
// seats come back, and staff's ticket type editor.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableUuid } from '../../db/stable-id.ts';
import { createTestApp } from '../../test/app.ts';
import { graphql, sessionCookies, signIn } from '../../test/graphql.ts';
import { pageText } from '../../test/html.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { billingInvoices, billingTransactions, sandboxBillingPayments } from '../billing/schema.ts';
import { identities } from '../identity/schema.ts';
import { outbox } from '../mail/schema.ts';
import { eventOrders, eventTicketTypes } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Reader = Awaited<ReturnType<typeof signIn>>;
let app: App;
let admin: Reader;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

const EVENT = stableUuid('event', 'crossroads-the-future-of-clienteling');
const CARDS = { success: '4242424242424242', declined: '4000000000000002', threeDS: '4000000000003220' } as const;
const HOUR = 3_600_000;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signIn(app, { first: 'Ann', last: 'Admin' });
  await app.db
    .update(identities)
    .set({ metadataAdmin: { is_bof_admin: true } })
    .where(eq(identities.id, admin.identityId));
  admin = { ...admin, cookie: (await sessionCookies(app, admin.identitySessionToken)).cookie };
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const page = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, form: Record<string, string> | URLSearchParams, cookie: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/** A ticket type on the demo's Paris summit: €250 (members €200) and £220, on sale now. */
async function ticketType({ capacity = 50, startsIn = -HOUR, endsIn = 24 * HOUR, name = 'Summit pass' } = {}) {
  const ticketTypeId = randomUUID();
  await app.services.events.tickets.createTicketType({
    ticketTypeId,
    eventId: EVENT,
    name,
    prices: { EUR: 25_000, GBP: 22_000 },
    memberPrices: { EUR: 20_000 },
    capacity,
    salesStartAt: new Date(Date.now() + startsIn),
    salesEndAt: new Date(Date.now() + endsIn),
  });
  return ticketTypeId;
}

async function tokenize(number: string) {
  const tokenized = await app.services.billing.sandbox!.tokenize({ number, month: '12', year: '2040', cvv: '123' });
  if (!tokenized.ok) throw new Error('tokenize failed');
  return tokenized.token;
}

const ORDER_FIELDS =
  'orderId eventId ticketTypeId ticketQty state currency itemPrice taxAmount fullPrice memberPrice tickets { ticketId code attendeeName state }';
const BUY = /* GraphQL */ `
  mutation ($input: PurchaseEventTicketsInput!) {
    purchaseEventTickets(input: $input) {
      __typename
      ... on EventTicketOrder { ${ORDER_FIELDS} }
      ... on TicketPurchaseError { type message }
      ... on ThreeDSecureError { threeDSecureActionToken message }
      ... on ZodError { fieldErrors { path message } }
      ... on Error { message }
    }
  }
`;
const REFUND = `mutation ($orderId: String!) { refundEventTicketOrder(orderId: $orderId) { __typename ... on EventTicketOrder { ${ORDER_FIELDS} } ... on Error { message } } }`;
const REFUND_TICKETS = `mutation ($orderId: String!, $ticketIds: [String!]!) { refundEventTickets(orderId: $orderId, ticketIds: $ticketIds) { __typename ... on EventTicketOrder { ${ORDER_FIELDS} refundedQty } ... on Error { message } } }`;
const TYPES = `query { events(type: crossroads) { slug ticketTypes { ticketTypeId name available status prices { currency amount } memberPrices { currency amount } } } }`;

async function buy(
  reader: Reader,
  ticketTypeId: string,
  {
    quantity = 2,
    names = ['Ada Okafor', 'Ben Okafor'],
    currency = 'EUR',
    country = 'FR',
    card = CARDS.success,
    token,
    key = `tickets-${randomUUID()}`,
    resultToken,
  }: {
    quantity?: number;
    names?: string[];
    currency?: string;
    country?: string;
    card?: string;
    token?: string;
    key?: string;
    resultToken?: string;
  } = {},
) {
  const input = {
    ticketTypeId,
    quantity,
    attendeeNames: names,
    currency,
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: country },
    cardToken: token ?? (await tokenize(card)),
    idempotencyKey: key,
    ...(resultToken ? { threeDSecureActionResultToken: resultToken } : {}),
  };
  const answer = await graphql(app, BUY, { variables: { input }, cookie: reader.cookie });
  return { result: answer.data!.purchaseEventTickets, input };
}

async function available(ticketTypeId: string) {
  return (await app.services.events.tickets.ticketType(ticketTypeId))!.available;
}

describe('purchaseEventTickets', () => {
  it('sells two tickets with French VAT: an orderId, a ticket per attendee with its code, the invoice and the charge', async () => {
    const typeId = await ticketType();
    const reader = await signIn(app);
    const { result } = await buy(reader, typeId);
    expect(result).toMatchObject({
      __typename: 'EventTicketOrder',
      eventId: EVENT,
      ticketQty: 2,
      state: 'paid',
      currency: 'EUR',
      itemPrice: 50_000,
      taxAmount: 10_000,
      fullPrice: 60_000,
      memberPrice: false,
    });
    expect(result.tickets.map((t: { attendeeName: string }) => t.attendeeName)).toEqual(['Ada Okafor', 'Ben Okafor']);
    for (const ticket of result.tickets) expect(ticket.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(await available(typeId)).toBe(48);
    const [invoice] = await app.db.select().from(billingInvoices).where(eq(billingInvoices.total, 60_000));
    expect(invoice).toMatchObject({ state: 'paid', subtotal: 50_000, taxAmount: 10_000, currency: 'EUR' });

    // The tickets by email: a QR code per ticket (inline images) and the event as a calendar file.
    const mail = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, reader.email), eq(outbox.template, 'event_tickets')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your tickets for Crossroads: The Future of Clienteling');
    const images = mail[0]!.attachments.filter((a) => a.contentType === 'image/png');
    expect(images.map((a) => a.cid)).toEqual(result.tickets.map((t: { code: string }) => `qr-${t.code.toLowerCase()}@tickets`));
    for (const image of images) expect(mail[0]!.html).toContain(`cid:${image.cid}`);
    const ics = Buffer.from(mail[0]!.attachments.find((a) => a.filename.endsWith('.ics'))!.content, 'base64').toString();
    expect(ics).toMatch(/BEGIN:VEVENT[\s\S]*SUMMARY:Crossroads: The Future of Clienteling[\s\S]*END:VEVENT/);
    expect(ics).toContain('LOCATION:Salle Wagram');
    expect(mail[0]!.text).toContain(`Ada Okafor: ticket code ${result.tickets[0].code}`);
  });

  it('shows the ticket types on the event, with what is left', async () => {
    const typeId = await ticketType({ capacity: 7 });
    const answer = await graphql(app, TYPES);
    expect(answer.errors).toBeUndefined();
    const event = answer.data!.events.find((e: { slug: string }) => e.slug === 'crossroads-the-future-of-clienteling');
    expect(event.ticketTypes).toContainEqual({
      ticketTypeId: typeId,
      name: 'Summit pass',
      available: 7,
      status: 'on_sale',
      prices: [
        { currency: 'EUR', amount: 25_000 },
        { currency: 'GBP', amount: 22_000 },
      ],
      memberPrices: [{ currency: 'EUR', amount: 20_000 }],
    });
  });

  it('charges a member the member price', async () => {
    const typeId = await ticketType();
    const member = await signIn(app);
    await app.services.memberships.grant({
      identityId: member.identityId,
      level: 'Standard',
      type: 'Individual',
      source: 'admin_grant',
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + 300 * 24 * HOUR),
    });
    const { result } = await buy(member, typeId, { quantity: 1, names: [], country: 'US' });
    expect(result).toMatchObject({ __typename: 'EventTicketOrder', itemPrice: 20_000, taxAmount: 0, fullPrice: 20_000, memberPrice: true });
    // No name given: the ticket carries the buyer's.
    expect(result.tickets[0].attendeeName).toBe('Ada Okafor');
  });

  it('charges once for a retry under the same key, and refuses the key for another purchase', async () => {
    const typeId = await ticketType();
    const reader = await signIn(app);
    const key = `tickets-retry-${randomUUID()}`;
    const token = await tokenize(CARDS.success);
    const first = await buy(reader, typeId, { key, token });
    const again = await buy(reader, typeId, { key, token });
    expect(again.result.orderId).toBe(first.result.orderId);
    expect(await available(typeId)).toBe(48);
    const charges = await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.amount, first.result.fullPrice));
    expect(charges.filter((c) => c.idempotencyKey?.includes(key))).toHaveLength(1);
    const other = await buy(reader, typeId, { key, token, quantity: 3, names: [] });
    expect(other.result).toMatchObject({ __typename: 'TicketPurchaseError', type: 'TRANSACTION_ERROR' });
  });

  it('refuses more tickets than are left, and a sold-out type, charging nothing', async () => {
    const typeId = await ticketType({ capacity: 3 });
    const reader = await signIn(app);
    const tooMany = await buy(reader, typeId, { quantity: 4, names: [] });
    expect(tooMany.result).toEqual({
      __typename: 'TicketPurchaseError',
      type: 'SOLD_OUT',
      message: 'Only 3 tickets are left. Choose fewer, or join the waiting list.',
    });
    await buy(reader, typeId, { quantity: 3, names: [] });
    const soldOut = await buy(await signIn(app), typeId, { quantity: 1, names: [] });
    expect(soldOut.result).toMatchObject({ __typename: 'TicketPurchaseError', type: 'SOLD_OUT' });
    expect(soldOut.result.message).toMatch(/sold out/);
  });

  it('refuses tickets outside their sale window and a currency they are not sold in', async () => {
    const notYet = await ticketType({ startsIn: HOUR });
    const ended = await ticketType({ startsIn: -2 * HOUR, endsIn: -HOUR });
    const reader = await signIn(app);
    expect((await buy(reader, notYet)).result).toMatchObject({ __typename: 'TicketPurchaseError', type: 'NOT_ON_SALE' });
    expect((await buy(reader, ended)).result).toMatchObject({ __typename: 'TicketPurchaseError', type: 'NOT_ON_SALE' });
    const typeId = await ticketType();
    expect((await buy(reader, typeId, { currency: 'USD' })).result).toMatchObject({
      __typename: 'TicketPurchaseError',
      type: 'INVALID_CURRENCY',
    });
    expect(await available(typeId)).toBe(50);
  });

  it('gives the seats back when the card is declined', async () => {
    const typeId = await ticketType({ capacity: 2 });
    const reader = await signIn(app);
    const declined = await buy(reader, typeId, { card: CARDS.declined });
    expect(declined.result).toMatchObject({ __typename: 'TicketPurchaseError', type: 'PURCHASE_ERROR' });
    expect(await available(typeId)).toBe(2);
    expect((await buy(reader, typeId)).result).toMatchObject({ __typename: 'EventTicketOrder', ticketQty: 2 });
  });

  it('holds the seats while the bank checks the buyer (3-D Secure), then finishes the same order', async () => {
    const typeId = await ticketType({ capacity: 2 });
    const reader = await signIn(app);
    const token = await tokenize(CARDS.threeDS);
    const key = `tickets-3ds-${randomUUID()}`;
    const challenged = await buy(reader, typeId, { token, key });
    expect(challenged.result.__typename).toBe('ThreeDSecureError');
    expect(await available(typeId)).toBe(0);
    const answered = await app.inject({
      method: 'POST',
      url: `/_sandbox/billing/3ds/${encodeURIComponent(challenged.result.threeDSecureActionToken)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ result: 'succeeded' }),
    });
    const { resultToken } = JSON.parse(answered.body) as { resultToken: string };
    const finished = await buy(reader, typeId, { token, key, resultToken });
    expect(finished.result).toMatchObject({ __typename: 'EventTicketOrder', state: 'paid', ticketQty: 2 });
    expect(await available(typeId)).toBe(0);
  });

  it('refuses bad input with the fields named, and an anonymous buyer', async () => {
    const typeId = await ticketType();
    const reader = await signIn(app);
    for (const quantity of [0, 1001]) {
      const { result } = await buy(reader, typeId, { quantity, names: [] });
      expect(result.__typename).toBe('ZodError');
      expect(result.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toContain('quantity');
    }
    const names = await buy(reader, typeId, { quantity: 1, names: ['One', 'Two'] });
    expect(names.result.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toContain('attendeeNames');
    const unknown = await buy(reader, randomUUID());
    expect(unknown.result.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toContain('ticketTypeId');
    const anonymous = await graphql(app, BUY, { variables: { input: (await buy(reader, typeId)).input } });
    expect(anonymous.data!.purchaseEventTickets.__typename).toBe('AuthError');
  });
});

describe('refundEventTicketOrder', () => {
  it('refunds a paid order for a site admin: the money back, the tickets refused at the door, the seats on sale again', async () => {
    const typeId = await ticketType({ capacity: 2 });
    const reader = await signIn(app);
    const { result: order } = await buy(reader, typeId);
    expect(await available(typeId)).toBe(0);

    const refused = await graphql(app, REFUND, { variables: { orderId: order.orderId }, cookie: reader.cookie });
    expect(refused.data!.refundEventTicketOrder.__typename).toBe('UnauthorizedError');

    const refunded = await graphql(app, REFUND, { variables: { orderId: order.orderId }, cookie: admin.cookie });
    expect(refunded.data!.refundEventTicketOrder).toMatchObject({ __typename: 'EventTicketOrder', state: 'refunded' });
    expect(refunded.data!.refundEventTicketOrder.tickets.every((t: { state: string }) => t.state === 'refunded')).toBe(true);
    expect(await available(typeId)).toBe(2);
    const refunds = await app.db.select().from(billingTransactions).where(eq(billingTransactions.kind, 'refund'));
    expect(refunds.filter((r) => r.amount === order.fullPrice).length).toBeGreaterThanOrEqual(1);
    const door = await app.services.events.tickets.checkIn(EVENT, order.tickets[0].code);
    expect(door.kind).toBe('refunded');

    const twice = await graphql(app, REFUND, { variables: { orderId: order.orderId }, cookie: admin.cookie });
    expect(twice.data!.refundEventTicketOrder).toMatchObject({ __typename: 'BaseError', message: expect.stringMatching(/not paid/) });
    const unknown = await graphql(app, REFUND, { variables: { orderId: 'not-an-order' }, cookie: admin.cookie });
    expect(unknown.data!.refundEventTicketOrder).toMatchObject({ __typename: 'BaseError', message: 'There is no such order.' });
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('capacity under concurrent buyers (PostgreSQL)', () => {
  it('sells exactly the last 10 seats to 200 buyers at once, and charges only those 10', async () => {
    const typeId = await ticketType({ capacity: 10 });
    const buyers = await Promise.all(Array.from({ length: 200 }, (_, i) => signIn(app, { first: `Buyer${i}` })));
    const tokens = await Promise.all(buyers.map(() => tokenize(CARDS.success)));
    const results = await Promise.all(
      buyers.map((reader, i) =>
        app.services.billing.tickets.purchaseTickets({
          identityId: reader.identityId,
          ticketTypeId: typeId,
          quantity: 1,
          currency: 'EUR',
          billingInfo: { firstName: 'Buyer', lastName: String(i), countryCode: 'FR' },
          cardToken: tokens[i]!,
          idempotencyKey: `race-${typeId}-${i}`,
        }),
      ),
    );
    const sold = results.filter((r) => r.kind === 'success');
    expect(sold).toHaveLength(10);
    expect(results.filter((r) => r.kind === 'error' && r.type === 'SOLD_OUT')).toHaveLength(190);
    const [type] = await app.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.ticketTypeId, typeId));
    expect(type).toMatchObject({ taken: 10, capacity: 10 });
    const charges = await app.db
      .select()
      .from(sandboxBillingPayments)
      .where(like(sandboxBillingPayments.idempotencyKey, `%:race-${typeId}-%`));
    expect(charges).toHaveLength(10);
  }, 120_000);
});

describe('ticket pages', () => {
  it('sends a signed-out reader to register before the checkout, and shows it to a signed-in one', async () => {
    const typeId = await ticketType({ capacity: 9 });
    const url = `/events/crossroads-the-future-of-clienteling/tickets/?ticketTypeId=${typeId}&quantity=2&country=FR`;
    const anonymous = await page(url);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/user\/register\//);
    const reader = await signIn(app);
    const checkout = await page(url, reader.cookie);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['cache-control']).toContain('no-store');
    const text = pageText(checkout.body);
    expect(text).toContain('2 × Summit pass');
    expect(text).toContain('€600.00');
    expect(text).toContain('9 left.');
  });

  it('lists the reader’s tickets with QR codes and a calendar file only they may download', async () => {
    const typeId = await ticketType();
    const reader = await signIn(app);
    const { result } = await buy(reader, typeId);
    const response = await page('/user/tickets/', reader.cookie);
    expect(response.statusCode).toBe(200);
    for (const ticket of result.tickets) expect(pageText(response.body)).toContain(ticket.code);
    expect(response.body).toContain('<svg');
    const calendarUrl = `/user/tickets/${result.tickets[0].ticketId}/calendar.ics`;
    const calendar = await page(calendarUrl, reader.cookie);
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toContain('text/calendar');
    expect(calendar.body).toContain('SUMMARY:Crossroads: The Future of Clienteling');
    expect((await page(calendarUrl, (await signIn(app)).cookie)).statusCode).toBe(404);
  });

  it('shows the ticket types on the event page, and a sold-out one takes a waiting list', async () => {
    const typeId = await ticketType({ capacity: 1 });
    await buy(await signIn(app), typeId, { quantity: 1, names: [] });
    const reader = await signIn(app);
    const eventPage = await page('/events/crossroads-the-future-of-clienteling/');
    const text = pageText(eventPage.body);
    expect(text).toContain('Summit pass');
    expect(text).toContain('Members €200');
    expect(text).toContain('Sold out');
    const joined = await post(
      '/events/crossroads-the-future-of-clienteling/',
      { intent: 'waiting-list', ticketTypeId: typeId },
      reader.cookie,
    );
    expect(joined.statusCode).toBe(200);
    expect(pageText(joined.body)).toContain('You are on the waiting list for Summit pass');
    expect(await app.services.events.tickets.onWaitingList(typeId, reader.identityId)).toBe(true);
  });
});

describe('free registrations for online events', () => {
  const ONLINE = stableUuid('event', 'voices-online-designing-for-a-smaller-planet');

  it('registers a reader once, emails the place with a calendar file, and reminds them the day before', async () => {
    const reader = await signIn(app);
    const first = await app.services.events.registerForEvent({
      eventId: ONLINE,
      identityId: reader.identityId,
      attendeeName: 'Ada Okafor',
    });
    const again = await app.services.events.registerForEvent({
      eventId: ONLINE,
      identityId: reader.identityId,
      attendeeName: 'Ada Okafor',
    });
    expect(first).toMatchObject({ created: true, ticket: { orderId: null, attendeeName: 'Ada Okafor' } });
    expect(again).toMatchObject({ created: false, ticket: { ticketId: first!.ticket.ticketId } });
    const mails = () =>
      app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, reader.email), eq(outbox.template, 'event_tickets')));
    expect((await mails()).map((m) => m.subject)).toEqual(['You are registered for Voices Online: Designing for a Smaller Planet']);
    await app.services.events.remind(first!.ticket.ticketId);
    await app.services.events.remind(first!.ticket.ticketId);
    expect((await mails()).map((m) => m.subject)).toContain('Tomorrow: Voices Online: Designing for a Smaller Planet');
    expect(await mails()).toHaveLength(2);
  });

  it('takes no registration for an event held in a place', async () => {
    const reader = await signIn(app);
    expect(await app.services.events.registerForEvent({ eventId: EVENT, identityId: reader.identityId, attendeeName: 'Ada' })).toBeNull();
  });
});

describe('staff pages', () => {
  const BASE = '/admin/events/crossroads-the-future-of-clienteling';

  it('lists the attendees with a CSV for a site admin, and refuses anyone else', async () => {
    const typeId = await ticketType();
    const { result } = await buy(await signIn(app), typeId, { names: ['Zoë "Z" Adams', '=cmd'] });
    const list = await page(`${BASE}/attendees/`, admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(pageText(list.body)).toContain(result.tickets[0].code);
    const csv = await page(`${BASE}/attendees.csv`, admin.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Name,Ticket,Code,Order,State,Checked in at');
    expect(csv.body).toContain(`"Zoë ""Z"" Adams",Summit pass,${result.tickets[0].code},${result.orderId},valid,`);
    expect(csv.body).toContain(`'=cmd,Summit pass,${result.tickets[1].code}`);
    const reader = await signIn(app);
    expect((await page(`${BASE}/attendees/`, reader.cookie)).statusCode).toBe(403);
    expect((await page(`${BASE}/attendees.csv`, reader.cookie)).statusCode).toBe(403);
    expect((await page(`${BASE}/check-in/`, reader.cookie)).statusCode).toBe(403);
    expect((await page(`${BASE}/attendees/`)).statusCode).toBe(302);
  });

  it('checks a ticket in once at the door and refuses it the second time', async () => {
    const typeId = await ticketType();
    const { result } = await buy(await signIn(app), typeId);
    const code = result.tickets[0].code as string;
    const first = await post(`${BASE}/check-in/`, { code: code.toLowerCase() }, admin.cookie);
    expect(pageText(first.body)).toContain('Welcome, Ada Okafor: checked in.');
    const second = await post(`${BASE}/check-in/`, { code }, admin.cookie);
    expect(pageText(second.body)).toMatch(new RegExp(`Refused: ticket ${code} \\(Ada Okafor\\) was already checked in at \\d\\d:\\d\\d`));
    const unknown = await post(`${BASE}/check-in/`, { code: 'NOSUCHCODE' }, admin.cookie);
    expect(pageText(unknown.body)).toContain('Refused: no ticket for this event has that code.');
    const reader = await signIn(app);
    expect((await post(`${BASE}/check-in/`, { code: result.tickets[1].code }, reader.cookie)).statusCode).toBe(403);
  });

  it('refunds an order from the attendee list', async () => {
    const typeId = await ticketType({ capacity: 2 });
    const { result } = await buy(await signIn(app), typeId);
    const refunded = await post(`${BASE}/attendees/`, { intent: 'refund', orderId: result.orderId }, admin.cookie);
    expect(pageText(refunded.body)).toContain(`Order ${result.orderId} refunded: 2 seats are on sale again.`);
    expect(await available(typeId)).toBe(2);
  });
});

const EVENT_PAGE = '/events/crossroads-the-future-of-clienteling/';
const STAFF = '/admin/events/crossroads-the-future-of-clienteling';
const seatsBackMails = (reader: Reader) => smtp.to(reader.email).filter((m) => m.subject.startsWith('Tickets are back for'));

/** How many readers the attendee page says wait for the ticket type of that name. */
async function waitingFor(name: string) {
  const text = pageText((await page(`${STAFF}/attendees/`, admin.cookie)).body);
  return Number(new RegExp(`(\\d+) readers? for ${name}[,.]`).exec(text)?.[1] ?? 0);
}

describe('partial refunds (decision 051)', () => {
  it('refunds one ticket of three: its share with tax back once, its seat on sale, the door refuses it, the other two still open it', async () => {
    const typeId = await ticketType({ capacity: 3 });
    const buyer = await signIn(app);
    const { result } = await buy(buyer, typeId, { quantity: 3, names: ['Ada Okafor', 'Ben Okafor', 'Cy Okafor'] });
    expect(result.fullPrice).toBe(90_000);
    const [first, second, third] = result.tickets as { ticketId: string; code: string }[];
    const orderPage = `${STAFF}/orders/${result.orderId}/`;

    const refunded = await post(
      orderPage,
      new URLSearchParams([
        ['intent', 'refund-tickets'],
        ['ticketId', first!.ticketId],
      ]),
      admin.cookie,
    );
    expect(refunded.statusCode).toBe(200);
    expect(pageText(refunded.body)).toContain('1 ticket refunded: €300.00 back to the buyer’s card, and its seat is on sale again.');
    expect(pageText(refunded.body)).toContain('Partly refunded (1 of 3 tickets)');
    expect(await available(typeId)).toBe(1);
    const [payment] = await app.db
      .select()
      .from(sandboxBillingPayments)
      .where(eq(sandboxBillingPayments.id, (await app.services.events.tickets.order(result.orderId))!.paymentReference!));
    expect(payment!.refundedAmount).toBe(30_000);

    // The buyer's tickets page keeps the two that still open the door.
    const theirs = pageText((await page('/user/tickets/', buyer.cookie)).body);
    expect(theirs).toContain('3 tickets, €900.00, 1 refunded');
    expect(theirs).not.toContain(first!.code);
    expect(theirs).toContain(second!.code);

    // The same ticket again: refused, nothing more given back.
    const again = await post(
      orderPage,
      new URLSearchParams([
        ['intent', 'refund-tickets'],
        ['ticketId', first!.ticketId],
      ]),
      admin.cookie,
    );
    expect(pageText(again.body)).toContain('Those tickets are refunded already, or are not of this order.');
    const viaGraphql = await graphql(app, REFUND_TICKETS, {
      variables: { orderId: result.orderId, ticketIds: [first!.ticketId] },
      cookie: admin.cookie,
    });
    expect(viaGraphql.data!.refundEventTickets).toMatchObject({ __typename: 'BaseError' });
    expect((await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.id, payment!.id)))[0]!.refundedAmount).toBe(
      30_000,
    );

    // The door.
    expect((await app.services.events.tickets.checkIn(EVENT, first!.code)).kind).toBe('refunded');
    expect((await app.services.events.tickets.checkIn(EVENT, second!.code)).kind).toBe('checked_in');
    expect((await app.services.events.tickets.checkIn(EVENT, third!.code)).kind).toBe('checked_in');

    // The rest through GraphQL: the order is refunded, the invoice too, and the shares add up to the charge.
    const rest = await graphql(app, REFUND_TICKETS, {
      variables: { orderId: result.orderId, ticketIds: [second!.ticketId, third!.ticketId] },
      cookie: admin.cookie,
    });
    expect(rest.data!.refundEventTickets).toMatchObject({ __typename: 'EventTicketOrder', state: 'refunded', refundedQty: 3 });
    expect((await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.id, payment!.id)))[0]!.refundedAmount).toBe(
      90_000,
    );
    const order = (await app.services.events.tickets.order(result.orderId))!;
    const [invoice] = await app.db.select().from(billingInvoices).where(eq(billingInvoices.id, order.invoiceId!));
    expect(invoice!.state).toBe('refunded');
    const refunds = await app.db
      .select()
      .from(billingTransactions)
      .where(and(eq(billingTransactions.invoiceId, invoice!.id), eq(billingTransactions.kind, 'refund')));
    expect(refunds.map((r) => r.amount).sort()).toEqual([30_000, 60_000]);
    expect(await available(typeId)).toBe(3);
  });

  it('lets only a site admin refund tickets, and refuses tickets of another order', async () => {
    const typeId = await ticketType();
    const { result } = await buy(await signIn(app), typeId);
    const other = await buy(await signIn(app), typeId);
    const reader = await signIn(app);
    const refused = await graphql(app, REFUND_TICKETS, {
      variables: { orderId: result.orderId, ticketIds: [result.tickets[0].ticketId] },
      cookie: reader.cookie,
    });
    expect(refused.data!.refundEventTickets.__typename).toBe('UnauthorizedError');
    expect((await page(`${STAFF}/orders/${result.orderId}/`, reader.cookie)).statusCode).toBe(403);
    expect((await post(`${STAFF}/orders/${result.orderId}/`, { intent: 'refund-all' }, reader.cookie)).statusCode).toBe(403);
    const foreign = await post(
      `${STAFF}/orders/${result.orderId}/`,
      new URLSearchParams([
        ['intent', 'refund-tickets'],
        ['ticketId', other.result.tickets[0].ticketId],
      ]),
      admin.cookie,
    );
    expect(pageText(foreign.body)).toContain('Those tickets are refunded already, or are not of this order.');
    const nothing = await post(`${STAFF}/orders/${result.orderId}/`, { intent: 'refund-tickets', ticketId: 'not-a-ticket' }, admin.cookie);
    expect(nothing.statusCode).toBe(200);
    expect(pageText(nothing.body)).toContain('Choose the tickets of this order to refund.');
    expect((await page(`${STAFF}/orders/${randomUUID()}/`, admin.cookie)).statusCode).toBe(404);
    expect(await available(typeId)).toBe(46);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('concurrent partial refunds (PostgreSQL)', () => {
  it('refunds each ticket once when staff refund the same and other tickets at the same time', async () => {
    const typeId = await ticketType({ capacity: 10 });
    const { result } = await buy(await signIn(app), typeId, { quantity: 3, names: [], country: 'FR' });
    const ids = (result.tickets as { ticketId: string }[]).map((t) => t.ticketId);
    const attempts = [...Array.from({ length: 8 }, () => [ids[0]!]), [ids[0]!, ids[1]!], [ids[1]!, ids[2]!], [ids[2]!], 'all' as const];
    const results = await Promise.all(
      attempts.map((chosen) =>
        chosen === 'all'
          ? app.services.billing.tickets.refundTicketOrder(result.orderId)
          : app.services.billing.tickets.refundTickets(result.orderId, chosen),
      ),
    );
    const given = results.flatMap((r) => (r.kind === 'refunded' ? [r.amount] : []));
    expect(given.reduce((a, b) => a + b, 0)).toBe(result.fullPrice);
    const order = (await app.services.events.tickets.order(result.orderId))!;
    expect(order.state).toBe('refunded');
    const [payment] = await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.id, order.paymentReference!));
    expect(payment!.refundedAmount).toBe(result.fullPrice);
    expect(await available(typeId)).toBe(10);
  }, 60_000);
});

describe('the waiting list (decision 051)', () => {
  it('tells the readers waiting, in the order they joined, one for each seat that comes back, each once; a reader can leave', async () => {
    const typeId = await ticketType({ capacity: 2, name: 'Front row' });
    const { result } = await buy(await signIn(app), typeId, { quantity: 2, names: ['Ada Okafor', 'Ben Okafor'] });
    const waiting = [await signIn(app), await signIn(app), await signIn(app)];
    for (const reader of waiting) {
      const joined = await post(EVENT_PAGE, { intent: 'waiting-list', ticketTypeId: typeId }, reader.cookie);
      expect(pageText(joined.body)).toContain('You are on the waiting list for Front row.');
    }
    // Joining twice keeps the reader's place.
    await post(EVENT_PAGE, { intent: 'waiting-list', ticketTypeId: typeId }, waiting[0]!.cookie);
    expect(await waitingFor('Front row')).toBe(3);

    const orderPage = `${STAFF}/orders/${result.orderId}/`;
    await post(
      orderPage,
      new URLSearchParams([
        ['intent', 'refund-tickets'],
        ['ticketId', result.tickets[0].ticketId],
      ]),
      admin.cookie,
    );
    expect(seatsBackMails(waiting[0]!)).toHaveLength(1);
    expect(seatsBackMails(waiting[1]!)).toHaveLength(0);
    const mail = seatsBackMails(waiting[0]!)[0]!;
    expect(mail.subject).toBe('Tickets are back for Crossroads: The Future of Clienteling');
    expect(mail.text).toContain('Tickets: Front row');
    expect(mail.text).toContain(`Buy them on the event page: https://atelier.test${EVENT_PAGE}`);
    expect(await waitingFor('Front row')).toBe(2);

    // The third reader leaves; the second refund tells the second reader only.
    const left = await post(EVENT_PAGE, { intent: 'leave-waiting-list', ticketTypeId: typeId }, waiting[2]!.cookie);
    expect(pageText(left.body)).toContain('You have left the waiting list for Front row.');
    await post(orderPage, { intent: 'refund-all' }, admin.cookie);
    expect(seatsBackMails(waiting[0]!)).toHaveLength(1);
    expect(seatsBackMails(waiting[1]!)).toHaveLength(1);
    expect(seatsBackMails(waiting[2]!)).toHaveLength(0);
    expect(await waitingFor('Front row')).toBe(0);
  });

  it('tells the next reader when a held payment’s seats come back, and when staff add seats', async () => {
    const typeId = await ticketType({ capacity: 1 });
    const buyer = await signIn(app);
    const challenged = await buy(buyer, typeId, { quantity: 1, names: [], card: CARDS.threeDS });
    expect(challenged.result.__typename).toBe('ThreeDSecureError');
    const waiting = [await signIn(app), await signIn(app)];
    for (const reader of waiting) await post(EVENT_PAGE, { intent: 'waiting-list', ticketTypeId: typeId }, reader.cookie);
    const [held] = await app.db
      .select()
      .from(eventOrders)
      .where(and(eq(eventOrders.ticketTypeId, typeId), eq(eventOrders.state, 'held')));
    // The hold's expiry (the job events.release_hold), twice: the second finds nothing held.
    await app.services.events.tickets.releaseHold(held!.orderId);
    await app.services.events.tickets.releaseHold(held!.orderId);
    expect(seatsBackMails(waiting[0]!)).toHaveLength(1);
    expect(seatsBackMails(waiting[1]!)).toHaveLength(0);

    // Sold out again; staff raise the capacity by one: the second reader is told.
    await buy(await signIn(app), typeId, { quantity: 1, names: [] });
    const editor = `${STAFF}/ticket-types/${typeId}/`;
    const form = await editorValues(editor);
    const saved = await post(editor, { ...form, capacity: '2' }, admin.cookie);
    expect(saved.statusCode).toBe(302);
    expect(seatsBackMails(waiting[1]!)).toHaveLength(1);
    expect(seatsBackMails(waiting[0]!)).toHaveLength(1);
  });
});

/** The editor's fields as the page fills them in. */
async function editorValues(url: string): Promise<Record<string, string>> {
  const html = (await page(url, admin.cookie)).body;
  const values: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*>/g)) {
    const value = /\bvalue="([^"]*)"/.exec(match[0])?.[1] ?? '';
    values[match[1]!] = value
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'");
  }
  return values;
}

describe('the ticket type editor (decision 051)', () => {
  const NEW = `${STAFF}/ticket-types/new/`;
  const valid = {
    name: 'Roundtable seat',
    description: 'A seat at the afternoon roundtable.',
    price_EUR: '120',
    member_EUR: '99.50',
    price_GBP: '',
    member_GBP: '',
    price_USD: '130',
    member_USD: '',
    price_INR: '',
    member_INR: '',
    capacity: '40',
    salesStartAt: '2026-01-01T09:00',
    salesEndAt: '2030-12-01T18:00',
  };

  it('adds a ticket type that the event page sells, edits it and closes its sales', async () => {
    const created = await post(NEW, valid, admin.cookie);
    expect(created.statusCode).toBe(302);
    const id = new URL(created.headers.location as string, 'https://atelier.test').searchParams.get('saved')!;
    const type = (await app.services.events.tickets.ticketType(id))!;
    expect(type).toMatchObject({
      name: 'Roundtable seat',
      prices: { EUR: 12_000, USD: 13_000 },
      memberPrices: { EUR: 9_950 },
      capacity: 40,
      status: 'on_sale',
    });
    // The window is the event's local time (Paris: UTC+1 in winter).
    expect(type.salesStartAt).toBe('2026-01-01T08:00:00.000Z');
    const list = pageText((await page(created.headers.location as string, admin.cookie)).body);
    expect(list).toContain('Roundtable seat is saved.');
    expect(list).toContain('0 of 40');
    expect(pageText((await page(EVENT_PAGE)).body)).toContain('Roundtable seat');

    const edited = await post(
      `${STAFF}/ticket-types/${id}/`,
      { ...(await editorValues(`${STAFF}/ticket-types/${id}/`)), name: 'Roundtable', capacity: '45' },
      admin.cookie,
    );
    expect(edited.statusCode).toBe(302);
    expect((await app.services.events.tickets.ticketType(id))!).toMatchObject({
      name: 'Roundtable',
      capacity: 45,
      memberPrices: { EUR: 9_950 },
    });

    const closed = await post(`${STAFF}/ticket-types/`, { intent: 'close-sales', ticketTypeId: id }, admin.cookie);
    expect(pageText(closed.body)).toContain('Sales of Roundtable are closed.');
    expect((await app.services.events.tickets.ticketType(id))!.status).toBe('ended');
  });

  it('shows each wrong field’s message beside it, and never takes the capacity below the seats sold or held', async () => {
    const errorOf = (html: string, field: string) => new RegExp(`id="${field}-error"[^>]*>([^<]*)<`).exec(html)?.[1];
    const wrong = await post(NEW, { ...valid, name: 'Bad\u0007name', price_EUR: '12,50', capacity: '0' }, admin.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body, 'name')).toBe('Remove the invisible control character from this text');
    expect(errorOf(wrong.body, 'price_EUR')).toBe('Write a price like 250 or 250.50');
    expect(errorOf(wrong.body, 'capacity')).toBe('Write a whole number of seats, from 1 to 100,000');
    // What was typed comes back in the fields.
    expect(wrong.body).toContain('value="12,50"');
    const crossed = await post(NEW, { ...valid, price_EUR: '12,50', member_USD: '140', salesEndAt: '2025-01-01T09:00' }, admin.cookie);
    expect(errorOf(crossed.body, 'price_EUR')).toBe('Write a price like 250 or 250.50');
    expect(errorOf(crossed.body, 'member_USD')).toBe('A member price cannot be more than the price');
    expect(errorOf(crossed.body, 'salesEndAt')).toBe('Sales must end after they start');
    const noPrice = await post(NEW, { ...valid, price_EUR: '', member_EUR: '', price_USD: '' }, admin.cookie);
    expect(errorOf(noPrice.body, 'price_EUR')).toBe('Give a price in at least one currency');

    const typeId = await ticketType({ capacity: 5 });
    await buy(await signIn(app), typeId, { quantity: 3, names: [] });
    const editor = `${STAFF}/ticket-types/${typeId}/`;
    const below = await post(editor, { ...(await editorValues(editor)), capacity: '2' }, admin.cookie);
    expect(below.statusCode).toBe(409);
    expect(/id="capacity-error"[^>]*>([^<]*)</.exec(below.body)?.[1]).toBe(
      'The capacity cannot be below the 3 seats already sold or held.',
    );
    expect((await app.services.events.tickets.ticketType(typeId))!.capacity).toBe(5);
    expect((await post(editor, { ...(await editorValues(editor)), capacity: '3' }, admin.cookie)).statusCode).toBe(302);
    expect((await app.services.events.tickets.ticketType(typeId))!.status).toBe('sold_out');
  });

  it('is for site admins only', async () => {
    const reader = await signIn(app);
    expect((await page(NEW, reader.cookie)).statusCode).toBe(403);
    expect((await post(NEW, valid, reader.cookie)).statusCode).toBe(403);
    expect((await page(`${STAFF}/ticket-types/`, reader.cookie)).statusCode).toBe(403);
    expect((await page(NEW)).statusCode).toBe(302);
    expect((await page(`${STAFF}/ticket-types/${randomUUID()}/`, admin.cookie)).statusCode).toBe(404);
  });
});
