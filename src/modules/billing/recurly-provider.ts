// The Recurly adapter (DESIGN §4): BillingProvider against Recurly's v3 API (version v2021-02-25)
// through Recurly's official Node client (npm `recurly`, 4.x). services.ts chooses it when
// BILLING_PUBLIC_KEY is not "sandbox" and BILLING_PRIVATE_KEY is set. Plans, prices, tax, trials and
// renewals stay ours: Recurly only holds an account per billing account, the card on file, and
// one-off charges (purchases of a single charge line item), verifications and refunds.
//
// How the interface maps:
// - createCustomer: an account whose `code` is our billing account id; its Recurly id is the customerId.
// - charge, amount > 0: POST /purchases with one tax-exempt `charge` line item for the amount (our
//   amount already includes our tax), paid by the browser's Recurly.js token (account.billing_info.token_id,
//   which also makes it the card on file) or, for CARD_ON_FILE_TOKEN, by the account's stored billing info.
// - charge, amount 0 (a trial's start, a card update): the token becomes the account's billing info
//   (PUT /accounts/{id}/billing_info), then POST …/billing_info/verify runs the gateway's $0 (or $1)
//   authorization and answers its transaction; CARD_ON_FILE_TOKEN verifies the stored card only.
// - 3-D Secure: a `three_d_secure_action_required` transaction error answers its action token; the browser
//   runs the challenge with Recurly.js (recurly.Risk().ThreeDSecure) and the purchase is submitted again
//   with the same token plus three_d_secure_action_result_token_id, which is what resumes it.
// - refund: the transaction's invoice is refunded (POST /invoices/{id}/refund, type "amount"); there is no
//   separate void call in this API version: Recurly voids or refunds the transaction as its state allows.
//
// Idempotency: every write sends Recurly's Idempotency-Key header (the client passes per-request headers
// through its `options.headers`, which its type declarations leave out; see RecurlyCalls). Recurly replays
// the first answer to the same key, method and path for one hour. A purchase resumed after 3-D Secure sends
// its key with the result token appended, or Recurly would replay the first answer (the challenge). Keys
// longer than Recurly's 255 characters are sent as their SHA-256.
//
// Outcomes: declines, insufficient funds and 3-D Secure come from the 422 transaction error. When Recurly
// answered that it did not process the request (a refused connection, 429, 503, a 4xx), the outcome is
// 'error' and nothing was charged. When the request may have been processed without us hearing the answer
// (a timeout, a dropped connection, 500/502/504, 409 "same key in flight"), charge throws
// RecurlyOutcomeUnknownError instead: answering 'error' ("nothing was charged") could be false, and the
// callers treat a throw as "retry with the same key" (subscriptions-service releases the purchase key;
// the lifecycle job is retried), which Recurly's idempotency turns into the first outcome, not a second charge.
// Buyers only ever see our messages, never Recurly's text.
import { createHash } from 'node:crypto';
import recurly from 'recurly';
import type {
  Account,
  AccountCreate,
  BillingInfo,
  BillingInfoCreate,
  BillingInfoVerify,
  Invoice,
  InvoiceCollection,
  InvoiceRefund,
  PaymentMethod,
  PurchaseCreate,
  Transaction,
  TransactionError,
} from 'recurly';
import type DefaultHttpAdapterClass from 'recurly/lib/recurly/DefaultHttpAdapter';
import type { HttpResponse } from 'recurly/lib/recurly/HttpAdapter';
import {
  CARD_ON_FILE_TOKEN,
  type BillingProvider,
  type CardSummary,
  type ChargeOutcome,
  type ChargeRequest,
  type RefundOutcome,
} from './provider.ts';

export const RECURLY_API_URLS = { us: 'https://v3.recurly.com', eu: 'https://v3.eu.recurly.com' } as const;

export const RECURLY_MESSAGES = {
  declined: 'Your card was declined. Please use a different card, or contact your bank.',
  insufficientFunds: 'Your card was declined for insufficient funds. Please use a different card.',
  expiredCard: 'Your card has expired. Please use a different card.',
  securityCode: 'The card’s security code was not accepted. Please check it, or use a different card.',
  threeDSecureFailed: 'Your bank could not confirm that it is you, so the card was not charged. Please try again or use a different card.',
  tokenExpired: 'Your card details have expired. Please enter them again.',
  noCardOnFile: 'There is no card on file to charge. Please add a card.',
  processingError: 'The payment provider could not process the card just now. Nothing was charged; please try again in a few minutes.',
} as const;

