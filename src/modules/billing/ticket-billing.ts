// Billing for event tickets (issue 21, decisions 050, 051): buying them through the one paid-purchase
// path (ticket-purchase.ts) and a site admin's refund of a paid order or of some of its tickets, which
// gives their money back (ledger.ts, the one place refunds are asked for) and then the seats (the
// events module).
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import type { OrderView } from '../events/tickets.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { heldMembership } from '../memberships/terms.ts';
import { refundCharge } from './ledger.ts';
import { createPaidPurchases, errorReporter, type BillingLog, type ReportError } from './paid-purchase.ts';
import type { BillingProvider } from './provider.ts';
import { keyedPurchaseAnswers } from './purchase-terms.ts';
import { billingInvoices, billingTransactions } from './schema.ts';
import {
  ticketPrice,
  ticketPurchase,
  ticketPurchaseInputSchema,
  ticketRefusal,
  type EventTicketsPort,
  type TicketPrice,
  type TicketPurchaseInput,
  type TicketPurchaseResult,
} from './ticket-purchase.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RefundResult =
  | { kind: 'refunded'; order: OrderView; /** Given back now, in minor units. */ amount: number; refundedTickets: number }
  | { kind: 'error'; code: 'NOT_FOUND' | 'NOT_PAID' | 'NO_TICKETS' | 'REFUND_FAILED'; message: string };

export interface TicketBillingOptions {
  db: Db;
  provider: BillingProvider;
  events: EventTicketsPort;
  memberships: Pick<MembershipsService, 'currentMembership'>;
  mail: Pick<MailService, 'send'>;
  personOf: (identityId: string) => Promise<{ email: string } | null>;
  siteUrl: string;
  ticketsPath: string;
  now?: () => Date;
  inProgressWaitMs?: number;
  log?: BillingLog;
  onError?: ReportError;
}

