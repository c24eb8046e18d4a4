// The tickets email (issue 21): every ticket of an order (or a free registration's place) with its
// code and its QR code as an inline image, and the event as an .ics attachment. Sent after a paid
// order (billing's ticket purchase, as its receipt) and for a registration and its reminder. And the
// waiting list's notice (`event_seats_back`): seats came back, with a link to the event page.
import type { MailAttachment, MailService } from '../mail/mail-service.ts';
import { paths } from '../../shared/paths.ts';
import type { EventRecord } from './types.ts';
import { eventCalendar, ticketQrPng } from './ticket-files.ts';
import type { TicketView } from './tickets.ts';

/** More than this many tickets in one email: the rest are on the tickets page. */
const TICKETS_IN_EMAIL = 20;

function timeIn(event: EventRecord): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: event.timeZone,
  });
  const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: event.timeZone });
  const start = new Date(event.startsAt);
  const zone = event.timeZone.split('/').at(-1)!.replace(/_/g, ' ');
  return `${day.format(start)}, ${clock.format(start)}${event.endsAt ? `–${clock.format(new Date(event.endsAt))}` : ''} (${zone} time)`;
}

export function createTicketMail({
  mail,
  siteUrl,
  productName,
}: {
  mail: Pick<MailService, 'send'>;
  siteUrl: string;
  productName: string;
}) {
  return async function sendTickets(
    to: string,
    event: EventRecord,
    tickets: TicketView[],
    notice: 'purchased' | 'registered' | 'reminder',
  ): Promise<void> {
    const shown = tickets.slice(0, TICKETS_IN_EMAIL);
    const images: MailAttachment[] = await Promise.all(
      shown.map(async (t) => ({
        filename: `ticket-${t.code}.png`,
        contentType: 'image/png',
        content: (await ticketQrPng(t.code)).replace(/^data:image\/png;base64,/, ''),
        cid: `qr-${t.code.toLowerCase()}@tickets`,
      })),
    );
    const calendar: MailAttachment = {
      filename: `${event.slug}.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(eventCalendar(event, { siteUrl, code: tickets[0]?.code, productName })).toString('base64'),
    };
    await mail.send({
      to,
      template: 'event_tickets',
      data: {
        notice,
        eventTitle: event.title,
        when: timeIn(event),
        where: event.platform ? `Online, on ${event.platform}` : [event.venue, event.location].filter(Boolean).join(', '),
        tickets: shown.map((t, i) => ({ attendeeName: t.attendeeName, code: t.code, qrCid: images[i]!.cid! })),
        more: tickets.length - shown.length,
        link: new URL(paths.yourTickets(), `${siteUrl}/`).toString(),
      },
      attachments: [...images, calendar],
    });
  };
}

export type SendTickets = ReturnType<typeof createTicketMail>;

export function createSeatsBackMail({ mail, siteUrl }: { mail: Pick<MailService, 'send'>; siteUrl: string }) {
  return async function sendSeatsBack(to: string, event: EventRecord, ticketTypeName: string): Promise<void> {
    await mail.send({
      to,
      template: 'event_seats_back',
      data: {
        eventTitle: event.title,
        ticketTypeName,
        when: timeIn(event),
        link: new URL(paths.event(event.slug), `${siteUrl}/`).toString(),
      },
    });
  };
}

export type SendSeatsBack = ReturnType<typeof createSeatsBackMail>;
