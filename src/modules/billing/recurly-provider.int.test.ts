// The Recurly adapter against a fake Recurly v3 API (v2021-02-25) on 127.0.0.1: the official client
// sends its real requests (BILLING_API_URL points it here), and the fake answers with bodies shaped
// like Recurly's documented JSON. Every fake body is checked against the client's own resource schemas
// (generated from Recurly's OpenAPI document), so a misspelt or invented field fails the test.
// Also: amounts as decimals, the idempotency keys, the private key kept out of the browser's config,
// and billing choosing this adapter (services.ts) end to end.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import recurly from 'recurly';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recurlyTransactionError } from '../../../e2e/recurly/recurly-transaction-error.mjs';
import { ConfigError, loadConfig, publicConfig } from '../../config/config.ts';
import { createTestApp } from '../../test/app.ts';
import { signIn } from '../../test/graphql.ts';
import { planByCode } from './catalogue.ts';
import { subscriptionPrice } from './pricing.ts';
import { CARD_ON_FILE_TOKEN, type BillingProvider } from './provider.ts';
import {
  createRecurlyProvider,
  outcomeOfTransactionError,
  RECURLY_MESSAGES,
  recurlyIdempotencyKey,
  RecurlyOutcomeUnknownError,
  toRecurlyAmount,
} from './recurly-provider.ts';

// ---------- The fake Recurly ----------

type Json = Record<string, unknown>;
interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Json | null;
}
type Answer = { status: number; body: Json } | 'drop' | 'hang';
type Handler = (request: Recorded) => Answer;

const resources = recurly as unknown as Record<string, { getSchema(): Record<string, unknown> } | undefined>;
const camelize = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** Fails when `value` has a field Recurly's `resource` does not document, or a value of the wrong kind. */
function expectDocumented(resource: string, value: Json, at: string = resource): void {
  const schema = resources[resource]?.getSchema();
  if (!schema) throw new Error(`No Recurly resource ${resource}`);
  for (const [key, child] of Object.entries(value)) {
    const type = schema[camelize(key)];
    expect(type, `${at}.${key} is not a field of Recurly's ${resource}`).toBeDefined();
    if (child === null) continue;
    const where = `${at}.${key}`;
    if (typeof type === 'string') expectDocumented(type, child as Json, where);
    else if (Array.isArray(type) && typeof type[0] === 'string')
      for (const item of child as Json[]) expectDocumented(type[0], item, `${where}[]`);
    else if (type === String) expect(typeof child, where).toBe('string');
    else if (type === Number) expect(typeof child, where).toBe('number');
    else if (type === Boolean) expect(typeof child, where).toBe('boolean');
    else if (type === Date) expect(Number.isNaN(Date.parse(child as string)), where).toBe(false);
    else if (type === Array) expect(Array.isArray(child), where).toBe(true);
    else if (type === Object) expect(typeof child, where).toBe('object');
  }
}

function startFakeRecurly() {
  const requests: Recorded[] = [];
  const routes = new Map<string, Handler>();
  /** Fake bodies that are not Recurly's shape (checked in afterEach: a throw in the server would only hang the client). */
  const violations: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const { pathname } = new URL(req.url ?? '/', 'http://fake');
      const recorded: Recorded = {
        method: req.method ?? 'GET',
        path: pathname,
        headers: req.headers,
        body: text ? (JSON.parse(text) as Json) : null,
      };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${pathname}`);
      const answer: Answer = handler
        ? handler(recorded)
        : { status: 404, body: { error: { type: 'not_found', message: `Couldn't find a resource at ${pathname}` } } };
      if (answer === 'hang') return;
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Recurly-Version': 'recurly.v2021-02-25',
        'X-Request-Id': randomBytes(10).toString('hex'),
        'X-RateLimit-Limit': '2000',
        'X-RateLimit-Remaining': '1999',
        'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + 300),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  return {
    requests,
    violations,
    server,
    url: '',
    /** Answers `method path` with `handler` (its bodies checked against Recurly's resources first). */
    on(method: string, path: string, resource: string, handler: Handler) {
      routes.set(`${method} ${path}`, (request) => {
        const answer = handler(request);
        try {
          if (typeof answer === 'object') {
            if (answer.status >= 400) expectDocumented('ErrorMayHaveTransaction', answer.body.error as Json, 'error');
            else expectDocumented(resource, answer.body);
          }
        } catch (error) {
          violations.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
        return answer;
      });
    },
    reset() {
      requests.length = 0;
      violations.length = 0;
      routes.clear();
    },
  };
}

