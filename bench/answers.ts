// npm run bench:answers — The Brain of Fashion's extractive answer on PostgreSQL over generated
// stories (issue 20: p99 ≤ 300 ms on 20,000 stories). A database of its own (atelier_bench_answers,
// dropped after), migrated; stories go straight into the search index through
// `search.indexDocuments`, as the content module's would. Then one question at a time (the wait a
// reader has before the whole answer is there), signed out and as a Premium member: questions of
// common words only, with a name, with a rare word, and long ones. Prints p50, p95, p99 and max.
//
// BENCH_ANSWERS_STORIES (default 20000), BENCH_ANSWERS_ROUNDS (default 10), BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ANSWERS_KEEP=1 (keep the database).
import { createAnswersService } from '../src/modules/answers/answers-service.ts';
import { createExtractiveProvider } from '../src/modules/answers/extractive-provider.ts';
import type { Topic } from '../src/modules/content/content-service.ts';
import { storyWallKey, type SearchDocument } from '../src/modules/search/search-service.ts';
import { benchOverSearchIndex } from './search-corpus.ts';

const STORIES = Number(process.env.BENCH_ANSWERS_STORIES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ANSWERS_ROUNDS ?? 10);
const NAME = 'atelier_bench_answers';
const KEEP = process.env.BENCH_ANSWERS_KEEP === '1';
const GOAL_P99_MS = 300;

// Deterministic, so two runs answer from the same corpus.
let seed = 5_2;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// A publication's words: a few very common ones in most stories (Zipf), names in some, rare words now and then.
const COMMON = `fashion brand luxury retail market season collection designer store sales growth price customers shoppers
  digital online strategy investors margin revenue quarter executive creative director house label runway show
  sustainability supply chain factory cotton leather denim handbag sneakers resale beauty fragrance skincare china
  europe america consumers marketing campaign social media wholesale inventory discount premium heritage said
  year company percent business team products demand costs stores opened closed plan strategy growth`.split(/\s+/);
const NAMES = ['Balenciaga', 'Vautrin', 'Orsolini', 'Verrier', 'Lindqvist', 'Okafor', 'Moretti', 'Achterberg', 'Delacroix', 'Halvorsen'];
const RARE = Array.from(
  { length: 3_000 },
  (_, i) => `${pick(['vel', 'mar', 'tor', 'sil', 'bro', 'cal'])}${pick(['ano', 'ique', 'etti', 'ora'])}${i}`,
);
const TOPICS: Topic[] = ['news', 'luxury', 'retail', 'beauty', 'technology', 'sustainability', 'bof-insights', 'case-studies'].map(
  (slug, i) => ({ id: `t${i}`, slug, name: slug.replace('-', ' '), description: '', kind: 'section' }),
);

function word(): string {
  const roll = random();
  if (roll < 0.004) return pick(NAMES);
  if (roll < 0.05) return pick(RARE);
  return COMMON[Math.floor(COMMON.length * random() ** 2.5)]!;
}

function sentence(words: number): string {
  const text = Array.from({ length: words }, word).join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function generated(i: number): SearchDocument {
  const topic = pick(TOPICS);
  const roll = random();
  const access = roll < 0.6 ? 'free' : roll < 0.85 ? 'premium' : roll < 0.95 ? 'registered' : 'beauty';
  return {
    kind: topic.slug === 'case-studies' ? 'case_study' : 'story',
    sourceId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    url: `/articles/generated-${i}/`,
    title: sentence(8),
    description: sentence(24),
    names: `${pick(NAMES)} ${topic.name}`,
    // About 600 words: twelve paragraphs of three sentences.
    body: Array.from({ length: 12 }, () => Array.from({ length: 3 }, () => sentence(16)).join(' ')).join('\n'),
    wallKey: storyWallKey(access, topic.slug),
    topics: [topic.slug],
    primaryTopicName: topic.name,
    mediaType: topic.slug === 'bof-insights' ? 'report' : 'article',
    imageKey: null,
    publishedAt: new Date(Date.UTC(2026, 10, 1) - Math.floor(random() * 5 * 365) * 86_400_000),
  };
}

const QUESTIONS: { kind: string; question: string }[] = [
  ...[
    'What is happening to luxury handbag prices?',
    'How are brands changing their wholesale strategy?',
    'Why are fashion sales slowing?',
  ].map((question) => ({ kind: 'common words', question })),
  ...['What did Vautrin say about margins?', 'How is Orsolini growing in China?'].map((question) => ({ kind: 'a name', question })),
  ...[`What is ${RARE[7]!}?`, `How did ${RARE[1_500]!} affect the supply chain?`].map((question) => ({ kind: 'a rare word', question })),
  {
    kind: 'long',
    question:
      'How are luxury houses and retail brands changing their store, wholesale, pricing and marketing strategy as shoppers in China, Europe and America spend less on fashion and beauty this year?',
  },
];

await benchOverSearchIndex({
  databaseName: NAME,
  keep: KEEP,
  stories: STORIES,
  rounds: ROUNDS,
  topics: TOPICS,
  generated,
  operations: QUESTIONS,
  label: 'answers',
  goalP99Ms: GOAL_P99_MS,
  prepare: (search) => {
    const answers = createAnswersService({ search, provider: createExtractiveProvider() });
    return async ({ question }, user) => {
      const outcome = await answers.answer({ question, user });
      if (outcome.type !== 'success') throw new Error(`no answer for “${question}”: ${JSON.stringify(outcome).slice(0, 300)}`);
    };
  },
});
