// The 3-D Secure step: the bank asks the buyer to confirm. The sandbox stands in for the bank, so
// the buyer chooses how the check ends; the payment form resumes the same purchase with the result.
import type { ReactNode } from 'react';

/** The bank's check around what answers it (the sandbox's buttons, or Recurly's frame). */
export function ChallengeFrame({ message, children }: { message: string; children: ReactNode }) {
  return (
    <section className="payment__challenge" aria-labelledby="payment-challenge" role="region">
      <h2 id="payment-challenge" className="rail-title">
        Confirm it is you
      </h2>
      <p>{message}</p>
      {children}
    </section>
  );
}

export function ChallengeStep({
  message,
  answering,
  onAnswer,
}: {
  message: string;
  answering: boolean;
  onAnswer: (result: 'succeeded' | 'failed') => void;
}) {
  return (
    <ChallengeFrame message={message}>
      <p className="field__hint">This is the sandbox standing in for your bank’s check: choose how it ends.</p>
      <p className="cta-row">
        <button type="button" className="button" disabled={answering} onClick={() => onAnswer('succeeded')}>
          Complete authentication
        </button>
        <button type="button" className="button button--secondary" disabled={answering} onClick={() => onAnswer('failed')}>
          Fail authentication
        </button>
      </p>
    </ChallengeFrame>
  );
}
