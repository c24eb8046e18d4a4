// The card work billing hands to a payment provider (DESIGN §4). Plans, prices, tax, trials and
// the membership a subscription grants are ours (subscriptions-service.ts); the provider only holds
// customers, turns card tokens into charges, runs 3-D Secure and refunds. The embedded default is
// the sandbox provider (sandbox-provider.ts); production uses a Recurly adapter behind this interface.
//
// Tokenisation is client-side: the browser posts the card to the provider's tokenisation endpoint
// (for the sandbox, POST /_sandbox/billing/tokens) and sends us only the token. Our server never
// sees a card number or a security code, so none can reach our tables or logs.
//
// Wallets (Apple Pay, Google Pay; shown when WALLET_MERCHANT_ID is set) end the same way: the
// browser gets a one-time provider token for the card the wallet holds and submits the purchase form
// with it instead of a card token, so nothing here changes for them. With the sandbox, POST
// /_sandbox/billing/wallet-tokens stands in for the wallet's sheet (sandbox-routes.ts). A real adapter
// would instead, in the browser, through the provider's script (Recurly.js's Apple Pay and Google Pay
// helpers do both): for Apple Pay, open an ApplePaySession, answer its merchant validation with the
// session the provider obtains from Apple for our merchant id and verified domain, and hand the
// ApplePayPaymentToken from onpaymentauthorized to the provider for its token; for Google Pay, a
// PaymentRequest (or the Google Pay API) whose tokenization names the provider as gateway with our
// merchant id, and whose resulting token the provider exchanges for its own. The token's card summary
// then says paymentMethod 'wallet'.
//
// Amounts are integer minor units of `currency` (pence, cents, paise).

/** What a token says about its card: enough to show and recognise it, never enough to charge it elsewhere. */
export interface CardSummary {
  cardType: string;
  expMonth: number;
  expYear: number;
  firstSix: string;
  lastFour: string;
  /**
   * 'wallet' when a wallet (Apple Pay, Google Pay) handed the card over rather than the card form;
   * absent for a typed card. The card on file keeps it, and shows it: "Visa ending 4242 (wallet)".
   */
  paymentMethod?: 'wallet';
}

/**
 * The token that charges the customer's stored card (renewals, dunning retries, upgrades): the
 * provider charges the last card that went through for this customer, off-session.
 */
export const CARD_ON_FILE_TOKEN = 'card_on_file';

export interface ChargeRequest {
  customerId: string;
  /**
   * The card token the browser got from the provider, or CARD_ON_FILE_TOKEN. A token pays once, as
   * with every real tokeniser: another charge with it (another key) is declined, code 'token_used'.
   */
  token: string;
  /** Minor units; 0 verifies the card without moving money (a trial's start). */
  amount: number;
  currency: string;
  /** The same key never charges twice: a repeat returns the first outcome. */
  idempotencyKey: string;
  /** Resuming after a 3-D Secure challenge: the token its completion gave the browser. */
  threeDSecureActionResultToken?: string | null;
}

export type ChargeOutcome =
  | { status: 'success'; transactionId: string; card: CardSummary }
  | { status: 'declined'; code: string; message: string }
  | { status: 'insufficient_funds'; code: 'insufficient_funds'; message: string }
  /** The card's bank wants the buyer to authenticate; the browser completes `actionToken`, then the purchase resumes. */
  | { status: 'three_d_secure_required'; actionToken: string }
  /** The provider could not process it (its fault or the network's): nothing was charged. */
  | { status: 'error'; code: string; message: string };

export type RefundOutcome = { status: 'success'; refundId: string } | { status: 'error'; message: string };

export interface BillingProvider {
  /** Stored with each billing account ('sandbox', 'recurly'). */
  readonly name: string;
  /** A customer (account) at the provider for one of our billing accounts. */
  createCustomer(input: {
    accountId: string;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
  }): Promise<{ customerId: string }>;
  /** The card behind a token, or null when the token is unknown or expired. */
  describeToken(token: string): Promise<CardSummary | null>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * Answers a 3-D Secure challenge. With a real provider the buyer's bank does this in the browser;
   * the sandbox's challenge endpoint calls it. Null when the action token is unknown or already answered.
   */
  completeThreeDSecure(actionToken: string, result: 'succeeded' | 'failed'): Promise<{ resultToken: string } | null>;
  /** Gives back all (or `amount` of) a successful charge. */
  refund(input: { transactionId: string; amount?: number; idempotencyKey: string }): Promise<RefundOutcome>;
}

/**
 * What billing uses when a real provider's public key is set without its private key (config
 * refuses that at start-up; this is the last guard): every call fails, so purchases answer
 * TRANSACTION_ERROR instead of charging the sandbox.
 */
export function unconfiguredProvider(key: string): BillingProvider {
  const fail = async (): Promise<never> => {
    throw new Error(`No billing provider adapter for the configured key (${key.slice(0, 8)}…); set BILLING_PRIVATE_KEY for Recurly`);
  };
  return { name: 'unconfigured', createCustomer: fail, describeToken: fail, charge: fail, completeThreeDSecure: fail, refund: fail };
}
