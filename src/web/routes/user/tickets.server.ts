// The reader's tickets page's server half: their paid (and refunded) orders and free registrations,
// grouped by event, soonest first, each ticket with its QR code drawn on the server.
import type { AppLoadContext } from 'react-router';
import { formatMoney } from '../../../modules/billing/money.ts';
import { eventCalendar, ticketQrSvg } from '../../../modules/events/ticket-files.ts';
import type { TicketView } from '../../../modules/events/tickets.ts';
import { paths } from '../../../shared/paths.ts';

const withQr = (tickets: TicketView[]) =>
  Promise.all(
    tickets.map(async (t) => ({ ticketId: t.ticketId, code: t.code, attendeeName: t.attendeeName, qrSvg: await ticketQrSvg(t.code) })),
  );

export async function yourTickets(context: AppLoadContext, identityId: string) {
  const { events } = context.services;
  const [orders, registrations] = await Promise.all([events.tickets.ordersOf(identityId), events.tickets.registrationsOf(identityId)]);
  const eventIds = [...new Set([...orders.map((o) => o.eventId), ...registrations.map((r) => r.eventId)])];
  const records = (await Promise.all(eventIds.map((id) => events.eventById(id)))).flatMap((e) => (e ? [e] : []));
  const entries = await Promise.all(
    records.map(async (event) => {
      const own = orders.filter((o) => o.eventId === event.eventId);
      const registered = registrations.filter((r) => r.eventId === event.eventId);
      const firstTicket = own.flatMap((o) => o.tickets)[0] ?? registered[0];
      return {
        eventId: event.eventId,
        slug: event.slug,
        title: event.title,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        timeZone: event.timeZone,
        place: event.platform ? `Online, on ${event.platform}` : [event.venue, event.location].filter(Boolean).join(', '),
        calendarUrl: firstTicket ? paths.ticketCalendar(firstTicket.ticketId) : paths.event(event.slug),
        orders: [
          ...(await Promise.all(
            own.map(async (order) => ({
              orderId: order.orderId,
              state: order.state,
              summary: `${order.quantity} ${order.quantity === 1 ? 'ticket' : 'tickets'}, ${formatMoney(order.fullPrice, order.currency)}${order.state === 'paid' && order.refundedQuantity > 0 ? `, ${order.refundedQuantity} refunded` : ''}`,
              // A partly refunded order shows the tickets that still open the door (decision 051).
              tickets: await withQr(order.state === 'paid' ? order.tickets.filter((t) => t.state === 'valid') : order.tickets),
            })),
          )),
          ...(registered.length
            ? [{ orderId: 'registration', state: 'paid' as const, summary: 'Free registration', tickets: await withQr(registered) }]
            : []),
        ],
      };
    }),
  );
  return { events: entries.sort((a, b) => a.startsAt.localeCompare(b.startsAt)) };
}

/** A ticket's event as an .ics file, for the ticket's holder only. */
export async function ticketCalendar(context: AppLoadContext, identityId: string, ticketId: string): Promise<Response> {
  const { events } = context.services;
  const ticket = /^[0-9a-f-]{36}$/i.test(ticketId) ? await events.tickets.ticket(ticketId) : null;
  const event = ticket && ticket.identityId === identityId ? await events.eventById(ticket.eventId) : null;
  if (!ticket || !event)
    return new Response('There is no such ticket.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const body = eventCalendar(event, { siteUrl: context.config.siteUrl, code: ticket.code, productName: context.config.productName });
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${event.slug}.ics"`,
      'cache-control': 'private, no-store',
    },
  });
}
