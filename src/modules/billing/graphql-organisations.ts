// Team plans in GraphQL (issue 17, §7 purchaseOrganisationSubscription, §3 OrganisationSubscription):
// a signed-in person buys seats for a new organisation and becomes its OWNER. The answer is the
// organisation's subscription, or a §8 error: SubscriptionPurchaseError, ThreeDSecureError (resume
// with the same idempotencyKey and threeDSecureActionResultToken), ZodError, AuthError.
import { isOrganisationAdmin, principalOf } from '../session/permissions.ts';
import {
  builder,
  OrganisationAccountRef,
  OrganisationAccountSeatsRef,
  type GraphQLContext,
  type SignedInContext,
} from '../../server/graphql/builder.ts';
import { AuthError, InputError, UnauthorizedError } from '../../server/graphql/errors.ts';
import { SubscriptionPriceType, SubscriptionPurchaseError, ThreeDSecureError } from './graphql.ts';
import type { ExtraSeatsPrice } from './organisation-pricing.ts';
import type { OrganisationSubscriptionView } from './organisation-purchase.ts';

export const OrganisationSubscriptionType = builder.objectRef<OrganisationSubscriptionView>('OrganisationSubscription').implement({
  description: "An organisation's subscription to a team plan: the seats it bought and what they cost.",
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeString('accountId', { description: 'The organisation account it belongs to.' }),
    planCode: t.exposeString('planCode'),
    title: t.exposeString('title'),
    isTrial: t.exposeBoolean('isTrial'),
    seats: t.exposeInt('seats', { description: 'Seats bought for the current term.' }),
    state: t.exposeString('state', { description: 'ACTIVE, CANCELED or EXPIRED (§4 subscription state).' }),
    currentPeriodEndsAt: t.expose('currentPeriodEndsAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the term renews or ends.',
    }),
    pricePerSeat: t.int({ description: 'One seat for a year, before tax, in minor units.', resolve: (row) => row.price.pricePerSeat }),
    price: t.field({
      type: SubscriptionPriceType,
      description: 'What the term costs for all its seats: itemPrice before tax, fullPrice with it.',
      resolve: (row) => row.price,
    }),
  }),
});

const OrganisationBillingInfoInput = builder.inputType('OrganisationBillingInfoInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    addressLine1: t.string({ required: true }),
    city: t.string({ required: true }),
    postalCode: t.string(),
    countryCode: t.string({ required: true, description: 'ISO 3166-1 alpha-2; decides the tax.' }),
    vatNumber: t.string({ description: 'An EU business’s VAT number: a valid one outside our own member state is reverse-charged.' }),
  }),
});

const PurchaseOrganisationSubscriptionInput = builder.inputType('PurchaseOrganisationSubscriptionInput', {
  fields: (t) => ({
    planCode: t.string({ required: true, description: 'organisations_bundle_volume_yearly_v1' }),
    seats: t.int({ required: true, description: 'How many seats (2–49 at checkout; larger teams are quoted).' }),
    currency: t.string({ required: true, description: 'EUR, GBP, INR or USD; anything else is INVALID_CURRENCY.' }),
    companyName: t.string({ required: true, description: 'The organisation’s name: its account title and the invoice’s addressee.' }),
    billingInfo: t.field({ type: OrganisationBillingInfoInput, required: true }),
    cardToken: t.string({ required: true, description: "The token the provider's card form returned (never a card number)." }),
    idempotencyKey: t.string({
      required: true,
      description: 'One per purchase attempt: a retry with the same key returns the first result and never charges twice.',
    }),
    threeDSecureActionResultToken: t.string({ description: 'Resuming after a 3-D Secure challenge: the token its completion returned.' }),
  }),
});

builder.mutationFields((t) => ({
  purchaseOrganisationSubscription: t.withAuth({ signedIn: true }).field({
    type: OrganisationSubscriptionType,
    description: 'Buys a team plan for a new organisation; the buyer becomes its OWNER and holds the first seat.',
    errors: {
      types: [AuthError, SubscriptionPurchaseError, ThreeDSecureError, InputError],
      union: { name: 'PurchaseOrganisationSubscriptionResult' },
    },
    args: { input: t.arg({ type: PurchaseOrganisationSubscriptionInput, required: true }) },
    resolve: async (_root, { input }, { user, services }: SignedInContext) => {
      const result = await services.billing.organisations.purchaseOrganisationSubscription({ identityId: user.sub, ...input });
      switch (result.kind) {
        case 'success':
          return result.subscription;
        case 'error':
          throw new SubscriptionPurchaseError(result.type, result.message);
        case 'three_d_secure':
          throw new ThreeDSecureError(result.accountCode, result.code, result.recurlyToken, result.threeDSecureActionToken, result.message);
        case 'invalid':
          throw new InputError(result.fieldErrors);
      }
    },
  }),
}));

/** Billing is for the organisation's OWNER and ADMINs (and site staff): a USER sees their seat, not the invoices. */
async function mayManage({ user, services }: GraphQLContext, accountId: string): Promise<boolean> {
  if (!user) return false;
  const principal = principalOf(user);
  return isOrganisationAdmin(principal, principal?.isBofAdmin ? null : await services.organisations.roleOf(user.sub, accountId));
}