// ---------- Recurly's JSON (v2021-02-25) ----------

const AT = '2026-03-12T10:15:00Z';
const rid = () => randomBytes(8).toString('hex').slice(0, 12);
const uuid = () => randomBytes(16).toString('hex');

const accountMini = (id: string, code: string): Json => ({
  id,
  object: 'account',
  code,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Okafor',
  company: null,
  parent_account_id: null,
  bill_to: 'self',
  dunning_campaign_id: null,
});

const account = (id: string, code: string): Json => ({
  id,
  object: 'account',
  state: 'active',
  hosted_login_token: uuid(),
  shipping_addresses: [],
  has_live_subscription: false,
  has_active_subscription: false,
  has_future_subscription: false,
  has_canceled_subscription: false,
  has_paused_subscription: false,
  has_past_due_invoice: false,
  created_at: AT,
  updated_at: AT,
  deleted_at: null,
  code,
  username: null,
  email: 'ada@example.com',
  override_business_entity_id: null,
  preferred_locale: null,
  preferred_time_zone: null,
  cc_emails: null,
  first_name: 'Ada',
  last_name: 'Okafor',
  company: null,
  vat_number: null,
  tax_exempt: false,
  exemption_certificate: null,
  external_accounts: [],
  parent_account_id: null,
  bill_to: 'self',
  dunning_campaign_id: null,
  invoice_template_id: null,
  address: null,
  billing_info: null,
  custom_fields: [],
});

const VISA = { object: 'credit_card', card_type: 'Visa', first_six: '411111', last_four: '1111', exp_month: 12, exp_year: 2030 };
const paymentMethod = (card: Partial<typeof VISA> = {}): Json => ({
  ...VISA,
  last_two: null,
  gateway_token: null,
  cc_bin_country: 'GB',
  funding_source: 'credit',
  gateway_code: null,
  billing_agreement_id: null,
  name_on_account: null,
  ...card,
});

function transaction({
  id = rid(),
  type = 'purchase',
  amount,
  currency,
  customer,
  invoice = null,
  card = {},
}: {
  id?: string;
  type?: string;
  amount: number;
  currency: string;
  customer: string;
  invoice?: Json | null;
  card?: Partial<typeof VISA>;
}): Json {
  return {
    id,
    object: 'transaction',
    uuid: uuid(),
    original_transaction_id: null,
    account: accountMini(customer, 'billing-account'),
    initiator: 'customer',
    invoice,
    merchant_reason_code: null,
    voided_by_invoice: null,
    subscription_ids: [],
    type,
    origin: type === 'verify' ? 'api_verify_card' : 'api',
    currency,
    amount,
    status: 'success',
    success: true,
    backup_payment_method_used: false,
    refunded: false,
    billing_address: null,
    collection_method: 'automatic',
    payment_method: paymentMethod(card),
    ip_address_v4: null,
    ip_address_country: null,
    status_code: null,
    status_message: null,
    customer_message: null,
    customer_message_locale: null,
    payment_gateway: { id: rid(), object: 'payment_gateway', type: 'test', name: 'Test Gateway' },
    gateway_message: 'Successful test transaction',
    gateway_reference: rid(),
    gateway_approval_code: null,
    gateway_response_code: null,
    gateway_response_time: 0.12,
    gateway_response_values: {},
    cvv_check: 'M',
    avs_check: 'D',
    created_at: AT,
    updated_at: AT,
    voided_at: null,
    collected_at: AT,
  };
}

const invoiceMini = (id: string, type: 'charge' | 'credit' = 'charge'): Json => ({
  id,
  object: 'invoice',
  number: '1001',
  business_entity_id: null,
  type,
  state: 'paid',
});

