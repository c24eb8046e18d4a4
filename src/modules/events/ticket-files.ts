// What a ticket carries beyond its row: the QR code the door scans (its code, drawn by `qrcode`) and
// the event as a calendar file (RFC 5545, written by `ics`). Both libraries are maintained and widely
// used; neither reaches the network.
import { createEvent } from 'ics';
import QRCode from 'qrcode';
import { paths } from '../../shared/paths.ts';
import type { EventRecord } from './types.ts';

/** The ticket's code as an SVG QR code (black on white, a quiet zone of two modules). */
export function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/** The same as a PNG data URL, for email (clients that show no SVG show this). */
export function ticketQrPng(code: string): Promise<string> {
  return QRCode.toDataURL(code, { margin: 2, errorCorrectionLevel: 'M', width: 240 });
}

/** The event as an .ics file: its times as instants (UTC), where it is, its page, and the ticket's code. */
export function eventCalendar(
  event: EventRecord,
  { siteUrl, code, productName }: { siteUrl: string; code?: string; productName: string },
): string {
  const start = Date.parse(event.startsAt);
  const end = event.endsAt ? Date.parse(event.endsAt) : start + 2 * 3_600_000;
  const url = new URL(paths.event(event.slug), `${siteUrl}/`).toString();
  const { error, value } = createEvent({
    uid: `${event.eventId}${code ? `-${code}` : ''}@${new URL(siteUrl).hostname}`,
    title: event.title,
    description: `${event.description}${code ? `\n\nYour ticket code: ${code}` : ''}\n\n${url}`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    location: event.platform ? `Online (${event.platform})` : [event.venue, event.location].filter(Boolean).join(', '),
    url,
    organizer: { name: productName },
    productId: `${productName}/events`,
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return value;
}