builder.objectFields(OrganisationAccountRef, (t) => ({
  subscriptions: t.field({
    type: [OrganisationSubscriptionType],
    description: 'Its team-plan subscriptions, newest first; empty for someone who may not manage the account.',
    resolve: async (account, _args, context) =>
      (await mayManage(context, account.accountId))
        ? context.services.billing.organisations.organisationSubscriptions(account.accountId)
        : [],
  }),
  recurlyAccountManagementUrl: t.string({
    nullable: true,
    description: 'Where its OWNER and ADMINs see the plan, the invoices and the card (the team membership page); null for others.',
    resolve: async (account, _args, context) =>
      (await mayManage(context, account.accountId)) ? context.services.billing.organisations.managementUrl : null,
  }),
}));

builder.objectFields(OrganisationAccountSeatsRef, (t) => ({
  subscription: t.field({
    type: OrganisationSubscriptionType,
    nullable: true,
    description: 'The subscription the purchased seats come from (the current one), for those who may manage the account.',
    resolve: async (seats, _args, context) => {
      if (!(await mayManage(context, seats.accountId))) return null;
      const subscriptions = await context.services.billing.organisations.organisationSubscriptions(seats.accountId);
      return subscriptions.find((row) => row.state !== 'EXPIRED') ?? subscriptions[0] ?? null;
    },
  }),
}));

// Extra seats mid-term (decision 043): the preview an OWNER or ADMIN sees before paying, and the
// purchase, charged to the organisation's card on file for the rest of the term.
const ExtraSeatsPreviewType = builder
  .objectRef<{ added: number; seatsAfter: number; daysRemaining: number; termDays: number; pricePerSeat: number; price: ExtraSeatsPrice }>(
    'OrganisationSeatsPreview',
  )
  .implement({
    description: 'What adding seats costs now: each at the tier of the new total, for the days left in the term, tax on top.',
    fields: (t) => ({
      added: t.exposeInt('added'),
      seatsAfter: t.exposeInt('seatsAfter', { description: 'Seats bought after this purchase (the next renewal is for all of them).' }),
      daysRemaining: t.exposeInt('daysRemaining'),
      termDays: t.exposeInt('termDays'),
      pricePerSeat: t.exposeInt('pricePerSeat', { description: 'A seat for a whole year at the new tier, before tax.' }),
      price: t.field({
        type: SubscriptionPriceType,
        description: 'Charged today: itemPrice prorated, tax on it.',
        resolve: (row) => row.price,
      }),
    }),
  });

const toPreview = (price: ExtraSeatsPrice) => ({
  added: price.seats,
  seatsAfter: price.seatsAfter,
  daysRemaining: price.daysRemaining,
  termDays: price.termDays,
  pricePerSeat: price.pricePerSeat,
  price,
});

builder.queryFields((t) => ({
  organisationSeatsPreview: t.field({
    type: ExtraSeatsPreviewType,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description: 'The price of adding seats to the organisation’s team plan now (OWNER and ADMINs).',
    errors: { types: [AuthError, UnauthorizedError, SubscriptionPurchaseError], union: { name: 'OrganisationSeatsPreviewResult' } },
    args: { accountId: t.arg.string({ required: true }), seats: t.arg.int({ required: true }) },
    resolve: async (_root, { accountId, seats }, { services }) => {
      const quote = await services.billing.organisations.previewExtraSeats(accountId.slice(0, 100), seats);
      if (!quote.ok) throw new SubscriptionPurchaseError('PURCHASE_ERROR', quote.message);
      return toPreview(quote.price);
    },
  }),
}));

const PurchaseOrganisationSeatsInput = builder.inputType('PurchaseOrganisationSeatsInput', {
  fields: (t) => ({
    accountId: t.string({ required: true }),
    seats: t.int({ required: true, description: 'How many seats to add.' }),
    idempotencyKey: t.string({ required: true, description: 'One per attempt: a retry returns the first result and never charges twice.' }),
  }),
});

builder.mutationFields((t) => ({
  purchaseOrganisationSeats: t.field({
    type: OrganisationSubscriptionType,
    authScopes: (_root, { input }) => ({ organisationAdmin: input.accountId }),
    description: 'Adds seats to the organisation’s team plan, charged to its card on file for the rest of the term (OWNER and ADMINs).',
    errors: { types: [AuthError, UnauthorizedError, SubscriptionPurchaseError], union: { name: 'PurchaseOrganisationSeatsResult' } },
    args: { input: t.arg({ type: PurchaseOrganisationSeatsInput, required: true }) },
    resolve: async (_root, { input }, { services }) => {
      const result = await services.billing.organisations.purchaseExtraSeats({
        organisationId: input.accountId.slice(0, 100),
        added: input.seats,
        idempotencyKey: input.idempotencyKey,
      });
      if (result.kind === 'error') throw new SubscriptionPurchaseError(result.type, result.message);
      return result.subscription;
    },
  }),
}));
