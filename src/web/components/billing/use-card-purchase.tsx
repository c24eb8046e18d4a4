// One card purchase in the browser, shared by every payment form (individual and student plans,
// team plans): the card goes to the provider (the sandbox's card fields or Recurly.js), the form's
// fields go to the page's action with the token and a new idempotency key, a 3-D Secure answer
// shows the bank's challenge, and its result resumes the same purchase (same key and token), so a
// double click or a retry never charges twice. An error keeps what was typed except the card.
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { useCardFields } from './card-fields.tsx';
import { ChallengeStep } from './challenge-step.tsx';
import { sandboxChallengeUrl } from './payment-types.ts';
import { RecurlyChallengeStep, useRecurlyCard, type CardTokens, type RecurlySettings } from './recurly-card.tsx';

/** What a payment page's action answers, as far as the purchase's steps care. */
export type CardPurchaseAnswer =
  | { status: 'success' }
  | { status: 'three_d_secure'; actionToken: string; message: string }
  | { status: 'error'; type?: string; message: string; fieldErrors?: Record<string, string> };

const noSubscription = () => () => {};

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function useCardPurchase<Answer extends CardPurchaseAnswer>({ recurly }: { recurly: RecurlySettings | null }) {
  const fetcher = useFetcher<Answer>();
  // False in the server render and before hydration: without JavaScript the button stays off.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const sandboxCard = useCardFields();
  const recurlyCard = useRecurlyCard(recurly);
  const card: CardTokens = recurly ? recurlyCard : sandboxCard;
  /** A problem found in the browser (the card form, the network); the action's own answer is shown otherwise. */
  const { problem: localProblem, setProblem: setLocalProblem } = card;
  const [answeredChallenge, setAnsweredChallenge] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);
  /** The fields of the attempt in progress, with its token and key: a challenge's result resumes exactly these. */
  const attempt = useRef<Record<string, string> | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  // The same answer seen as the steps' union (a generic type does not narrow by its status).
  const step = answer as CardPurchaseAnswer | undefined;
  const challenge = step?.status === 'three_d_secure' && step.actionToken !== answeredChallenge ? step : null;
  const problem = localProblem ?? (step?.status === 'error' ? step.message : null);
  const fieldErrors = step?.status === 'error' ? (step.fieldErrors ?? {}) : {};
  useEffect(() => {
    if (step?.status !== 'error') return;
    // Keep what was typed, except the card: a new attempt needs the card again (and a new token).
    card.clearSecrets();
    attempt.current = null;
    noticeRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer clears the card, not a new render
  }, [answer]);

  /** Submits the form's fields with a provider token (the card's or a wallet's), under a new idempotency key. */
  async function submitPurchase(form: HTMLFormElement, cardToken: string) {
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
    attempt.current = { ...fields, cardToken, idempotencyKey: newKey() };
    await fetcher.submit(attempt.current, { method: 'post' });
  }

  /** The form's submit: the card goes to the provider, never to our action. */
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyWith()) return;
    const form = event.currentTarget;
    await card.withToken((cardToken) => submitPurchase(form, cardToken), form);
  }

  /** The challenge's end, whichever provider ran it: the same purchase (same key and token) resumes with its result. */
  async function resumeAfterChallenge(result: { resultToken: string } | null) {
    if (!challenge || !attempt.current) return;
    setAnsweredChallenge(challenge.actionToken);
    if (!result) {
      setLocalProblem('The check with your bank did not finish. Please try again.');
      return;
    }
    await fetcher.submit({ ...attempt.current, threeDSecureActionResultToken: result.resultToken }, { method: 'post' });
  }

  async function whileAnswering(work: () => Promise<void>) {
    setAnswering(true);
    try {
      await work();
    } finally {
      setAnswering(false);
    }
  }

  /** The sandbox stands in for the bank: the buyer's choice is its answer. */
  const answerSandboxChallenge = (result: 'succeeded' | 'failed') =>
    whileAnswering(async () => {
      if (!challenge) return;
      const response = await fetch(sandboxChallengeUrl(challenge.actionToken), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ result }),
      });
      const body = (await response.json().catch(() => null)) as { resultToken?: string } | null;
      await resumeAfterChallenge(body?.resultToken ? { resultToken: body.resultToken } : null);
    });

  /** Paying another way than the card fields (a wallet's sheet is open). */
  const [payingElsewhere, setPayingElsewhere] = useState(false);
  function busyWith() {
    return card.tokenizing || payingElsewhere || answering || fetcher.state !== 'idle';
  }

  const challengeStep: ReactNode = challenge ? (
    recurly ? (
      <RecurlyChallengeStep
        key={challenge.actionToken}
        settings={recurly}
        actionToken={challenge.actionToken}
        message={challenge.message}
        onResult={(result) => void whileAnswering(() => resumeAfterChallenge(result))}
      />
    ) : (
      <ChallengeStep message={challenge.message} answering={answering} onAnswer={(result) => void answerSandboxChallenge(result)} />
    )
  ) : null;

  return {
    fetcher,
    answer,
    hydrated,
    card,
    problem,
    setProblem: setLocalProblem,
    fieldErrors,
    challenge,
    challengeStep,
    noticeRef,
    /** Anything in flight: tokenising, a wallet, a challenge's answer, the action. */
    busy: busyWith(),
    payingElsewhere,
    setPayingElsewhere,
    onSubmit,
    submitPurchase,
  };
}
