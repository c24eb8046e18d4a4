// The payment page's form (issue 7). The card fields have no `name`: they are never part of the
// form's data. On submit the browser posts them to the provider's tokenisation endpoint (the
// embedded sandbox), then submits the billing details with the token only. A 3-D Secure card
// shows a challenge step, whose result resumes the purchase under the same idempotency key, so a
// double click or a retry never charges twice. Without JavaScript nothing can be tokenised: the
// page says so and the button stays off, rather than posting a card to our server.
// When a wallet merchant id is configured, a "Pay with wallet" button (wallet-button.tsx) stands
// above the card fields, and the same form is submitted with the wallet's token in place of a card
// token; the billing details are still required and checked by the action.
// With Recurly as the provider (decision 039) the card is Recurly's (recurly-card.tsx: Recurly.js's
// card field, loaded only here), and its 3-D Secure step is Recurly's; the flow is the same: a token,
// the billing details under a new key, a challenge, and the same purchase resumed with its result.
// The pieces: card-fields.tsx (shared with the membership page's "Update card" form), recurly-card.tsx,
// wallet-button.tsx, billing-details.tsx, plan-summary.tsx, challenge-step.tsx, payment-confirmation.tsx.
import { useRef, useState } from 'react';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent, useTrackResult } from '../../analytics/use-track-event.ts';
import { useNewClaims } from '../../lib/new-claims.ts';
import { useSearchChoice } from '../../lib/search-choice.ts';
import { FormNotice } from '../form-fields.tsx';
import { BillingDetails, type BillingChoice } from './billing-details.tsx';
import { CardFieldset, CardNeedsJavaScript } from './card-fields.tsx';
import { PaymentConfirmation } from './payment-confirmation.tsx';
import type { PaymentActionData, PaymentView } from './payment-types.ts';
import { PlanSummary } from './plan-summary.tsx';
import { useCardPurchase } from './use-card-purchase.tsx';
import { requestWalletToken, WalletButton } from './wallet-button.tsx';

export function PaymentForm({ view }: { view: PaymentView }) {
  const changeSearch = useSearchChoice();
  // Where the reader came from, as the first load worked it out (a revalidation after the purchase comes from this page).
  const [returnTo] = useState(view.returnTo);
  const purchase = useCardPurchase<PaymentActionData>({ recurly: view.recurly });
  const { answer, card, challenge, hydrated, busy, fieldErrors, noticeRef } = purchase;
  const problem = purchase.problem;
  const formRef = useRef<HTMLFormElement>(null);
  const walletBusy = purchase.payingElsewhere;

  // Analytics (§3 payment views, purchase completion): one view per plan and currency shown, one
  // event per answer of the action.
  const { plan: viewedPlan, price: viewedPrice, kind } = view;
  useTrackEvent(kind === 'student' ? 'user_view_payment_student' : 'user_view_payment_individual', {
    planCode: viewedPlan.code,
    currency: viewedPrice.currency,
    paymentMethods: view.wallet ? ['card', 'wallet'] : ['card'],
    ...(viewedPlan.trialDays > 0 ? { introOffers: [`trial_${viewedPlan.trialDays}_days`] } : {}),
  });
  useTrackResult(
    answer,
    'user_view_payment_error',
    answer?.status === 'error'
      ? {
          errors: [answer.type ?? (answer.fieldErrors ? 'INVALID_FIELDS' : 'PURCHASE_ERROR')],
          planCode: viewedPlan.code,
          currency: viewedPrice.currency,
        }
      : null,
  );
  // A student purchase ends on its confirmation page, which sends its own event.
  useTrackResult(
    answer,
    'user_purchased_subscription',
    answer?.status === 'success' ? { subscriptionId: answer.subscriptionId, planCode: answer.planCode, currency: answer.currency } : null,
  );
  // §4: wait for the membership to reach the session claims (the header turns to "Member").
  const claims = useNewClaims(answer?.status === 'success' ? { field: 'isMember', allowedValues: [true] } : null);

  function changeChoice(name: BillingChoice, value: string) {
    changeSearch((next) => {
      next.set(name, value);
      if (name === 'country') next.delete('currency');
      next.set('return_to', returnTo);
    });
  }

  async function payWithWallet() {
    const form = formRef.current;
    if (busy || !form || !view.wallet) return;
    purchase.setProblem(null);
    purchase.setPayingElsewhere(true);
    try {
      const wallet = await requestWalletToken(view.wallet.merchantId);
      if (!wallet.ok) {
        purchase.setProblem(wallet.message);
        return;
      }
      await purchase.submitPurchase(form, wallet.token);
    } catch {
      purchase.setProblem('We could not reach your wallet. Check your connection and try again, or pay by card.');
    } finally {
      purchase.setPayingElsewhere(false);
    }
  }

  const { plan, price } = view;

  if (answer?.status === 'success') {
    return <PaymentConfirmation answer={answer} claims={claims} returnTo={returnTo} />;
  }

  return (
    <div className="wrap payment">
      <header className="payment__header">
        <p className="kicker">Membership</p>
        <h1 className="display">Join {plan.title}</h1>
        <p className="standfirst">{plan.summary}</p>
      </header>

      <div className="payment__grid">
        <PlanSummary view={view} />

        <section className="payment__form" aria-labelledby="payment-details">
          <h2 id="payment-details" className="rail-title">
            Payment details
          </h2>
          {view.refusal ? (
            <div className="payment__refusal">
              <FormNotice kind="error">{view.refusal.message}</FormNotice>
              <p className="cta-row">
                <a
                  className="button"
                  href={view.refusal.type === 'HAS_UPGRADEABLE_MEMBERSHIP' ? '/subscriptions/upgrade/' : paths.packages()}
                >
                  {view.refusal.type === 'HAS_UPGRADEABLE_MEMBERSHIP' ? 'See upgrade options' : 'See membership options'}
                </a>
                <a className="button button--secondary" href={returnTo}>
                  Go back
                </a>
              </p>
            </div>
          ) : !view.sandbox && !view.recurly ? (
            <FormNotice kind="error">Card payments are not available at the moment. Please try again later.</FormNotice>
          ) : (
            <>
              <CardNeedsJavaScript />
              <div ref={noticeRef} tabIndex={-1} className="payment__notice">
                {(problem || view.invalidCurrency) && <FormNotice kind="error">{problem ?? view.invalidCurrency}</FormNotice>}
              </div>
              <form
                ref={formRef}
                method="post"
                className="payment__fields"
                onSubmit={(event) => void purchase.onSubmit(event)}
                noValidate
                aria-describedby="payment-secure"
              >
                <input type="hidden" name="plan" value={plan.code} />
                <input type="hidden" name="currency" value={price.currency} />
                <input type="hidden" name="returnTo" value={returnTo} />
                <BillingDetails view={view} fieldErrors={fieldErrors} onChoice={changeChoice} />
                {view.wallet && (
                  <WalletButton
                    disabled={!hydrated || busy || challenge !== null}
                    processing={walletBusy}
                    onPay={() => void payWithWallet()}
                  />
                )}
                <CardFieldset fields={card.fields} sandbox={view.sandbox} />
                <p className="payment__submit">
                  <button type="submit" className="button" disabled={!hydrated || busy || challenge !== null}>
                    {busy && !walletBusy ? 'Processing…' : plan.trialDays > 0 ? 'Start free trial' : `Pay ${price.fullPrice}`}
                  </button>
                </p>
              </form>
              {purchase.challengeStep}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
