// The §3 billing entities as GraphQL types. Billing (memberships, checkout, renewals) fills them;
// until a person has bought something, viewer.individualAccount is null and eligibility is open.
import { builder, Viewer, type SignedInContext } from '../../server/graphql/builder.ts';
import { AuthError, BaseError, ErrorInterface, graphqlTypeOf, InputError, UnauthorizedError } from '../../server/graphql/errors.ts';
import { AppError } from '../../shared/errors.ts';
import { CANCELLATION_MESSAGES, CANCELLATION_REASONS, type CancellationError, type CancellationOutcome } from './cancellation.ts';
import { PURCHASE_ERROR_TYPES, type PurchasedSubscription, type PurchaseErrorType } from './subscriptions-service.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';
import { CURRENCIES } from './catalogue.ts';
import { membershipEligibility } from './eligibility.ts';
import {
  audienceForPackages,
  currencyForCountry,
  parseCurrency,
  pricedPlans,
  type PricedPlan,
  type SubscriptionPrice,
  type TaxInfo,
} from './pricing.ts';
import { validateVatNumber, type VatValidation } from './tax/index.ts';
import { UPGRADE_ERROR_TYPES, type UpgradeErrorType, type UpgradeFailure, type UpgradePreview } from './upgrades.ts';
import type {
  BillingInfo,
  BillingSubscription,
  CancellationCoupon,
  CreditCardInfo,
  IndividualAccount,
  MembershipEligibility,
} from './types.ts';

const CreditCardInfoType = builder.objectRef<CreditCardInfo>('CreditCardInfo').implement({
  fields: (t) => ({
    cardType: t.exposeString('cardType'),
    expMonth: t.exposeInt('expMonth'),
    expYear: t.exposeInt('expYear'),
    firstSix: t.exposeString('firstSix'),
    lastFour: t.exposeString('lastFour'),
  }),
});

const BillingInfoType = builder.objectRef<BillingInfo>('RecurlyBillingInfo').implement({
  fields: (t) => ({
    countryCode: t.exposeString('countryCode', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    paymentMethod: t.exposeString('paymentMethod', { nullable: true }),
    creditCardInfo: t.expose('creditCardInfo', { type: CreditCardInfoType, nullable: true }),
  }),
});

const CancellationCouponType = builder.objectRef<CancellationCoupon>('CancellationCoupon').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    discountType: t.exposeString('discountType'),
    discountPercent: t.exposeInt('discountPercent', { nullable: true }),
  }),
});

