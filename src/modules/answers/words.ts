// How The Brain of Fashion reads text without a model (decision 052): sentences, words reduced to a
// rough stem, and a score for how well a sentence answers a question — each question word counts
// by how rare it is among the candidate sentences (idf), so "Ekholm" outweighs "brand". Pure, for
// the server and tests alike.

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his
  how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours
  ourselves out over own same she should so some such than that the their theirs them themselves then there these they this
  those through to too under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves tell say said says know explain describe mean means meant give according happened happen
  anything something thing things much many`.split(/\s+/),
);

/** A word without its commonest English endings: "brands" and "brand", "stores" and "store" meet. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The stems of the words in a text, stop words left out. */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [])
    .flatMap((word) => word.split('-'))
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

/** A text cut into sentences (and lines: a heading or a quote is one). */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?…][”"’)]?)\s+(?=[\p{Lu}“"‘(\d])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

export interface ScoredSentence {
  text: string;
  score: number;
}

/**
 * Scores each sentence against the question: the sum of the weights of the question's words it
 * holds (a rarer word weighs more), a little more for two question words side by side, less for a
 * fragment or a very long sentence. 0: nothing of the question in it.
 */
export function scoreSentences(question: string, candidates: string[]): ScoredSentence[] {
  const wanted = [...new Set(terms(question))];
  if (wanted.length === 0) return candidates.map((text) => ({ text, score: 0 }));
  const termsOf = candidates.map((text) => terms(text));
  const weight = new Map(
    wanted.map((term) => {
      const df = termsOf.filter((list) => list.includes(term)).length;
      return [term, Math.log(1 + (candidates.length + 1) / (df + 0.5))];
    }),
  );
  const pairs = new Set(wanted.slice(1).map((term, i) => `${wanted[i]} ${term}`));
  return candidates.map((text, i) => {
    const list = termsOf[i]!;
    const present = new Set(list);
    let score = 0;
    for (const term of wanted) if (present.has(term)) score += weight.get(term)!;
    if (score === 0) return { text, score };
    for (let j = 1; j < list.length; j++) if (pairs.has(`${list[j - 1]} ${list[j]}`)) score += 0.5;
    const words = text.split(/\s+/).length;
    if (words < 6) score *= 0.5;
    else if (words > 60) score *= 0.7;
    return { text, score };
  });
}

/** The same sentence in two stories (a quote, a stock phrase) counts once. */
export function sameSentence(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