/** Decimal places of each currency we sell in (§9): all four have two. */
const CURRENCY_DECIMALS: Readonly<Record<string, number>> = { EUR: 2, GBP: 2, INR: 2, USD: 2 };

/** Integer minor units (pence, cents, paise) as Recurly's decimal amount: 1999 GBP → 19.99. */
export function toRecurlyAmount(minorUnits: number, currency: string): number {
  const decimals = CURRENCY_DECIMALS[currency.toUpperCase()];
  if (decimals === undefined)
    throw new RangeError(`No Recurly amount for currency ${currency}: only ${Object.keys(CURRENCY_DECIMALS).join(', ')}`);
  if (!Number.isSafeInteger(minorUnits) || minorUnits < 0) throw new RangeError('An amount is a whole number of minor units, 0 or more');
  // Division is correctly rounded, so this is the double nearest the decimal, which JSON prints exactly ("19.99").
  return minorUnits / 10 ** decimals;
}

/** Recurly's Idempotency-Key for a request: our key (and step), or its SHA-256 when longer than Recurly's 255 characters. */
export function recurlyIdempotencyKey(key: string, ...steps: string[]): string {
  const full = [key, ...steps].join(':');
  return full.length <= 255 && /^[\x21-\x7e]+$/.test(full) ? full : `sha256:${createHash('sha256').update(full).digest('hex')}`;
}

/**
 * Thrown by charge when Recurly may have processed the request but we do not know its answer (a
 * timeout, a dropped connection, a 5xx other than 503, a request with the same key still in flight).
 * Retrying with the same idempotency key gets the first outcome.
 */
export class RecurlyOutcomeUnknownError extends Error {
  constructor(what: string, options?: { cause?: unknown }) {
    super(`Recurly: ${what}; the outcome is unknown, retry with the same idempotency key`, options);
    this.name = 'RecurlyOutcomeUnknownError';
  }
}

// The client's methods take an `options` argument ({ headers, body, params }: BaseClient._validateOptions)
// that its type declarations leave out; these are the calls the adapter makes, with it.
type RequestOptions = { headers?: Record<string, string>; body?: BillingInfoVerify };
interface RecurlyCalls {
  createAccount(body: AccountCreate, options?: RequestOptions): Promise<Account>;
  getAccount(accountId: string): Promise<Account>;
  getBillingInfo(accountId: string): Promise<BillingInfo>;
  updateBillingInfo(accountId: string, body: BillingInfoCreate, options?: RequestOptions): Promise<BillingInfo>;
  verifyBillingInfo(accountId: string, options?: RequestOptions): Promise<Transaction>;
  createPurchase(body: PurchaseCreate, options?: RequestOptions): Promise<InvoiceCollection>;
  getTransaction(transactionId: string): Promise<Transaction>;
  refundInvoice(invoiceId: string, body: InvoiceRefund, options?: RequestOptions): Promise<Invoice>;
}

/** What the client's errors carry (recurly.ApiError and its subclasses; the declarations name none of it). */
interface RecurlyApiError extends Error {
  type?: string;
  transactionError?: TransactionError | null;
  getResponse?: () => { status?: number } | undefined;
}

const isApiError = (error: unknown): error is RecurlyApiError => error instanceof recurly.ApiError;
const statusOf = (error: RecurlyApiError): number | undefined => error.getResponse?.()?.status;

// The client's default adapter (node:https, gzip, keep-alive, a timeout), exported at run time but not declared.
const DefaultHttpAdapter = (recurly as unknown as { DefaultHttpAdapter: typeof DefaultHttpAdapterClass }).DefaultHttpAdapter;

/**
 * The client always calls https://v3.recurly.com or https://v3.eu.recurly.com (`region`); this adapter
 * sends the same requests to another base URL (BILLING_API_URL: a proxy, a test double) instead.
 */
class RebasedHttpAdapter extends DefaultHttpAdapter {
  readonly #base: string;
  constructor(base: string, timeout: number) {
    super({ timeout });
    this.#base = base.replace(/\/+$/, '');
  }
  override execute(method: string, url: string, headers: Record<string, string>, body: string | null): Promise<HttpResponse> {
    const { pathname, search } = new URL(url);
    return super.execute(method, `${this.#base}${pathname}${search}`, headers, body);
  }
}