function invoice({
  id,
  type = 'charge',
  total,
  currency,
  customer,
  transactions,
}: {
  id: string;
  type?: 'charge' | 'credit';
  total: number;
  currency: string;
  customer: string;
  transactions: Json[];
}): Json {
  return {
    id,
    uuid: uuid(),
    object: 'invoice',
    type,
    origin: type === 'charge' ? 'purchase' : 'refund',
    state: type === 'charge' ? 'paid' : 'closed',
    account: accountMini(customer, 'billing-account'),
    billing_info_id: rid(),
    subscription_ids: [],
    previous_invoice_id: null,
    number: type === 'charge' ? '1001' : '1002',
    collection_method: 'automatic',
    po_number: null,
    net_terms: 0,
    net_terms_type: 'net',
    address: null,
    shipping_address: null,
    currency,
    discount: 0,
    subtotal: total,
    tax: 0,
    total,
    refundable_amount: type === 'charge' ? total : 0,
    paid: total,
    balance: 0,
    tax_info: null,
    used_tax_service: false,
    vat_number: null,
    vat_reverse_charge_notes: null,
    terms_and_conditions: null,
    customer_notes: null,
    line_items: [
      {
        id: rid(),
        object: 'line_item',
        uuid: uuid(),
        type,
        state: 'invoiced',
        legacy_category: 'charge',
        account: accountMini(customer, 'billing-account'),
        invoice_id: id,
        origin: type === 'charge' ? 'one_time' : 'credit',
        currency,
        amount: total,
        description: 'Membership',
        quantity: 1,
        unit_amount: total,
        tax_inclusive: false,
        subtotal: total,
        discount: 0,
        tax: 0,
        taxable: false,
        tax_exempt: true,
        refund: type === 'credit',
        created_at: AT,
        updated_at: AT,
      },
    ],
    has_more_line_items: false,
    transactions,
    credit_payments: [],
    created_at: AT,
    updated_at: AT,
    due_at: AT,
    closed_at: AT,
    dunning_campaign_id: null,
    dunning_events_sent: null,
    final_dunning_event: false,
    business_entity_id: null,
  };
}

const invoiceCollection = (charge: Json): Json => ({ object: 'invoice_collection', charge_invoice: charge, credit_invoices: [] });

const billingInfo = (customer: string): Json => ({
  id: rid(),
  object: 'billing_info',
  account_id: customer,
  first_name: 'Ada',
  last_name: 'Okafor',
  company: null,
  address: null,
  vat_number: null,
  valid: true,
  payment_method: paymentMethod(),
  fraud: null,
  primary_payment_method: true,
  backup_payment_method: false,
  created_at: AT,
  updated_at: AT,
});

/** A failed transaction in Recurly's own words, which must never reach the reader. */
function transactionError(options: { category: string; code: string; declineCode?: string | null; actionToken?: string | null }) {
  return recurlyTransactionError({
    ...options,
    message: `Recurly says: ${options.code} (merchant-facing text)`,
    customerMessage: `Recurly says: ${options.code} (its customer message)`,
    merchantAdvice: 'Merchant advice from Recurly',
  });
}

// ---------- The tests ----------

const PRIVATE_KEY = `rk_${randomBytes(12).toString('hex')}`;
const BASIC = `Basic ${Buffer.from(`${PRIVATE_KEY}:`).toString('base64')}`;
const CUSTOMER = 'o1pe4xbv0shd';
const fake = startFakeRecurly();
let provider: BillingProvider;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  provider = createRecurlyProvider({ privateKey: PRIVATE_KEY, apiUrl: fake.url });
});
afterEach(() => {
  const violations = [...fake.violations];
  fake.reset();
  expect(violations, 'the fake answered with a body that is not Recurly’s shape').toEqual([]);
});
afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
});

/** The request the adapter sent to `method path` (exactly one). */
function sent(method: string, path: string): Recorded {
  const matching = fake.requests.filter((r) => r.method === method && r.path === path);
  expect(matching, `${method} ${path} in ${fake.requests.map((r) => `${r.method} ${r.path}`).join(', ')}`).toHaveLength(1);
  return matching[0]!;
}

function expectRecurlyHeaders(request: Recorded, idempotencyKey?: string) {
  expect(request.headers.authorization).toBe(BASIC);
  expect(request.headers.accept).toBe('application/vnd.recurly.v2021-02-25');
  if (idempotencyKey !== undefined) expect(request.headers['idempotency-key']).toBe(idempotencyKey);
}

const purchaseSucceeds =
  (card: Partial<typeof VISA> = {}) =>
  (request: Recorded) => {
    const lineItems = request.body!.line_items as Json[];
    const total = lineItems[0]!.unit_amount as number;
    const currency = request.body!.currency as string;
    const invoiceId = rid();
    return {
      status: 201,
      body: invoiceCollection(
        invoice({
          id: invoiceId,
          total,
          currency,
          customer: CUSTOMER,
          transactions: [
            transaction({ id: 'txn_purchase1', amount: total, currency, customer: CUSTOMER, invoice: invoiceMini(invoiceId), card }),
          ],
        }),
      ),
    };
  };

