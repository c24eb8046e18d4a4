// Rows of the billing ledger that purchases, upgrades and card updates all write the same way, and
// what a refused or failed purchase or upgrade may truly say about the money (issue 13).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { formatMoney } from './money.ts';
import type { BillingProvider, CardSummary, ChargeOutcome } from './provider.ts';
import { billingAccounts, billingInvoices, billingTransactions } from './schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A charge the provider did not complete (declined, insufficient funds, 3-D Secure asked, error), kept for support and dunning. */
export function failedTransaction(
  accountId: string,
  kind: 'verify' | 'purchase',
  amount: number,
  currency: string,
  outcome: Exclude<ChargeOutcome, { status: 'success' }>,
  at: Date,
  /** What a challenge nobody can answer (a renewal) is recorded as; a buyer's pending challenge has no failure. */
  challengeRecordedAs?: { code: string; message: string },
): typeof billingTransactions.$inferInsert {
  const failure = outcome.status === 'three_d_secure_required' ? (challengeRecordedAs ?? { code: null, message: null }) : outcome;
  return {
    id: randomUUID(),
    accountId,
    kind,
    status: outcome.status,
    amount,
    currency,
    failureCode: failure.code,
    failureMessage: failure.message,
    createdAt: at,
  };
}

/**
 * A paid invoice and the successful charge that paid it (its total, from the provider's transaction):
 * what every purchase, renewal, upgrade and seat top-up writes, inside its own database transaction.
 */
export async function writePaidInvoice(
  tx: Tx,
  invoice: Omit<typeof billingInvoices.$inferInsert, 'state' | 'paidAt' | 'createdAt'> & { id: string; createdAt: Date },
  payment: { kind: 'verify' | 'purchase'; providerReference: string },
): Promise<void> {
  await tx.insert(billingInvoices).values({ ...invoice, state: 'paid', paidAt: invoice.createdAt });
  await tx.insert(billingTransactions).values({
    id: randomUUID(),
    accountId: invoice.accountId,
    invoiceId: invoice.id,
    kind: payment.kind,
    status: 'success',
    amount: invoice.total,
    currency: invoice.currency,
    providerReference: payment.providerReference,
    createdAt: invoice.createdAt,
  });
}

/** The account columns that describe the card on file (never its number); a wallet's card is paymentMethod 'wallet'. */
export function cardOnFile(card: CardSummary, at: Date): Partial<typeof billingAccounts.$inferInsert> {
  return {
    paymentMethod: card.paymentMethod ?? 'credit_card',
    cardType: card.cardType,
    cardExpMonth: card.expMonth,
    cardExpYear: card.expYear,
    cardFirstSix: card.firstSix,
    cardLastFour: card.lastFour,
    updatedAt: at,
  };
}

/**
 * A person's billing account (one per person: subscriptions and tickets alike), made with the
 * provider's customer the first time and brought up to date with the billing details given.
 */
export async function ensurePersonAccount(
  {
    db,
    provider,
    personOf,
    now,
  }: {
    db: Db;
    provider: Pick<BillingProvider, 'name' | 'createCustomer'>;
    personOf: (identityId: string) => Promise<{ email: string } | null>;
    now: () => Date;
  },
  identityId: string,
  billing: { firstName: string; lastName: string; countryCode: string; postalCode?: string | null },
): Promise<typeof billingAccounts.$inferSelect> {
  const [existing] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
  const details = {
    firstName: billing.firstName,
    lastName: billing.lastName,
    countryCode: billing.countryCode,
    postalCode: billing.postalCode || null,
    updatedAt: now(),
  };
  if (existing) {
    await db.update(billingAccounts).set(details).where(eq(billingAccounts.id, existing.id));
    return { ...existing, ...details };
  }
  const id = randomUUID();
  const person = await personOf(identityId);
  const { customerId } = await provider.createCustomer({
    accountId: id,
    email: person?.email ?? null,
    firstName: billing.firstName,
    lastName: billing.lastName,
  });
  const [inserted] = await db
    .insert(billingAccounts)
    .values({ id, identityId, provider: provider.name, providerCustomerId: customerId, ...details, createdAt: now() })
    .onConflictDoNothing({ target: billingAccounts.identityId })
    .returning();
  if (inserted) return inserted;
  // Another purchase made the account meanwhile.
  const [winner] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, identityId));
  return winner!;
}

