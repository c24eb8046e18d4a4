// Tables owned by the billing module (issue 7). Two groups:
// - the product's billing records: accounts (who pays, with the card's summary), subscriptions
//   (§3 RecurlySubscription), invoices and the transactions against them, and the idempotency
//   keys that make a retried purchase charge once;
// - the embedded sandbox provider's own store (sandbox_billing_*), which stands where a real
//   provider's servers would: card tokens and payments. Only the sandbox provider touches those.
// No table holds a card number or a security code: a card is its type, expiry, first six and last four.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_STATES, type SubscriptionState } from '../../shared/membership.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Who a billing account or subscription belongs to, its **holder**: a person (`identity_id` is their
 * identity) or an organisation account (a team plan, issue 17: `identity_id` is the organisation
 * account's id). The ids never collide, so a person's queries by their identity never see a team's
 * records, and "one live subscription per holder" holds for both (docs/decisions/043).
 */
export const HOLDER_KINDS = ['person', 'organisation'] as const;
export type HolderKind = (typeof HOLDER_KINDS)[number];

/** One per holder who has paid or tried to pay: accountId (§3 IndividualAccount) is its id. */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    id: uuid('id').primaryKey(),
    /** The holder's id: a person's identity, or an organisation account (holderKind). */
    identityId: uuid('identity_id').notNull().unique(),
    holderKind: text('holder_kind').$type<HolderKind>().notNull().default('person'),
    /** An organisation's invoice details: the company, its address, its VAT number and where invoices go. */
    companyName: text('company_name'),
    addressLine1: text('address_line1'),
    city: text('city'),
    vatNumber: text('vat_number'),
    contactEmail: text('contact_email'),
    /** Which provider holds the customer ('sandbox' by default) and its id there. */
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    countryCode: text('country_code'),
    postalCode: text('postal_code'),
    paymentMethod: text('payment_method'),
    cardType: text('card_type'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    cardFirstSix: text('card_first_six'),
    cardLastFour: text('card_last_four'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('billing_accounts_holder_kind_check', sql`${table.holderKind} in (${inList(HOLDER_KINDS)})`)],
);

/** The tax applied, as pricing.ts words it (§3 taxInfo). */
export interface StoredTaxInfo {
  rate: number;
  region: string;
  type: string;
}

/** §3 RecurlySubscription, with the price it was sold at (§3 SubscriptionPrice, minor units). */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => billingAccounts.id),
    /** The holder's id (billingAccounts.identityId): a person, or an organisation account. */
    identityId: uuid('identity_id').notNull(),
    holderKind: text('holder_kind').$type<HolderKind>().notNull().default('person'),
    /** A team plan's seats bought (null for a person's subscription); itemPrice is for all of them. */
    seats: integer('seats'),
    planCode: text('plan_code').notNull(),
    state: text('state').$type<SubscriptionState>().notNull(),
    currency: text('currency').notNull(),
    itemPrice: integer('item_price').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    fullPrice: integer('full_price').notNull(),
    taxInfo: jsonb('tax_info').$type<StoredTaxInfo>().notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    /** The purchase's idempotency key: a retry after a partial failure finds the subscription it made. */
    purchaseKey: text('purchase_key').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStartedAt: timestamp('current_period_started_at', { withTimezone: true }),
    currentPeriodEndsAt: timestamp('current_period_ends_at', { withTimezone: true }),
    currentTermEndsAt: timestamp('current_term_ends_at', { withTimezone: true }),
    activeInvoiceId: uuid('active_invoice_id'),
    isInDunning: boolean('is_in_dunning').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('billing_subscriptions_account_idx').on(table.accountId),
    uniqueIndex('billing_subscriptions_purchase_key_idx').on(table.identityId, table.purchaseKey),
    // One live individual subscription per person: a second purchase racing the first fails here and is refunded.
    uniqueIndex('billing_subscriptions_one_active_idx')
      .on(table.identityId)
      .where(sql`${table.state} = 'ACTIVE'`),
    check('billing_subscriptions_state_check', sql`${table.state} in (${inList(SUBSCRIPTION_STATES)})`),
    check('billing_subscriptions_holder_kind_check', sql`${table.holderKind} in (${inList(HOLDER_KINDS)})`),
    check(
      'billing_subscriptions_seats_check',
      sql`(${table.holderKind} = 'organisation') = (${table.seats} is not null and ${table.seats} > 0)`,
    ),
  ],
);

/** What a subscription billed: one per purchase and (later) per renewal; a trial's first invoice is 0. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => billingAccounts.id),
    subscriptionId: uuid('subscription_id').references(() => billingSubscriptions.id),
    state: text('state').$type<'paid' | 'refunded'>().notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    total: integer('total').notNull(),
    taxInfo: jsonb('tax_info').$type<StoredTaxInfo>().notNull(),
    /**
     * What a coupon took off the item price, and its code (a renewal under the retention coupon).
     * subtotal is after it: subtotal + discountAmount is the plan's price; taxAmount is on subtotal.
     */
    discountAmount: integer('discount_amount').notNull().default(0),
    couponCode: text('coupon_code'),
    /** An upgrade's invoice: the plan it left, and its idempotency key (a retry after a partial failure finds it). */
    upgradedFromPlan: text('upgraded_from_plan'),
    upgradeKey: text('upgrade_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('billing_invoices_account_idx').on(table.accountId),
    uniqueIndex('billing_invoices_upgrade_key_idx').on(table.upgradeKey),
    check('billing_invoices_state_check', sql`${table.state} in ('paid', 'refunded')`),
  ],
);

export const TRANSACTION_KINDS = ['verify', 'purchase', 'refund'] as const;
export const TRANSACTION_STATUSES = ['success', 'declined', 'insufficient_funds', 'three_d_secure_required', 'error'] as const;