describe('toRecurlyAmount', () => {
  it('turns minor units into the decimal Recurly reads, for each currency we sell in', () => {
    expect(toRecurlyAmount(1999, 'GBP')).toBe(19.99);
    expect(toRecurlyAmount(5, 'EUR')).toBe(0.05);
    expect(toRecurlyAmount(0, 'USD')).toBe(0);
    expect(toRecurlyAmount(3000, 'usd')).toBe(30);
    expect(toRecurlyAmount(1_500_000, 'INR')).toBe(15000);
    expect(toRecurlyAmount(123_456_789, 'INR')).toBe(1234567.89);
  });

  it('prints every amount up to 100,000.00 as its exact two-decimal value in the JSON body', () => {
    for (let minor = 0; minor <= 10_000_000; minor += minor < 100_000 ? 1 : 997) {
      // 1999 → "19.99", 1990 → "19.9", 1900 → "19", 0 → "0": the decimal, without trailing zeros.
      const exact = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`.replace(/\.?0+$/, '');
      const printed = JSON.stringify(toRecurlyAmount(minor, 'GBP'));
      if (printed !== exact) expect(printed, `for ${minor}`).toBe(exact);
    }
  });

  it('refuses other currencies, fractions and negative amounts', () => {
    expect(() => toRecurlyAmount(100, 'JPY')).toThrow(RangeError);
    expect(() => toRecurlyAmount(1.5, 'GBP')).toThrow(RangeError);
    expect(() => toRecurlyAmount(-1, 'GBP')).toThrow(RangeError);
  });
});

describe('recurlyIdempotencyKey', () => {
  it('sends our key as it is, with the step appended, and hashes one past Recurly’s 255 characters', () => {
    expect(recurlyIdempotencyKey('renewal:sub-1:2026-03-12T00:00:00.000Z:0')).toBe('renewal:sub-1:2026-03-12T00:00:00.000Z:0');
    expect(recurlyIdempotencyKey('k', '3ds', 'result')).toBe('k:3ds:result');
    const long = recurlyIdempotencyKey(`id:card-update:${'t'.repeat(300)}`);
    expect(long).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(recurlyIdempotencyKey(`id:card-update:${'t'.repeat(300)}`)).toBe(long);
  });
});

describe('createCustomer', () => {
  it('creates an account whose code is our billing account id, and answers its Recurly id', async () => {
    fake.on('POST', '/accounts', 'Account', (request) => ({ status: 201, body: account(CUSTOMER, request.body!.code as string) }));
    const { customerId } = await provider.createCustomer({
      accountId: 'acc-123',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Okafor',
    });
    expect(customerId).toBe(CUSTOMER);
    const request = sent('POST', '/accounts');
    expect(request.body).toEqual({ code: 'acc-123', email: 'ada@example.com', first_name: 'Ada', last_name: 'Okafor' });
    expectRecurlyHeaders(request, 'account:acc-123');
  });

  it('leaves out what we do not know, and finds the account when its code is already taken (a retry)', async () => {
    fake.on('POST', '/accounts', 'Account', () => ({
      status: 422,
      body: {
        error: {
          type: 'validation',
          message: 'Code has already been taken',
          params: [{ param: 'code', message: 'has already been taken' }],
        },
      },
    }));
    fake.on('GET', '/accounts/code-acc-456', 'Account', () => ({ status: 200, body: account('existing1234', 'acc-456') }));
    expect(await provider.createCustomer({ accountId: 'acc-456', email: null, firstName: null, lastName: null })).toEqual({
      customerId: 'existing1234',
    });
    expect(sent('POST', '/accounts').body).toEqual({ code: 'acc-456' });
  });
});

describe('charge', () => {
  it('buys one tax-exempt charge line item with the browser token, amount as a decimal, and answers the card', async () => {
    fake.on('POST', '/purchases', 'InvoiceCollection', purchaseSucceeds());
    const outcome = await provider.charge({
      customerId: CUSTOMER,
      token: 'rjs-token-1',
      amount: 1999,
      currency: 'GBP',
      idempotencyKey: 'id-1:purchase-1',
    });
    expect(outcome).toEqual({
      status: 'success',
      transactionId: 'txn_purchase1',
      card: { cardType: 'Visa', expMonth: 12, expYear: 2030, firstSix: '411111', lastFour: '1111' },
    });
    const request = sent('POST', '/purchases');
    expect(request.body).toEqual({
      currency: 'GBP',
      account: { id: CUSTOMER, billing_info: { token_id: 'rjs-token-1' } },
      line_items: [{ type: 'charge', currency: 'GBP', unit_amount: 19.99, quantity: 1, description: 'Membership', tax_exempt: true }],
      transaction: { initiator: 'customer' },
    });
    expectRecurlyHeaders(request, 'id-1:purchase-1');
  });

  it('charges the account’s stored billing info for the card on file, and names a wallet’s card', async () => {
    fake.on(
      'POST',
      '/purchases',
      'InvoiceCollection',
      purchaseSucceeds({ object: 'apple_pay', card_type: 'MasterCard', first_six: '555555', last_four: '4444' }),
    );
    const outcome = await provider.charge({
      customerId: CUSTOMER,
      token: CARD_ON_FILE_TOKEN,
      amount: 150_000,
      currency: 'INR',
      idempotencyKey: 'renewal:sub-1:0',
    });
    expect(outcome).toEqual({
      status: 'success',
      transactionId: 'txn_purchase1',
      card: { cardType: 'MasterCard', expMonth: 12, expYear: 2030, firstSix: '555555', lastFour: '4444', paymentMethod: 'wallet' },
    });
    expect(sent('POST', '/purchases').body).toEqual({
      currency: 'INR',
      account: { id: CUSTOMER },
      line_items: [{ type: 'charge', currency: 'INR', unit_amount: 1500, quantity: 1, description: 'Membership', tax_exempt: true }],
    });
  });

  it('answers a decline and insufficient funds in our words, never Recurly’s', async () => {
    fake.on('POST', '/purchases', 'InvoiceCollection', () =>
      transactionError({ category: 'soft', code: 'declined', declineCode: 'do_not_honor' }),
    );
    const declined = await provider.charge({
      customerId: CUSTOMER,
      token: 'rjs-token-2',
      amount: 2500,
      currency: 'EUR',
      idempotencyKey: 'k-2',
    });
    expect(declined).toEqual({ status: 'declined', code: 'declined', message: RECURLY_MESSAGES.declined });

    fake.on('POST', '/purchases', 'InvoiceCollection', () =>
      transactionError({ category: 'soft', code: 'insufficient_funds', declineCode: 'insufficient_funds' }),
    );
    const poor = await provider.charge({
      customerId: CUSTOMER,
      token: 'rjs-token-3',
      amount: 2500,
      currency: 'EUR',
      idempotencyKey: 'k-3',
    });
    expect(poor).toEqual({ status: 'insufficient_funds', code: 'insufficient_funds', message: RECURLY_MESSAGES.insufficientFunds });
    expect(JSON.stringify([declined, poor])).not.toContain('Recurly says');
  });

  it('asks for 3-D Secure with Recurly’s action token, then resumes with the result token under its own key', async () => {
    fake.on('POST', '/purchases', 'InvoiceCollection', (request) =>
      (request.body!.account as Json & { billing_info: Json }).billing_info.three_d_secure_action_result_token_id
        ? purchaseSucceeds()(request)
        : transactionError({
            category: 'three_d_secure_action_required',
            code: 'three_d_secure_action_required',
            actionToken: 'act_7fa1b2c3d4e5',
          }),
    );
    const first = await provider.charge({
      customerId: CUSTOMER,
      token: 'rjs-token-4',
      amount: 3000,
      currency: 'USD',
      idempotencyKey: 'id-4:p-4',
    });
    expect(first).toEqual({ status: 'three_d_secure_required', actionToken: 'act_7fa1b2c3d4e5' });

    const resumed = await provider.charge({
      customerId: CUSTOMER,
      token: 'rjs-token-4',
      amount: 3000,
      currency: 'USD',
      idempotencyKey: 'id-4:p-4',
      threeDSecureActionResultToken: 'res_99aa88bb77cc',
    });
    expect(resumed).toMatchObject({ status: 'success', transactionId: 'txn_purchase1' });
    const [initial, again] = fake.requests;
    expect(initial!.headers['idempotency-key']).toBe('id-4:p-4');
    expect(again!.headers['idempotency-key']).toBe('id-4:p-4:3ds:res_99aa88bb77cc');
    expect(again!.body!.account).toEqual({
      id: CUSTOMER,
      billing_info: { token_id: 'rjs-token-4', three_d_secure_action_result_token_id: 'res_99aa88bb77cc' },
    });
  });

  it('maps the other transaction errors: a failed challenge, an expired token, no card, a gateway failure', () => {
    expect(outcomeOfTransactionError({ category: 'three_d_secure', code: 'three_d_secure_authentication' } as never)).toEqual({
      status: 'declined',
      code: 'three_d_secure_failed',
      message: RECURLY_MESSAGES.threeDSecureFailed,
    });
    expect(outcomeOfTransactionError({ category: 'invalid', code: 'rjs_token_expired' } as never)).toMatchObject({
      status: 'declined',
      code: 'invalid_token',
    });
    expect(outcomeOfTransactionError({ category: 'invalid', code: 'no_billing_information' } as never)).toMatchObject({
      status: 'declined',
      code: 'no_card_on_file',
    });
    expect(outcomeOfTransactionError({ category: 'hard', code: 'expired_card' } as never)).toEqual({
      status: 'declined',
      code: 'expired_card',
      message: RECURLY_MESSAGES.expiredCard,
    });
    expect(outcomeOfTransactionError({ category: 'fraud', code: 'fraud_stolen_card' } as never)).toEqual({
      status: 'declined',
      code: 'fraud_stolen_card',
      message: RECURLY_MESSAGES.declined,
    });
    expect(outcomeOfTransactionError({ category: 'communication', code: 'gateway_timeout' } as never)).toEqual({
      status: 'error',
      code: 'gateway_timeout',
      message: RECURLY_MESSAGES.processingError,
    });
    expect(
      outcomeOfTransactionError({ category: 'three_d_secure_action_required', code: 'three_d_secure_action_required' } as never),
    ).toMatchObject({ status: 'error' });
  });

  it('verifies the card for a zero amount: the token becomes the billing info, then a verify transaction', async () => {
    fake.on('PUT', `/accounts/${CUSTOMER}/billing_info`, 'BillingInfo', () => ({ status: 200, body: billingInfo(CUSTOMER) }));
    fake.on('POST', `/accounts/${CUSTOMER}/billing_info/verify`, 'Transaction', () => ({
      status: 200,
      body: transaction({ id: 'txn_verify1', type: 'verify', amount: 0, currency: 'GBP', customer: CUSTOMER }),
    }));
    const outcome = await provider.charge({
      customerId: CUSTOMER,
      token: 'rjs-token-5',
      amount: 0,
      currency: 'GBP',
      idempotencyKey: 'id-5:trial',
    });
    expect(outcome).toEqual({
      status: 'success',
      transactionId: 'txn_verify1',
      card: { cardType: 'Visa', expMonth: 12, expYear: 2030, firstSix: '411111', lastFour: '1111' },
    });
    const update = sent('PUT', `/accounts/${CUSTOMER}/billing_info`);
    expect(update.body).toEqual({ token_id: 'rjs-token-5' });
    expectRecurlyHeaders(update, 'id-5:trial:billing-info');
    const verify = sent('POST', `/accounts/${CUSTOMER}/billing_info/verify`);
    expect(verify.body).toBeNull();
    expectRecurlyHeaders(verify, 'id-5:trial:verify');
    expect(fake.requests.some((r) => r.path === '/purchases')).toBe(false);
  });

  it('verifies the card on file alone, and declines when the account has none', async () => {
    fake.on('POST', `/accounts/${CUSTOMER}/billing_info/verify`, 'Transaction', () => ({
      status: 404,
      body: { error: { type: 'not_found', message: "Couldn't find BillingInfo with account_id = o1pe4xbv0shd" } },
    }));
    const outcome = await provider.charge({
      customerId: CUSTOMER,
      token: CARD_ON_FILE_TOKEN,
      amount: 0,
      currency: 'GBP',
      idempotencyKey: 'k-6',
    });
    expect(outcome).toEqual({ status: 'declined', code: 'no_card_on_file', message: RECURLY_MESSAGES.noCardOnFile });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /accounts/${CUSTOMER}/billing_info/verify`]);
  });

  it('answers error (nothing charged) when Recurly refused the request: unavailable, rate limited, unreachable', async () => {
    fake.on('POST', '/purchases', 'InvoiceCollection', () => ({
      status: 503,
      body: { error: { type: 'service_not_available', message: 'Recurly is down for maintenance' } },
    }));
    expect(await provider.charge({ customerId: CUSTOMER, token: 't', amount: 100, currency: 'GBP', idempotencyKey: 'k-7' })).toEqual({
      status: 'error',
      code: 'service_not_available',
      message: RECURLY_MESSAGES.processingError,
    });
    fake.on('POST', '/purchases', 'InvoiceCollection', () => ({
      status: 429,
      body: { error: { type: 'rate_limited', message: 'You made too many API requests' } },
    }));
    expect(await provider.charge({ customerId: CUSTOMER, token: 't', amount: 100, currency: 'GBP', idempotencyKey: 'k-8' })).toMatchObject({
      status: 'error',
      message: RECURLY_MESSAGES.processingError,
    });

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createRecurlyProvider({ privateKey: PRIVATE_KEY, apiUrl: `http://127.0.0.1:${port}` });
    expect(await unreachable.charge({ customerId: CUSTOMER, token: 't', amount: 100, currency: 'GBP', idempotencyKey: 'k-9' })).toEqual({
      status: 'error',
      code: 'provider_unreachable',
      message: RECURLY_MESSAGES.processingError,
    });
  });

  it('throws when Recurly may have charged without us hearing it (500, a dropped connection, a timeout): retried with the same key', async () => {
    fake.on('POST', '/purchases', 'InvoiceCollection', () => ({
      status: 500,
      body: { error: { type: 'internal_server_error', message: 'Something went wrong' } },
    }));
    await expect(
      provider.charge({ customerId: CUSTOMER, token: 't', amount: 100, currency: 'GBP', idempotencyKey: 'k-10' }),
    ).rejects.toThrow(RecurlyOutcomeUnknownError);

    fake.on('POST', '/purchases', 'InvoiceCollection', () => 'drop');
    await expect(
      provider.charge({ customerId: CUSTOMER, token: 't', amount: 100, currency: 'GBP', idempotencyKey: 'k-11' }),
    ).rejects.toThrow(RecurlyOutcomeUnknownError);

    fake.on('POST', '/purchases', 'InvoiceCollection', () => 'hang');
    const impatient = createRecurlyProvider({ privateKey: PRIVATE_KEY, apiUrl: fake.url, timeoutMs: 200 });
    const error = await impatient
      .charge({ customerId: CUSTOMER, token: 't', amount: 100, currency: 'GBP', idempotencyKey: 'k-12' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RecurlyOutcomeUnknownError);
    expect(String(error)).not.toContain(PRIVATE_KEY);
  });
});

