// The embedded answer provider (decision 052): no model, no network. The answer is the best
// sentences of the passages, as written, each followed by its source's number — so every word of it
// is a source's own and was readable by the reader. Deterministic: the same passages, the same answer.
import { NOTHING_FOUND, type AnswerProvider, type AnswerRequest } from './provider.ts';
import { sameSentence, scoreSentences, sentences } from './words.ts';

/** Sentences in an answer: enough to answer, few enough to read at a glance. */
const ANSWER_SENTENCES = 3;
/** At most this many from one source, so a second source gets a word in. */
const PER_SOURCE = 2;
/** A sentence answers only if it scores at least this share of the best one: no filler from a weak source. */
const CLOSE_ENOUGH = 0.55;
/** Each place down the ranking costs a sentence this share of its score: between near-equals, the better source. */
const RANK_DISCOUNT = 0.04;

export function createExtractiveProvider(): AnswerProvider {
  return {
    name: 'extractive',
    async *answer({ question, passages }: AnswerRequest) {
      const candidates = passages.flatMap((passage, order) => sentences(passage.text).map((text) => ({ text, n: passage.n, order })));
      const scored = scoreSentences(
        question,
        candidates.map((c) => c.text),
      ).map((s, i) => ({ ...candidates[i]!, score: s.score * (1 - RANK_DISCOUNT * candidates[i]!.order) }));
      // The best first; between equals, the better-ranked source (the passages come in rank order).
      scored.sort((a, b) => b.score - a.score || a.order - b.order);
      const chosen: typeof scored = [];
      const seen = new Set<string>();
      const floor = (scored[0]?.score ?? 0) * CLOSE_ENOUGH;
      for (const candidate of scored) {
        if (candidate.score <= 0 || candidate.score < floor || chosen.length === ANSWER_SENTENCES) break;
        const key = sameSentence(candidate.text);
        if (seen.has(key) || chosen.filter((c) => c.n === candidate.n).length === PER_SOURCE) continue;
        seen.add(key);
        chosen.push(candidate);
      }
      if (chosen.length === 0) {
        yield NOTHING_FOUND;
        return;
      }
      for (const [i, sentence] of chosen.entries()) yield `${i === 0 ? '' : ' '}${sentence.text} [${sentence.n}]`;
    },
  };
}
