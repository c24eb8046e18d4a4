// Event tickets as a purchase kind (paid-purchase.ts, issue 21, decision 050): 1 to 1,000 tickets
// of one ticket type, at the price (or the member price) in the buyer's currency with their
// country's tax, charged through the one paid-purchase path. The seats are the events module's:
// `decide` holds them before the card is charged (so a sold-out type charges nobody), a card that
// fails gives them back, 3-D Secure keeps them until the buyer answers (or the hold expires), and
// `record` writes the paid invoice and then has events issue the tickets; a hold that expired
// meanwhile makes the charge "lost", and the path refunds it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { safeText } from '../../shared/validation/formats.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';
import type { EventsService } from '../events/events-service.ts';
import type { OrderView } from '../events/tickets.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { heldMembership } from '../memberships/terms.ts';
import { keyedUuid } from './idempotency.ts';
import { cardOnFile, ensurePersonAccount, writePaidInvoice } from './ledger.ts';
import { formatMoney, taxLabel } from './money.ts';
import { threeDSecureAnswer, type PurchaseKind } from './paid-purchase.ts';
import { parseCurrency } from './pricing.ts';
import type { BillingProvider, CardSummary } from './provider.ts';
import { PURCHASE_MESSAGES, purchaseInputSchema } from './purchase-terms.ts';
import { billingAccounts, billingInvoices } from './schema.ts';
import { taxAmount, taxFor, type TaxInfo } from './tax/index.ts';

export const MAX_TICKETS = 1000;

export const ticketPurchaseInputSchema = purchaseInputSchema
  .pick({ identityId: true, currency: true, billingInfo: true, cardToken: true, idempotencyKey: true, threeDSecureActionResultToken: true })
  .extend({
    ticketTypeId: z.uuid({ error: 'Choose a ticket.' }),
    quantity: z.coerce
      .number({ error: 'Enter how many tickets.' })
      .int('Enter a whole number of tickets.')
      .min(1, 'Buy at least one ticket.')
      .max(MAX_TICKETS, `Buy at most ${MAX_TICKETS} tickets at once.`),
    /** One per ticket; left out or short, the rest carry the buyer's name. */
    attendeeNames: z.array(safeText().trim().max(200, 'Use at most 200 characters.')).max(MAX_TICKETS).default([]),
  })
  .refine((input) => input.attendeeNames.length <= input.quantity, {
    path: ['attendeeNames'],
    message: 'There are more names than tickets.',
  });
export type TicketPurchaseInput = z.input<typeof ticketPurchaseInputSchema>;
export type TicketPurchase = z.output<typeof ticketPurchaseInputSchema>;

export const TICKET_ERROR_TYPES = ['SOLD_OUT', 'NOT_ON_SALE', 'INVALID_CURRENCY', 'PURCHASE_ERROR', 'TRANSACTION_ERROR'] as const;
export type TicketErrorType = (typeof TICKET_ERROR_TYPES)[number];

export const TICKET_MESSAGES = {
  NOT_ON_SALE: 'These tickets are not on sale now.',
  INVALID_CURRENCY: 'These tickets are not sold in that currency. Choose one of the prices shown.',
  RELEASED: 'Your seats were held for 15 minutes and have gone back on sale. Start again to buy them.',
  LOST: 'Your seats went back on sale before the payment was recorded.',
  SIGN_IN: 'Sign in again to buy tickets.',
} as const;

export function soldOutMessage(available: number): string {
  return available > 0
    ? `Only ${available} ${available === 1 ? 'ticket is' : 'tickets are'} left. Choose fewer, or join the waiting list.`
    : 'These tickets are sold out. Join the waiting list and we will email you if seats come back.';
}

export type TicketPurchaseResult =
  | { kind: 'success'; order: OrderView }
  | { kind: 'error'; type: TicketErrorType; message: string }
  | ReturnType<typeof threeDSecureAnswer>
  | { kind: 'invalid'; fieldErrors: FieldError[] };

export const ticketRefusal = (type: TicketErrorType, message: string): TicketPurchaseResult => ({ kind: 'error', type, message });

/** What billing asks of the events module (its service). */
export type EventTicketsPort = Pick<EventsService, 'eventById' | 'tickets' | 'sendOrderTickets'>;

/** The price of `quantity` tickets: the unit price (or member price) in the currency, tax on the whole. */
export interface TicketPrice {
  currency: string;
  unitPrice: number;
  itemPrice: number;
  taxAmount: number;
  fullPrice: number;
  taxInfo: TaxInfo;
  memberPrice: boolean;
}

