// Any OpenAI-compatible chat-completions endpoint (vLLM, Ollama, a hosted model) as an answer
// provider, when ANSWERS_API_URL and ANSWERS_MODEL name one (decision 052). One streamed request
// per question: a system message that says to answer from the numbered sources only and cite them
// [n], and a user message holding the question and the sources — which hold only text the reader
// may read. The endpoint's server-sent events are read as they come and their text handed on.
import { readEventStream } from './event-stream.ts';
import { ProviderError, type AnswerProvider, type AnswerRequest } from './provider.ts';

export interface ChatCompletionsSettings {
  /** The API's base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; `/chat/completions` is added. */
  apiUrl: string;
  apiKey?: string;
  model: string;
  /** How long the whole answer may take. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const SYSTEM_PROMPT = [
  'You are The Brain of Fashion, the answer service of a fashion-industry publication.',
  'Answer the question using only the numbered sources given, in at most four short sentences of plain text.',
  'After each sentence, cite the source or sources it comes from as [1] or [2][3].',
  'If the sources do not answer the question, say so in one sentence. Never use anything you know beyond the sources.',
].join(' ');

export function userPrompt({ question, passages }: Pick<AnswerRequest, 'question' | 'passages'>): string {
  const sources = passages.map((p) => `[${p.n}] ${p.title}\n${p.text}`).join('\n\n');
  return `Question: ${question}\n\nSources:\n\n${sources}`;
}

export function createChatCompletionsProvider({
  apiUrl,
  apiKey,
  model,
  timeoutMs = 30_000,
  fetch: send = fetch,
}: ChatCompletionsSettings): AnswerProvider {
  const endpoint = `${apiUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: 'chat-completions',
    async *answer({ question, passages, signal }: AnswerRequest) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await send(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({
            model,
            stream: true,
            temperature: 0.2,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: userPrompt({ question, passages }) },
            ],
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new ProviderError(`the chat-completions endpoint could not be reached: ${String(error)}`, { cause: error });
      }
      if (!response.ok || !response.body) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new ProviderError(`the chat-completions endpoint answered ${response.status}: ${detail}`);
      }
      try {
        for await (const { data } of readEventStream(response.body)) {
          if (data === '[DONE]') return;
          let chunk: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } };
          try {
            chunk = JSON.parse(data) as typeof chunk;
          } catch {
            throw new ProviderError(`the chat-completions endpoint sent an event that is not JSON: ${data.slice(0, 100)}`);
          }
          if (chunk.error) throw new ProviderError(`the chat-completions endpoint reported an error: ${String(chunk.error.message)}`);
          const content = chunk.choices?.[0]?.delta?.content;
          if (typeof content === 'string' && content) yield content;
        }
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw new ProviderError(`the chat-completions stream broke off: ${String(error)}`, { cause: error });
      }
    },
  };
}
