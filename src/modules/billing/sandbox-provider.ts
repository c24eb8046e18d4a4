// The embedded sandbox payment provider (DESIGN §4): the default when no real provider key is
// configured. It behaves like a card provider with deterministic test cards, stores what a real
// provider would (tokens, payments, challenges) in its own sandbox_billing_* tables, and moves no money.
//
// Test cards (any future expiry, any 3- or 4-digit security code):
//   4242 4242 4242 4242  succeeds
//   5555 5555 5555 4444  succeeds (a MasterCard, for replacing the card on file)
//   4000 0000 0000 0002  is declined
//   4000 0000 0000 9995  is declined for insufficient funds
//   4000 0000 0000 3220  asks for 3-D Secure: the challenge passes or fails as the buyer chooses
//   4000 0000 0000 0119  fails with a processing error (the provider's fault: nothing charged)
//   4000 0000 0000 0341  succeeds when entered (a purchase, a trial's card check, a card update),
//                        then declines every later charge of the card on file (renewals): for dunning
//                        (Stripe's card of the same number behaves alike)
//
// A token pays once, as with every real tokeniser (Recurly.js and Stripe tokens are single-use): the
// first charge with it uses it up, whatever its outcome; another charge with it (another idempotency
// key) is refused as 'token_used' and charges nothing. A retry with the first charge's key gets the
// first outcome, and resuming after a 3-D Secure challenge goes on with the token it was asked for.
//
// The card on file: a charge whose token is CARD_ON_FILE_TOKEN charges the customer's latest card
// that went through (the purchase's or the last card update's), as a real provider charges a stored
// payment method for a renewal; the token's 30-minute life does not apply to it. A card that asks for
// 3-D Secure is declined off-session (nobody is there to answer the challenge).
// Each card behaves the same for any amount, a zero-amount card check (a trial's start) included.
// Any other number is refused at tokenisation: the sandbox never holds a real card.
//
// The wallet (Apple Pay / Google Pay stand-in, see provider.ts): tokenizeWallet() is what the wallet's
// sheet answers, a one-time token for the card the wallet holds: a Visa ending 4242 that succeeds.
// Its token starts sbx_wtok_, which is how its summary says paymentMethod 'wallet' (here and as the
// card on file); the card itself behaves as the 4242 card does.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { CARD_ON_FILE_TOKEN, type BillingProvider, type CardSummary, type ChargeOutcome } from './provider.ts';
import { sandboxBillingPayments, sandboxBillingTokens, type SandboxCardBehaviour, type SandboxPaymentStatus } from './schema.ts';

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxCardBehaviour>> = Object.freeze({
  '4242424242424242': 'success',
  // A second card that succeeds, so that replacing the card on file shows a different one.
  '5555555555554444': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'three_d_secure',
  '4000000000000119': 'processing_error',
  // Declines later, as the card on file (see above); tokenised as a card that succeeds.
  '4000000000000341': 'success',
});

export { CARD_ON_FILE_TOKEN };
/** The test card that works when entered and declines as the card on file. */
const DECLINES_LATER = { firstSix: '400000', lastFour: '0341' };

/** The card the sandbox's wallet holds: a Visa that succeeds (the 4242 test card). */
export const SANDBOX_WALLET_CARD = { cardType: 'Visa', firstSix: '424242', lastFour: '4242', expMonth: 12 } as const;
/** Wallet tokens start with this, so their summaries name the wallet. */
const WALLET_TOKEN_PREFIX = 'sbx_wtok';

/** How long a token can be used after the card form created it. */
export const TOKEN_TTL_MS = 30 * 60 * 1000;

export const SANDBOX_MESSAGES = {
  declined: 'Your card was declined. Please use a different card, or contact your bank.',
  insufficientFunds: 'Your card was declined for insufficient funds. Please use a different card.',
  threeDSecureFailed: 'Your bank could not confirm that it is you, so the card was not charged. Please try again or use a different card.',
  processingError: 'The payment provider could not process the card just now. Nothing was charged; please try again in a few minutes.',
  tokenUsed: 'These card details were already used for a payment, so this card was not charged. Please enter your card again.',
} as const;

export interface TokenizeInput {
  number: string;
  month: string | number;
  year: string | number;
  cvv: string;
}

export interface TokenizeFieldError {
  field: 'number' | 'month' | 'year' | 'cvv';
  message: string;
}

const random = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardTypeOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Unknown';
}