/** The card summary an account holds, or null without a complete one. */
export function cardOf(
  account: Pick<
    typeof billingAccounts.$inferSelect,
    'cardType' | 'cardExpMonth' | 'cardExpYear' | 'cardFirstSix' | 'cardLastFour' | 'paymentMethod'
  >,
): CardSummary | null {
  return account.cardType && account.cardExpMonth !== null && account.cardExpYear !== null && account.cardFirstSix && account.cardLastFour
    ? {
        cardType: account.cardType,
        expMonth: account.cardExpMonth,
        expYear: account.cardExpYear,
        firstSix: account.cardFirstSix,
        lastFour: account.cardLastFour,
        ...(account.paymentMethod === 'wallet' ? { paymentMethod: 'wallet' as const } : {}),
      }
    : null;
}

/** A successful charge that a purchase or upgrade could not keep, with the key its refund is made under. */
export interface ChargeToGiveBack {
  transactionId: string;
  amount: number;
  currency: string;
  refundKey: string;
  /** Only this much of the charge (a partial refund, e.g. some tickets of an order); none: all of it. */
  refundAmount?: number;
}

/** Refunds a charge a refused purchase or upgrade made, and says what became of the money. */
export async function giveBack(
  provider: Pick<BillingProvider, 'refund'>,
  charge: ChargeToGiveBack,
  onError: (error: unknown, context: string) => void,
): Promise<string> {
  if (charge.amount === 0) return 'Nothing was charged.';
  const money = formatMoney(charge.amount, charge.currency);
  return (await refundCharge(provider, charge, onError))
    ? `Your card was charged ${money}, and that charge has been refunded.`
    : `Your card was charged ${money}, and we could not refund it automatically: please contact us and we will.`;
}

/**
 * Asks the provider to refund a charge (in full, or `refundAmount` of it), under its refund key (a retry refunds once); false
 * when it could not (logged). The one place `provider.refund` is called (decision 024).
 */
export async function refundCharge(
  provider: Pick<BillingProvider, 'refund'>,
  charge: ChargeToGiveBack,
  onError: (error: unknown, context: string) => void,
): Promise<boolean> {
  try {
    const refund = await provider.refund({
      transactionId: charge.transactionId,
      idempotencyKey: charge.refundKey,
      ...(charge.refundAmount === undefined ? {} : { amount: charge.refundAmount }),
    });
    if (refund.status === 'success') return true;
    onError(new Error(refund.message), `refund of ${charge.transactionId} failed`);
  } catch (error) {
    onError(error, `refund of ${charge.transactionId} failed`);
  }
  return false;
}

/** How far a purchase or upgrade got, so that an unexpected failure says only what is true. */
export interface ChargeProgress {
  /** The provider was asked to charge: if it threw, nobody knows whether it did. */
  asked: boolean;
  /** The provider charged (or verified the card). */
  charged: ChargeToGiveBack | null;
  /** Our records hold the charge and what it bought: a retry finishes the rest. */
  recorded: boolean;
}

export const startProgress = (): ChargeProgress => ({ asked: false, charged: null, recorded: false });

export const FAILURE_MESSAGES = {
  outcomeUnknown: 'We could not tell whether your card was charged just now. Check your membership page before trying again.',
  unfinished:
    'Your payment went through, but we could not finish setting up your membership. Please try again in a few minutes: you will not be charged again.',
  notRecorded: 'We could not record your payment.',
} as const;

/**
 * What an unexpected failure tells the buyer, and whether the idempotency key keeps that answer (a
 * charge given back: a retry must not take the provider's replay of it for a payment) or is released
 * (a retry with it runs again, and the provider's own key keeps it from charging twice).
 */
export async function failureAnswer(
  progress: ChargeProgress,
  beforeCharge: string,
  provider: Pick<BillingProvider, 'refund'>,
  onError: (error: unknown, context: string) => void,
): Promise<{ message: string; keep: boolean }> {
  if (progress.recorded) return { message: FAILURE_MESSAGES.unfinished, keep: false };
  if (progress.charged)
    return { message: `${FAILURE_MESSAGES.notRecorded} ${await giveBack(provider, progress.charged, onError)}`, keep: true };
  if (progress.asked) return { message: FAILURE_MESSAGES.outcomeUnknown, keep: false };
  return { message: beforeCharge, keep: false };
}
