// What the payment page shows once the purchase succeeded: the membership started (or its trial),
// the receipt sent, and the way back to where the reader came from.
import type { ClaimsWait } from '../../lib/new-claims.ts';
import type { PaymentActionData } from './payment-types.ts';

type Success = Extract<PaymentActionData, { status: 'success' }>;

export function PaymentConfirmation({ answer, claims, returnTo }: { answer: Success; claims: ClaimsWait; returnTo: string }) {
  const back = returnTo !== '/';
  // A new account pays before confirming its address (decision 036): the way on is the code, then the story.
  const confirmFirst = returnTo.startsWith('/user/confirm-email');
  return (
    <div className="wrap payment">
      <section className="payment__confirmation" aria-labelledby="payment-done">
        <p className="kicker">Membership</p>
        <h1 id="payment-done" className="display">
          Welcome to {answer.title}
        </h1>
        <p className="standfirst" role="status">
          {answer.isTrial && answer.trialEndsAt
            ? `Your free trial has started. It runs until ${answer.trialEndsAt}; then ${answer.fullPrice}, unless you cancel before.`
            : `Your membership has started and renews on ${answer.renewsAt} at ${answer.fullPrice}.`}
        </p>
        <p>
          {confirmFirst
            ? 'We have emailed you a receipt, and a code to confirm your email address: confirm it and we take you back to the story.'
            : 'We have emailed you a receipt.'}
        </p>
        {claims === 'failed' && <p>If a story still asks you to subscribe, reload the page: your membership is active.</p>}
        <p className="cta-row">
          <a className="button" href={returnTo}>
            {confirmFirst ? 'Confirm your email address' : back ? 'Back to the story' : 'Go to the home page'}
          </a>
        </p>
      </section>
    </div>
  );
}