export function ticketPrice(
  type: { prices: Partial<Record<string, number>>; memberPrices: Partial<Record<string, number>> | null },
  { currency, quantity, countryCode, isMember }: { currency: string; quantity: number; countryCode: string | null; isMember: boolean },
): TicketPrice | null {
  const member = isMember ? type.memberPrices?.[currency] : undefined;
  const unitPrice = member ?? type.prices[currency];
  if (unitPrice === undefined) return null;
  const itemPrice = unitPrice * quantity;
  const taxInfo = taxFor({ countryCode });
  const tax = taxAmount(itemPrice, taxInfo.rate);
  return { currency, unitPrice, itemPrice, taxAmount: tax, fullPrice: itemPrice + tax, taxInfo, memberPrice: member !== undefined };
}

export const ticketOrderIdFor = (identityId: string, idempotencyKey: string) => keyedUuid('ticket-order', identityId, idempotencyKey);

interface TicketLine {
  input: TicketPurchase;
  orderId: string;
  eventTitle: string;
  ticketTypeName: string;
  price: TicketPrice;
  buyerEmail: string;
  account: typeof billingAccounts.$inferSelect;
}

export interface TicketPurchaseOptions {
  db: Db;
  provider: Pick<BillingProvider, 'name' | 'createCustomer'>;
  events: EventTicketsPort;
  memberships: Pick<MembershipsService, 'currentMembership'>;
  mail: Pick<MailService, 'send'>;
  personOf: (identityId: string) => Promise<{ email: string } | null>;
  siteUrl: string;
  ticketsPath: string;
  now: () => Date;
}

