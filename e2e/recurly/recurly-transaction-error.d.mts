// The types of recurly-transaction-error.mjs, for the TypeScript tests that import it.
export type RecurlyTransactionErrorOptions = {
  category: string;
  code: string;
  /** The error's message (Recurly's merchant-facing text); `Stand-in: <code>` unless given. */
  message?: string;
  /** The transaction error's message (Recurly's words for the customer); the error's message unless given. */
  customerMessage?: string;
  declineCode?: string | null;
  merchantAdvice?: string | null;
  /** For category three_d_secure_action_required: the token Recurly.js runs the challenge with. */
  actionToken?: string | null;
};

export function recurlyTransactionError(options: RecurlyTransactionErrorOptions): {
  status: number;
  body: { error: Record<string, unknown> };
};