describe('describeToken and completeThreeDSecure', () => {
  it('answer null: Recurly tokens cannot be read back, and the browser answers the challenge with Recurly.js', async () => {
    expect(await provider.describeToken('rjs-token-1')).toBeNull();
    expect(await provider.completeThreeDSecure('act_7fa1b2c3d4e5', 'succeeded')).toBeNull();
    expect(fake.requests).toEqual([]);
  });
});

describe('refund', () => {
  const charged = () =>
    transaction({ id: 'txn_to_refund', amount: 30, currency: 'GBP', customer: CUSTOMER, invoice: invoiceMini('inv_charge1') });
  const credit = (request: Recorded) => {
    const amount = (request.body!.amount as number | undefined) ?? 30;
    return {
      status: 201,
      body: invoice({
        id: 'inv_credit1',
        type: 'credit',
        total: -amount,
        currency: 'GBP',
        customer: CUSTOMER,
        transactions: [
          transaction({
            id: 'txn_refund1',
            type: 'refund',
            amount,
            currency: 'GBP',
            customer: CUSTOMER,
            invoice: invoiceMini('inv_credit1', 'credit'),
          }),
        ],
      }),
    };
  };

  it('refunds the whole of the transaction’s invoice, or a part of it as a decimal', async () => {
    fake.on('GET', '/transactions/txn_to_refund', 'Transaction', () => ({ status: 200, body: charged() }));
    fake.on('POST', '/invoices/inv_charge1/refund', 'Invoice', credit);
    expect(await provider.refund({ transactionId: 'txn_to_refund', idempotencyKey: 'id:p:refund' })).toEqual({
      status: 'success',
      refundId: 'txn_refund1',
    });
    const whole = sent('POST', '/invoices/inv_charge1/refund');
    expect(whole.body).toEqual({ type: 'amount' });
    expectRecurlyHeaders(whole, 'id:p:refund');

    fake.requests.length = 0;
    expect(await provider.refund({ transactionId: 'txn_to_refund', amount: 1250, idempotencyKey: 'id:u:refund' })).toEqual({
      status: 'success',
      refundId: 'txn_refund1',
    });
    expect(sent('POST', '/invoices/inv_charge1/refund').body).toEqual({ type: 'amount', amount: 12.5 });
  });

  it('answers error when Recurly refuses', async () => {
    fake.on('GET', '/transactions/txn_to_refund', 'Transaction', () => ({ status: 200, body: charged() }));
    fake.on('POST', '/invoices/inv_charge1/refund', 'Invoice', () => ({
      status: 422,
      body: {
        error: {
          type: 'validation',
          message: 'Amount exceeds the refundable amount',
          params: [{ param: 'amount', message: 'exceeds the refundable amount' }],
        },
      },
    }));
    expect(await provider.refund({ transactionId: 'txn_to_refund', amount: 99_999, idempotencyKey: 'k' })).toMatchObject({
      status: 'error',
    });
    expect(await provider.refund({ transactionId: 'txn_unknown', idempotencyKey: 'k' })).toMatchObject({ status: 'error' });
  });
});

