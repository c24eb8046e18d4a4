// The one paid-purchase path (issue 14, docs/decisions/024-one-paid-purchase-path.md). Everything
// that takes money goes through it, in this order and only here:
//
//   claim the idempotency key → claim the member's billing account → decide what to charge
//   → charge → record the paid period → (lost meanwhile: refund) → fulfil → receipt
//
// What is bought is a `PurchaseKind`: it decides (inside the claim) what to charge or why not, writes
// its own records, grants what it sells and sends its own receipt. New subscriptions, upgrades,
// renewals, the demo seed and card checks are kinds today; event tickets and organisation seats
// are next. The path knows nothing about plans.
//
// Two ways in: `keyed` for a buyer's request (an idempotency key whose row keeps the answer, and an
// unexpected failure answered truthfully by ledger.ts), `unkeyed` for work with its own idempotency
// (a job's provider key, the seed's records): an unexpected failure is thrown and the retry, under
// the same provider key, finishes it.
import type { Db } from '../../db/database.ts';
import { createIdempotencyKeys } from './idempotency.ts';
import { failedTransaction, failureAnswer, giveBack, startProgress, type ChargeProgress } from './ledger.ts';
import { createPurchaseClaims } from './purchase-claims.ts';
import type { BillingProvider, CardSummary, ChargeOutcome } from './provider.ts';
import { billingTransactions } from './schema.ts';

/** A pino-compatible logger (`log.error({ err }, 'message')`): what the app passes to billing's factories. */
export interface BillingLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export type ReportError = (error: unknown, context: string) => void;

/** How a billing service reports a failure it answers for: `onError` if given, else the app's logger, else the console. */
export function errorReporter({ log, onError }: { log?: BillingLog; onError?: ReportError }): ReportError {
  if (onError) return onError;
  if (log) return (error, context) => log.error({ err: error }, `billing: ${context}`);
  return (error, context) => console.error(`billing: ${context}`, error);
}

/** What the provider is asked for. */
export interface ChargeRequest {
  /** The billing account the attempt is recorded against; null while it is not written yet (the seed writes it with the paid period). */
  accountId: string | null;
  customerId: string;
  token: string;
  amount: number;
  currency: string;
  transactionKind: 'verify' | 'purchase';
  /** The provider's idempotency key; a lost charge is refunded under `${providerKey}:refund`. */
  providerKey: string;
  /** Left out for work nobody can challenge (renewals, the seed). */
  threeDSecureActionResultToken?: string | null;
  /** How a 3-D Secure challenge nobody can answer (a renewal) is recorded. */
  challengeRecordedAs?: { code: string; message: string };
}

/** A successful charge: its provider reference, the card it used, and when we heard. */
export interface Paid {
  transactionId: string;
  card: CardSummary;
  at: Date;
}

export type Unpaid = Exclude<ChargeOutcome, { status: 'success' }>;

/** An answer, and whether it belongs to the idempotency key (anything after the card) or frees it (nothing charged). */
export interface Answer<Result> {
  result: Result;
  store: boolean;
}

export type Decision<Line, Result> = { kind: 'charge'; charge: ChargeRequest; line: Line } | ({ kind: 'answer' } & Answer<Result>);

/** One thing on sale. `Line` is what `decide` priced; `Recorded` what `record` wrote. */
export interface PurchaseKind<Request, Line, Recorded, Result> {
  /** Inside the member's claim: what to charge, or an answer without charging (a retry to finish, a refusal, nothing due). */
  decide(request: Request): Promise<Decision<Line, Result>>;
  /** The paid period's records in one database transaction; null when what was paid for went away meanwhile (the charge is refunded). */
  record(line: Line, paid: Paid): Promise<Recorded | null>;
  /** After the records (the membership, the lifecycle jobs); a retry finishes these. */
  fulfil(line: Line, recorded: Recorded): Promise<void>;
  /** The receipt: one that fails is logged and the purchase stands. */
  receipt?(line: Line, recorded: Recorded, paid: Paid): Promise<void>;
  paid(line: Line, recorded: Recorded, paid: Paid): Result;
  /** The provider did not charge (declined, 3-D Secure asked, error); the attempt is already recorded. */
  unpaid(line: Line, outcome: Unpaid, at: Date): Result | Promise<Result>;
  /** Charged, but `record` found nothing to pay for: `givenBack` says what became of the money. */
  lost(line: Line, givenBack: string): Result;
}

/** The answers a keyed purchase gives that are not about what it sells. */
export interface KeyedAnswers<Result> {
  /** In log lines: 'purchase', 'upgrade'. */
  name: string;
  /** The key was first used for something else. */
  reused(): Result;
  /** The first request with the key is still running after the wait. */
  stillInProgress(): Result;
  /** The member's purchase in progress did not finish within the wait: nothing charged. */
  busy(): Result;
  /** An unexpected failure, with what `failureAnswer` may truly say about the money. */
  failed(message: string): Result;
  /** The message of a failure before the card was involved. */
  beforeCharge: string;
  /** A result that waits for the buyer (3-D Secure) rather than being final. */
  isPending(result: Result): boolean;
}

export interface KeyedAttempt {
  identityId: string;
  key: string;
  /** What the key was first used for (another request under it is refused). */
  fingerprint: string;
  /** The request carries a 3-D Secure challenge's result and resumes the attempt it challenged. */
  resuming: boolean;
}

