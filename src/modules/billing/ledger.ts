// Rows of the billing ledger that purchases, upgrades and card updates all write the same way.
import { randomUUID } from 'node:crypto';
import type { CardSummary, ChargeOutcome } from './provider.ts';
import type { billingAccounts, billingTransactions } from './schema.ts';

/** A charge the provider did not complete (declined, insufficient funds, 3-D Secure asked, error), kept for support and dunning. */
export function failedTransaction(
  accountId: string,
  kind: 'verify' | 'purchase',
  amount: number,
  currency: string,
  outcome: Exclude<ChargeOutcome, { status: 'success' }>,
  at: Date,
): typeof billingTransactions.$inferInsert {
  const challenged = outcome.status === 'three_d_secure_required';
  return {
    id: randomUUID(),
    accountId,
    kind,
    status: outcome.status,
    amount,
    currency,
    failureCode: challenged ? null : outcome.code,
    failureMessage: challenged ? null : outcome.message,
    createdAt: at,
  };
}

/** The account columns that describe the card on file (never its number); a wallet's card is paymentMethod 'wallet'. */
export function cardOnFile(card: CardSummary, at: Date): Partial<typeof billingAccounts.$inferInsert> {
  return { paymentMethod: card.paymentMethod ?? 'credit_card', cardType: card.cardType, cardExpMonth: card.expMonth, cardExpYear: card.expYear, cardFirstSix: card.firstSix, cardLastFour: card.lastFour, updatedAt: at };
}

/** The card summary an account holds, or null without a complete one. */
export function cardOf(account: typeof billingAccounts.$inferSelect): CardSummary | null {
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