function clientFor(privateKey: string, apiUrl: string, timeoutMs: number): RecurlyCalls {
  const base = apiUrl.replace(/\/+$/, '');
  const options =
    base === RECURLY_API_URLS.us
      ? { httpAdapter: new DefaultHttpAdapter({ timeout: timeoutMs }) }
      : base === RECURLY_API_URLS.eu
        ? { region: 'eu', httpAdapter: new DefaultHttpAdapter({ timeout: timeoutMs }) }
        : { httpAdapter: new RebasedHttpAdapter(base, timeoutMs) };
  return new recurly.Client(privateKey, options) as unknown as RecurlyCalls;
}

const WALLET_PAYMENT_METHODS = new Set([
  'apple_pay',
  'apple_pay_merchant_token',
  'braintree_apple_pay',
  'google_pay',
  'google_pay_device_pan',
  'braintree_google_pay',
]);

/** The card summary of a transaction's or billing info's payment method, or null when it names no card. */
export function cardSummaryOf(method: PaymentMethod | null | undefined): CardSummary | null {
  if (!method?.lastFour) return null;
  return {
    cardType: method.cardType ?? 'Unknown',
    expMonth: method.expMonth ?? 0,
    expYear: method.expYear ?? 0,
    firstSix: method.firstSix ?? '',
    lastFour: method.lastFour,
    ...(method.object && WALLET_PAYMENT_METHODS.has(method.object) ? { paymentMethod: 'wallet' as const } : {}),
  };
}

const THREE_D_SECURE_FAILED = new Set([
  'three_d_secure_authentication',
  'payer_authentication_rejected',
  'three_d_secure_action_result_token_mismatch',
]);
const TOKEN_EXPIRED = new Set(['rjs_token_expired', 'recurly_token_not_found', 'recurly_token_mismatch']);
const EXPIRED_CARD = new Set(['expired_card', 'declined_expiration_date']);
const SECURITY_CODE = new Set(['declined_security_code', 'cvv_required']);
/** Transaction error categories that are the card's (or its bank's) answer; the others are the provider's or the gateway's failure. */
const DECLINE_CATEGORIES = new Set(['soft', 'hard', 'fraud', 'invalid', 'referral', 'not_supported', 'three_d_secure_required']);

/** A 422 transaction error (`error.transaction_error`) as our outcome. */
export function outcomeOfTransactionError(error: TransactionError | null | undefined): ChargeOutcome {
  const code = error?.code ?? null;
  const category = error?.category ?? null;
  if (code === 'three_d_secure_action_required' || category === 'three_d_secure_action_required') {
    return error?.threeDSecureActionTokenId
      ? { status: 'three_d_secure_required', actionToken: error.threeDSecureActionTokenId }
      : { status: 'error', code: 'three_d_secure_action_required', message: RECURLY_MESSAGES.processingError };
  }
  if (code === 'insufficient_funds' || error?.declineCode === 'insufficient_funds')
    return { status: 'insufficient_funds', code: 'insufficient_funds', message: RECURLY_MESSAGES.insufficientFunds };
  if (code && THREE_D_SECURE_FAILED.has(code))
    return { status: 'declined', code: 'three_d_secure_failed', message: RECURLY_MESSAGES.threeDSecureFailed };
  if (code && TOKEN_EXPIRED.has(code)) return { status: 'declined', code: 'invalid_token', message: RECURLY_MESSAGES.tokenExpired };
  if (code === 'no_billing_information') return { status: 'declined', code: 'no_card_on_file', message: RECURLY_MESSAGES.noCardOnFile };
  if (code && EXPIRED_CARD.has(code)) return { status: 'declined', code, message: RECURLY_MESSAGES.expiredCard };
  if (code && SECURITY_CODE.has(code)) return { status: 'declined', code, message: RECURLY_MESSAGES.securityCode };
  if (category && DECLINE_CATEGORIES.has(category))
    return { status: 'declined', code: code ?? 'declined', message: RECURLY_MESSAGES.declined };
  return { status: 'error', code: code ?? 'processing_error', message: RECURLY_MESSAGES.processingError };
}

/** Node's codes for a request that never reached the server. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** Any failure of a charge's request as our outcome; throws RecurlyOutcomeUnknownError when Recurly may have charged. */
export function outcomeOfChargeError(error: unknown): ChargeOutcome {
  if (isApiError(error)) {
    const status = statusOf(error);
    if (error.type === 'transaction') return outcomeOfTransactionError(error.transactionError);
    if (error.type === 'invalid_token') return { status: 'declined', code: 'invalid_token', message: RECURLY_MESSAGES.tokenExpired };
    // No HTTP answer (the client's timeout), a server error, or the same key still in flight.
    if (status === undefined || status === 409 || (status >= 500 && status !== 503)) {
      throw new RecurlyOutcomeUnknownError(status === undefined ? 'no answer in time' : `answered HTTP ${status}`, { cause: error });
    }
    // Rate limited, unavailable, or a request Recurly refused (our configuration or our bug): nothing was processed.
    return { status: 'error', code: error.type ?? `http_${status}`, message: RECURLY_MESSAGES.processingError };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && NOT_SENT.has(code))
    return { status: 'error', code: 'provider_unreachable', message: RECURLY_MESSAGES.processingError };
  if (error instanceof RangeError) throw error;
  throw new RecurlyOutcomeUnknownError(`the request failed (${typeof code === 'string' ? code : 'unknown cause'})`, { cause: error });
}

