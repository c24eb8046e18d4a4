// The staff's event pages' server half (issue 21): the events with their attendees, each event's
// attendee list (and its CSV), a refund of a paid order, and the door's check-in. Site admins only
// (site-admin.server.ts, the siteAdmin permission); /admin/ pages are never cached.
import { data, type AppLoadContext } from 'react-router';
import { formatMoney } from '../../../../modules/billing/money.ts';
import { EVENT_SLUG } from '../../../../modules/events/event-input.ts';
import { formFields } from '../../user/details.server.ts';
import { requireSiteAdmin } from '../site-admin.server.ts';

type Args = { request: Request; params: { slug?: string }; context: AppLoadContext };

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
  return {
    event: { slug: event.slug, title: event.title, startsAt: event.startsAt, timeZone: event.timeZone },
    attendees: attendees.map((a) => ({
      ticketId: a.ticketId,
      attendeeName: a.attendeeName,
      ticketTypeName: a.ticketTypeName,
      code: a.code,
      orderId: a.orderId,
      state: a.state,
      checkedInAt: a.checkedInAt,
    })),
    orders: orders.map((o) => ({ orderId: o.orderId, state: o.state, quantity: o.quantity, total: formatMoney(o.fullPrice, o.currency) })),
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
    ? { ok: true, message: `Order ${result.order.orderId} refunded: ${result.order.quantity} seats are on sale again.` }
    : { ok: false, message: result.message };
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
