// The contract every answer provider keeps (decision 052): given a question and numbered passages
// of text the reader may read, stream the answer's text with citations written [n]. The embedded
// default (extractive-provider.ts) needs no model and no network; any OpenAI-compatible
// chat-completions endpoint (chat-completions-provider.ts) when the settings name one. A provider
// sees nothing but these passages, so it cannot repeat what the reader may not read.

/** One numbered source as a provider sees it: its title and the excerpt of readable text chosen for the question. */
export interface ProviderPassage {
  n: number;
  title: string;
  /** Sentences of text the reader may read, in the source's order. */
  text: string;
}

export interface AnswerRequest {
  question: string;
  passages: ProviderPassage[];
  signal?: AbortSignal;
}

export interface AnswerProvider {
  /** For logs and the decision record: `extractive` or `chat-completions`. */
  readonly name: string;
  /** The answer's text in pieces as they come; throws ProviderError when the provider fails. */
  answer(request: AnswerRequest): AsyncIterable<string>;
}

/** The provider could not answer (the endpoint refused, timed out or sent something unreadable). */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/** The answer when nothing the reader may read holds the question's words. */
export const NOTHING_FOUND =
  'Nothing you can read here answers that question yet. Try other words, or the name of a brand, a person or a subject.';
