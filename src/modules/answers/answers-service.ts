// The Brain of Fashion (issue 20 part 2, decision 052): a question → passages this reader may read
// (the search index through `search.passages`, which binds retrieval to the walls decision, and the
// fashion glossary) → an answer with numbered citations from the provider, streamed as events:
// `sources` (the numbered sources, and the gated ones "members can read more in"), `text` (the
// answer as it comes), then `done` (the whole answer, who and what it names, its analytics) or
// `error` (a message for the reader). Nothing a provider sees, and so nothing in an answer, comes
// from text the walls keep from this reader.
import type { Logger } from '../../platform/module.ts';
import { retryAfterSeconds, type LimitStore } from '../../platform/rate-limits.ts';
import type { EventPayloads } from '../../shared/analytics/events.ts';
import { LIMITS } from '../../shared/analytics/limits.ts';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import { paths } from '../../shared/paths.ts';
import type { SearchType } from '../../shared/search.ts';
import type { NamedProfile, Passage } from '../search/passages.ts';
import type { SearchService } from '../search/search-service.ts';
import { GLOSSARY, type GlossaryTerm } from './glossary.ts';
import { NOTHING_FOUND, type AnswerProvider, type ProviderPassage } from './provider.ts';
import { questionSchema } from './question.ts';
import { scoreSentences, sentences, terms } from './words.ts';

/** Documents asked of the index per question. */
const DOCUMENTS = 6;
/** Glossary entries a question may bring in. */
const GLOSSARY_SOURCES = 2;
/** Sentences of a source handed to the provider. */
const EXCERPT_SENTENCES = 4;
/** An answer longer than this is cut (the analytics field's limit). */
const ANSWER_MAX = LIMITS.aiAnswer;

export type AnswerSourceKind = SearchType | 'glossary';

/** One numbered source: what [n] in the answer links to. */
export interface AnswerSource {
  n: number;
  kind: AnswerSourceKind;
  id: string;
  title: string;
  url: string;
  /** A story's media type (`case_study`, `report` …); null for profiles and glossary entries. */
  mediaType: string | null;
}

/** A story that matched on its headline or standfirst whose body the reader may not read. */
export interface GatedSource {
  id: string;
  title: string;
  url: string;
}

export type AiSearchResult = EventPayloads['user_view_ai_search_result'];

export interface AnswerResult {
  type: 'success';
  question: string;
  /** The answer's text, citations written [n]. */
  answer: string;
  sources: AnswerSource[];
  /** The source numbers the answer cites, in the order first cited. */
  cited: number[];
  /** People and organisations the answer names or cites. */
  people: NamedProfile[];
  /** The case studies and reports the answer cites. */
  caseStudiesReports: AnswerSource[];
  /** Glossary terms the answer cites or names. */
  glossary: Pick<GlossaryTerm, 'slug' | 'term' | 'definition'>[];
  /** "Members can read more in …": gated stories that matched on what the reader may read. */
  membersCanReadMore: GatedSource[];
  /** "Read more in …": free stories that matched, whose page the reader may open (signed out, the meter counts it). */
  readMore: GatedSource[];
  analytics: AiSearchResult;
}

export interface AnswerFailure {
  type: 'error';
  question: string;
  /** For the reader: what went wrong and what to do. */
  message: string;
  analytics: AiSearchResult;
}

export type AnswerEvent =
  | { type: 'sources'; sources: AnswerSource[]; membersCanReadMore: GatedSource[]; readMore: GatedSource[] }
  | { type: 'text'; text: string }
  | { type: 'done'; result: AnswerResult }
  | { type: 'error'; failure: AnswerFailure };

export interface AnswersServiceDeps {
  search: Pick<SearchService, 'passages'>;
  provider: AnswerProvider;
  log?: Pick<Logger, 'error'>;
  /** Where questions per address are counted; without it (the evaluation, the bench) nothing is. */
  limits?: Pick<LimitStore, 'limiter'>;
}

/**
 * Questions one address may ask: each answer searches every document and may call a paid model, so
 * a script must not be able to ask without end (a reader asks a few a minute).
 */
export const ANSWERS_RATE_LIMIT = { points: 20, durationSeconds: 60 };