const SubscriptionType = builder.objectRef<BillingSubscription>('RecurlySubscription').implement({
  fields: (t) => ({
    uuid: t.exposeString('uuid'),
    planCode: t.exposeString('planCode'),
    state: t.exposeString('state'),
    currency: t.exposeString('currency'),
    activatedAt: t.expose('activatedAt', { type: 'DateTime', nullable: true }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    trialEndsAt: t.expose('trialEndsAt', { type: 'DateTime', nullable: true }),
    currentPeriodEndsAt: t.expose('currentPeriodEndsAt', { type: 'DateTime', nullable: true }),
    currentTermEndsAt: t.expose('currentTermEndsAt', { type: 'DateTime', nullable: true }),
    activeInvoiceId: t.exposeString('activeInvoiceId', { nullable: true }),
    isInDunning: t.exposeBoolean('isInDunning'),
    cancellationCoupon: t.field({
      type: CancellationCouponType,
      nullable: true,
      description: 'The retention coupon accepted while cancelling (cancellation.ts), until a renewal uses it.',
      resolve: async (subscription, _args, { services }) =>
        subscription.cancellationCoupon ?? (await services.billing.cancellation.couponFor(subscription.uuid)),
    }),
  }),
});

const IndividualAccountType = builder.objectRef<IndividualAccount>('IndividualAccount').implement({
  fields: (t) => ({
    accountId: t.exposeString('accountId'),
    accountManagementUrl: t.exposeString('accountManagementUrl', { nullable: true }),
    billingInfo: t.expose('billingInfo', { type: BillingInfoType, nullable: true }),
    subscriptions: t.expose('subscriptions', { type: [SubscriptionType] }),
  }),
});

const MembershipEligibilityType = builder.objectRef<MembershipEligibility>('IndividualMembershipEligibility').implement({
  fields: (t) => ({
    isEligibleForPurchase: t.exposeBoolean('isEligibleForPurchase'),
    isEligibleForTrialPurchase: t.exposeBoolean('isEligibleForTrialPurchase'),
    isEligibleForUpgrade: t.exposeBoolean('isEligibleForUpgrade'),
  }),
});

// Billing's Viewer fields (the Viewer is open: server/graphql/builder.ts).
builder.objectFields(Viewer, (t) => ({
  individualAccount: t.field({
    type: IndividualAccountType,
    nullable: true,
    description: 'The billing account, its card and subscriptions; null until the person buys a membership.',
    resolve: ({ claims }, _args, { services }) => services.billing.individualAccount(claims.sub),
  }),
  individualMembershipEligibility: t.field({
    type: MembershipEligibilityType,
    // One free trial per person: trial history (any subscription that was a trial) closes isEligibleForTrialPurchase.
    resolve: async ({ claims }, _args, { services }) =>
      membershipEligibility({
        membershipLevel: claims.membership_level,
        membershipType: claims.membership_type,
        hasUsedTrial: await services.billing.hasUsedTrial(claims.sub),
      }),
  }),
}));

// ---------------------------------------------------------------------------------------------
// The catalogue and its prices (issue 7): subscriptionPlans for the packages pages and checkout,
// validateVAT for the business VAT number field. Public: the packages pages show prices to anyone.

export const TaxInfoType = builder.objectRef<TaxInfo>('TaxInfo').implement({
  description: 'The tax applied to a price.',
  fields: (t) => ({
    rate: t.exposeFloat('rate', { description: 'A fraction: 0.2 is 20 %.' }),
    region: t.exposeString('region', { description: "The buyer's ISO 3166-1 alpha-2 country, or empty when none is known." }),
    type: t.exposeString('type', { description: 'VAT, GST, sales_tax, reverse_charge (a business accounts for EU VAT itself) or none.' }),
  }),
});

export const SubscriptionPriceType = builder.objectRef<SubscriptionPrice>('SubscriptionPrice').implement({
  description: 'What a plan costs a buyer per billing interval, in integer minor units (pence, cents, paise) of `currency`.',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'EUR, GBP, INR or USD.' }),
    itemPrice: t.exposeInt('itemPrice', { description: "The plan's price, before tax." }),
    fullPrice: t.exposeInt('fullPrice', { description: 'What the buyer pays: itemPrice + taxAmount.' }),
    taxAmount: t.exposeInt('taxAmount', { description: 'The tax on itemPrice.' }),
    taxInfo: t.expose('taxInfo', { type: TaxInfoType }),
  }),
});

export const SubscriptionPlanType = builder.objectRef<PricedPlan>('SubscriptionPlan').implement({
  description: 'A membership plan of the catalogue, with its price for the buyer.',
  fields: (t) => ({
    code: t.string({ description: 'The plan code to buy, e.g. individuals_standard_yearly_trial_v1.', resolve: ({ plan }) => plan.code }),
    title: t.string({ resolve: ({ plan }) => plan.title }),
    summary: t.string({ resolve: ({ plan }) => plan.summary }),
    interval: t.string({ description: 'year or month.', resolve: ({ plan }) => plan.interval }),
    trialDays: t.int({ description: 'Free days before the first charge; 0 for none.', resolve: ({ plan }) => plan.trialDays }),
    membershipLevel: t.string({ description: 'The §4 membership level the plan grants.', resolve: ({ plan }) => plan.membershipLevel }),
    membershipType: t.string({ description: 'The §4 membership type the plan grants.', resolve: ({ plan }) => plan.membershipType }),
    features: t.stringList({ complexity: { field: 1, multiplier: 1 }, resolve: ({ plan }) => plan.features }),
    price: t.field({ type: SubscriptionPriceType, resolve: ({ price }) => price }),
  }),
});

