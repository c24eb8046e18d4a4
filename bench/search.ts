// npm run bench:search — the search service on PostgreSQL over generated stories (issue 20: search
// p99 ≤ 50 ms on 20,000 stories). A database of its own (atelier_bench_search, dropped after),
// migrated; the stories go straight into the index through `search.indexDocuments`, as the content
// module's would. Then one search at a time (the latency a reader waits), signed out and as a
// Premium member: common and rare words, phrases, filters, a later page and misspelt words (the
// correction path). Prints p50, p95, p99 and max per kind and for all.
//
// BENCH_SEARCH_STORIES (default 20000), BENCH_SEARCH_ROUNDS (default 10: rounds over the queries),
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: the server to use),
// BENCH_SEARCH_DATABASE (default atelier_bench_search: the database made there), BENCH_SEARCH_KEEP=1
// (keep it afterwards, to look at its plans with EXPLAIN ANALYZE).
import type { Topic } from '../src/modules/content/content-service.ts';
import { storyWallKey, type SearchDocument } from '../src/modules/search/search-service.ts';
import { benchOverSearchIndex } from './search-corpus.ts';

const STORIES = Number(process.env.BENCH_SEARCH_STORIES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 10);
const NAME = process.env.BENCH_SEARCH_DATABASE ?? 'atelier_bench_search';
const KEEP = process.env.BENCH_SEARCH_KEEP === '1';
const GOAL_P99_MS = 50;

// A deterministic generator, so two runs search the same corpus.
let seed = 20_26;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const COMMON = `fashion brand luxury retail market season collection designer store sales growth price customer shoppers
  digital online strategy investors margin revenue quarter chief executive creative director house label runway show
  sustainability supply chain factory cotton leather denim handbag sneakers resale beauty fragrance skincare china
  europe america consumers marketing campaign social media influencer wholesale inventory discount premium heritage`.split(/\s+/);
const RARE = Array.from(
  { length: 3_000 },
  (_, i) => `${pick(['vel', 'mar', 'tor', 'sil', 'bro', 'cal', 'dun', 'fer'])}${pick(['ano', 'ique', 'etti', 'ora', 'ulin', 'esse'])}${i}`,
);
const NAMES = ['Balenciaga', 'Vautrin', 'Orsolini', 'Verrier', 'Lindqvist', 'Okafor', 'Moretti', 'Achterberg', 'Delacroix', 'Halvorsen'];
const TOPICS: Topic[] = [
  'news',
  'luxury',
  'retail',
  'beauty',
  'technology',
  'sustainability',
  'workplace',
  'fashion-week',
  'bof-insights',
  'case-studies',
].map((slug, i) => ({ id: `t${i}`, slug, name: slug.replace('-', ' '), description: '', kind: 'section' }));

/**
 * Words roughly as often as in a publication's text: a few very common words in most stories (the
 * first of COMMON most often: Zipf), a name in a few stories, a rare word now and then.
 */
function word(): string {
  const roll = random();
  if (roll < 0.004) return pick(NAMES);
  if (roll < 0.06) return pick(RARE);
  return COMMON[Math.floor(COMMON.length * random() ** 2.5)]!;
}

function sentence(words: number): string {
  return `${Array.from({ length: words }, word).join(' ')}.`;
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
    body: Array.from({ length: 12 }, () => sentence(40)).join('\n'),
    wallKey: storyWallKey(access, topic.slug),
    topics: [topic.slug, pick(TOPICS).slug],
    primaryTopicName: topic.name,
    mediaType: 'article',
    imageKey: null,
    publishedAt: new Date(Date.UTC(2026, 10, 1) - Math.floor(random() * 5 * 365) * 86_400_000),
  };
}

const QUERIES: { kind: string; input: Record<string, string> }[] = [
  ...['luxury', 'handbag', 'fashion', 'sustainability', 'china'].map((q) => ({ kind: 'common word', input: { q } })),
  ...['luxury handbag', 'supply chain', 'creative director', 'resale sneakers'].map((q) => ({ kind: 'two words', input: { q } })),
  ...[RARE[7]!, RARE[1_500]!, 'Vautrin', 'Orsolini'].map((q) => ({ kind: 'rare word', input: { q } })),
  { kind: 'filtered', input: { q: 'luxury', type: 'story', date: 'year' } },
  { kind: 'filtered', input: { q: 'fashion', topic: 'retail' } },
  { kind: 'later page', input: { q: 'fashion', page: '5' } },
  ...['balenciga', 'vautin', 'sustainabilty'].map((q) => ({ kind: 'misspelt', input: { q } })),
];

await benchOverSearchIndex({
  databaseName: NAME,
  keep: KEEP,
  stories: STORIES,
  rounds: ROUNDS,
  topics: TOPICS,
  generated,
  operations: QUERIES,
  label: 'searches',
  goalP99Ms: GOAL_P99_MS,
  prepare: (search) => async (query, user) => {
    const found = await search.search({ input: query.input, user });
    if (!found) throw new Error(`no search for ${JSON.stringify(query.input)}`);
  },
});
