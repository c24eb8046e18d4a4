// The card fields and their tokenisation, shared by every form that takes a card: the payment
// form and the membership page's "Update card" form (src/web/routes/user/membership.tsx). The
// fields have no `name`, so they never join a form's data: the number goes to the provider only.
import { useRef, useState, type ReactNode } from 'react';
import { useCardAttempt } from './card-attempt.ts';
import { SANDBOX_TOKENS_URL } from './payment-types.ts';

type CardField = 'number' | 'expiry' | 'cvv';
export type CardErrors = Partial<Record<CardField, string>>;

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
  const { attempt, ...state } = useCardAttempt();
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvvRef = useRef<HTMLInputElement>(null);

  /** Runs `send` with a fresh token; a network failure becomes the form's problem. */
  async function withToken(send: (token: string) => Promise<void>): Promise<void> {
    await attempt(async () => {
      const tokenized = await tokenizeCard({
        number: numberRef.current?.value ?? '',
        expiry: expiryRef.current?.value ?? '',
        cvv: cvvRef.current?.value ?? '',
      });
      setCardErrors(tokenized.ok ? {} : tokenized.cardErrors);
      if (tokenized.ok) return tokenized.token;
      if (tokenized.message) state.setProblem(tokenized.message);
      return null;
    }, send);
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
    ...state,
    fields,
    withToken,
    /** Empties the card number and code (after a failed attempt the card must be typed again). */
    clearSecrets: () => {
      for (const ref of [numberRef, cvvRef]) if (ref.current) ref.current.value = '';
    },
    clear: () => {
      for (const ref of [numberRef, expiryRef, cvvRef]) if (ref.current) ref.current.value = '';
    },
  };
}

/** The sandbox's test cards and what each does, under the card fields. */
export function SandboxTestCards() {
  return (
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
  );
}

/** The payment forms' card fieldset: where the card goes, the provider's fields, the sandbox's test cards. */
export function CardFieldset({ fields, sandbox }: { fields: ReactNode; sandbox: boolean }) {
  return (
    <fieldset className="payment__fieldset">
      <legend className="payment__legend">Card</legend>
      <p id="payment-secure" className="field__hint">
        Your card details go straight to our payment provider; we never see or store your card number.
      </p>
      {fields}
      {sandbox && <SandboxTestCards />}
    </fieldset>
  );
}

/** Said to a browser without JavaScript, above a payment form: the card is tokenised in the browser. */
export function CardNeedsJavaScript() {
  return (
    <noscript>
      <p className="payment__noscript">
        Paying by card needs JavaScript. Your card details go from your browser straight to our payment provider, never through our server,
        and that step runs in JavaScript. Please turn JavaScript on to continue.
      </p>
    </noscript>
  );
}