const VatValidationType = builder.objectRef<VatValidation>('VATValidation').implement({
  description:
    'Whether a business VAT number is well-formed for an EU member state, check digits included (not a VIES registration lookup).',
  fields: (t) => ({
    isValid: t.exposeBoolean('isValid'),
    countryCode: t.exposeString('countryCode'),
    vatNumber: t.exposeString('vatNumber', { description: 'Normalised: country prefix (EL for Greece), no spaces, upper case.' }),
  }),
});

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

builder.queryFields((t) => ({
  subscriptionPlans: t.field({
    type: [SubscriptionPlanType],
    // A page lists at most four plans, each with a handful of features: charge them once, not ten times.
    complexity: { field: 1, multiplier: 1 },
    description:
      'The plans of a packages page with what the buyer pays. `packages`: none (individual plans), `students` or `beauty`. ' +
      "`countryCode` (ISO alpha-2) decides the tax; without it, the signed-in reader's country, else no tax. " +
      "`currency` (EUR, GBP, INR, USD) defaults to the country's; any other value is a ZodError on `currency` with code INVALID_CURRENCY.",
    errors: {
      types: [InputError],
      union: { name: 'SubscriptionPlansResult' },
      result: { name: 'SubscriptionPlansSuccess' },
      dataField: { name: 'plans' },
    },
    args: { currency: t.arg.string(), countryCode: t.arg.string(), packages: t.arg.string() },
    resolve: async (_root, args, { user, services }) => {
      const fieldErrors: FieldError[] = [];
      const currency = args.currency == null ? null : parseCurrency(args.currency);
      if (args.currency != null && !currency)
        fieldErrors.push({ path: ['currency'], code: 'INVALID_CURRENCY', message: `We sell in ${CURRENCIES.join(', ')}.` });
      if (args.countryCode != null && !COUNTRY_CODE.test(args.countryCode))
        fieldErrors.push({ path: ['countryCode'], code: 'invalid_format', message: 'Use a two-letter country code.' });
      const audience = audienceForPackages(args.packages);
      if (!audience) fieldErrors.push({ path: ['packages'], code: 'invalid_value', message: 'Packages are students or beauty.' });
      if (fieldErrors.length > 0 || !audience) throw new InputError(fieldErrors);
      const countryCode = args.countryCode ?? (user ? ((await services.accounts.getUserData(user.sub))?.country ?? null) : null);
      return pricedPlans({ audience, currency: currency ?? currencyForCountry(countryCode), countryCode });
    },
  }),

  validateVAT: t.field({
    type: VatValidationType,
    description:
      'Checks a business VAT number for an EU member state (format and check digits) before checkout applies the reverse charge.',
    args: { vatNumber: t.arg.string({ required: true }), countryCode: t.arg.string({ required: true }) },
    resolve: (_root, { vatNumber, countryCode }) => validateVatNumber(vatNumber.slice(0, 40), countryCode.slice(0, 2)),
  }),
}));

// ---------------------------------------------------------------------------------------------
// Purchases (issue 7): purchaseIndividualSubscription and purchaseStudentSubscription. The card is
// a token the browser got from the provider; the answer is the subscription, or one of the §8
// errors: SubscriptionPurchaseError (its type says why), ThreeDSecureError (the bank wants the
// buyer to authenticate: complete threeDSecureActionToken, then call again with the same
// idempotencyKey and threeDSecureActionResultToken), ZodError, AuthError.

export class SubscriptionPurchaseError extends AppError {
  constructor(
    readonly type: PurchaseErrorType,
    message: string,
  ) {
    super('PURCHASE_REFUSED', message);
  }
}

/** Its GraphQL `code` field is the provider's 3-D Secure code; the AppError code is `appCode`. */
export class ThreeDSecureError extends AppError {
  constructor(
    readonly accountCode: string,
    readonly threeDSecureCode: string,
    readonly recurlyToken: string,
    readonly threeDSecureActionToken: string,
    message: string,
  ) {
    super('THREE_D_SECURE_REQUIRED', message);
  }
}

