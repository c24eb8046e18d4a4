// The §3 billing entities as the services hand them out; graphql.ts exposes them, and services
// import them from here, never from graphql.ts (that would close a cycle through the builder's context).
export interface CreditCardInfo {
  cardType: string;
  expMonth: number;
  expYear: number;
  firstSix: string;
  lastFour: string;
}
export interface BillingInfo {
  countryCode: string | null;
  postalCode: string | null;
  firstName: string | null;
  lastName: string | null;
  paymentMethod: string | null;
  creditCardInfo: CreditCardInfo | null;
}
export interface CancellationCoupon {
  code: string;
  discountType: string;
  discountPercent: number | null;
}
export interface BillingSubscription {
  uuid: string;
  planCode: string;
  state: string;
  currency: string;
  activatedAt: Date | null;
  cancelledAt: Date | null;
  expiresAt: Date | null;
  trialEndsAt: Date | null;
  currentPeriodEndsAt: Date | null;
  currentTermEndsAt: Date | null;
  activeInvoiceId: string | null;
  isInDunning: boolean;
  cancellationCoupon: CancellationCoupon | null;
}
export interface IndividualAccount {
  accountId: string;
  accountManagementUrl: string | null;
  billingInfo: BillingInfo | null;
  subscriptions: BillingSubscription[];
}
export interface MembershipEligibility {
  isEligibleForPurchase: boolean;
  isEligibleForTrialPurchase: boolean;
  isEligibleForUpgrade: boolean;
}
