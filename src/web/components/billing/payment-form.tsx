// The payment page's form (issue 7). The card fields have no `name`: they are never part of the
// form's data. On submit the browser posts them to the provider's tokenisation endpoint (the
// embedded sandbox), then submits the billing details with the token only. A 3-D Secure card
// shows a challenge step, whose result resumes the purchase under the same idempotency key, so a
// double click or a retry never charges twice. Without JavaScript nothing can be tokenised: the
// page says so and the button stays off, rather than posting a card to our server.
// The card fields and the tokenisation (useCardFields) are shared with the membership
// page's "Update card" form (src/web/routes/user/membership.tsx).
// When a wallet merchant id is configured (WALLET_MERCHANT_ID), a "Pay with wallet" button stands
// above the card fields: the wallet (with the sandbox, its stand-in endpoint) gives a one-time token
// for the card it holds, and the same form is submitted with that token in place of a card token;
// the billing details are still required and checked by the action. No card number is typed at all.
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent, useTrackResult } from '../../analytics/use-track-event.ts';
import { useNewClaims } from '../../lib/new-claims.ts';
import { FormNotice, TextField } from '../form-fields.tsx';
import {
  SANDBOX_TOKENS_URL,
  SANDBOX_WALLET_TOKENS_URL,
  sandboxChallengeUrl,
  type PaymentActionData,
  type PaymentView,
} from './payment-types.ts';

type CardField = 'number' | 'expiry' | 'cvv';
export type CardErrors = Partial<Record<CardField, string>>;

interface Attempt {
  /** The billing fields as submitted, plus the token and the key. */
  fields: Record<string, string>;
}

const noSubscription = () => () => {};

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** "12/30", "12 / 2030" → month and year; null when it is not a date. */
export function parseExpiry(value: string): { month: string; year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  return match ? { month: match[1]!, year: match[2]! } : null;
}

export type CardTokenResult = { ok: true; token: string } | { ok: false; cardErrors: CardErrors; message: string | null };

/**
 * Checks the card fields as typed and posts them to the provider's tokenisation endpoint (the
 * sandbox): the token, or the problems by field (and the provider's message). Throws when the
 * provider cannot be reached.
 */
export async function tokenizeCard({
  number,
  expiry: expiryText,
  cvv,
}: {
  number: string;
  expiry: string;
  cvv: string;
}): Promise<CardTokenResult> {
  const expiry = parseExpiry(expiryText);
  const errors: CardErrors = {};
  if (!number.trim()) errors.number = 'Enter your card number.';
  if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.';
  if (!cvv.trim()) errors.cvv = 'Enter the security code.';
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, cardErrors: errors, message: null };
  const response = await fetch(SANDBOX_TOKENS_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ number, month: expiry.month, year: expiry.year, cvv }),
  });
  const body = (await response.json().catch(() => null)) as {
    id?: string;
    error?: { message: string; fields?: { field: string; message: string }[] };
  } | null;
  if (response.ok && body?.id) return { ok: true, token: body.id };
  const next: CardErrors = {};
  for (const field of body?.error?.fields ?? []) {
    const key: CardField = field.field === 'month' || field.field === 'year' ? 'expiry' : (field.field as CardField);
    next[key] ??= field.message;
  }
  return { ok: false, cardErrors: next, message: body?.error?.message ?? 'We could not check your card. Please try again.' };
}

export type WalletTokenResult = { ok: true; token: string } | { ok: false; message: string };

/**
 * Asks the wallet for a one-time token for the card it holds (with the sandbox, its stand-in for the
 * Apple Pay / Google Pay sheet, which approves at once). The provider's refusal stays out of the
 * page: the buyer is told to try again or pay by card. Throws when the wallet cannot be reached.
 */
export async function requestWalletToken(merchantId: string): Promise<WalletTokenResult> {
  const response = await fetch(SANDBOX_WALLET_TOKENS_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ merchantId }),
  });
  const body = (await response.json().catch(() => null)) as { id?: string } | null;
  if (response.ok && body?.id) return { ok: true, token: body.id };
  return { ok: false, message: 'Your wallet could not pay just now. Please try again, or pay by card.' };
}

/** The wallet's mark: a card folder, drawn in the button's ink. */
function WalletGlyph() {
  return (
    <svg className="wallet-button__glyph" width="22" height="18" viewBox="0 0 22 18" aria-hidden="true" focusable="false">
      <rect x="1" y="3.5" width="20" height="13.5" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3.5 3.5 15.5 1l1 2.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      <rect x="14" y="8.5" width="7" height="4" rx="1" fill="currentColor" />
    </svg>
  );
}