const PurchaseErrorTypeEnum = builder.enumType('SubscriptionPurchaseErrorType', { values: PURCHASE_ERROR_TYPES });

builder.objectType(SubscriptionPurchaseError, {
  name: graphqlTypeOf('PURCHASE_REFUSED'),
  description: 'The purchase was refused or the card was not charged; `message` says what to do.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ type: t.expose('type', { type: PurchaseErrorTypeEnum }) }),
});

builder.objectType(ThreeDSecureError, {
  name: graphqlTypeOf('THREE_D_SECURE_REQUIRED'),
  description: "The card's bank wants the buyer to authenticate (3-D Secure) before it is charged.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    accountCode: t.exposeString('accountCode', { description: "The buyer's billing account." }),
    code: t.exposeString('threeDSecureCode'),
    recurlyToken: t.exposeString('recurlyToken', { description: 'The card token to send again when resuming.' }),
    threeDSecureActionToken: t.exposeString('threeDSecureActionToken', {
      description: 'Complete this challenge with the provider; its result token resumes the purchase.',
    }),
  }),
});

export const IndividualSubscriptionType = builder.objectRef<PurchasedSubscription>('IndividualSubscription').implement({
  description: "A person's subscription to a membership plan.",
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeString('accountId'),
    planCode: t.exposeString('planCode'),
    title: t.exposeString('title'),
    isTrial: t.exposeBoolean('isTrial'),
    trialEndsAt: t.expose('trialEndsAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the free trial ends and the first charge is due; null without a trial.',
    }),
    price: t.expose('price', { type: SubscriptionPriceType, description: 'What each billing interval costs, tax included in fullPrice.' }),
  }),
});

export const PurchaseBillingInfoInput = builder.inputType('PurchaseBillingInfoInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    countryCode: t.string({ required: true, description: 'ISO 3166-1 alpha-2; decides the tax.' }),
    postalCode: t.string(),
  }),
});

const PurchaseSubscriptionInput = builder.inputType('PurchaseSubscriptionInput', {
  fields: (t) => ({
    planCode: t.string({ required: true }),
    currency: t.string({ required: true, description: 'EUR, GBP, INR or USD; anything else is INVALID_CURRENCY.' }),
    cardToken: t.string({ required: true, description: "The token the provider's card form returned (never a card number)." }),
    billingInfo: t.field({ type: PurchaseBillingInfoInput, required: true }),
    idempotencyKey: t.string({
      required: true,
      description: 'One per purchase attempt: a retry with the same key returns the first result and never charges twice.',
    }),
    threeDSecureActionResultToken: t.string({ description: 'Resuming after a 3-D Secure challenge: the token its completion returned.' }),
  }),
});

const PURCHASE_ERRORS = [AuthError, SubscriptionPurchaseError, ThreeDSecureError, InputError];

function purchaseResolver(kind: 'purchaseIndividualSubscription' | 'purchaseStudentSubscription') {
  return async (
    _root: object,
    {
      input,
    }: {
      input: {
        planCode: string;
        currency: string;
        cardToken: string;
        idempotencyKey: string;
        threeDSecureActionResultToken?: string | null;
        billingInfo: { firstName: string; lastName: string; countryCode: string; postalCode?: string | null };
      };
    },
    { user, services }: SignedInContext,
  ): Promise<PurchasedSubscription> => {
    const result = await services.billing[kind]({ identityId: user.sub, ...input });
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
  };
}

