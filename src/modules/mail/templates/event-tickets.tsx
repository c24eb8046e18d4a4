// The tickets email (events, issue 21): the event, when and where, then each ticket with its name,
// its code and its QR code (an inline image attached to the message, `cid:`), and a button to the
// reader's tickets page. The calendar file (.ics) travels as an attachment. The same template
// carries a free registration's place and the reminder the day before. `event_seats_back` tells a
// reader on a ticket type's waiting list that seats came back, with a link to the event page.
import { Img } from '@react-email/components';
import { z } from 'zod';
import { ActionButton, Block, MUTED, Paragraph, SANS, SERIF } from './blocks.tsx';
import { addressed, contextSchema, framedEmail, httpUrl, type FrameCopy, type RenderedEmail } from './frame.tsx';

export const EVENT_TICKET_TEMPLATES = ['event_tickets', 'event_seats_back'] as const;
export type EventTicketTemplate = (typeof EVENT_TICKET_TEMPLATES)[number];

export const EVENT_TICKET_NOTICES = ['purchased', 'registered', 'reminder'] as const;

const ticketsSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  notice: z.enum(EVENT_TICKET_NOTICES),
  eventTitle: z.string().trim().min(1).max(200),
  /** Already formatted in the event's time zone, e.g. "Thursday 31 December 2026, 13:30–18:30 (Paris time)". */
  when: z.string().trim().min(1).max(200),
  where: z.string().trim().min(1).max(300),
  tickets: z
    .array(
      z.object({
        attendeeName: z.string().trim().min(1).max(200),
        code: z
          .string()
          .trim()
          .regex(/^[A-Z0-9]{4,40}$/),
        /** The content id of the QR code's image attachment. */
        qrCid: z
          .string()
          .trim()
          .regex(/^[a-z0-9.@-]{1,100}$/),
      }),
    )
    .min(1)
    .max(50),
  /** Tickets beyond those listed (a large order): they are on the tickets page. */
  more: z.number().int().min(0).default(0),
  link: httpUrl,
});
export type EventTicketsEmailData = z.input<typeof ticketsSchema>;

const COPY: Record<(typeof EVENT_TICKET_NOTICES)[number], FrameCopy<{ productName: string; eventTitle: string }>> = {
  purchased: {
    subject: ({ eventTitle }) => `Your tickets for ${eventTitle}`,
    preview: 'Your tickets, with a QR code each for the door, and the event for your calendar.',
    kicker: 'Tickets',
    headline: 'Your tickets',
    lead: ({ eventTitle }) => ['You are going to ', { strong: eventTitle }, '. Show a ticket’s QR code at the door, or tell us its code.'],
  },
  registered: {
    subject: ({ eventTitle }) => `You are registered for ${eventTitle}`,
    preview: 'Your place, and the event for your calendar.',
    kicker: 'Registration',
    headline: 'You are registered',
    lead: ({ eventTitle }) => [
      'Your place at ',
      { strong: eventTitle },
      ' is kept. The link to join comes with the reminder the day before.',
    ],
  },
  reminder: {
    subject: ({ eventTitle }) => `Tomorrow: ${eventTitle}`,
    preview: 'A reminder: the event is tomorrow.',
    kicker: 'Reminder',
    headline: 'See you tomorrow',
    lead: ({ eventTitle }) => [{ strong: eventTitle }, ' is tomorrow. Here are your details once more.'],
  },
};

const seatsBackSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  eventTitle: z.string().trim().min(1).max(200),
  ticketTypeName: z.string().trim().min(1).max(200),
  when: z.string().trim().min(1).max(200),
  /** The event page, where the tickets are bought. */
  link: httpUrl,
});
export type EventSeatsBackEmailData = z.input<typeof seatsBackSchema>;

const SEATS_BACK: FrameCopy<{ productName: string; eventTitle: string }> = {
  subject: ({ eventTitle }) => `Tickets are back for ${eventTitle}`,
  preview: 'Seats came back for the tickets you were waiting for.',
  kicker: 'Waiting list',
  headline: 'Tickets are back',
  lead: ({ eventTitle }) => ['Seats came back for ', { strong: eventTitle }, '. They go to whoever buys first, so do not wait long.'],
};

function renderSeatsBackEmail(data: unknown): Promise<RenderedEmail> {
  const d = addressed(seatsBackSchema.parse(data));
  return framedEmail(SEATS_BACK, d, {
    because: 'joined a waiting list on',
    text: [
      `Tickets: ${d.ticketTypeName}`,
      `When: ${d.when}`,
      '',
      `Buy them on the event page: ${d.link}`,
      'We tell each reader on the list once; you are off the list now. If they sell out again, join it again there.',
      '',
    ],
    html: (
      <>
        <Paragraph top={20}>
          <strong>Tickets</strong> {d.ticketTypeName}
          <br />
          <strong>When</strong> {d.when}
        </Paragraph>
        <ActionButton label="Buy tickets" href={d.link} />
        <Paragraph top={20} small>
          We tell each reader on the list once; you are off the list now. If they sell out again, join it again on the event page.
        </Paragraph>
      </>
    ),
  });
}

export function renderEventTicketsEmail(template: EventTicketTemplate, data: unknown): Promise<RenderedEmail> {
  if (template === 'event_seats_back') return renderSeatsBackEmail(data);
  const d = addressed(ticketsSchema.parse(data));
  const copy = COPY[d.notice];
  const more = d.more > 0 ? `And ${d.more} more ${d.more === 1 ? 'ticket' : 'tickets'} on your tickets page.` : null;
  return framedEmail(copy, d, {
    because: 'has tickets or a registration on',
    text: [
      `When: ${d.when}`,
      `Where: ${d.where}`,
      '',
      ...d.tickets.map((t) => `${t.attendeeName}: ticket code ${t.code}`),
      ...(more ? [more] : []),
      '',
      'The event is attached as a calendar file (.ics).',
      `Your tickets: ${d.link}`,
      '',
    ],
    html: (
      <>
        <Paragraph top={20}>
          <strong>When</strong> {d.when}
          <br />
          <strong>Where</strong> {d.where}
        </Paragraph>
        {d.tickets.map((t) => (
          <Block key={t.code} top={20}>
            <Img src={`cid:${t.qrCid}`} width="160" height="160" alt={`QR code for ticket ${t.code}`} />
            <p style={{ margin: '8px 0 0', fontFamily: SERIF, fontSize: 18 }}>{t.attendeeName}</p>
            <p style={{ margin: '4px 0 0', fontFamily: SANS, fontSize: 14, color: MUTED, letterSpacing: '0.05em' }}>Ticket code {t.code}</p>
          </Block>
        ))}
        {more && <Paragraph top={16}>{more}</Paragraph>}
        <Paragraph top={20} small>
          The event is attached as a calendar file (.ics).
        </Paragraph>
        <ActionButton label="Your tickets" href={d.link} />
      </>
    ),
  });
}
