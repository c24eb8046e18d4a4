// One attempt to pay or save with a card, whichever provider tokenises it (the sandbox's
// useCardFields, Recurly's useRecurlyCard): the card becomes a token, then the token is sent; the form
// says it is busy meanwhile, and a failure on the way is the form's problem.
import { useState } from 'react';

export const PROVIDER_UNREACHABLE = 'We could not reach the payment provider. Check your connection and try again.';

export function useCardAttempt() {
  const [tokenizing, setTokenizing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  /**
   * Runs `tokenize` (null: the card was refused, its problems already shown) and `send` with its
   * token. A network failure, or any other throw, becomes the form's problem.
   */
  async function attempt(tokenize: () => Promise<string | null>, send: (token: string) => Promise<void>): Promise<void> {
    setProblem(null);
    setTokenizing(true);
    try {
      const token = await tokenize();
      if (token !== null) await send(token);
    } catch {
      setProblem(PROVIDER_UNREACHABLE);
    } finally {
      setTokenizing(false);
    }
  }

  return { attempt, tokenizing, problem, setProblem };
}