/** The §3 answer that sends the buyer to their bank's challenge (purchases and upgrades alike). */
export function threeDSecureAnswer(
  accountId: string,
  cardToken: string,
  outcome: Extract<Unpaid, { status: 'three_d_secure_required' }>,
  message: string,
) {
  return {
    kind: 'three_d_secure' as const,
    accountCode: accountId,
    code: 'three_d_secure_action_required' as const,
    recurlyToken: cardToken,
    threeDSecureActionToken: outcome.actionToken,
    message,
  };
}

export interface PaidPurchasesOptions {
  db: Db;
  provider: Pick<BillingProvider, 'charge' | 'refund'>;
  now: () => Date;
  /** How long a request waits for the first one with its key, or for the member's purchase in progress. */
  inProgressWaitMs: number;
  onError: ReportError;
}

export function createPaidPurchases({ db, provider, now, inProgressWaitMs, onError }: PaidPurchasesOptions) {
  const claims = createPurchaseClaims({ db, now, waitMs: inProgressWaitMs, onError });

  /** The steps after the claims; `progress` says how far they got, should one throw. */
  async function chargeAndRecord<Request, Line, Recorded, Result>(
    kind: PurchaseKind<Request, Line, Recorded, Result>,
    request: Request,
    progress: ChargeProgress,
  ): Promise<Answer<Result>> {
    const decided = await kind.decide(request);
    if (decided.kind === 'answer') return decided;
    const { charge, line } = decided;
    progress.asked = true;
    const outcome = await provider.charge({
      customerId: charge.customerId,
      token: charge.token,
      amount: charge.amount,
      currency: charge.currency,
      idempotencyKey: charge.providerKey,
      ...(charge.threeDSecureActionResultToken === undefined
        ? {}
        : { threeDSecureActionResultToken: charge.threeDSecureActionResultToken }),
    });
    const at = now();
    if (outcome.status !== 'success') {
      if (charge.accountId)
        await db
          .insert(billingTransactions)
          .values(
            failedTransaction(
              charge.accountId,
              charge.transactionKind,
              charge.amount,
              charge.currency,
              outcome,
              at,
              charge.challengeRecordedAs,
            ),
          );
      return { result: await kind.unpaid(line, outcome, at), store: true };
    }

    const toGiveBack = {
      transactionId: outcome.transactionId,
      amount: charge.amount,
      currency: charge.currency,
      refundKey: `${charge.providerKey}:refund`,
    };
    progress.charged = toGiveBack;
    const paid: Paid = { transactionId: outcome.transactionId, card: outcome.card, at };
    const recorded = await kind.record(line, paid);
    if (recorded === null) return { result: kind.lost(line, await giveBack(provider, toGiveBack, onError)), store: true };
    progress.recorded = true;

    await kind.fulfil(line, recorded);
    if (kind.receipt) {
      try {
        await kind.receipt(line, recorded, paid);
      } catch (error) {
        // The purchase stands; the outbox keeps what it could not deliver, and a write failure is logged.
        onError(error, 'receipt not sent');
      }
    }
    return { result: kind.paid(line, recorded, paid), store: true };
  }

  /** A buyer's request under their idempotency key: a retry gets the first answer, and every answer is true about the money. */
  function keyed<Result>(answers: KeyedAnswers<Result>) {
    const keys = createIdempotencyKeys<Result>({
      db,
      now,
      inProgressWaitMs,
      reused: answers.reused,
      stillInProgress: answers.stillInProgress,
      isPending: answers.isPending,
    });
    return async function purchase<Request, Line, Recorded>(
      kind: PurchaseKind<Request, Line, Recorded, Result>,
      request: Request,
      { identityId, key, fingerprint, resuming }: KeyedAttempt,
    ): Promise<Result> {
      const claim = await keys.claim(identityId, key, fingerprint, resuming);
      if (claim.kind === 'result') return claim.result;
      const progress = startProgress();
      try {
        const claimed = await claims.whileClaimed(identityId, () => chargeAndRecord(kind, request, progress));
        const { result, store } = claimed.kind === 'done' ? claimed.value : { result: answers.busy(), store: false };
        if (store) await keys.settle(identityId, key, result);
        else await keys.release(identityId, key);
        return result;
      } catch (error) {
        onError(error, `${answers.name} failed`);
        const { message, keep } = await failureAnswer(progress, answers.beforeCharge, provider, onError);
        const result = answers.failed(message);
        await (keep ? keys.settle(identityId, key, result) : keys.release(identityId, key)).catch((cause: unknown) =>
          onError(cause, 'could not settle or release the idempotency key'),
        );
        return result;
      }
    };
  }

  /**
   * Work with its own idempotency (a renewal job's provider key, the seed's records), under the same
   * member claim as every purchase. A failure throws: the retry, under the same provider key, finishes it.
   */
  async function unkeyed<Request, Line, Recorded, Result>(
    kind: PurchaseKind<Request, Line, Recorded, Result>,
    request: Request,
    identityId: string,
  ): Promise<Result> {
    const claimed = await claims.whileClaimed(identityId, () => chargeAndRecord(kind, request, startProgress()));
    if (claimed.kind === 'busy') throw new Error(`billing: another purchase on ${identityId}'s account is still running`);
    return claimed.value.result;
  }

  return { keyed, unkeyed };
}

export type PaidPurchases = ReturnType<typeof createPaidPurchases>;
