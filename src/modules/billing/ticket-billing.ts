// Billing for event tickets (issue 21, decision 050): buying them through the one paid-purchase
// path (ticket-purchase.ts) and a site admin's refund of a paid order, which gives the money back
// (ledger.ts, the one place refunds are asked for) and then the seats (the events module).
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
  { kind: 'refunded'; order: OrderView } | { kind: 'error'; code: 'NOT_FOUND' | 'NOT_PAID' | 'REFUND_FAILED'; message: string };

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

    /**
     * A site admin refunds a paid order in full: the charge goes back to the card, the invoice says
     * refunded, then the tickets stop opening the door and the seats go back on sale. Again: the
     * provider's refund key refunds once, and an order already refunded answers NOT_PAID.
     */
    async refundTicketOrder(orderId: string): Promise<RefundResult> {
      const order = UUID.test(orderId) ? await events.tickets.order(orderId) : null;
      if (!order) return { kind: 'error', code: 'NOT_FOUND', message: 'There is no such order.' };
      if (order.state !== 'paid' || !order.invoiceId || !order.paymentReference)
        return { kind: 'error', code: 'NOT_PAID', message: 'This order is not paid, so there is nothing to refund.' };
      const refunded = await refundCharge(
        provider,
        { transactionId: order.paymentReference, amount: order.fullPrice, currency: order.currency, refundKey: `ticket-refund:${orderId}` },
        onError,
      );
      if (!refunded)
        return { kind: 'error', code: 'REFUND_FAILED', message: 'The card provider did not refund it. Nothing changed; try again.' };
      const at = now();
      await db.transaction(async (tx) => {
        const [invoice] = await tx
          .update(billingInvoices)
          .set({ state: 'refunded' })
          .where(and(eq(billingInvoices.id, order.invoiceId!), eq(billingInvoices.state, 'paid')))
          .returning();
        if (invoice)
          await tx.insert(billingTransactions).values({
            id: randomUUID(),
            accountId: invoice.accountId,
            invoiceId: invoice.id,
            kind: 'refund',
            status: 'success',
            amount: order.fullPrice,
            currency: order.currency,
            providerReference: order.paymentReference,
            createdAt: at,
          });
      });
      const after = await events.tickets.refundOrder(orderId);
      return { kind: 'refunded', order: after! };
    },
  };
}

export type TicketBilling = ReturnType<typeof createTicketBilling>;