export function tooManyQuestions(seconds: number): string {
  return `You have asked a lot of questions in a short time. Please ask again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

export const UNAVAILABLE = 'The Brain of Fashion could not answer just now. Please try again in a minute.';

export function createAnswersService({ search, provider, log, limits }: AnswersServiceDeps) {
  const limiter = limits?.limiter({ name: 'answers', ...ANSWERS_RATE_LIMIT });

  /** The stream of one answer: sources, text as it comes, then done or error. */
  async function* ask({
    question: input,
    user,
    signal,
    clientAddress,
  }: {
    question: unknown;
    user: SessionUser | null;
    signal?: AbortSignal;
    /** The asker's address (the request's, behind trusted proxies only): what the rate limit counts. */
    clientAddress?: string;
  }): AsyncGenerator<AnswerEvent> {
    const parsed = questionSchema.safeParse(input);
    // What was typed, as analytics may carry it: plain characters, cut to the field's limit.
    const asked =
      typeof input === 'string'
        ? input
            .replace(/\p{Cc}|\p{Cs}/gu, ' ')
            .trim()
            .slice(0, LIMITS.aiSearchTerm)
        : '';
    if (!parsed.success) {
      yield failure(asked, parsed.error.issues[0]?.message ?? 'Ask a question in a few words.');
      return;
    }
    const question = parsed.data;
    // Counted only for a question that would be answered: fixing a typo costs nothing.
    const seconds = limiter && clientAddress ? await retryAfterSeconds(limiter.consume(clientAddress)) : 0;
    if (seconds > 0) {
      yield failure(question, tooManyQuestions(seconds));
      return;
    }
    let answer = '';
    try {
      const { sources, passages, membersCanReadMore, readMore, named } = await retrieve(question, user);
      yield { type: 'sources', sources, membersCanReadMore, readMore };
      // Nothing to answer from: no provider is asked (a model would only guess).
      const pieces = passages.length > 0 ? provider.answer({ question, passages, signal }) : [NOTHING_FOUND];
      for await (const piece of pieces) {
        const room = ANSWER_MAX - answer.length;
        if (room <= 0) break;
        const text = piece.slice(0, room);
        answer += text;
        yield { type: 'text', text };
      }
      yield { type: 'done', result: result(question, answer.trim(), sources, { membersCanReadMore, readMore }, named) };
    } catch (error) {
      if (signal?.aborted) return;
      log?.error({ err: error, provider: provider.name }, 'The Brain of Fashion could not answer');
      yield failure(question, UNAVAILABLE);
    }
  }

  /** The passages for a question: numbered sources (glossary first, then documents by rank), each with its best readable sentences. */
  async function retrieve(question: string, user: SessionUser | null) {
    const found = await search.passages({ query: question, user, limit: DOCUMENTS });
    const glossary = glossaryFor(question);
    const documents = found.passages.map((passage) => ({ passage, excerpt: excerpt(question, passage) }));
    // Sources that hold something of the question; when none does, the best few all the same.
    const useful = documents.filter((d) => d.excerpt.score > 0);
    const kept = useful.length > 0 ? useful : documents.slice(0, 3);
    const sources: AnswerSource[] = [];
    const passages: ProviderPassage[] = [];
    for (const term of glossary) {
      const n = sources.length + 1;
      sources.push({ n, kind: 'glossary', id: term.slug, title: term.term, url: glossaryUrl(term.slug), mediaType: null });
      passages.push({ n, title: `${term.term} (glossary)`, text: term.definition });
    }
    for (const { passage, excerpt } of kept) {
      const n = sources.length + 1;
      sources.push({ n, kind: passage.kind, id: passage.id, title: passage.title, url: passage.url, mediaType: passage.mediaType });
      passages.push({ n, title: passage.title, text: excerpt.text });
    }
    // A free story is walled from a signed-out reader's answer only because an answer must not spend a read of the meter.
    const gated = found.passages.filter((p) => p.gated);
    const link = ({ id, title, url }: Passage) => ({ id, title, url });
    const membersCanReadMore = gated.filter((p) => p.access !== 'free').map(link);
    const readMore = gated.filter((p) => p.access === 'free').map(link);
    return { sources, passages, membersCanReadMore, readMore, named: found.named };
  }

  /** Everything the finished answer names, and its analytics. */
  function result(
    question: string,
    answer: string,
    sources: AnswerSource[],
    { membersCanReadMore, readMore }: { membersCanReadMore: GatedSource[]; readMore: GatedSource[] },
    named: NamedProfile[],
  ): AnswerResult {
    const cited = citations(answer, sources.length);
    const citedSources = cited.map((n) => sources[n - 1]!);
    const people = [
      ...citedSources
        .filter((s) => s.kind === 'person' || s.kind === 'organisation')
        .map((s) => ({ kind: s.kind as NamedProfile['kind'], id: s.id, url: s.url, name: s.title })),
      ...named.filter((profile) => answer.includes(profile.name)),
    ].filter((profile, i, all) => all.findIndex((p) => p.id === profile.id) === i);
    const caseStudiesReports = citedSources.filter((s) => s.mediaType === 'case_study' || s.mediaType === 'report');
    const glossary = GLOSSARY.filter(
      (term) => citedSources.some((s) => s.kind === 'glossary' && s.id === term.slug) || namesTerm(answer, term),
    ).map(({ slug, term, definition }) => ({ slug, term, definition }));
    const stories = citedSources.filter((s) => (s.kind === 'story' || s.kind === 'case_study') && !caseStudiesReports.includes(s));
    return {
      type: 'success',
      question,
      answer,
      sources,
      cited,
      people,
      caseStudiesReports,
      glossary,
      membersCanReadMore,
      readMore,
      analytics: {
        type: 'success',
        searchTerm: question,
        answer: answer.slice(0, LIMITS.aiAnswer),
        peopleCompanyIds: people.map((p) => p.id),
        sourcesIds: stories.map((s) => s.id),
        caseStudiesReportsIds: caseStudiesReports.map((s) => s.id),
        fashionGlossary: glossary.map((g) => g.slug),
      },
    };
  }

  return {
    ask,

    /** The whole answer at once (the page without JavaScript, the evaluation): the stream's last event. */
    async answer(input: { question: unknown; user: SessionUser | null; clientAddress?: string }): Promise<AnswerResult | AnswerFailure> {
      const { question } = input;
      let last: AnswerResult | AnswerFailure | null = null;
      for await (const event of ask(input)) {
        if (event.type === 'done') last = event.result;
        if (event.type === 'error') last = event.failure;
      }
      return last ?? failure(typeof question === 'string' ? question : '', UNAVAILABLE).failure;
    },
  };
}

export type AnswersService = ReturnType<typeof createAnswersService>;

function failure(question: string, message: string): { type: 'error'; failure: AnswerFailure } {
  return {
    type: 'error',
    failure: { type: 'error', question, message, analytics: { type: 'error', searchTerm: question.slice(0, LIMITS.aiSearchTerm) } },
  };
}

/** A glossary entry's place on the page. */
export function glossaryUrl(slug: string): string {
  return `${paths.brainOfFashion()}#glossary-${slug}`;
}