builder.mutationFields((t) => ({
  purchaseIndividualSubscription: t.withAuth({ signedIn: true }).field({
    type: IndividualSubscriptionType,
    description:
      'Buys an individual membership plan with a tokenised card; a trial plan verifies the card and charges nothing until the trial ends.',
    errors: { types: PURCHASE_ERRORS, union: { name: 'PurchaseIndividualSubscriptionResult' } },
    args: { input: t.arg({ type: PurchaseSubscriptionInput, required: true }) },
    resolve: purchaseResolver('purchaseIndividualSubscription'),
  }),
  purchaseStudentSubscription: t.withAuth({ signedIn: true }).field({
    type: IndividualSubscriptionType,
    description: 'Buys a student plan; needs a verified academic email (INELIGIBLE_FOR_STUDENT_MEMBERSHIP otherwise).',
    errors: { types: PURCHASE_ERRORS, union: { name: 'PurchaseStudentSubscriptionResult' } },
    args: { input: t.arg({ type: PurchaseSubscriptionInput, required: true }) },
    resolve: purchaseResolver('purchaseStudentSubscription'),
  }),
}));

// ---------------------------------------------------------------------------------------------
// Cancellation with a retention offer (issue 7, cancellation.ts): the subscription that may be
// cancelled, whether the discount may be offered, accepting it (outcome accepted_discount) or
// cancelling with a reason (outcome cancelled). Errors: AuthError (signed out),
// UnauthorizedError (another person's subscription), BaseError (nothing to cancel, offer not
// available), ZodError (a reason outside the list, OTHER without words, more than 500 characters).

const CancellationEligibilityType = builder
  .objectRef<{ isEligible: boolean; coupon: CancellationCoupon }>('CancellationDiscount')
  .implement({
    description: 'Whether the retention discount may be offered to the signed-in member, and the coupon it would apply.',
    fields: (t) => ({
      isEligible: t.exposeBoolean('isEligible'),
      coupon: t.expose('coupon', { type: CancellationCouponType }),
    }),
  });

const CancellationActionEnum = builder.enumType('CancellationAction', {
  values: ['cancelled', 'accepted_discount'] as const,
  description: '§4 cancellation outcome.',
});

const CancellationResultType = builder.objectRef<CancellationOutcome>('CancellationResult').implement({
  fields: (t) => ({
    action: t.field({ type: CancellationActionEnum, resolve: (outcome) => outcome.action }),
    subscription: t.expose('subscription', { type: IndividualSubscriptionType }),
    endsAt: t.expose('endsAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Cancelled: the last moment of access. Discount: when the discounted renewal is due.',
    }),
    coupon: t.expose('coupon', { type: CancellationCouponType, nullable: true }),
  }),
});

const CancelSubscriptionInput = builder.inputType('CancelSubscriptionInput', {
  fields: (t) => ({
    subscriptionId: t.id({ required: true }),
    reason: t.string({ required: true, description: `One of ${CANCELLATION_REASONS.join(', ')}.` }),
    otherReason: t.string({ description: 'Required when reason is OTHER; at most 500 characters.' }),
  }),
});

function cancellationFailure(error: CancellationError, requester: string): Error {
  switch (error.kind) {
    case 'invalid':
      return new InputError(error.fieldErrors);
    case 'unauthorized':
      return new UnauthorizedError(requester, error.accountId, CANCELLATION_MESSAGES.NOT_YOURS);
    case 'refused':
      return new BaseError(error.message);
    case 'not_found':
      return new BaseError('There is no such subscription.');
  }
}

const CancellableSubscriptionType = builder
  .objectRef<{ subscription: PurchasedSubscription | null }>('CancellableIndividualSubscriptionSuccess')
  .implement({
    fields: (t) => ({ subscription: t.expose('subscription', { type: IndividualSubscriptionType, nullable: true }) }),
  });

const CANCELLATION_ERRORS = [AuthError, UnauthorizedError, BaseError, InputError];

builder.queryFields((t) => ({
  cancellableIndividualSubscription: t.withAuth({ signedIn: true }).field({
    type: CancellableSubscriptionType,
    description: "The signed-in member's active subscription that may be cancelled (subscription: null when there is none).",
    errors: { types: [AuthError], union: { name: 'CancellableIndividualSubscriptionResult' } },
    resolve: async (_root, _args, { user, services }) => ({
      subscription: await services.billing.cancellation.cancellableSubscription(user.sub),
    }),
  }),
  cancellationDiscount: t.withAuth({ signedIn: true }).field({
    type: CancellationEligibilityType,
    description: 'Whether the retention discount may be offered: an active subscription, and no discount accepted before.',
    errors: {
      types: [AuthError],
      directResult: false,
      union: { name: 'CancellationDiscountResult' },
      result: { name: 'CancellationDiscountSuccess' },
      dataField: { name: 'discount' },
    },
    resolve: async (_root, _args, { user, services }) => services.billing.cancellation.discountEligibility(user.sub),
  }),
}));

