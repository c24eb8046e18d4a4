// What staff's ticket type editor may send (decision 051): a name, a description, a price per
// currency and a member price (in major units, "250" or "250.50"), a capacity and a sale window as
// the event's local time (datetime-local: the form says which zone). One schema for the form's
// fields in the browser and the action on the server; its errors are named by field.
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';
import type { TicketPrices } from './schema.ts';
import type { TicketTypeFields } from './tickets.ts';
import { zonedInstant } from './zoned-time.ts';

export const TICKET_CURRENCIES = ['EUR', 'GBP', 'USD', 'INR'] as const satisfies readonly (keyof TicketPrices)[];

/** The most seats one ticket type has (one order takes at most 1,000). */
export const MAX_CAPACITY = 100_000;

export const ticketTypeMessages = {
  name: 'Give the ticket a name (up to 100 characters)',
  description: 'Keep the description under 300 characters',
  price: 'Write a price like 250 or 250.50',
  noPrice: 'Give a price in at least one currency',
  memberWithoutPrice: 'A member price needs a price in the same currency',
  memberAbovePrice: 'A member price cannot be more than the price',
  capacity: 'Write a whole number of seats, from 1 to 100,000',
  time: 'Choose a date and time',
  window: 'Sales must end after they start',
} as const;

const MONEY = /^\d{1,7}(?:\.\d{1,2})?$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

const money = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || MONEY.test(value), { message: ticketTypeMessages.price });

const localTime = z
  .string()
  .trim()
  .regex(LOCAL_TIME, { message: ticketTypeMessages.time })
  .refine((value) => {
    const [, y, m, d, h, min] = LOCAL_TIME.exec(value)!.map(Number);
    return m! >= 1 && m! <= 12 && d! >= 1 && d! <= 31 && h! <= 23 && min! <= 59 && y! >= 2000 && y! <= 2100;
  }, ticketTypeMessages.time);

/** The editor's fields as sent (every value a string); named errors. */
export const ticketTypeFormSchema = z
  .object({
    name: safeText({ error: ticketTypeMessages.name }).trim().min(1, ticketTypeMessages.name).max(100, ticketTypeMessages.name),
    description: safeText().trim().max(300, ticketTypeMessages.description).default(''),
    capacity: z
      .string({ error: ticketTypeMessages.capacity })
      .trim()
      .regex(/^\d{1,6}$/, ticketTypeMessages.capacity)
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_CAPACITY, ticketTypeMessages.capacity),
    salesStartAt: localTime,
    salesEndAt: localTime,
    price_EUR: money.default(''),
    member_EUR: money.default(''),
    price_GBP: money.default(''),
    member_GBP: money.default(''),
    price_USD: money.default(''),
    member_USD: money.default(''),
    price_INR: money.default(''),
    member_INR: money.default(''),
  })
  // Runs even when a field failed (`when`), so every wrong field is named at once; it compares
  // only values that are well formed themselves.
  .superRefine(
    (fields, context) => {
      const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
      if (TICKET_CURRENCIES.every((c) => !filled(fields[`price_${c}`])))
        context.addIssue({ code: 'custom', path: [`price_${TICKET_CURRENCIES[0]}`], message: ticketTypeMessages.noPrice });
      for (const c of TICKET_CURRENCIES) {
        const price = fields[`price_${c}`];
        const member = fields[`member_${c}`];
        if (!filled(member) || !MONEY.test(member.trim())) continue;
        if (!filled(price)) context.addIssue({ code: 'custom', path: [`member_${c}`], message: ticketTypeMessages.memberWithoutPrice });
        else if (MONEY.test(price.trim()) && minorUnits(member.trim()) > minorUnits(price.trim()))
          context.addIssue({ code: 'custom', path: [`member_${c}`], message: ticketTypeMessages.memberAbovePrice });
      }
      const [start, end] = [fields.salesStartAt, fields.salesEndAt];
      if (filled(start) && filled(end) && LOCAL_TIME.test(start.trim()) && LOCAL_TIME.test(end.trim()) && end.trim() <= start.trim())
        context.addIssue({ code: 'custom', path: ['salesEndAt'], message: ticketTypeMessages.window });
    },
    { when: () => true },
  );

export type TicketTypeForm = z.output<typeof ticketTypeFormSchema>;

/** "250.5" → 25050. */
export function minorUnits(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 25050 → "250.50"; 25000 → "250" (the editor's value for a stored price). */
export function majorUnits(amount: number): string {
  return amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2);
}

function instantIn(local: string, timeZone: string): Date {
  const [, year, month, day, hour, minute] = LOCAL_TIME.exec(local)!.map(Number);
  return zonedInstant({ year: year!, month: month!, day: day! }, hour! * 60 + minute!, timeZone);
}

/** The parsed form as the service stores it: prices in minor units, the window as instants. */
export function ticketTypeFields(form: TicketTypeForm, timeZone: string): TicketTypeFields {
  const prices: TicketPrices = {};
  const memberPrices: TicketPrices = {};
  for (const c of TICKET_CURRENCIES) {
    if (form[`price_${c}`]) prices[c] = minorUnits(form[`price_${c}`]);
    if (form[`member_${c}`]) memberPrices[c] = minorUnits(form[`member_${c}`]);
  }
  return {
    name: form.name,
    description: form.description,
    prices,
    memberPrices: Object.keys(memberPrices).length > 0 ? memberPrices : null,
    capacity: form.capacity,
    salesStartAt: instantIn(form.salesStartAt, timeZone),
    salesEndAt: instantIn(form.salesEndAt, timeZone),
  };
}
