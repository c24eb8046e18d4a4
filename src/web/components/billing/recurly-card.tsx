// The payment form's card with Recurly as the provider (decision 039): the same shape as the sandbox's
// useCardFields (card-fields.tsx), so the form has one flow for both. Recurly.js (BILLING_SCRIPT_URL)
// and react-recurly load here, in the browser, only on a payment page with a Recurly key: this file is
// small and imports neither; recurly-elements.tsx is their chunk. The card goes from Recurly's frame to
// Recurly; the form gets a token, and sends it with the billing details as it does the sandbox's.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { RecurlyError } from '@recurly/recurly-js';
import { PROVIDER_UNREACHABLE, useCardAttempt } from './card-attempt.ts';
import { ChallengeFrame } from './challenge-step.tsx';
import type { RecurlyCustomer, RecurlyTokenizer } from './recurly-elements.tsx';

/** What the payment form needs of a card, whichever provider takes it. */
export interface CardTokens {
  fields: ReactNode;
  /** Runs `send` with a fresh token for the card; a problem is shown instead (next to the card, or in the form's notice). */
  withToken: (send: (token: string) => Promise<void>, form?: HTMLFormElement | null) => Promise<void>;
  tokenizing: boolean;
  problem: string | null;
  setProblem: (problem: string | null) => void;
  /** After a failed attempt: empties what must be typed again. */
  clearSecrets: () => void;
  /** After a card is taken: empties the card fields. */
  clear: () => void;
}

export interface RecurlySettings {
  publicKey: string;
  scriptUrl: string;
}

const loadElements = () => import('./recurly-elements.tsx');
const RecurlyCardField = lazy(() => loadElements().then((module) => ({ default: module.RecurlyCardField })));
const RecurlyThreeDSecure = lazy(() => loadElements().then((module) => ({ default: module.RecurlyThreeDSecure })));

export const RECURLY_MESSAGES = {
  loading: 'The card form is still loading. Please wait a moment and try again.',
  unavailable: 'The card form could not load. Check your connection and reload the page.',
  unreachable: PROVIDER_UNREACHABLE,
  unchecked: 'We could not check your card. Please try again.',
  number: 'Enter a valid card number.',
  expiry: 'Enter a valid expiry date. A card past its expiry date cannot be used.',
  cvv: 'Enter the security code: 3 digits on the back of the card, or 4 on the front.',
  names: 'Enter your first and last name as they appear on the card.',
  threeDSecure: 'The check with your bank did not finish. Please try again.',
} as const;

/** A Recurly.js error in our words: next to the card when it is about the card, else for the form's notice. */
export function recurlyProblem(error: Pick<RecurlyError, 'code' | 'fields'>): { cardError: string | null; message: string | null } {
  const fields = error.fields ?? [];
  if (error.code === 'validation' || error.code === 'invalid-parameter') {
    if (fields.includes('number')) return { cardError: RECURLY_MESSAGES.number, message: null };
    if (fields.includes('month') || fields.includes('year')) return { cardError: RECURLY_MESSAGES.expiry, message: null };
    if (fields.includes('cvv')) return { cardError: RECURLY_MESSAGES.cvv, message: null };
    if (fields.includes('first_name') || fields.includes('last_name')) return { cardError: null, message: RECURLY_MESSAGES.names };
  }
  if (error.code === 'api-timeout' || error.code === 'api-error') return { cardError: null, message: RECURLY_MESSAGES.unreachable };
  return { cardError: null, message: RECURLY_MESSAGES.unchecked };
}

type ScriptState = 'loading' | 'ready' | 'failed';
let scriptLoad: { url: string; promise: Promise<void> } | null = null;

function hasRecurlyJs(): boolean {
  return Boolean((window as { recurly?: { Recurly?: unknown } }).recurly?.Recurly);
}

/** Adds Recurly.js to the page once (its origin is in this page's CSP only). */
function loadRecurlyJs(url: string): Promise<void> {
  if (hasRecurlyJs()) return Promise.resolve();
  if (scriptLoad?.url === url) return scriptLoad.promise;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (hasRecurlyJs() ? resolve() : reject(new Error('Recurly.js loaded without window.recurly')));
    script.onerror = () => reject(new Error(`Recurly.js did not load from ${url}`));
    document.head.append(script);
  });
  scriptLoad = { url, promise };
  promise.catch(() => {
    scriptLoad = null;
  });
  return promise;
}