/** Every attempt to move money (or verify a card), successful or not. */
export const billingTransactions = pgTable(
  'billing_transactions',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => billingAccounts.id),
    invoiceId: uuid('invoice_id').references(() => billingInvoices.id),
    kind: text('kind').$type<(typeof TRANSACTION_KINDS)[number]>().notNull(),
    status: text('status').$type<(typeof TRANSACTION_STATUSES)[number]>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    providerReference: text('provider_reference'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('billing_transactions_account_idx').on(table.accountId),
    check('billing_transactions_kind_check', sql`${table.kind} in (${inList(TRANSACTION_KINDS)})`),
    check('billing_transactions_status_check', sql`${table.status} in (${inList(TRANSACTION_STATUSES)})`),
  ],
);

export const IDEMPOTENCY_STATES = ['in_progress', 'requires_action', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/** A purchase attempt by key: the first request claims it, a retry gets the stored result. */
export const billingIdempotencyKeys = pgTable(
  'billing_idempotency_keys',
  {
    identityId: uuid('identity_id').notNull(),
    key: text('key').notNull(),
    /** A digest of what was asked (operation, plan, currency, card token): a key reused for another purchase is refused. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').$type<IdempotencyState>().notNull(),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.identityId, table.key] }),
    check('billing_idempotency_keys_state_check', sql`${table.state} in (${inList(IDEMPOTENCY_STATES)})`),
  ],
);

/**
 * A member's purchase or upgrade in progress (decision 019): one row per person while one runs, so
 * that a second one (another tab, another key) waits for it and then sees what it did, before any
 * card is charged. A lease: a row whose holder died is taken over once `expiresAt` has passed.
 */
export const billingPurchaseClaims = pgTable('billing_purchase_claims', {
  identityId: uuid('identity_id').primaryKey(),
  /** Who holds it (one random id per attempt): only the holder releases it. */
  holder: text('holder').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------- The sandbox provider's store (what a real provider keeps on its own servers) ----------

export const SANDBOX_CARD_BEHAVIOURS = ['success', 'declined', 'insufficient_funds', 'three_d_secure', 'processing_error'] as const;
export type SandboxCardBehaviour = (typeof SANDBOX_CARD_BEHAVIOURS)[number];

/** A tokenised card: its summary and which test card it was, never the number or the code. */
export const sandboxBillingTokens = pgTable(
  'sandbox_billing_tokens',
  {
    token: text('token').primaryKey(),
    cardType: text('card_type').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    firstSix: text('first_six').notNull(),
    lastFour: text('last_four').notNull(),
    behaviour: text('behaviour').$type<SandboxCardBehaviour>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The idempotency key of the charge that used the token: a token pays once. */
    usedBy: text('used_by'),
  },
  (table) => [check('sandbox_billing_tokens_behaviour_check', sql`${table.behaviour} in (${inList(SANDBOX_CARD_BEHAVIOURS)})`)],
);

export const SANDBOX_PAYMENT_STATUSES = [
  'succeeded',
  'declined',
  'insufficient_funds',
  'processing_error',
  'requires_action',
  'refunded',
] as const;
export type SandboxPaymentStatus = (typeof SANDBOX_PAYMENT_STATUSES)[number];

/** A charge (a zero amount verifies the card) with its idempotency key, and its 3-D Secure challenge. */
export const sandboxBillingPayments = pgTable(
  'sandbox_billing_payments',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    customerId: text('customer_id').notNull(),
    token: text('token').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<SandboxPaymentStatus>().notNull(),
    /** Set while a challenge is pending or done; the browser completes it at /_sandbox/billing/3ds/:actionToken. */
    actionToken: text('action_token').unique(),
    /** 'succeeded' or 'failed' once the challenge is answered. */
    actionOutcome: text('action_outcome'),
    actionResultToken: text('action_result_token').unique(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_billing_payments_status_check', sql`${table.status} in (${inList(SANDBOX_PAYMENT_STATUSES)})`)],
);

// ---------- Cancellation (issue 7, §3 Cancellation; modules/billing/cancellation.ts) ----------

export const CANCELLATION_ACTIONS = ['cancelled', 'accepted_discount'] as const;
export type CancellationAction = (typeof CANCELLATION_ACTIONS)[number];

/**
 * What happened when a member went through cancellation: cancelled (with the reason given) or
 * accepted_discount (the retention coupon, recorded here, is what RecurlySubscription.cancellationCoupon
 * shows until a renewal uses it: coupon_used_at). One accepted_discount per person, ever: the offer is not made twice.
 */
export const billingCancellations = pgTable(
  'billing_cancellations',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id),
    identityId: uuid('identity_id').notNull(),
    action: text('action').$type<CancellationAction>().notNull(),
    discountOffered: boolean('discount_offered').notNull(),
    cancellationReason: text('cancellation_reason'),
    cancellationReasonOther: text('cancellation_reason_other'),
    couponCode: text('coupon_code'),
    couponDiscountType: text('coupon_discount_type'),
    couponDiscountPercent: integer('coupon_discount_percent'),
    /** When a renewal used the coupon (it applies once), and that renewal's invoice; null while it waits for the next renewal. */
    couponUsedAt: timestamp('coupon_used_at', { withTimezone: true }),
    couponInvoiceId: uuid('coupon_invoice_id').references(() => billingInvoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('billing_cancellations_subscription_idx').on(table.subscriptionId),
    uniqueIndex('billing_cancellations_one_discount_idx')
      .on(table.identityId)
      .where(sql`${table.action} = 'accepted_discount'`),
    check('billing_cancellations_action_check', sql`${table.action} in (${inList(CANCELLATION_ACTIONS)})`),
  ],
);
