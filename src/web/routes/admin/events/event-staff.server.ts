// The staff's event pages' server half (issue 21, decisions 050, 051): the events with their
// attendees, each event's attendee list (and its CSV) with its waiting lists, refunds of a paid
// order or of some of its tickets, the ticket types' editor, and the door's check-in. Site admins
// only (site-admin.server.ts, the siteAdmin permission); /admin/ pages are never cached.
import { data, redirect, type AppLoadContext } from 'react-router';
import { formatMoney, formatPrice } from '../../../../modules/billing/money.ts';
import { EVENT_SLUG } from '../../../../modules/events/event-input.ts';
import { majorUnits, TICKET_CURRENCIES, ticketTypeFields, ticketTypeFormSchema } from '../../../../modules/events/ticket-type-input.ts';
import type { TicketTypeView } from '../../../../modules/events/tickets.ts';
import { localTimeIn } from '../../../../modules/events/zoned-time.ts';
import { paths } from '../../../../shared/paths.ts';
import { fieldErrorsFromZod, type FieldError } from '../../../../shared/validation/field-errors.ts';
import { formFields } from '../../user/details.server.ts';
import { requireSiteAdmin } from '../site-admin.server.ts';

type Args = { request: Request; params: { slug?: string; ticketTypeId?: string; orderId?: string }; context: AppLoadContext };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function eventOf(args: Args) {
  requireSiteAdmin(args);
  const slug = args.params.slug ?? '';
  const event = EVENT_SLUG.test(slug) ? await args.context.services.events.eventBySlug(slug) : null;
  if (!event) throw data({ kind: 'not_found' as const }, { status: 404 });
  return event;
}

export async function staffEvents(args: { request: Request; context: AppLoadContext }) {
  requireSiteAdmin(args);
  const { upcoming, past } = await args.context.services.events.eventListing({});
  return { events: [...upcoming, ...past].map(({ slug, title, startsAt, timeZone }) => ({ slug, title, startsAt, timeZone })) };
}

export async function attendeeList(args: Args) {
  const event = await eventOf(args);
  const { tickets } = args.context.services.events;
  const attendees = await tickets.attendees(event.eventId);
  const orderIds = [...new Set(attendees.flatMap((a) => (a.orderId ? [a.orderId] : [])))];
  const orders = (await Promise.all(orderIds.map((id) => tickets.order(id)))).flatMap((o) => (o ? [o] : []));
  const [types, waiting] = await Promise.all([tickets.ticketTypes(event.eventId), tickets.waitingCounts(event.eventId)]);
  return {
    event: { slug: event.slug, title: event.title, startsAt: event.startsAt, timeZone: event.timeZone },
    waitingLists: types.map((t) => ({ name: t.name, waiting: waiting.get(t.ticketTypeId) ?? 0 })).filter((t) => t.waiting > 0),
    attendees: attendees.map((a) => ({
      ticketId: a.ticketId,
      attendeeName: a.attendeeName,
      ticketTypeName: a.ticketTypeName,
      code: a.code,
      orderId: a.orderId,
      state: a.state,
      checkedInAt: a.checkedInAt,
    })),
    orders: orders.map((o) => ({
      orderId: o.orderId,
      state: o.state,
      quantity: o.quantity,
      refunded: o.refundedQuantity,
      total: formatMoney(o.fullPrice, o.currency),
    })),
    checkedIn: attendees.filter((a) => a.checkedInAt).length,
  };
}

/** A refund of a paid order (billing gives the money back, events the seats). */
export async function attendeeAction(args: Args) {
  await eventOf(args);
  const fields = await formFields(args.request);
  if (fields.intent !== 'refund' || !fields.orderId) return { ok: false, message: 'Choose an order to refund.' };
  const result = await args.context.services.billing.tickets.refundTicketOrder(fields.orderId);
  return result.kind === 'refunded'
    ? { ok: true, message: `Order ${result.order.orderId} refunded: ${result.refundedTickets} seats are on sale again.` }
    : { ok: false, message: result.message };
}

/** One order of the event, for its refund page: each ticket, refunded or not, and what was charged. */
async function orderOf(args: Args) {
  const event = await eventOf(args);
  const orderId = args.params.orderId ?? '';
  const order = UUID.test(orderId) ? await args.context.services.events.tickets.order(orderId) : null;
  if (!order || order.eventId !== event.eventId || order.state === 'held' || order.state === 'released')
    throw data({ kind: 'not_found' as const }, { status: 404 });
  return { event, order };
}