export function createTicketBilling({
  db,
  provider,
  events,
  memberships,
  mail,
  personOf,
  siteUrl,
  ticketsPath,
  now = () => new Date(),
  inProgressWaitMs = 20_000,
  log,
  onError: reportError,
}: TicketBillingOptions) {
  const onError = errorReporter({ log, onError: reportError });
  const paidPurchases = createPaidPurchases({ db, provider, now, inProgressWaitMs, onError });
  const kind = ticketPurchase({ db, provider, events, memberships, mail, personOf, siteUrl, ticketsPath, now });
  const purchaseUnderKey = paidPurchases.keyed<TicketPurchaseResult>(
    keyedPurchaseAnswers<TicketPurchaseResult>(
      'ticket purchase',
      (message) => ticketRefusal('TRANSACTION_ERROR', message),
      (result) => result.kind === 'three_d_secure',
    ),
  );

  /**
   * A site admin refunds tickets of a paid order (all that are still valid, or the chosen ones). The
   * events module first sets the tickets aside (the door refuses them; the order's row is locked, so
   * a ticket is set aside once even by two refunds at the same time); then the card gets back their
   * share of what was charged, tax included (the shares of all the order's tickets add up to exactly
   * what was charged); then the invoice records the refund (refunded once every ticket is) and the
   * seats go back on sale. If the provider refuses, the tickets are valid again and nothing changed.
   */
  async function refundTickets(orderId: string, ticketIds: readonly string[] | 'all'): Promise<RefundResult> {
    if (!UUID.test(orderId)) return { kind: 'error', code: 'NOT_FOUND', message: 'There is no such order.' };
    if (ticketIds !== 'all' && (ticketIds.length === 0 || ticketIds.length > 1000 || !ticketIds.every((id) => UUID.test(id))))
      return { kind: 'error', code: 'NO_TICKETS', message: 'Choose the tickets of this order to refund.' };
    const claim = await events.tickets.claimRefund(orderId, ticketIds);
    switch (claim.kind) {
      case 'not_found':
        return { kind: 'error', code: 'NOT_FOUND', message: 'There is no such order.' };
      case 'not_paid':
        return { kind: 'error', code: 'NOT_PAID', message: 'This order is not paid, so there is nothing to refund.' };
      case 'nothing_to_refund':
        return { kind: 'error', code: 'NO_TICKETS', message: 'Those tickets are refunded already, or are not of this order.' };
      case 'claimed':
        break;
    }
    const { order } = claim;
    if (!order.invoiceId || !order.paymentReference) {
      await events.tickets.refundUndone(claim);
      return { kind: 'error', code: 'NOT_PAID', message: 'This order is not paid, so there is nothing to refund.' };
    }
    const share = (tickets: number) => Math.floor((order.fullPrice * tickets) / order.quantity);
    const amount = share(claim.refundedAfter) - share(claim.refundedBefore);
    const whole = claim.refundedAfter >= order.quantity;
    if (amount > 0) {
      const refunded = await refundCharge(
        provider,
        {
          transactionId: order.paymentReference,
          amount,
          currency: order.currency,
          refundKey: `ticket-refund:${orderId}:${randomUUID()}`,
          refundAmount: amount,
        },
        onError,
      );
      if (!refunded) {
        await events.tickets.refundUndone(claim);
        return { kind: 'error', code: 'REFUND_FAILED', message: 'The card provider did not refund it. Nothing changed; try again.' };
      }
    }
    const at = now();
    await db.transaction(async (tx) => {
      const [invoice] = whole
        ? await tx
            .update(billingInvoices)
            .set({ state: 'refunded' })
            .where(and(eq(billingInvoices.id, order.invoiceId!), eq(billingInvoices.state, 'paid')))
            .returning()
        : await tx.select().from(billingInvoices).where(eq(billingInvoices.id, order.invoiceId!));
      if (invoice)
        await tx.insert(billingTransactions).values({
          id: randomUUID(),
          accountId: invoice.accountId,
          invoiceId: invoice.id,
          kind: 'refund',
          status: 'success',
          amount,
          currency: order.currency,
          providerReference: order.paymentReference,
          createdAt: at,
        });
    });
    await events.tickets.refundDone(claim);
    return { kind: 'refunded', order: (await events.tickets.order(orderId))!, amount, refundedTickets: claim.ticketIds.length };
  }

  return {
    /** Buys 1 to 1,000 tickets of one type; idempotent under the buyer's key, one purchase at a time per buyer. */
    async purchaseTickets(raw: TicketPurchaseInput): Promise<TicketPurchaseResult> {
      const parsed = ticketPurchaseInputSchema.safeParse(raw);
      if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
      const input = parsed.data;
      const fingerprint = createHash('sha256')
        .update(
          JSON.stringify([
            'tickets',
            input.ticketTypeId,
            input.quantity,
            input.attendeeNames,
            input.currency.toUpperCase(),
            input.cardToken,
          ]),
        )
        .digest('hex');
      return purchaseUnderKey(kind, input, {
        identityId: input.identityId,
        key: input.idempotencyKey,
        fingerprint,
        resuming: Boolean(input.threeDSecureActionResultToken),
      });
    },

    /** What `quantity` tickets cost this reader (the member price when they hold a membership), before they pay. */
    async quoteTickets({
      identityId,
      ticketTypeId,
      quantity,
      currency,
      countryCode,
    }: {
      identityId: string | null;
      ticketTypeId: string;
      quantity: number;
      currency: string;
      countryCode: string | null;
    }): Promise<TicketPrice | null> {
      const type = await events.tickets.ticketType(ticketTypeId);
      if (!type) return null;
      const isMember = identityId ? heldMembership(await memberships.currentMembership(identityId)).level !== 'None' : false;
      return ticketPrice(type, { currency, quantity, countryCode, isMember });
    },

    /** A site admin refunds a paid order in full (what is left of it, after a partial refund). */
    refundTicketOrder(orderId: string): Promise<RefundResult> {
      return refundTickets(orderId, 'all');
    },

    /** A site admin refunds the chosen tickets of a paid order (each once). */
    refundTickets,
  };
}

export type TicketBilling = ReturnType<typeof createTicketBilling>;
