// A question to The Brain of Fashion (decision 052), parsed with the shared plain-text rule: from a
// form, the page's query string or the stream's. Isomorphic: the page's form uses the limits.
import { LIMITS } from '../../shared/analytics/limits.ts';
import { safeText } from '../../shared/validation/formats.ts';

export const QUESTION_MIN = 3;
/** The analytics searchTerm's limit (SPEC §5): the question is sent whole. */
export const QUESTION_MAX = LIMITS.aiSearchTerm;

export const questionSchema = safeText({ multiline: true, error: 'Ask a question in a few words.' })
  .trim()
  .min(QUESTION_MIN, 'Ask a question of a few words: a brand, a person, a subject.')
  .max(QUESTION_MAX, `A question is at most ${QUESTION_MAX.toLocaleString('en-GB')} characters: shorten it a little.`);