builder.mutationFields((t) => ({
  redeemCancellationDiscountCoupon: t.withAuth({ signedIn: true }).field({
    type: CancellationResultType,
    description: 'Accepts the retention discount instead of cancelling (outcome accepted_discount); once per person.',
    errors: { types: CANCELLATION_ERRORS, union: { name: 'RedeemCancellationDiscountCouponResult' } },
    args: { subscriptionId: t.arg.id({ required: true }) },
    resolve: async (_root, { subscriptionId }, { user, services }) => {
      const result = await services.billing.cancellation.redeemDiscount({ identityId: user.sub, subscriptionId: String(subscriptionId) });
      if (!result.ok) throw cancellationFailure(result.error, user.user_id ?? user.sub);
      return result.outcome;
    },
  }),
  cancelSubscription: t.withAuth({ signedIn: true }).field({
    type: CancellationResultType,
    description: 'Cancels at the end of the term (outcome cancelled): no renewal, the membership is ActiveCanceled until it ends.',
    errors: { types: CANCELLATION_ERRORS, union: { name: 'CancelSubscriptionResult' } },
    args: { input: t.arg({ type: CancelSubscriptionInput, required: true }) },
    resolve: async (_root, { input }, { user, services }) => {
      const result = await services.billing.cancellation.cancel({
        identityId: user.sub,
        subscriptionId: String(input.subscriptionId),
        reason: input.reason,
        otherReason: input.otherReason,
      });
      if (!result.ok) throw cancellationFailure(result.error, user.user_id ?? user.sub);
      return result.outcome;
    },
  }),
}));

// ---------------------------------------------------------------------------------------------
// Upgrades (issue 7, upgrades.ts): subscriptionUpgradePreview shows what an upgrade costs before
// the member confirms; purchaseSubscriptionUpgrade charges it (card on file, or a new card token)
// and moves the subscription and the membership to the new plan. Errors: AuthError (signed out),
// SubscriptionUpgradeError (its type says why), ThreeDSecureError (a new card that needs the
// bank's challenge), ZodError (unknown plan, malformed input).

export class SubscriptionUpgradeError extends AppError {
  constructor(
    readonly type: UpgradeErrorType,
    message: string,
  ) {
    super('UPGRADE_REFUSED', message);
  }
}

const UpgradeErrorTypeEnum = builder.enumType('SubscriptionUpgradeErrorType', { values: UPGRADE_ERROR_TYPES });

builder.objectType(SubscriptionUpgradeError, {
  name: graphqlTypeOf('UPGRADE_REFUSED'),
  description: 'The upgrade was refused or the card was not charged; `message` says what to do.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ type: t.expose('type', { type: UpgradeErrorTypeEnum }) }),
});

const SubscriptionUpgradePreviewType = builder.objectRef<UpgradePreview>('SubscriptionUpgradePreview').implement({
  description:
    'What upgrading costs, in integer minor units of `currency`. The upgrade starts a new billing period on the new plan now; ' +
    'the unused part of what was paid for the current period is credited (proRata).',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'The subscription’s currency: an upgrade is billed in it.' }),
    dueToday: t.exposeInt('dueToday', { description: 'Charged now: planFee − proRata + taxAmount.' }),
    planFee: t.exposeInt('planFee', { description: "The new plan's fee for one billing interval, before tax." }),
    planFeePerMonth: t.exposeInt('planFeePerMonth', { description: 'planFee per month (a yearly fee divided by 12).' }),
    proRata: t.exposeInt('proRata', {
      description: 'The credit for the unused part of the current period, before tax; 0 during a free trial.',
    }),
    taxAmount: t.exposeInt('taxAmount', { description: "The tax on today's charge." }),
    taxInfo: t.expose('taxInfo', { type: TaxInfoType }),
    total: t.exposeInt('total', { description: 'What each renewal on the new plan costs, tax included.' }),
    totalPerMonth: t.exposeInt('totalPerMonth', { description: 'total per month (a yearly total divided by 12).' }),
  }),
});