export function CardInput({
  id,
  label,
  hint,
  error,
  autoComplete,
  inputRef,
  inputMode = 'numeric',
  maxLength,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  autoComplete: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  inputMode?: 'numeric' | 'text';
  maxLength: number;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {/* No name attribute: the value never joins the form's data. */}
      <input
        ref={inputRef}
        id={id}
        type="text"
        className="field__input"
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={`${id}-error`} className="field__message field__message--error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The three card fields and their tokenisation, for every form that takes a card (payment, card
 * update): the number goes to the provider only; `tokenize` gives the caller a token, or null
 * with the problems shown next to the fields.
 */
export function useCardFields() {
  const [tokenizing, setTokenizing] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvvRef = useRef<HTMLInputElement>(null);

  /** Runs `send` with a fresh token; a network failure becomes the form's problem. */
  async function withToken(send: (token: string) => Promise<void>): Promise<void> {
    setProblem(null);
    setTokenizing(true);
    try {
      const tokenized = await tokenizeCard({
        number: numberRef.current?.value ?? '',
        expiry: expiryRef.current?.value ?? '',
        cvv: cvvRef.current?.value ?? '',
      });
      setCardErrors(tokenized.ok ? {} : tokenized.cardErrors);
      if (!tokenized.ok) {
        if (tokenized.message) setProblem(tokenized.message);
        return;
      }
      await send(tokenized.token);
    } catch {
      setProblem('We could not reach the payment provider. Check your connection and try again.');
    } finally {
      setTokenizing(false);
    }
  }

  const fields = (
    <>
      <CardInput
        id="card-number"
        label="Card number"
        autoComplete="cc-number"
        inputRef={numberRef}
        maxLength={23}
        error={cardErrors.number}
      />
      <div className="payment__row">
        <CardInput
          id="card-expiry"
          label="Expiry date"
          hint="MM/YY"
          autoComplete="cc-exp"
          inputRef={expiryRef}
          inputMode="text"
          maxLength={7}
          error={cardErrors.expiry}
        />
        <CardInput
          id="card-cvv"
          label="Security code"
          hint="3 or 4 digits"
          autoComplete="cc-csc"
          inputRef={cvvRef}
          maxLength={4}
          error={cardErrors.cvv}
        />
      </div>
    </>
  );

  return {
    fields,
    withToken,
    tokenizing,
    problem,
    setProblem,
    /** Empties the card number and code (after a failed attempt the card must be typed again). */
    clearSecrets: () => {
      for (const ref of [numberRef, cvvRef]) if (ref.current) ref.current.value = '';
    },
    clear: () => {
      for (const ref of [numberRef, expiryRef, cvvRef]) if (ref.current) ref.current.value = '';
    },
  };
}

export function PaymentForm({ view }: { view: PaymentView }) {
  const fetcher = useFetcher<PaymentActionData>();
  const [, setSearchParams] = useSearchParams();
  // False in the server render and before hydration: without JavaScript the button stays off.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Where the reader came from, as the first load worked it out (a revalidation after the purchase comes from this page).
  const [returnTo] = useState(view.returnTo);
  const card = useCardFields();
  /** A problem found in the browser (the card form, the network); the action's own answer is shown otherwise. */
  const { problem: localProblem, setProblem: setLocalProblem } = card;
  const [answeredChallenge, setAnsweredChallenge] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [walletBusy, setWalletBusy] = useState(false);

  // What the action answered.
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const challenge = answer?.status === 'three_d_secure' && answer.actionToken !== answeredChallenge ? answer : null;
  const problem = localProblem ?? (answer?.status === 'error' ? answer.message : null);
  useEffect(() => {
    if (answer?.status !== 'error') return;
    // Keep what was typed, except the card: a new attempt needs the card again (and a new token).
    card.clearSecrets();
    attempt.current = null;
    noticeRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer clears the card, not a new render
  }, [answer]);

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

  const busy = card.tokenizing || walletBusy || answering || fetcher.state !== 'idle';
  const fieldErrors = answer?.status === 'error' ? (answer.fieldErrors ?? {}) : {};

  function changeChoice(name: 'country' | 'currency', value: string) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, value);
        if (name === 'country') next.delete('currency');
        next.set('return_to', returnTo);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  /** Submits the billing details with a provider token (the card's or the wallet's), under a new idempotency key. */
  async function submitPurchase(form: HTMLFormElement, cardToken: string) {
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
    attempt.current = { fields: { ...fields, cardToken, idempotencyKey: newKey() } };
    await fetcher.submit(attempt.current.fields, { method: 'post' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    // The card goes to the provider, never to our action.
    await card.withToken((cardToken) => submitPurchase(form, cardToken));
  }

  async function payWithWallet() {
    const form = formRef.current;
    if (busy || !form || !view.wallet) return;
    setLocalProblem(null);
    setWalletBusy(true);
    try {
      const wallet = await requestWalletToken(view.wallet.merchantId);
      if (!wallet.ok) {
        setLocalProblem(wallet.message);
        return;
      }
      await submitPurchase(form, wallet.token);
    } catch {
      setLocalProblem('We could not reach your wallet. Check your connection and try again, or pay by card.');
    } finally {
      setWalletBusy(false);
    }
  }

  async function answerChallenge(result: 'succeeded' | 'failed') {
    if (!challenge || !attempt.current) return;
    setAnswering(true);
    try {
      const response = await fetch(sandboxChallengeUrl(challenge.actionToken), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ result }),
      });
      const body = (await response.json().catch(() => null)) as { resultToken?: string } | null;
      setAnsweredChallenge(challenge.actionToken);
      if (!body?.resultToken) {
        setLocalProblem('The check with your bank did not finish. Please try again.');
        return;
      }
      // Resume the same purchase (same key and token) with the challenge's result.
      await fetcher.submit({ ...attempt.current.fields, threeDSecureActionResultToken: body.resultToken }, { method: 'post' });
    } finally {
      setAnswering(false);
    }
  }

  const { plan, price } = view;

  if (answer?.status === 'success') {
    const back = returnTo !== '/';
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
          <p>We have emailed you a receipt.</p>
          {claims === 'failed' && <p>If a story still asks you to subscribe, reload the page: your membership is active.</p>}
          <p className="cta-row">
            <a className="button" href={returnTo}>
              {back ? 'Back to the story' : 'Go to the home page'}
            </a>
          </p>
        </section>
      </div>
    );
  }

  return (
    <div className="wrap payment">
      <header className="payment__header">
        <p className="kicker">Membership</p>
        <h1 className="display">Join {plan.title}</h1>
        <p className="standfirst">{plan.summary}</p>
      </header>

      <div className="payment__grid">
        <section className="payment__summary" aria-labelledby="payment-plan">
          <h2 id="payment-plan" className="rail-title">
            Your plan
          </h2>
          <p className="payment__price">
            {plan.trialDays > 0 ? (
              <>
                <strong>Free for {plan.trialDays} days</strong>, then {price.fullPrice} {price.per}
              </>
            ) : (
              <>
                <strong>{price.fullPrice}</strong> {price.per}
              </>
            )}
          </p>
          <dl className="payment__lines">
            <div>
              <dt>Price</dt>
              <dd>{price.itemPrice}</dd>
            </div>
            {price.taxLabel && (
              <div>
                <dt>{price.taxLabel}</dt>
                <dd>{price.taxAmount}</dd>
              </div>
            )}
            <div>
              <dt>Total {price.per}</dt>
              <dd>{price.fullPrice}</dd>
            </div>
            <div className="payment__due">
              <dt>Due today</dt>
              <dd>{price.dueToday}</dd>
            </div>
          </dl>
          {price.trialEnds && (
            <p className="payment__note">
              Your card is checked now but not charged until your trial ends on {price.trialEnds}. Cancel before then and you pay nothing.
            </p>
          )}
          {view.student && (
            <p className="payment__note payment__student">
              Verified student: <strong>{view.student.email}</strong>, graduating in {view.student.graduationYear}.
            </p>
          )}
          <ul className="payment__features">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>

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
          ) : !view.sandbox ? (
            <FormNotice kind="error">Card payments are not available at the moment. Please try again later.</FormNotice>
          ) : (
            <>
              <noscript>
                <p className="payment__noscript">
                  Paying by card needs JavaScript. Your card details go from your browser straight to our payment provider, never through
                  our server, and that step runs in JavaScript. Please turn JavaScript on to continue.
                </p>
              </noscript>
              <div ref={noticeRef} tabIndex={-1} className="payment__notice">
                {(problem || view.invalidCurrency) && <FormNotice kind="error">{problem ?? view.invalidCurrency}</FormNotice>}
              </div>
              <form
                ref={formRef}
                method="post"
                className="payment__fields"
                onSubmit={onSubmit}
                noValidate
                aria-describedby="payment-secure"
              >
                <input type="hidden" name="plan" value={plan.code} />
                <input type="hidden" name="currency" value={price.currency} />
                <input type="hidden" name="returnTo" value={returnTo} />
                <fieldset className="payment__fieldset">
                  <legend className="payment__legend">Billing details</legend>
                  <TextField
                    name="firstName"
                    label="First name"
                    required
                    autoComplete="given-name"
                    defaultValue={view.billing.firstName}
                    error={fieldErrors.firstName}
                  />
                  <TextField
                    name="lastName"
                    label="Last name"
                    required
                    autoComplete="family-name"
                    defaultValue={view.billing.lastName}
                    error={fieldErrors.lastName}
                  />
                  <div className="field">
                    <label htmlFor="countryCode" className="field__label">
                      Country
                    </label>
                    <p id="countryCode-hint" className="field__hint">
                      Decides the tax on your membership.
                    </p>
                    <select
                      id="countryCode"
                      name="countryCode"
                      className="field__input field__select"
                      value={view.countryCode}
                      autoComplete="country"
                      aria-describedby="countryCode-hint"
                      onChange={(event) => changeChoice('country', event.target.value)}
                    >
                      {view.countries.map((option) => (
                        <option key={option.key} value={option.key}>
                          {option.title}
                        </option>
                      ))}
                    </select>
                  </div>
                  <TextField name="postalCode" label="Postcode" autoComplete="postal-code" error={fieldErrors.postalCode} />
                  <div className="field">
                    <label htmlFor="currency-choice" className="field__label">
                      Currency
                    </label>
                    <select
                      id="currency-choice"
                      className="field__input field__select"
                      value={price.currency}
                      onChange={(event) => changeChoice('currency', event.target.value)}
                    >
                      {view.currencies.map((code) => (
                        <option key={code} value={code}>
                          {code}
                        </option>
                      ))}
                    </select>
                  </div>
                </fieldset>
                {view.wallet && (
                  <div className="payment__wallet">
                    <button
                      type="button"
                      className="wallet-button"
                      disabled={!hydrated || busy || challenge !== null}
                      aria-describedby="payment-wallet-hint"
                      onClick={() => void payWithWallet()}
                    >
                      <WalletGlyph />
                      <span>{walletBusy ? 'Processing…' : 'Pay with wallet'}</span>
                    </button>
                    <p id="payment-wallet-hint" className="field__hint">
                      Your wallet pays with the card it holds; we receive a one-time token, never the card number. In the sandbox it holds a
                      test Visa ending 4242.
                    </p>
                    <p className="payment__divider">or pay by card</p>
                  </div>
                )}
                <fieldset className="payment__fieldset">
                  <legend className="payment__legend">Card</legend>
                  <p id="payment-secure" className="field__hint">
                    Your card details go straight to our payment provider; we never see or store your card number.
                  </p>
                  {card.fields}
                  <details className="payment__test-cards">
                    <summary>Test cards (sandbox)</summary>
                    <p>No money moves in the sandbox. Use any future expiry date and any 3-digit code:</p>
                    <ul>
                      <li>
                        <code>4242 4242 4242 4242</code> succeeds
                      </li>
                      <li>
                        <code>5555 5555 5555 4444</code> succeeds (MasterCard)
                      </li>
                      <li>
                        <code>4000 0000 0000 0002</code> is declined
                      </li>
                      <li>
                        <code>4000 0000 0000 9995</code> is declined for insufficient funds
                      </li>
                      <li>
                        <code>4000 0000 0000 3220</code> asks your bank to confirm (3-D Secure)
                      </li>
                      <li>
                        <code>4000 0000 0000 0119</code> fails at the provider
                      </li>
                    </ul>
                  </details>
                </fieldset>
                <p className="payment__submit">
                  <button type="submit" className="button" disabled={!hydrated || busy || challenge !== null}>
                    {busy && !walletBusy ? 'Processing…' : plan.trialDays > 0 ? 'Start free trial' : `Pay ${price.fullPrice}`}
                  </button>
                </p>
              </form>
              {challenge && (
                <section className="payment__challenge" aria-labelledby="payment-challenge" role="region">
                  <h2 id="payment-challenge" className="rail-title">
                    Confirm it is you
                  </h2>
                  <p>{challenge.message}</p>
                  <p className="field__hint">This is the sandbox standing in for your bank’s check: choose how it ends.</p>
                  <p className="cta-row">
                    <button type="button" className="button" disabled={answering} onClick={() => void answerChallenge('succeeded')}>
                      Complete authentication
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={answering}
                      onClick={() => void answerChallenge('failed')}
                    >
                      Fail authentication
                    </button>
                  </p>
                </section>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