/**
 * Whether this document was loaded as the page it shows. The CSP that lets Recurly.js in comes with the
 * payment page's own document: reached by a client-side navigation (a link, a form's redirect), the page
 * runs under the previous page's policy, which refuses it.
 */
function documentIsThisPage(): { yes: boolean; reloaded: boolean } {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return { yes: !entry || new URL(entry.name).pathname === window.location.pathname, reloaded: entry?.type === 'reload' };
}

/** The name fields of the payment form (billing-details.tsx), as Recurly.js wants them. */
function customerOf(form: HTMLFormElement | null | undefined): RecurlyCustomer {
  const data = form ? new FormData(form) : null;
  const text = (name: string) => {
    const value = data?.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    first_name: text('firstName'),
    last_name: text('lastName'),
    ...(text('countryCode') ? { country: text('countryCode') } : {}),
    ...(text('postalCode') ? { postal_code: text('postalCode') } : {}),
  };
}

export function useRecurlyCard(settings: RecurlySettings | null): CardTokens {
  const [script, setScript] = useState<ScriptState>('loading');
  const { attempt, ...state } = useCardAttempt();
  const { setProblem } = state;
  const [cardError, setCardError] = useState<string | null>(null);
  const tokenizer = useRef<RecurlyTokenizer | null>(null);
  /** A new key draws a new, empty card field (Recurly's frame has no way to be emptied). */
  const [fieldKey, setFieldKey] = useState(0);
  const publicKey = settings?.publicKey;
  const scriptUrl = settings?.scriptUrl;

  useEffect(() => {
    if (!scriptUrl) return;
    const served = documentIsThisPage();
    if (!served.yes && !served.reloaded) {
      window.location.reload();
      return;
    }
    let current = true;
    // A reloaded document that is still another page's would reload for ever: it says the form cannot load.
    const loading = served.yes ? loadRecurlyJs(scriptUrl) : Promise.reject(new Error('Not this page’s document'));
    loading.then(
      () => current && setScript('ready'),
      () => current && setScript('failed'),
    );
    return () => {
      current = false;
    };
  }, [scriptUrl]);

  async function withToken(send: (token: string) => Promise<void>, form?: HTMLFormElement | null): Promise<void> {
    const tokenize = tokenizer.current;
    if (!tokenize) {
      setProblem(script === 'failed' ? RECURLY_MESSAGES.unavailable : RECURLY_MESSAGES.loading);
      return;
    }
    await attempt(async () => {
      const result = await tokenize(customerOf(form));
      if (!result.ok) {
        const { cardError: nextCardError, message } = recurlyProblem(result.error);
        setCardError(nextCardError);
        setProblem(message);
        return null;
      }
      setCardError(null);
      return result.token;
    }, send);
  }

  const fields = (
    <div className="field">
      <p id="recurly-card-hint" className="field__hint">
        Card number, expiry date (MM/YY) and security code
      </p>
      {script === 'failed' ? (
        <p className="field__message field__message--error">{RECURLY_MESSAGES.unavailable}</p>
      ) : script === 'loading' || !publicKey ? (
        <p className="field__hint">Loading the card form…</p>
      ) : (
        <Suspense fallback={<p className="field__hint">Loading the card form…</p>}>
          <RecurlyCardField
            key={fieldKey}
            publicKey={publicKey}
            tokenizerRef={tokenizer}
            invalid={cardError !== null}
            onChange={() => setCardError(null)}
          />
        </Suspense>
      )}
      {cardError && (
        <p id="recurly-card-error" className="field__message field__message--error">
          {cardError}
        </p>
      )}
    </div>
  );

  return {
    ...state,
    fields,
    withToken,
    // Recurly's frame keeps the card, and each attempt takes a new token from it: nothing to empty.
    clearSecrets: () => {},
    clear: () => {
      setCardError(null);
      setFieldKey((key) => key + 1);
    },
  };
}

/** The 3-D Secure step with Recurly: the bank's check in Recurly's frame; its result token resumes the purchase. */
export function RecurlyChallengeStep({
  settings,
  actionToken,
  message,
  onResult,
}: {
  settings: RecurlySettings;
  actionToken: string;
  message: string;
  onResult: (result: { resultToken: string } | null) => void;
}) {
  return (
    <ChallengeFrame message={message}>
      <Suspense fallback={<p className="field__hint">Loading your bank’s check…</p>}>
        <RecurlyThreeDSecure
          publicKey={settings.publicKey}
          actionToken={actionToken}
          onToken={(resultToken) => onResult({ resultToken })}
          onError={() => onResult(null)}
        />
      </Suspense>
    </ChallengeFrame>
  );
}