const UpgradeCompletionType = builder
  .objectRef<{ subscription: PurchasedSubscription; previousPlan: string; currentPlan: string }>('SubscriptionUpgrade')
  .implement({
    description: 'A completed upgrade (§9 purchase completion: subscriptionId, previousPlan, currentPlan).',
    fields: (t) => ({
      subscription: t.expose('subscription', { type: IndividualSubscriptionType }),
      previousPlan: t.exposeString('previousPlan'),
      currentPlan: t.exposeString('currentPlan'),
    }),
  });

const PurchaseSubscriptionUpgradeInput = builder.inputType('PurchaseSubscriptionUpgradeInput', {
  fields: (t) => ({
    planCode: t.string({ required: true, description: 'The plan to move to; subscriptionUpgradePreview shows its cost.' }),
    currency: t.string({ required: true, description: "The subscription's currency (EUR, GBP, INR or USD); another is INVALID_CURRENCY." }),
    idempotencyKey: t.string({
      required: true,
      description: 'One per upgrade attempt: a retry with the same key returns the first result and never charges twice.',
    }),
    cardToken: t.string({ description: 'A new card from the provider’s card form; without it the card on file is charged.' }),
    threeDSecureActionResultToken: t.string({ description: 'Resuming after a 3-D Secure challenge: the token its completion returned.' }),
  }),
});

function upgradeFailure(failure: UpgradeFailure): Error {
  return failure.kind === 'invalid' ? new InputError(failure.fieldErrors) : new SubscriptionUpgradeError(failure.type, failure.message);
}

builder.queryFields((t) => ({
  subscriptionUpgradePreview: t.withAuth({ signedIn: true }).field({
    type: SubscriptionUpgradePreviewType,
    description: "What upgrading the signed-in member's subscription to `planCode` costs today and at each renewal.",
    errors: {
      types: [AuthError, SubscriptionUpgradeError, InputError],
      directResult: false,
      union: { name: 'SubscriptionUpgradePreviewResult' },
      result: { name: 'SubscriptionUpgradePreviewSuccess' },
      dataField: { name: 'preview' },
    },
    args: { planCode: t.arg.string({ required: true }), currency: t.arg.string() },
    resolve: async (_root, { planCode, currency }, { user, services }) => {
      const result = await services.billing.upgrades.preview({
        identityId: user.sub,
        planCode: planCode.slice(0, 100),
        currency: currency?.slice(0, 10),
      });
      if (result.kind !== 'preview') throw upgradeFailure(result);
      return result.preview;
    },
  }),
}));

builder.mutationFields((t) => ({
  purchaseSubscriptionUpgrade: t.withAuth({ signedIn: true }).field({
    type: UpgradeCompletionType,
    description: 'Upgrades the signed-in member’s subscription to a plan that opens more, charging the previewed amount.',
    errors: {
      types: [AuthError, SubscriptionUpgradeError, ThreeDSecureError, InputError],
      union: { name: 'PurchaseSubscriptionUpgradeResult' },
    },
    args: { input: t.arg({ type: PurchaseSubscriptionUpgradeInput, required: true }) },
    resolve: async (_root, { input }, { user, services }) => {
      const result = await services.billing.upgrades.purchaseUpgrade({ identityId: user.sub, ...input });
      switch (result.kind) {
        case 'success':
          return result;
        case 'three_d_secure':
          throw new ThreeDSecureError(result.accountCode, result.code, result.recurlyToken, result.threeDSecureActionToken, result.message);
        case 'error':
        case 'invalid':
          throw upgradeFailure(result);
      }
    },
  }),
}));