export async function orderPage(args: Args) {
  const { event, order } = await orderOf(args);
  const type = await args.context.services.events.tickets.ticketType(order.ticketTypeId);
  return {
    event: { slug: event.slug, title: event.title },
    order: {
      orderId: order.orderId,
      state: order.state,
      quantity: order.quantity,
      refunded: order.refundedQuantity,
      ticketTypeName: type?.name ?? 'Tickets',
      total: formatMoney(order.fullPrice, order.currency),
      /** One ticket's share of what was charged, tax included (the last one takes the rounding). */
      each: formatMoney(Math.floor(order.fullPrice / order.quantity), order.currency),
      tickets: order.tickets.map((t) => ({
        ticketId: t.ticketId,
        attendeeName: t.attendeeName,
        code: t.code,
        state: t.state,
        checkedInAt: t.checkedInAt,
      })),
    },
  };
}

/** Refunds the ticked tickets of the order, or all that are left ("refund-all"). */
export async function orderAction(args: Args) {
  const { order } = await orderOf(args);
  const form = await args.request.formData();
  const intent = form.get('intent');
  const ticketIds = form.getAll('ticketId').filter((v): v is string => typeof v === 'string');
  const { tickets } = args.context.services.billing;
  const result =
    intent === 'refund-all'
      ? await tickets.refundTicketOrder(order.orderId)
      : intent === 'refund-tickets'
        ? await tickets.refundTickets(order.orderId, ticketIds)
        : null;
  if (!result) return { ok: false, message: 'Choose the tickets to refund.' };
  if (result.kind === 'error') return { ok: false, message: result.message };
  const n = result.refundedTickets;
  return {
    ok: true,
    message: `${n} ${n === 1 ? 'ticket' : 'tickets'} refunded: ${formatMoney(result.amount, result.order.currency)} back to the buyer’s card, and ${n === 1 ? 'its seat is' : 'their seats are'} on sale again.`,
  };
}

function typeRow(t: TicketTypeView, waiting: number) {
  return {
    ticketTypeId: t.ticketTypeId,
    name: t.name,
    prices: Object.entries(t.prices).map(([currency, amount]) => formatPrice(amount!, currency)),
    capacity: t.capacity,
    taken: t.capacity - t.available,
    status: t.status,
    salesStartAt: t.salesStartAt,
    salesEndAt: t.salesEndAt,
    waiting,
  };
}

export async function ticketTypesPage(args: Args) {
  const event = await eventOf(args);
  const { tickets } = args.context.services.events;
  const [types, waiting] = await Promise.all([tickets.ticketTypes(event.eventId), tickets.waitingCounts(event.eventId)]);
  return {
    event: { slug: event.slug, title: event.title, timeZone: event.timeZone },
    ticketTypes: types.map((t) => typeRow(t, waiting.get(t.ticketTypeId) ?? 0)),
  };
}

/** Closes a ticket type's sales from the list. */
export async function ticketTypesAction(args: Args) {
  const event = await eventOf(args);
  const fields = await formFields(args.request);
  const type = UUID.test(fields.ticketTypeId ?? '') ? await args.context.services.events.tickets.ticketType(fields.ticketTypeId!) : null;
  if (fields.intent !== 'close-sales' || !type || type.eventId !== event.eventId) return { ok: false, message: 'Choose a ticket type.' };
  const closed = await args.context.services.events.tickets.closeSales(event.eventId, type.ticketTypeId);
  return closed
    ? { ok: true, message: `Sales of ${type.name} are closed.` }
    : { ok: false, message: `Sales of ${type.name} had ended already.` };
}

/** The editor's values for a ticket type (new: empty, sales from now for a month, in the event's zone). */
function formValues(type: TicketTypeView | null, timeZone: string): Record<string, string> {
  const now = Date.now();
  const values: Record<string, string> = {
    name: type?.name ?? '',
    description: type?.description ?? '',
    capacity: type ? String(type.capacity) : '',
    salesStartAt: localTimeIn(type?.salesStartAt ?? new Date(now), timeZone),
    salesEndAt: localTimeIn(type?.salesEndAt ?? new Date(now + 30 * 86_400_000), timeZone),
  };
  for (const c of TICKET_CURRENCIES) {
    const price = type?.prices[c];
    const member = type?.memberPrices?.[c];
    values[`price_${c}`] = price === undefined ? '' : majorUnits(price);
    values[`member_${c}`] = member === undefined ? '' : majorUnits(member);
  }
  return values;
}