describe('configuration', () => {
  const env = { BILLING_PUBLIC_KEY: 'ewr1-PublicKeyForRecurlyJs', BILLING_PRIVATE_KEY: PRIVATE_KEY };

  it('keeps the private key out of the browser’s config', () => {
    const config = loadConfig(env);
    expect(config.billing).toEqual({ privateKey: PRIVATE_KEY, apiUrl: 'https://v3.recurly.com' });
    const published = JSON.stringify(publicConfig(config));
    expect(published).toContain('ewr1-PublicKeyForRecurlyJs');
    expect(published).not.toContain(PRIVATE_KEY);
  });

  it('requires the private key with a Recurly public key, and https for the API URL', () => {
    const problems = (values: Record<string, string>) => {
      try {
        loadConfig(values);
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    expect(problems({ BILLING_PUBLIC_KEY: 'ewr1-abc' })).toEqual([
      'BILLING_PRIVATE_KEY: is required when BILLING_PUBLIC_KEY is not "sandbox"',
    ]);
    expect(problems({ BILLING_API_URL: 'http://recurly-proxy.example' })[0]).toMatch(
      /^BILLING_API_URL: BILLING_API_URL must be an https URL/,
    );
    expect(problems({ BILLING_API_URL: 'nope' })[0]).toMatch(/^BILLING_API_URL: BILLING_API_URL must be an absolute http\(s\) URL/);
    expect(loadConfig({ ...env, BILLING_API_URL: 'https://v3.eu.recurly.com/' }).billing.apiUrl).toBe('https://v3.eu.recurly.com');
    expect(loadConfig({ BILLING_API_URL: 'http://127.0.0.1:4010' }).billing.apiUrl).toBe('http://127.0.0.1:4010');
    expect(createRecurlyProvider({ privateKey: PRIVATE_KEY, apiUrl: 'https://v3.eu.recurly.com' }).name).toBe('recurly');
  });
});

describe('billing on Recurly (services.ts chooses the adapter)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({
      BILLING_PUBLIC_KEY: 'ewr1-PublicKeyForRecurlyJs',
      BILLING_PRIVATE_KEY: PRIVATE_KEY,
      BILLING_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('buys a monthly plan through Recurly: an account with our code, then a purchase of the taxed price', async () => {
    expect(app.services.billing.provider.name).toBe('recurly');
    expect(app.services.billing.sandbox).toBeNull();
    fake.on('POST', '/accounts', 'Account', (request) => ({ status: 201, body: account(CUSTOMER, request.body!.code as string) }));
    fake.on('POST', '/purchases', 'InvoiceCollection', purchaseSucceeds());
    const person = await signIn(app);
    const result = await app.services.billing.purchaseIndividualSubscription({
      identityId: person.identityId,
      planCode: 'individuals_standard_monthly_v1',
      currency: 'GBP',
      cardToken: 'rjs-token-app',
      billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
      idempotencyKey: 'recurly-app-1',
    });
    expect(result.kind, JSON.stringify(result)).toBe('success');
    const created = sent('POST', '/accounts');
    expect(created.body).toMatchObject({ code: expect.stringMatching(/^[0-9a-f-]{36}$/), first_name: 'Ada', last_name: 'Okafor' });
    const price = subscriptionPrice({ plan: planByCode('individuals_standard_monthly_v1')!, currency: 'GBP', countryCode: 'GB' });
    const purchase = sent('POST', '/purchases');
    expect(purchase.body).toMatchObject({
      currency: 'GBP',
      account: { id: CUSTOMER, billing_info: { token_id: 'rjs-token-app' } },
      line_items: [{ unit_amount: price.fullPrice / 100, currency: 'GBP' }],
    });
    expect(purchase.headers['idempotency-key']).toBe(`${person.identityId}:recurly-app-1`);
    expect(fake.requests.every((r) => r.headers.authorization === BASIC)).toBe(true);
  });

  it('publishes the public key in a page, never the private key', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ewr1-PublicKeyForRecurlyJs');
    expect(page.body).not.toContain(PRIVATE_KEY);
  });
});
