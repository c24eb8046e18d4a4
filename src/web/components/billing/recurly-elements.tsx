// Recurly's card field and 3-D Secure step (react-recurly over Recurly.js), loaded by recurly-card.tsx
// only on a payment page with Recurly as the provider, once Recurly.js is on the page (decision 039):
// this module and @recurly/react-recurly are a chunk of their own, never part of a reading page.
import { CardElement, Elements, RecurlyProvider, ThreeDSecureAction, useRecurly } from '@recurly/react-recurly';
import type { RecurlyError } from '@recurly/recurly-js';
import { useEffect, type RefObject } from 'react';

/** The buyer's details Recurly.js sends with the card (it requires the names). */
export interface RecurlyCustomer {
  first_name: string;
  last_name: string;
  country?: string;
  postal_code?: string;
}

export type RecurlyTokenResult = { ok: true; token: string } | { ok: false; error: RecurlyError };
export type RecurlyTokenizer = (customer: RecurlyCustomer) => Promise<RecurlyTokenResult>;

/** Hands the form a way to tokenise the card in the Elements group beside it. */
function Tokenizer({ tokenizerRef }: { tokenizerRef: RefObject<RecurlyTokenizer | null> }) {
  const recurly = useRecurly();
  useEffect(() => {
    tokenizerRef.current = (customer) =>
      new Promise((resolve) => {
        recurly.token(customer, (error, token) => resolve(error ? { ok: false, error } : { ok: true, token: token.id }));
      });
    return () => {
      tokenizerRef.current = null;
    };
  }, [recurly, tokenizerRef]);
  return null;
}

/** Recurly's card field: number, expiry and security code in Recurly's own frame. */
export function RecurlyCardField({
  publicKey,
  tokenizerRef,
  invalid,
  onChange,
}: {
  publicKey: string;
  tokenizerRef: RefObject<RecurlyTokenizer | null>;
  invalid: boolean;
  onChange: () => void;
}) {
  return (
    <RecurlyProvider publicKey={publicKey}>
      <Elements>
        {/* Recurly's frame labels its own inputs; the fieldset's legend ("Card") and the hint above say what it is. */}
        <div className={`payment__card-element${invalid ? ' payment__card-element--invalid' : ''}`}>
          <CardElement id="recurly-card" onChange={onChange} />
        </div>
        <Tokenizer tokenizerRef={tokenizerRef} />
      </Elements>
    </RecurlyProvider>
  );
}

/** The bank's check, drawn by Recurly.js; its result token resumes the purchase. */
export function RecurlyThreeDSecure({
  publicKey,
  actionToken,
  onToken,
  onError,
}: {
  publicKey: string;
  actionToken: string;
  onToken: (resultToken: string) => void;
  onError: (error: RecurlyError) => void;
}) {
  return (
    <RecurlyProvider publicKey={publicKey}>
      <ThreeDSecureAction
        className="payment__three-d-secure"
        actionTokenId={actionToken}
        onToken={(token) => onToken(token.id)}
        onError={onError}
      />
    </RecurlyProvider>
  );
}