async function editedType(args: Args) {
  const event = await eventOf(args);
  const id = args.params.ticketTypeId ?? '';
  if (id === 'new') return { event, type: null };
  const type = UUID.test(id) ? await args.context.services.events.tickets.ticketType(id) : null;
  if (!type || type.eventId !== event.eventId) throw data({ kind: 'not_found' as const }, { status: 404 });
  return { event, type };
}

export async function ticketTypePage(args: Args) {
  const { event, type } = await editedType(args);
  return {
    event: { slug: event.slug, title: event.title, timeZone: event.timeZone },
    ticketType: type ? { ticketTypeId: type.ticketTypeId, name: type.name, taken: type.capacity - type.available } : null,
    values: formValues(type, event.timeZone),
  };
}

export type TicketTypeAnswer = { message: string; fieldErrors: FieldError[]; values: Record<string, string> };

/** Saves the editor: every field checked with the shared schema; the capacity never below what is sold or held. */
export async function ticketTypeAction(args: Args) {
  const { event, type } = await editedType(args);
  const values = await formFields(args.request);
  const parsed = ticketTypeFormSchema.safeParse(values);
  if (!parsed.success)
    return data<TicketTypeAnswer>(
      { message: 'Check the fields marked below.', fieldErrors: fieldErrorsFromZod(parsed.error), values },
      400,
    );
  const outcome = await args.context.services.events.tickets.saveTicketType(
    event.eventId,
    type?.ticketTypeId ?? null,
    ticketTypeFields(parsed.data, event.timeZone),
  );
  if (outcome.kind === 'not_found') throw data({ kind: 'not_found' as const }, { status: 404 });
  if (outcome.kind === 'below_taken') {
    const message = `The capacity cannot be below the ${outcome.taken} seats already sold or held.`;
    return data<TicketTypeAnswer>({ message, fieldErrors: [{ path: ['capacity'], code: 'too_small', message }], values }, 409);
  }
  throw redirect(`${paths.adminEventTicketTypes(event.slug)}?saved=${encodeURIComponent(outcome.ticketType.ticketTypeId)}`);
}

/** One cell of a CSV row: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (spreadsheet formulas). */
function cell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function attendeeCsv(args: Args): Promise<Response> {
  const list = await attendeeList(args);
  const rows = [
    ['Name', 'Ticket', 'Code', 'Order', 'State', 'Checked in at'],
    ...list.attendees.map((a) => [a.attendeeName, a.ticketTypeName, a.code, a.orderId ?? 'registration', a.state, a.checkedInAt ?? '']),
  ];
  return new Response(`${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${list.event.slug}-attendees.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}

export async function checkInPage(args: Args) {
  const event = await eventOf(args);
  const attendees = await args.context.services.events.tickets.attendees(event.eventId);
  return {
    event: { slug: event.slug, title: event.title },
    total: attendees.filter((a) => a.state === 'valid').length,
    checkedIn: attendees.filter((a) => a.checkedInAt).length,
  };
}

export type CheckInAnswer = { outcome: 'checked_in' | 'already_checked_in' | 'refunded' | 'unknown'; message: string };

export async function checkInAction(args: Args): Promise<CheckInAnswer> {
  const event = await eventOf(args);
  const fields = await formFields(args.request);
  const outcome = await args.context.services.events.tickets.checkIn(event.eventId, fields.code ?? '');
  switch (outcome.kind) {
    case 'checked_in':
      return { outcome: 'checked_in', message: `Welcome, ${outcome.ticket.attendeeName}: checked in.` };
    case 'already_checked_in':
      return {
        outcome: 'already_checked_in',
        message: `Refused: ticket ${outcome.ticket.code} (${outcome.ticket.attendeeName}) was already checked in at ${new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: event.timeZone }).format(new Date(outcome.ticket.checkedInAt!))}.`,
      };
    case 'refunded':
      return { outcome: 'refunded', message: `Refused: ticket ${outcome.ticket.code} was refunded.` };
    case 'unknown':
      return { outcome: 'unknown', message: 'Refused: no ticket for this event has that code.' };
  }
}