export function ticketPurchase({
  db,
  provider,
  events,
  memberships,
  mail,
  personOf,
  siteUrl,
  ticketsPath,
  now,
}: TicketPurchaseOptions): PurchaseKind<TicketPurchase, TicketLine, OrderView, TicketPurchaseResult> {
  async function sendReceipt(line: TicketLine, order: OrderView, card: CardSummary) {
    const { price } = line;
    const tax = taxLabel(price.taxInfo);
    const lines = [
      { label: 'Event', value: line.eventTitle },
      { label: 'Tickets', value: `${order.quantity} × ${line.ticketTypeName} at ${formatMoney(price.unitPrice, price.currency)}` },
      { label: 'Subtotal', value: formatMoney(price.itemPrice, price.currency) },
      ...(tax ? [{ label: tax, value: formatMoney(price.taxAmount, price.currency) }] : []),
      { label: 'Charged today', value: formatMoney(price.fullPrice, price.currency) },
      { label: 'Card', value: `${card.cardType} ending ${card.lastFour}` },
      { label: 'Order', value: order.orderId },
    ];
    await mail.send({
      to: line.buyerEmail,
      template: 'receipt',
      data: {
        planTitle: `Tickets for ${line.eventTitle}`,
        lines,
        note: 'Your tickets, each with its code for the door, are on your account page.',
        link: new URL(ticketsPath, `${siteUrl}/`).toString(),
      },
    });
  }

  return {
    async decide(input) {
      const orderId = ticketOrderIdFor(input.identityId, input.idempotencyKey);
      const answer = (result: TicketPurchaseResult, store = false) => ({ kind: 'answer' as const, result, store });
      const buyer = await personOf(input.identityId);
      if (!buyer) return answer(ticketRefusal('PURCHASE_ERROR', TICKET_MESSAGES.SIGN_IN));
      const type = await events.tickets.ticketType(input.ticketTypeId);
      if (!type)
        return answer({
          kind: 'invalid',
          fieldErrors: [{ path: ['ticketTypeId'], code: 'unknown_ticket_type', message: 'There is no such ticket.' }],
        });
      const event = await events.eventById(type.eventId);
      if (!event) return answer(ticketRefusal('NOT_ON_SALE', TICKET_MESSAGES.NOT_ON_SALE));

      // A retry under the same key: the order it made, as it is now.
      const made = await events.tickets.order(orderId);
      if (made?.state === 'paid') return answer({ kind: 'success', order: made }, true);
      if (made && made.state !== 'held') return answer(ticketRefusal('PURCHASE_ERROR', TICKET_MESSAGES.RELEASED), true);

      const currency = parseCurrency(input.currency);
      const isMember = heldMembership(await memberships.currentMembership(input.identityId)).level !== 'None';
      const price = currency
        ? ticketPrice(type, { currency, quantity: input.quantity, countryCode: input.billingInfo.countryCode, isMember })
        : null;
      if (!price) return answer(ticketRefusal('INVALID_CURRENCY', TICKET_MESSAGES.INVALID_CURRENCY));

      if (!made) {
        const buyerName = `${input.billingInfo.firstName} ${input.billingInfo.lastName}`;
        const held = await events.tickets.holdSeats({
          orderId,
          identityId: input.identityId,
          ticketTypeId: type.ticketTypeId,
          quantity: input.quantity,
          attendeeNames: Array.from({ length: input.quantity }, (_, i) => input.attendeeNames[i] || buyerName),
          currency: price.currency,
          itemPrice: price.itemPrice,
          taxAmount: price.taxAmount,
          fullPrice: price.fullPrice,
          memberPrice: price.memberPrice,
        });
        switch (held.kind) {
          case 'sold_out':
            return answer(ticketRefusal('SOLD_OUT', soldOutMessage(held.available)));
          case 'not_on_sale':
          case 'unknown_ticket_type':
            return answer(ticketRefusal('NOT_ON_SALE', TICKET_MESSAGES.NOT_ON_SALE));
          case 'existing':
            if (held.order.state !== 'held') return answer(ticketRefusal('PURCHASE_ERROR', TICKET_MESSAGES.RELEASED), true);
            break;
          case 'held':
            break;
        }
      }
      // A held order (this request's, or the one a 3-D Secure challenge left) is charged at the price it was held at.
      const order = (await events.tickets.order(orderId))!;
      const heldPrice: TicketPrice = {
        ...price,
        itemPrice: order.itemPrice,
        taxAmount: order.taxAmount,
        fullPrice: order.fullPrice,
        unitPrice: Math.round(order.itemPrice / order.quantity),
      };
      const account = await ensurePersonAccount({ db, provider, personOf, now }, input.identityId, input.billingInfo);
      return {
        kind: 'charge',
        line: { input, orderId, eventTitle: event.title, ticketTypeName: type.name, price: heldPrice, buyerEmail: buyer.email, account },
        charge: {
          accountId: account.id,
          customerId: account.providerCustomerId,
          token: input.cardToken,
          amount: heldPrice.fullPrice,
          currency: heldPrice.currency,
          transactionKind: 'purchase',
          providerKey: `tickets:${input.identityId}:${input.idempotencyKey}`,
          threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? null,
        },
      };
    },

    async record({ orderId, price, account }, { transactionId, card, at }) {
      const invoiceId = randomUUID();
      await db.transaction(async (tx) => {
        await writePaidInvoice(
          tx,
          {
            id: invoiceId,
            accountId: account.id,
            currency: price.currency,
            subtotal: price.itemPrice,
            taxAmount: price.taxAmount,
            total: price.fullPrice,
            taxInfo: price.taxInfo,
            createdAt: at,
          },
          { kind: 'purchase', providerReference: transactionId },
        );
        await tx.update(billingAccounts).set(cardOnFile(card, at)).where(eq(billingAccounts.id, account.id));
      });
      const order = await events.tickets.confirmPaid(orderId, { invoiceId, paymentReference: transactionId, at });
      // The hold expired meanwhile: the path refunds the charge, and the invoice says so.
      if (!order) await db.update(billingInvoices).set({ state: 'refunded' }).where(eq(billingInvoices.id, invoiceId));
      return order;
    },

    // The tickets were issued with the payment's record (confirmPaid).
    async fulfil() {},

    // The receipt, then the tickets themselves (QR codes, the calendar file): the events module's email.
    async receipt(line, order, { card }) {
      await sendReceipt(line, order, card);
      await events.sendOrderTickets(order.orderId);
    },

    paid: (_line, order) => ({ kind: 'success', order }),

    async unpaid({ input, orderId, account }, outcome) {
      switch (outcome.status) {
        case 'three_d_secure_required':
          // The seats stay held while the buyer answers their bank (until the hold expires).
          return threeDSecureAnswer(account.id, input.cardToken, outcome, PURCHASE_MESSAGES.THREE_D_SECURE);
        case 'declined':
        case 'insufficient_funds':
          await events.tickets.releaseHold(orderId);
          return ticketRefusal('PURCHASE_ERROR', outcome.message);
        case 'error':
          await events.tickets.releaseHold(orderId);
          return ticketRefusal('TRANSACTION_ERROR', outcome.message);
      }
    },

    lost: (_line, givenBack) => ticketRefusal('TRANSACTION_ERROR', `${TICKET_MESSAGES.LOST} ${givenBack}`),
  };
}