/**
 * Checks a card as a provider's card form would: a well-formed number of one of the test cards,
 * a month and year not in the past, a 3- or 4-digit code. The summary and the test card's
 * behaviour, or the problems by field.
 */
export function checkCard(
  input: TokenizeInput,
  now: Date,
): { ok: true; card: CardSummary; behaviour: SandboxCardBehaviour } | { ok: false; errors: TokenizeFieldError[] } {
  const errors: TokenizeFieldError[] = [];
  const digits = String(input.number ?? '').replace(/[\s-]/g, '');
  let behaviour: SandboxCardBehaviour | undefined;
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.push({ field: 'number', message: 'Enter a valid card number.' });
  else {
    behaviour = SANDBOX_TEST_CARDS[digits];
    if (!behaviour)
      errors.push({ field: 'number', message: 'This is the sandbox: use one of the test cards, such as 4242 4242 4242 4242.' });
  }
  const month = Number(String(input.month ?? '').trim());
  let year = Number(String(input.year ?? '').trim());
  if (year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.push({ field: 'month', message: 'Enter the expiry month, 1 to 12.' });
  if (!Number.isInteger(year) || year < 2000 || year > 2100) errors.push({ field: 'year', message: 'Enter the expiry year.' });
  else if (Number.isInteger(month) && month >= 1 && month <= 12) {
    // A card works until the end of its expiry month.
    const endOfMonth = Date.UTC(year, month, 1);
    if (endOfMonth <= now.getTime()) errors.push({ field: 'year', message: 'This card has expired.' });
  }
  if (!/^\d{3,4}$/.test(String(input.cvv ?? '').trim())) errors.push({ field: 'cvv', message: 'Enter the 3 or 4 digit security code.' });
  if (errors.length > 0 || !behaviour) return { ok: false, errors };
  return {
    ok: true,
    behaviour,
    card: { cardType: cardTypeOf(digits), expMonth: month, expYear: year, firstSix: digits.slice(0, 6), lastFour: digits.slice(-4) },
  };
}

export function createSandboxProvider({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function liveToken(token: string) {
    const [row] = await db
      .select()
      .from(sandboxBillingTokens)
      .where(and(eq(sandboxBillingTokens.token, token), gt(sandboxBillingTokens.expiresAt, now())))
      .limit(1);
    return row ?? null;
  }

  const summaryOf = (row: typeof sandboxBillingTokens.$inferSelect): CardSummary => ({
    cardType: row.cardType,
    expMonth: row.expMonth,
    expYear: row.expYear,
    firstSix: row.firstSix,
    lastFour: row.lastFour,
    ...(row.token.startsWith(`${WALLET_TOKEN_PREFIX}_`) ? { paymentMethod: 'wallet' as const } : {}),
  });

  function outcomeOf(payment: typeof sandboxBillingPayments.$inferSelect, card: CardSummary): ChargeOutcome {
    switch (payment.status) {
      case 'succeeded':
      case 'refunded':
        return { status: 'success', transactionId: payment.id, card };
      case 'declined':
        return payment.actionOutcome === 'failed'
          ? { status: 'declined', code: 'three_d_secure_failed', message: SANDBOX_MESSAGES.threeDSecureFailed }
          : { status: 'declined', code: 'declined', message: SANDBOX_MESSAGES.declined };
      case 'insufficient_funds':
        return { status: 'insufficient_funds', code: 'insufficient_funds', message: SANDBOX_MESSAGES.insufficientFunds };
      case 'processing_error':
        return { status: 'error', code: 'processing_error', message: SANDBOX_MESSAGES.processingError };
      case 'requires_action':
        return { status: 'three_d_secure_required', actionToken: payment.actionToken! };
    }
  }

  const statusFor: Record<Exclude<SandboxCardBehaviour, 'three_d_secure'>, SandboxPaymentStatus> = {
    success: 'succeeded',
    declined: 'declined',
    insufficient_funds: 'insufficient_funds',
    processing_error: 'processing_error',
  };

  /** A renewal: the customer's latest card that went through, charged without the buyer present. */
  async function chargeCardOnFile({
    customerId,
    amount,
    currency,
    idempotencyKey,
  }: {
    customerId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<ChargeOutcome> {
    const [last] = await db
      .select({ token: sandboxBillingPayments.token })
      .from(sandboxBillingPayments)
      .where(and(eq(sandboxBillingPayments.customerId, customerId), inArray(sandboxBillingPayments.status, ['succeeded', 'refunded'])))
      .orderBy(desc(sandboxBillingPayments.createdAt), desc(sandboxBillingPayments.id))
      .limit(1);
    const [tokenRow] = last ? await db.select().from(sandboxBillingTokens).where(eq(sandboxBillingTokens.token, last.token)) : [];
    if (!tokenRow) return { status: 'declined', code: 'no_card_on_file', message: SANDBOX_MESSAGES.declined };
    const card = summaryOf(tokenRow);
    const [existing] = await db
      .select()
      .from(sandboxBillingPayments)
      .where(eq(sandboxBillingPayments.idempotencyKey, idempotencyKey))
      .limit(1);
    if (existing) return outcomeOf(existing, card);
    const declinesLater = tokenRow.firstSix === DECLINES_LATER.firstSix && tokenRow.lastFour === DECLINES_LATER.lastFour;
    const status: SandboxPaymentStatus =
      declinesLater || tokenRow.behaviour === 'three_d_secure'
        ? 'declined'
        : statusFor[tokenRow.behaviour as Exclude<SandboxCardBehaviour, 'three_d_secure'>];
    const at = now();
    const [inserted] = await db
      .insert(sandboxBillingPayments)
      .values({
        id: random('sbx_txn'),
        idempotencyKey,
        customerId,
        token: tokenRow.token,
        amount,
        currency,
        status,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: sandboxBillingPayments.idempotencyKey })
      .returning();
    if (inserted) return outcomeOf(inserted, card);
    const [winner] = await db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.idempotencyKey, idempotencyKey));
    return outcomeOf(winner!, card);
  }

  const provider: BillingProvider & {
    tokenize(input: TokenizeInput): Promise<{ ok: true; token: string; card: CardSummary } | { ok: false; errors: TokenizeFieldError[] }>;
    tokenizeWallet(): Promise<{ token: string; card: CardSummary }>;
    challenge(actionToken: string): Promise<{ amount: number; currency: string; card: CardSummary | null; answered: boolean } | null>;
  } = {
    name: 'sandbox',

    /** What the card form's POST does: checks the card and keeps only its summary. */
    async tokenize(input) {
      const at = now();
      const checked = checkCard(input, at);
      if (!checked.ok) return checked;
      const token = random('sbx_tok');
      await db
        .insert(sandboxBillingTokens)
        .values({ token, ...checked.card, behaviour: checked.behaviour, createdAt: at, expiresAt: new Date(at.getTime() + TOKEN_TTL_MS) });
      return { ok: true, token, card: checked.card };
    },

    /**
     * What the wallet's sheet answers once the buyer approves: a one-time token for the wallet's card
     * (which merchant may ask is the endpoint's business, sandbox-routes.ts). The card expires at the
     * end of a year four years on, so it is always valid.
     */
    async tokenizeWallet() {
      const at = now();
      const token = random(WALLET_TOKEN_PREFIX);
      const card = { ...SANDBOX_WALLET_CARD, expYear: at.getUTCFullYear() + 4 };
      await db
        .insert(sandboxBillingTokens)
        .values({ token, ...card, behaviour: 'success', createdAt: at, expiresAt: new Date(at.getTime() + TOKEN_TTL_MS) });
      return { token, card: { ...card, paymentMethod: 'wallet' } };
    },

    async createCustomer() {
      return { customerId: random('sbx_cus') };
    },

    async describeToken(token) {
      const row = await liveToken(token);
      return row ? summaryOf(row) : null;
    },

    async charge({ customerId, token, amount, currency, idempotencyKey, threeDSecureActionResultToken }) {
      if (!Number.isInteger(amount) || amount < 0) throw new RangeError('An amount is a whole number of minor units, 0 or more');
      if (token === CARD_ON_FILE_TOKEN) return chargeCardOnFile({ customerId, amount, currency, idempotencyKey });
      const tokenRow = await liveToken(token);
      if (!tokenRow)
        return { status: 'declined', code: 'invalid_token', message: 'Your card details have expired. Please enter them again.' };
      const card = summaryOf(tokenRow);

      // Resuming after a challenge: the result token names the payment it answered.
      if (threeDSecureActionResultToken) {
        const [challenged] = await db
          .select()
          .from(sandboxBillingPayments)
          .where(eq(sandboxBillingPayments.actionResultToken, threeDSecureActionResultToken))
          .limit(1);
        if (
          !challenged ||
          challenged.token !== token ||
          challenged.amount !== amount ||
          challenged.currency !== currency ||
          challenged.customerId !== customerId
        ) {
          return { status: 'declined', code: 'invalid_three_d_secure_result', message: SANDBOX_MESSAGES.threeDSecureFailed };
        }
        if (challenged.status === 'requires_action') {
          const status: SandboxPaymentStatus = challenged.actionOutcome === 'succeeded' ? 'succeeded' : 'declined';
          const [updated] = await db
            .update(sandboxBillingPayments)
            .set({ status, updatedAt: now() })
            .where(and(eq(sandboxBillingPayments.id, challenged.id), eq(sandboxBillingPayments.status, 'requires_action')))
            .returning();
          if (updated) return outcomeOf(updated, card);
          const [again] = await db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.id, challenged.id));
          return outcomeOf(again!, card);
        }
        return outcomeOf(challenged, card);
      }

      const [existing] = await db
        .select()
        .from(sandboxBillingPayments)
        .where(eq(sandboxBillingPayments.idempotencyKey, idempotencyKey))
        .limit(1);
      if (existing) return outcomeOf(existing, card);
      // Use the token up, in one statement: of two charges with it at once, one gets it.
      const [used] = await db
        .update(sandboxBillingTokens)
        .set({ usedBy: idempotencyKey })
        .where(
          and(
            eq(sandboxBillingTokens.token, token),
            or(isNull(sandboxBillingTokens.usedBy), eq(sandboxBillingTokens.usedBy, idempotencyKey)),
          ),
        )
        .returning({ token: sandboxBillingTokens.token });
      if (!used) return { status: 'declined', code: 'token_used', message: SANDBOX_MESSAGES.tokenUsed };
      const at = now();
      const challenge = tokenRow.behaviour === 'three_d_secure';
      const [inserted] = await db
        .insert(sandboxBillingPayments)
        .values({
          id: random('sbx_txn'),
          idempotencyKey,
          customerId,
          token,
          amount,
          currency,
          status: challenge ? 'requires_action' : statusFor[tokenRow.behaviour as Exclude<SandboxCardBehaviour, 'three_d_secure'>],
          actionToken: challenge ? random('sbx_3ds') : null,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: sandboxBillingPayments.idempotencyKey })
        .returning();
      if (inserted) return outcomeOf(inserted, card);
      // Another request with the same key got there first: its outcome is ours.
      const [winner] = await db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.idempotencyKey, idempotencyKey));
      return outcomeOf(winner!, card);
    },

    async completeThreeDSecure(actionToken, result) {
      const resultToken = random('sbx_3dsr');
      const [updated] = await db
        .update(sandboxBillingPayments)
        .set({ actionOutcome: result, actionResultToken: resultToken, updatedAt: now() })
        .where(
          and(
            eq(sandboxBillingPayments.actionToken, actionToken),
            eq(sandboxBillingPayments.status, 'requires_action'),
            isNull(sandboxBillingPayments.actionResultToken),
          ),
        )
        .returning({ id: sandboxBillingPayments.id });
      return updated ? { resultToken } : null;
    },

    /** What the challenge step shows: the amount to confirm and the card, or null for an unknown action token. */
    async challenge(actionToken) {
      const [payment] = await db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.actionToken, actionToken)).limit(1);
      if (!payment) return null;
      const tokenRow = await liveToken(payment.token);
      return {
        amount: payment.amount,
        currency: payment.currency,
        card: tokenRow ? summaryOf(tokenRow) : null,
        answered: payment.actionResultToken !== null,
      };
    },

    async refund({ transactionId, amount }) {
      const [payment] = await db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.id, transactionId)).limit(1);
      if (!payment || (payment.status !== 'succeeded' && payment.status !== 'refunded'))
        return { status: 'error', message: 'No successful charge to refund' };
      const refundable = payment.amount - payment.refundedAmount;
      const give = amount ?? refundable;
      if (refundable <= 0 || give <= 0 || give > refundable)
        return { status: 'error', message: 'Nothing left to refund, or more than what is left' };
      // One conditional update: two refunds at once (partial ones) never give back more than was paid.
      const [refunded] = await db
        .update(sandboxBillingPayments)
        .set({ status: 'refunded', refundedAmount: sql`${sandboxBillingPayments.refundedAmount} + ${give}`, updatedAt: now() })
        .where(
          and(
            eq(sandboxBillingPayments.id, transactionId),
            sql`${sandboxBillingPayments.amount} - ${sandboxBillingPayments.refundedAmount} >= ${give}`,
          ),
        )
        .returning({ id: sandboxBillingPayments.id });
      if (!refunded) return { status: 'error', message: 'Nothing left to refund, or more than what is left' };
      return { status: 'success', refundId: random('sbx_ref') };
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