/** A failed refund for the log (refund messages are for operators, so Recurly's own words are kept). */
function refundFailure(error: unknown): RefundOutcome {
  if (isApiError(error)) {
    const te = error.transactionError;
    const detail = te
      ? `${te.code ?? 'transaction'}: ${te.merchantAdvice ?? te.message ?? ''}`
      : `${error.type ?? 'error'}: ${error.message}`;
    return { status: 'error', message: `Recurly refused the refund (HTTP ${statusOf(error) ?? 'no answer'}, ${detail})` };
  }
  return { status: 'error', message: `Recurly refund failed: ${error instanceof Error ? error.message : String(error)}` };
}

export interface RecurlyProviderOptions {
  /** The site's private API key (BILLING_PRIVATE_KEY): HTTP basic auth, never logged, never in the browser. */
  privateKey: string;
  /** BILLING_API_URL: https://v3.recurly.com (default), https://v3.eu.recurly.com, or any other base URL. */
  apiUrl?: string;
  /** What the charge line item says on Recurly's invoice. */
  chargeDescription?: string;
  /** How long one request may take before its outcome is unknown. */
  timeoutMs?: number;
}

export function createRecurlyProvider({
  privateKey,
  apiUrl = RECURLY_API_URLS.us,
  chargeDescription = 'Membership',
  timeoutMs = 60_000,
}: RecurlyProviderOptions): BillingProvider {
  const api = clientFor(privateKey, apiUrl, timeoutMs);
  const withKey = (key: string): RequestOptions => ({ headers: { 'Idempotency-Key': key } });

  /** The card a success used: the transaction's payment method, else the account's billing info. */
  async function cardFor(customerId: string, transaction: Transaction): Promise<CardSummary> {
    const card =
      cardSummaryOf(transaction.paymentMethod) ?? cardSummaryOf((await api.getBillingInfo(customerId).catch(() => null))?.paymentMethod);
    return card ?? { cardType: 'Unknown', expMonth: 0, expYear: 0, firstSix: '', lastFour: '' };
  }

  async function successOf(customerId: string, transaction: Transaction | undefined): Promise<ChargeOutcome> {
    if (!transaction?.id || transaction.status !== 'success') {
      // Recurly answered without a successful transaction (a payment still pending, an invoice paid otherwise).
      return { status: 'error', code: transaction?.status ?? 'no_transaction', message: RECURLY_MESSAGES.processingError };
    }
    return { status: 'success', transactionId: transaction.id, card: await cardFor(customerId, transaction) };
  }

  /** A purchase of one charge line item. */
  async function purchase({
    customerId,
    token,
    amount,
    currency,
    idempotencyKey,
    threeDSecureActionResultToken,
  }: ChargeRequest): Promise<ChargeOutcome> {
    const resultToken = threeDSecureActionResultToken || null;
    const billingInfo: BillingInfoCreate | null =
      token !== CARD_ON_FILE_TOKEN
        ? { tokenId: token, ...(resultToken ? { threeDSecureActionResultTokenId: resultToken } : {}) }
        : resultToken
          ? { threeDSecureActionResultTokenId: resultToken }
          : null;
    const body: PurchaseCreate = {
      currency,
      account: { id: customerId, ...(billingInfo ? { billingInfo } : {}) },
      lineItems: [
        {
          type: 'charge',
          currency,
          unitAmount: toRecurlyAmount(amount, currency),
          quantity: 1,
          description: chargeDescription,
          taxExempt: true,
        },
      ],
      // The buyer is at the card form (or has just answered a challenge): a customer-initiated transaction.
      // A renewal of the card on file is sent without an initiator: ChargeRequest does not say which it is.
      ...(token !== CARD_ON_FILE_TOKEN || resultToken ? { transaction: { initiator: 'customer' } } : {}),
    };
    const key = resultToken ? recurlyIdempotencyKey(idempotencyKey, '3ds', resultToken) : recurlyIdempotencyKey(idempotencyKey);
    const collection = await api.createPurchase(body, withKey(key));
    const transactions = collection.chargeInvoice?.transactions ?? [];
    return successOf(customerId, transactions.find((t) => t.status === 'success') ?? transactions[0]);
  }

  /** A zero-amount check: the token becomes the card on file, then the gateway authorizes nothing (or $1, voided). */
  async function verify({ customerId, token, idempotencyKey, threeDSecureActionResultToken }: ChargeRequest): Promise<ChargeOutcome> {
    const resultToken = threeDSecureActionResultToken || null;
    const steps = resultToken ? ['3ds', resultToken] : [];
    if (token !== CARD_ON_FILE_TOKEN) {
      await api.updateBillingInfo(
        customerId,
        { tokenId: token, ...(resultToken ? { threeDSecureActionResultTokenId: resultToken } : {}) },
        withKey(recurlyIdempotencyKey(idempotencyKey, 'billing-info', ...steps)),
      );
    }
    const verifyBody: BillingInfoVerify | undefined =
      token === CARD_ON_FILE_TOKEN && resultToken ? { threeDSecureActionResultTokenId: resultToken } : undefined;
    let transaction: Transaction;
    try {
      transaction = await api.verifyBillingInfo(customerId, {
        ...withKey(recurlyIdempotencyKey(idempotencyKey, 'verify', ...steps)),
        ...(verifyBody ? { body: verifyBody } : {}),
      });
    } catch (error) {
      // 404: the account has no billing info (only possible for the card on file).
      if (isApiError(error) && statusOf(error) === 404)
        return { status: 'declined', code: 'no_card_on_file', message: RECURLY_MESSAGES.noCardOnFile };
      throw error;
    }
    if (transaction.status !== 'success')
      return { status: 'declined', code: transaction.statusCode ?? 'declined', message: RECURLY_MESSAGES.declined };
    return successOf(customerId, transaction);
  }

  return {
    name: 'recurly',

    async createCustomer({ accountId, email, firstName, lastName }) {
      const body: AccountCreate = {
        code: accountId,
        ...(email ? { email } : {}),
        ...(firstName ? { firstName } : {}),
        ...(lastName ? { lastName } : {}),
      };
      try {
        const account = await api.createAccount(body, withKey(recurlyIdempotencyKey(`account:${accountId}`)));
        if (!account.id) throw new Error('Recurly created an account without an id');
        return { customerId: account.id };
      } catch (error) {
        // A retry past the idempotency window: the account with our code is already there.
        if (isApiError(error) && error.type === 'validation') {
          const existing = await api.getAccount(`code-${accountId}`).catch(() => null);
          if (existing?.id) return { customerId: existing.id };
        }
        throw error;
      }
    },

    /**
     * Always null: a Recurly.js token cannot be read back through the API (it can only be used, as
     * billing_info.token_id), so the card behind it is known from the charge's answer instead, which is
     * where billing takes the summary it keeps. Billing itself never calls this (only the sandbox's
     * own routes do); null is the interface's "unknown token".
     */
    async describeToken() {
      return null;
    },

    async charge(request) {
      try {
        return request.amount === 0 ? await verify(request) : await purchase(request);
      } catch (error) {
        return outcomeOfChargeError(error);
      }
    },

    /**
     * Always null: with Recurly the buyer's browser runs the challenge with Recurly.js, which hands the
     * result token to the page, and the purchase is submitted again with it (charge's
     * threeDSecureActionResultToken). There is nothing for the server to answer.
     */
    async completeThreeDSecure() {
      return null;
    },

    async refund({ transactionId, amount, idempotencyKey }) {
      try {
        const transaction = await api.getTransaction(transactionId);
        const invoiceId = transaction.invoice?.id;
        if (!invoiceId || !transaction.currency)
          return { status: 'error', message: `Recurly transaction ${transactionId} has no invoice to refund` };
        const body: InvoiceRefund =
          amount === undefined ? { type: 'amount' } : { type: 'amount', amount: toRecurlyAmount(amount, transaction.currency) };
        const credit = await api.refundInvoice(invoiceId, body, withKey(recurlyIdempotencyKey(idempotencyKey)));
        const refundId = credit.transactions?.find((t) => t.type === 'refund')?.id ?? credit.id;
        if (!refundId) return { status: 'error', message: 'Recurly answered the refund without a credit invoice' };
        return { status: 'success', refundId };
      } catch (error) {
        return refundFailure(error);
      }
    },
  };
}
