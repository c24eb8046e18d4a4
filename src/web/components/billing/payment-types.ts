// What the payment page's server half (web/routes/subscriptions/payment-page.server.ts) hands the page, and
// what its action answers. Display-ready strings: the catalogue and tax rules stay on the server.
import type { Currency } from '../../../modules/billing/catalogue.ts';

export const PAYMENT_PATH = '/subscriptions/individuals/payment/';

/** The student journey (issue 7 "Students"): verify the academic address, pay, see the confirmation. */
export const STUDENT_VALIDATION_PATH = '/subscriptions/students/validation/';
export const STUDENT_PAYMENT_PATH = '/subscriptions/students/payment/';
export const STUDENT_CONFIRMATION_PATH = '/subscriptions/students/confirmation/';

/** Team plans (issue 17): checkout for an organisation, and the enquiry for a team larger than checkout sells. */
export const TEAM_PAYMENT_PATH = '/subscriptions/organisations/payment/';
export const TEAM_ENQUIRY_PATH = '/subscriptions/executive/#enquiry';

/** Which payment page: individual plans, or student plans (bought once the academic address is verified). */
export type PaymentKind = 'individual' | 'student';

/** The sandbox provider's browser endpoints (modules/billing/sandbox-routes.ts). */
export const SANDBOX_TOKENS_URL = '/_sandbox/billing/tokens';
/** The sandbox's stand-in for a wallet's sheet (Apple Pay / Google Pay): a one-time token for the wallet's card. */
export const SANDBOX_WALLET_TOKENS_URL = '/_sandbox/billing/wallet-tokens';
export const sandboxChallengeUrl = (actionToken: string) => `/_sandbox/billing/3ds/${encodeURIComponent(actionToken)}`;

export interface PaymentView {
  kind: PaymentKind;
  /** Student plans: the verified academic address the membership rests on. */
  student: { email: string; graduationYear: number } | null;
  plan: { code: string; title: string; summary: string; interval: 'year' | 'month'; trialDays: number; features: string[] };
  price: {
    currency: Currency;
    /** Per interval, tax included: "£300.00". */
    fullPrice: string;
    itemPrice: string;
    taxAmount: string;
    /** "20 % VAT", or null when no tax applies. */
    taxLabel: string | null;
    /** "a year" or "a month". */
    per: string;
    dueToday: string;
    /** When a trial starting now would end, or null without a trial. */
    trialEnds: string | null;
  };
  countryCode: string;
  currencies: string[];
  countries: { key: string; title: string }[];
  billing: { firstName: string; lastName: string };
  /** Why this reader cannot buy this plan now (already a member, trial used …), or null. */
  refusal: { type: string; message: string } | null;
  invalidCurrency: string | null;
  /** Where the confirmation links back to (the story the reader came from, or /). */
  returnTo: string;
  /** Whether the embedded sandbox provider takes the cards. */
  sandbox: boolean;
  /**
   * With Recurly as the provider: its public key and Recurly.js (BILLING_SCRIPT_URL), which draws the
   * card fields and tokenises the card (decision 039). Null with the sandbox, or without a private key.
   */
  recurly: { publicKey: string; scriptUrl: string } | null;
  /** The "Pay with wallet" button's merchant (WALLET_MERCHANT_ID, a public id), or null: no wallet button. */
  wallet: { merchantId: string } | null;
}

export type PaymentActionData =
  | {
      status: 'success';
      subscriptionId: string;
      planCode: string;
      currency: Currency;
      title: string;
      isTrial: boolean;
      trialEndsAt: string | null;
      renewsAt: string | null;
      fullPrice: string;
    }
  | { status: 'three_d_secure'; actionToken: string; message: string }
  | { status: 'error'; type?: string; message: string; fieldErrors?: Record<string, string> };

/** What the team payment page (/subscriptions/organisations/payment/) hands its form: display-ready strings. */
export interface TeamPaymentView {
  plan: { code: string; title: string; summary: string; features: string[]; minSeats: number; maxSeats: number };
  seats: number;
  /** Why these seats are not sold here (too few, or a quote for a large team), or null. */
  seatsProblem: { message: string; quote: boolean } | null;
  price: {
    currency: Currency;
    pricePerSeat: string;
    /** Before tax, all seats: "£1,950.00". */
    itemPrice: string;
    taxAmount: string;
    /** "20 % VAT", "VAT reverse charged", or null. */
    taxLabel: string | null;
    fullPrice: string;
  } | null;
  countryCode: string;
  vatNumber: string;
  currencies: string[];
  countries: { key: string; title: string }[];
  billing: { firstName: string; lastName: string; companyName: string };
  invalidCurrency: string | null;
  sandbox: boolean;
  recurly: { publicKey: string; scriptUrl: string } | null;
}

export type TeamPaymentActionData =
  | {
      status: 'success';
      subscriptionId: string;
      accountId: string;
      planCode: string;
      currency: Currency;
      seats: number;
      companyName: string;
      renewsAt: string | null;
      fullPrice: string;
    }
  | { status: 'three_d_secure'; actionToken: string; message: string }
  | { status: 'error'; type?: string; message: string; fieldErrors?: Record<string, string> };
