// The answers module (issue 20 part 2, decision 052): The Brain of Fashion. Its provider comes from
// config: an OpenAI-compatible chat-completions endpoint when ANSWERS_API_URL and ANSWERS_MODEL are
// set, else the embedded extractive answer. No routes of its own: /the-brain-of-fashion/ and its
// stream (/the-brain-of-fashion/answer/) are pages (web/routes/the-brain-of-fashion/).
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { SearchService } from '../search/search-service.ts';
import { createAnswersService, type AnswersService } from './answers-service.ts';
import { createChatCompletionsProvider } from './chat-completions-provider.ts';
import { createExtractiveProvider } from './extractive-provider.ts';

export function createAnswersModule({
  config,
  log,
  limits,
  search,
}: Pick<ModuleDeps, 'config' | 'log' | 'limits'> & { search: SearchService }): AppModule<AnswersService> {
  const { apiUrl, apiKey, model } = config.answers;
  const provider = apiUrl && model ? createChatCompletionsProvider({ apiUrl, apiKey, model }) : createExtractiveProvider();
  return { name: 'answers', service: createAnswersService({ search, provider, log, limits }) };
}