/** The glossary entries a question names (the term or one of its other spellings, word for word). */
export function glossaryFor(question: string): GlossaryTerm[] {
  const asked = terms(question).join(' ');
  return GLOSSARY.filter((entry) =>
    [entry.term, ...(entry.aliases ?? [])].some((name) => {
      const wanted = terms(name).join(' ');
      return wanted.length > 0 && ` ${asked} `.includes(` ${wanted} `);
    }),
  ).slice(0, GLOSSARY_SOURCES);
}

/** A term the answer uses in full: several words, or one long enough not to be an everyday word. */
function namesTerm(answer: string, entry: GlossaryTerm): boolean {
  if (!entry.term.includes(' ') && entry.term.length < 7) return false;
  return new RegExp(`(?<![\\p{L}])${entry.term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu').test(answer);
}

/** A source's best sentences for the question, in the source's order, and how well the best one answers. */
function excerpt(question: string, passage: Passage): { text: string; score: number } {
  const candidates = sentences(`${passage.description}\n${passage.body}`);
  const scored = scoreSentences(question, candidates).map((s, i) => ({ ...s, i }));
  const best = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, EXCERPT_SENTENCES)
    .sort((a, b) => a.i - b.i);
  if (best.length === 0) return { text: passage.description, score: 0 };
  return { text: best.map((s) => s.text).join(' '), score: Math.max(...best.map((s) => s.score)) };
}

/** The source numbers an answer cites ([1], [2][3], [1, 2]), each once, in order of first citation. */
export function citations(answer: string, count: number): number[] {
  const found: number[] = [];
  for (const match of answer.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    for (const part of match[1]!.split(',')) {
      const n = Number(part.trim());
      if (n >= 1 && n <= count && !found.includes(n)) found.push(n);
    }
  }
  return found;
}
