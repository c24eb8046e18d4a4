// What buying a subscription says (issue 7, §3 IndividualSubscription, §8 SubscriptionPurchaseError):
// its errors and messages, the input it takes, and the subscription it answers with. Shared by the
// service (subscriptions-service.ts), the purchase kind (subscription-purchase.ts) and the transports.
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';
import { planByCode, type Plan } from './catalogue.ts';
import type { KeyedAnswers } from './paid-purchase.ts';
import type { SubscriptionPrice } from './pricing.ts';
import type { billingSubscriptions } from './schema.ts';

export const PURCHASE_ERROR_TYPES = [
  'ALREADY_HAS_MEMBERSHIP',
  'HAS_UPGRADEABLE_MEMBERSHIP',
  'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
  'INELIGIBLE_FOR_TRIAL',
  'INVALID_CURRENCY',
  'PURCHASE_ERROR',
  'TRANSACTION_ERROR',
] as const;
export type PurchaseErrorType = (typeof PURCHASE_ERROR_TYPES)[number];

export const PURCHASE_MESSAGES = {
  ALREADY_HAS_MEMBERSHIP: 'You already have a membership, so there is nothing to buy. Your account page shows what it includes.',
  HAS_UPGRADEABLE_MEMBERSHIP: 'You already have a membership. Upgrade it instead of buying a second one.',
  INELIGIBLE_FOR_STUDENT_MEMBERSHIP: 'Student membership needs a verified academic email address. Verify yours first.',
  INELIGIBLE_FOR_TRIAL: 'You have already had a free trial. Choose a plan without a trial to join.',
  INVALID_CURRENCY: 'We sell memberships in EUR, GBP, INR and USD. Choose one of those currencies.',
  TRANSACTION_ERROR: 'We could not complete the payment just now. Nothing was charged; please try again in a few minutes.',
  KEY_REUSED: 'This purchase was already attempted with different details. Please start again.',
  IN_PROGRESS: 'This purchase is still being processed. Check your account before trying again.',
  ACCOUNT_BUSY:
    'Another purchase on your account is still being processed, so this one was not made and nothing was charged for it. Check your account before trying again.',
  THREE_D_SECURE: 'Your bank needs to confirm it is you before the card is charged.',
} as const;

/**
 * What a purchase under the buyer's key answers when the key, not what is sold, decides (a key used
 * for something else, still in progress, a busy account, an unexpected failure): each in
 * PURCHASE_MESSAGES' words, as `transactionError` shapes it for the purchase's own result type.
 */
export function keyedPurchaseAnswers<Result>(
  name: string,
  transactionError: (message: string) => Result,
  isPending: (result: Result) => boolean,
): KeyedAnswers<Result> {
  return {
    name,
    reused: () => transactionError(PURCHASE_MESSAGES.KEY_REUSED),
    stillInProgress: () => transactionError(PURCHASE_MESSAGES.IN_PROGRESS),
    busy: () => transactionError(PURCHASE_MESSAGES.ACCOUNT_BUSY),
    failed: transactionError,
    beforeCharge: PURCHASE_MESSAGES.TRANSACTION_ERROR,
    isPending,
  };
}

/** §3 IndividualSubscription, with the dates the confirmation shows. JSON-safe (kept with the idempotency key). */
export interface PurchasedSubscription {
  id: string;
  accountId: string;
  planCode: string;
  title: string;
  isTrial: boolean;
  trialEndsAt: string | null;
  currentPeriodEndsAt: string | null;
  price: SubscriptionPrice;
}

export type PurchaseResult =
  | { kind: 'success'; subscription: PurchasedSubscription }
  | { kind: 'error'; type: PurchaseErrorType; message: string }
  | {
      kind: 'three_d_secure';
      accountCode: string;
      code: 'three_d_secure_action_required';
      recurlyToken: string;
      threeDSecureActionToken: string;
      message: string;
    }
  | { kind: 'invalid'; fieldErrors: FieldError[] };

export const purchaseInputSchema = z.object({
  identityId: z.uuid(),
  planCode: safeText().trim().min(1, 'Choose a plan.').max(100),
  currency: safeText().trim().min(1, 'Choose a currency.').max(10),
  billingInfo: z.object({
    firstName: safeText().trim().min(1, 'Enter your first name.').max(100, 'Use at most 100 characters.'),
    lastName: safeText().trim().min(1, 'Enter your last name.').max(100, 'Use at most 100 characters.'),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Choose your country.'),
    postalCode: safeText().trim().max(20, 'Use at most 20 characters.').nullish(),
  }),
  cardToken: safeText().trim().min(1, 'Enter your card details.').max(200),
  idempotencyKey: safeText().trim().min(8, 'A purchase key has at least 8 characters.').max(255),
  threeDSecureActionResultToken: safeText().trim().min(1).max(200).nullish(),
});
export type PurchaseInput = z.input<typeof purchaseInputSchema>;
/** The parsed request. */
export type Purchase = z.output<typeof purchaseInputSchema>;
/** Which page a plan is bought on: a student plan only as a student. */
export type Buyer = 'individual' | 'student';

/** §3 IndividualSubscription from its row. */
export function subscriptionView(
  row: typeof billingSubscriptions.$inferSelect,
  plan: Plan | null = planByCode(row.planCode),
): PurchasedSubscription {
  return {
    id: row.id,
    accountId: row.accountId,
    planCode: row.planCode,
    title: plan?.title ?? row.planCode,
    isTrial: row.isTrial,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    currentPeriodEndsAt: row.currentPeriodEndsAt?.toISOString() ?? null,
    price: {
      currency: row.currency as SubscriptionPrice['currency'],
      itemPrice: row.itemPrice,
      fullPrice: row.fullPrice,
      taxAmount: row.taxAmount,
      taxInfo: row.taxInfo as SubscriptionPrice['taxInfo'],
    },
  };
}
