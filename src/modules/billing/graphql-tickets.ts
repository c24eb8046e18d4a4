// Event tickets in GraphQL (issue 21, decision 050): a signed-in reader buys 1 to 1,000 tickets of
// one type (§3 analytics orderId, ticketQty); the answer is the paid order with its tickets, or a
// TicketPurchaseError (sold out, not on sale, card refused …), ThreeDSecureError (resume with the
// same idempotencyKey and threeDSecureActionResultToken), ZodError, AuthError. A site admin
// refunds a paid order (siteAdmin), or some of its tickets (decision 051).
import { builder, type SignedInContext } from '../../server/graphql/builder.ts';
import { AuthError, BaseError, ErrorInterface, graphqlTypeOf, InputError, UnauthorizedError } from '../../server/graphql/errors.ts';
import { AppError } from '../../shared/errors.ts';
import type { OrderView, TicketView } from '../events/tickets.ts';
import { PurchaseBillingInfoInput, ThreeDSecureError } from './graphql.ts';
import { TICKET_ERROR_TYPES, type TicketErrorType } from './ticket-purchase.ts';

export class TicketPurchaseError extends AppError {
  constructor(
    readonly type: TicketErrorType,
    message: string,
  ) {
    super('TICKETS_REFUSED', message);
  }
}

const TicketErrorTypeEnum = builder.enumType('TicketPurchaseErrorType', { values: TICKET_ERROR_TYPES });

builder.objectType(TicketPurchaseError, {
  name: graphqlTypeOf('TICKETS_REFUSED'),
  description: 'The tickets were not bought (sold out, not on sale, the card refused …); `message` says what to do.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ type: t.expose('type', { type: TicketErrorTypeEnum }) }),
});

export const EventTicketType = builder.objectRef<TicketView>('EventTicket').implement({
  description: 'One ticket (or a free registration’s place): its code is what the door scans.',
  fields: (t) => ({
    ticketId: t.exposeID('ticketId'),
    code: t.exposeString('code'),
    eventId: t.exposeString('eventId'),
    orderId: t.exposeString('orderId', { nullable: true, description: 'Null for a free registration.' }),
    attendeeName: t.exposeString('attendeeName'),
    state: t.exposeString('state', { description: 'valid, or refunded (the door refuses it).' }),
    checkedInAt: t.exposeString('checkedInAt', { nullable: true }),
  }),
});

const EventTicketOrderType = builder.objectRef<OrderView>('EventTicketOrder').implement({
  description: 'Tickets bought together (§3 analytics orderId).',
  fields: (t) => ({
    orderId: t.exposeID('orderId'),
    eventId: t.exposeString('eventId'),
    ticketTypeId: t.exposeString('ticketTypeId'),
    ticketQty: t.exposeInt('quantity', { description: '1 to 1000.' }),
    state: t.exposeString('state', { description: 'held, paid (partly refunded when refundedQty > 0), released or refunded.' }),
    refundedQty: t.exposeInt('refundedQuantity', { description: 'How many of its tickets are refunded.' }),
    currency: t.exposeString('currency'),
    itemPrice: t.exposeInt('itemPrice', { description: 'Before tax, in minor units.' }),
    taxAmount: t.exposeInt('taxAmount'),
    fullPrice: t.exposeInt('fullPrice', { description: 'What was charged, in minor units.' }),
    memberPrice: t.exposeBoolean('memberPrice', { description: 'Bought at the member price.' }),
    tickets: t.field({ type: [EventTicketType], resolve: (order) => order.tickets }),
  }),
});

const PurchaseEventTicketsInput = builder.inputType('PurchaseEventTicketsInput', {
  fields: (t) => ({
    ticketTypeId: t.string({ required: true }),
    quantity: t.int({ required: true, description: '1 to 1000.' }),
    attendeeNames: t.stringList({ description: 'One per ticket; the rest carry the buyer’s name.' }),
    currency: t.string({ required: true }),
    billingInfo: t.field({ type: PurchaseBillingInfoInput, required: true }),
    cardToken: t.string({ required: true }),
    idempotencyKey: t.string({ required: true }),
    threeDSecureActionResultToken: t.string(),
  }),
});

builder.mutationFields((t) => ({
  purchaseEventTickets: t.withAuth({ signedIn: true }).field({
    type: EventTicketOrderType,
    description: 'Buys 1 to 1000 tickets of one type; idempotent under idempotencyKey.',
    errors: { types: [AuthError, TicketPurchaseError, ThreeDSecureError, InputError], union: { name: 'PurchaseEventTicketsResult' } },
    args: { input: t.arg({ type: PurchaseEventTicketsInput, required: true }) },
    resolve: async (_root, { input }, { user, services }: SignedInContext) => {
      const result = await services.billing.tickets.purchaseTickets({
        identityId: user.sub,
        ...input,
        attendeeNames: input.attendeeNames ?? [],
      });
      switch (result.kind) {
        case 'success':
          return result.order;
        case 'error':
          throw new TicketPurchaseError(result.type, result.message);
        case 'three_d_secure':
          throw new ThreeDSecureError(result.accountCode, result.code, result.recurlyToken, result.threeDSecureActionToken, result.message);
        case 'invalid':
          throw new InputError(result.fieldErrors);
      }
    },
  }),

  refundEventTicketOrder: t.withAuth({ siteAdmin: true }).field({
    type: EventTicketOrderType,
    description:
      'Site staff: refunds a paid order in full (what is left of it after a partial refund); its tickets stop opening the door and the seats go back on sale.',
    errors: { types: [AuthError, UnauthorizedError], union: { name: 'RefundEventTicketOrderResult' } },
    args: { orderId: t.arg.string({ required: true }) },
    resolve: async (_root, { orderId }, { services }) => {
      const result = await services.billing.tickets.refundTicketOrder(orderId.slice(0, 100));
      if (result.kind === 'error') throw new BaseError(result.message);
      return result.order;
    },
  }),

  refundEventTickets: t.withAuth({ siteAdmin: true }).field({
    type: EventTicketOrderType,
    description:
      'Site staff: refunds the chosen tickets of a paid order (their share of the charge, tax included); they stop opening the door and their seats go back on sale. A ticket is refunded once.',
    errors: { types: [AuthError, UnauthorizedError], union: { name: 'RefundEventTicketsResult' } },
    args: {
      orderId: t.arg.string({ required: true }),
      ticketIds: t.arg.stringList({ required: true, description: '1 to 1000 ticket ids of the order.' }),
    },
    resolve: async (_root, { orderId, ticketIds }, { services }) => {
      const result = await services.billing.tickets.refundTickets(
        orderId.slice(0, 100),
        ticketIds.slice(0, 1001).map((id) => id.slice(0, 100)),
      );
      if (result.kind === 'error') throw new BaseError(result.message);
      return result.order;
    },
  }),
}));
