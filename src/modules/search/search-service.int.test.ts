// The search service on a small fixture corpus (issue 20, decision 049), on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: ranking by relevance then recency, filters with their counts,
// pages, a misspelt word, snippets that escape nothing and show no gated sentence, and the index
// following a revised story and a published profile through the change bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { localChangeBus } from '../../platform/change-bus.ts';
import { LOGGED_OUT_USER, type SessionUser } from '../../shared/auth/session-user.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { StoryText, Topic } from '../content/content-service.ts';
import type { EventText } from '../events/events-for-search.ts';
import type { ProfileKind, ProfileText } from '../profiles/profile-search.ts';
import { DEFAULT_WALL_RULES } from '../walls/rules.ts';
import { createWallsService } from '../walls/walls-service.ts';
import type { MeterCookies } from '../walls/meter.ts';
import { createSearchService, highlighted, type Bof500SearchResults, type SearchBounds, type SearchResults } from './search-service.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const TOPICS: Topic[] = [
  { id: 't1', slug: 'luxury', name: 'Luxury', description: '', kind: 'section' },
  { id: 't2', slug: 'retail', name: 'Retail', description: '', kind: 'section' },
  { id: 't3', slug: 'case-studies', name: 'Case Studies', description: '', kind: 'topic' },
];

const GATED_SENTENCE = 'The confidential margin of the handbag line fell to nineteen percent in the spring quarter.';

function story(slug: string, fields: Partial<StoryText> & { topic?: string }): StoryText {
  const topic = TOPICS.find((t) => t.slug === (fields.topic ?? 'retail'))!;
  return {
    id: `00000000-0000-4000-8000-${String(corpus.length + 1).padStart(12, '0')}`,
    slug,
    headline: `Headline of ${slug}`,
    standfirst: 'A standfirst about the business of fashion.',
    access: 'free',
    mediaType: 'article',
    publishedAt: daysAgo(10),
    heroKey: `story-${slug}`,
    topics: [{ slug: topic.slug, name: topic.name }],
    authors: ['Ada Writer'],
    bodyText: 'A body about shops and customers.',
    ...fields,
  };
}

const corpus: StoryText[] = [];
const add = (s: StoryText) => corpus.push(s);
add(story('quiet-luxury-old', { headline: 'Quiet luxury returns to the runway', publishedAt: daysAgo(700), topic: 'luxury' }));
add(story('quiet-luxury-new', { headline: 'Quiet luxury wins the season', publishedAt: daysAgo(3), topic: 'luxury' }));
add(
  story('luxury-in-body-only', {
    headline: 'A new season for department stores',
    bodyText: 'Shoppers spoke of quiet luxury in passing.',
    publishedAt: daysAgo(2),
  }),
);
add(
  story('balenciaga-turnaround', {
    headline: 'How Balenciaga plans its turnaround',
    standfirst: 'The house is rethinking its shows.',
    publishedAt: daysAgo(40),
    topic: 'luxury',
  }),
);
add(
  story('premium-margins', {
    headline: 'Inside the handbag business',
    standfirst: 'What the numbers say about leather goods.',
    access: 'premium',
    bodyText: `Leather goods have carried the sector. ${GATED_SENTENCE} Analysts expect a recovery.`,
    publishedAt: daysAgo(5),
  }),
);
add(
  story('hostile-markup', {
    headline: 'Sneakers <script>alert(1)</script> and the resale boom',
    standfirst: 'Resale <img src=x onerror=alert(2)> keeps growing \uE000forged\uE001.',
    publishedAt: daysAgo(20),
  }),
);
add(
  story('case-study-denim', {
    headline: 'Case study: a denim brand rebuilds its supply chain',
    mediaType: 'case_study',
    access: 'premium',
    topic: 'case-studies',
    publishedAt: daysAgo(90),
  }),
);
for (let i = 0; i < 12; i++) add(story(`resale-${i}`, { headline: `Resale market note ${i}`, publishedAt: daysAgo(30 + i) }));

const PROFILES: Record<ProfileKind, ProfileText[]> = {
  person: [
    {
      profileId: '10000000-0000-4000-8000-000000000001',
      slug: 'mira-sol',
      name: 'Mira Sol',
      description: 'Creative director of a quiet luxury label',
      body: 'She trained in Antwerp.',
      names: 'Paris DESIGNER',
      thumbnailKey: null,
      publishedAt: daysAgo(400),
      person: { category: 'DESIGNER', nationalities: ['FR'], bof500Classes: null },
    },
    // In the BoF 500 (classes of 2023 and 2025), and speaking at the summit below.
    {
      profileId: '10000000-0000-4000-8000-000000000002',
      slug: 'oskar-lindqvist',
      name: 'Oskar Lindqvist',
      description: 'Chief executive of a Stockholm outerwear group',
      body: 'He took the company public.',
      names: 'Stockholm EXECUTIVE',
      thumbnailKey: null,
      publishedAt: daysAgo(300),
      person: { category: 'EXECUTIVE', nationalities: ['SE', 'NO'], bof500Classes: [2023, 2025] },
    },
    // In the BoF 500 (2024), with the same first name and another category.
    {
      profileId: '10000000-0000-4000-8000-000000000003',
      slug: 'oskar-brandt',
      name: 'Oskar Brandt',
      description: 'Founder of a Berlin knitwear label',
      body: '',
      names: 'Berlin DESIGNER',
      thumbnailKey: null,
      publishedAt: daysAgo(300),
      person: { category: 'DESIGNER', nationalities: ['DE'], bof500Classes: [2024] },
    },
  ],
  organisation: [
    {
      profileId: '20000000-0000-4000-8000-000000000001',
      slug: 'maison-verrier',
      name: 'Maison Verrier',
      description: 'A glassware and leather goods house',
      body: '',
      names: 'Lyon LUXURY',
      thumbnailKey: null,
      publishedAt: daysAgo(400),
    },
  ],
};

function user(level: string, extra: Partial<SessionUser> = {}): SessionUser {
  return {
    ...LOGGED_OUT_USER,
    isLoggedIn: true,
    id: '7',
    membershipLevel: level,
    isMember: level !== 'None',
    isEmailVerified: true,
    ...extra,
  };
}
const SIGNED_OUT = null;
const REGISTERED = user('None');
const STANDARD = user('Standard');
const PREMIUM = user('Premium');

const EVENTS: EventText[] = [
  {
    eventId: '30000000-0000-4000-8000-000000000001',
    slug: 'outerwear-summit',
    title: 'The Outerwear Summit',
    description: 'A day on coats, climate and the northern consumer.',
    type: 'crossroads',
    typeName: 'Crossroads',
    startsAt: new Date(NOW.getTime() + 20 * 86_400_000).toISOString(),
    timeZone: 'Europe/Stockholm',
    place: 'Stockholm',
    names: 'Stockholm Fotografiska Norrland Textiles',
    programme: 'Keynote: weatherproofing a heritage brand\nPanel: wool after the subsidy',
    speakerSlugs: ['oskar-lindqvist'],
    topicSlug: 'retail',
    thumbnailKey: 'events/outerwear-summit',
  },
];

let database: Database;
const changes = localChangeBus();
const profiles = structuredClone(PROFILES);
const events = structuredClone(EVENTS);
const search = (bounds?: SearchBounds) =>
  createSearchService({
    bounds,
    db: database.db,
    content: {
      listTopics: async () => TOPICS,
      storiesForSearch: async ({ slugs, after, limit }) =>
        corpus
          .filter((s) => (slugs ? slugs.includes(s.slug) : !after || s.id > after))
          .sort((a, b) => a.id.localeCompare(b.id))
          .slice(0, limit),
    },
    profiles: {
      profilesForSearch: async ({ kind, slugs, after, limit }) =>
        profiles[kind].filter((p) => (slugs ? slugs.includes(p.slug) : !after || p.profileId > after)).slice(0, limit),
      peopleBySlugs: async (slugs) =>
        profiles.person.filter((p) => slugs.includes(p.slug)).map((p) => ({ profileId: p.profileId, slug: p.slug, name: p.name })),
    },
    events: {
      eventsForSearch: async ({ slugs, after, limit }) =>
        events.filter((e) => (slugs ? slugs.includes(e.slug) : !after || e.eventId > after)).slice(0, limit),
    },
    walls: createWallsService({
      rules: { current: () => DEFAULT_WALL_RULES },
      meterCookies: {} as MeterCookies,
      reads: { recordReads: async () => {}, storiesReadSince: async () => [] },
    }),
    changes,
    now: () => NOW,
  });
let service: ReturnType<typeof search>;

beforeAll(async () => {
  database = await createTestDatabase();
  service = search();
});
afterAll(async () => {
  service.close();
  await database.close();
});

const find = async (input: Record<string, unknown>, reader: SessionUser | null = SIGNED_OUT): Promise<SearchResults> => {
  const found = await service.search({ input, user: reader });
  if (!found) throw new Error('no search');
  return found;
};
const slugs = (found: SearchResults) => found.results.map((r) => r.uri.replace(/^\/\w+\/([^/]+)\/$/, '$1'));
const text = (pieces: { text: string }[]) => pieces.map((p) => p.text).join('');

describe('ranking', () => {
  it('puts a match in the headline above one in the body, and the newer of two equal headlines first', async () => {
    const found = await find({ q: 'quiet luxury' }, PREMIUM);
    expect(slugs(found).slice(0, 2)).toEqual(['quiet-luxury-new', 'quiet-luxury-old']);
    expect(slugs(found)).toContain('luxury-in-body-only');
    expect(slugs(found).indexOf('luxury-in-body-only')).toBeGreaterThan(1);
    // The person whose subtitle says it is found too, under People.
    expect(found.results.find((r) => r.kind === 'person')?.title).toBe('Mira Sol');
  });

  it('highlights the words sought in the title and the snippet', async () => {
    const found = await find({ q: 'balenciaga' });
    expect(found.results[0]!.titleHighlighted).toEqual([
      { text: 'How ', match: false },
      { text: 'Balenciaga', match: true },
      { text: ' plans its turnaround', match: false },
    ]);
  });
});

describe('typos', () => {
  it('finds the story when a word is misspelt, and says what it searched for instead', async () => {
    const found = await find({ q: 'balenciga' });
    expect(found.correctedTerm).toBe('balenciaga');
    expect(slugs(found)).toEqual(['balenciaga-turnaround']);
  });

  it('never corrects towards a word found only in gated text', async () => {
    // "nineteen" is only in the Premium body: the vocabulary does not hold it.
    const found = await find({ q: 'ninteen' }, PREMIUM);
    expect(found.correctedTerm).toBeNull();
    expect(found.total).toBe(0);
  });
});

describe('filters and counts', () => {
  it('counts each type, topic and date under the other filters, and filters by each', async () => {
    const all = await find({ q: 'luxury' });
    // Two headlines, and the turnaround story filed under Luxury (topic names match too).
    expect(all.counts.types).toEqual([
      { value: 'story', count: 3 },
      { value: 'case_study', count: 0 },
      { value: 'person', count: 1 },
      { value: 'organisation', count: 1 },
      { value: 'event', count: 0 },
    ]);
    // Signed out, the body-only match is not found: free stories are metered, not read whole (decision 049).
    expect(all.total).toBe(5);
    expect(all.counts.topics).toEqual([{ value: 'luxury', count: 3, name: 'Luxury' }]);
    expect(all.counts.dates).toEqual([
      { value: 'week', count: 1 },
      { value: 'month', count: 1 },
      { value: 'year', count: 2 },
    ]);

    const people = await find({ q: 'luxury', type: 'person' });
    expect(people.total).toBe(1);
    expect(people.results.map((r) => r.title)).toEqual(['Mira Sol']);
    expect(people.counts.anyType).toBe(5);

    const recent = await find({ q: 'luxury', date: 'week' });
    expect(slugs(recent)).toEqual(['quiet-luxury-new']);
    expect(recent.counts.anyDate).toBe(5);

    const topic = await find({ q: 'resale', topic: 'retail' });
    expect(topic.total).toBe(13);
    expect(topic.counts.anyTopic).toBe(13);
  });

  it('finds case studies under their own type', async () => {
    const found = await find({ q: 'denim', type: 'case_study' });
    expect(found.results.map((r) => [r.kind, r.gated])).toEqual([['case_study', true]]);
  });

  it('pages ten at a time and keeps a page number past the end on the last page', async () => {
    const first = await find({ q: 'resale' });
    expect(first.total).toBe(13);
    expect(first.pageCount).toBe(2);
    expect(first.results).toHaveLength(10);
    const second = await find({ q: 'resale', page: '2' });
    expect(second.results).toHaveLength(3);
    expect(new Set([...slugs(first), ...slugs(second)]).size).toBe(13);
    const past = await find({ q: 'resale', page: '9' });
    expect(past.page).toBe(2);
  });

  it('reads a bad filter as no filter and an empty query as no search', async () => {
    const found = await find({ q: 'resale', type: 'nonsense', topic: 'NOT A SLUG', date: 'decade', page: '-3' });
    expect(found.query).toEqual({ q: 'resale', page: 1 });
    expect(await service.search({ input: { q: '   ' }, user: null })).toBeNull();
  });
});

describe('what a reader may read (decision 049)', () => {
  const readers: [string, SessionUser | null, boolean][] = [
    ['signed out', SIGNED_OUT, false],
    ['registered', REGISTERED, false],
    ['a Standard member', STANDARD, true],
    ['a Premium member', PREMIUM, true],
    ['a member whose address is not confirmed', user('Premium', { isEmailVerified: false }), false],
  ];

  it.each(readers)('a sentence only in a Premium body: %s', async (_, reader, entitled) => {
    const found = await find({ q: 'confidential margin handbag nineteen percent' }, reader);
    const snippets = found.results.map((r) => text(r.snippet)).join(' ');
    if (entitled) {
      expect(slugs(found)).toEqual(['premium-margins']);
      expect(snippets).toContain('confidential margin');
      expect(found.results[0]!.gated).toBe(false);
    } else {
      // Not found at all: gated text neither matches nor shows, so no one learns the story holds it.
      expect(found.total).toBe(0);
      expect(snippets).not.toContain('confidential');
    }
  });

  it.each(readers)('the headline of a gated story is found and its standfirst shown: %s', async (_, reader, entitled) => {
    const found = await find({ q: 'handbag business' }, reader);
    expect(slugs(found)).toEqual(['premium-margins']);
    const [result] = found.results;
    expect(result!.gated).toBe(!entitled);
    if (!entitled) expect(text(result!.snippet)).toBe('What the numbers say about leather goods.');
    expect(text(result!.snippet)).not.toContain('nineteen');
  });
});

describe('a search matching many documents (decision 058)', () => {
  // Bounds that send every search down the path a common word takes on a large index: counts from
  // the sample (here every bucket, so they are exact) and the page ranked among the newest matches,
  // read from the date index. Whatever the path, a reader matches and sees the same as on the exact one.
  const EVERY_SEARCH_IS_LARGE: SearchBounds = { probe: 1024, close: 1024, minSample: 0, exactMatches: 0, recent: 200 };
  const readers: [string, SessionUser | null][] = [
    ['signed out', SIGNED_OUT],
    ['registered', REGISTERED],
    ['a Standard member', STANDARD],
    ['a Premium member', PREMIUM],
  ];
  const shown = (found: SearchResults) => ({
    total: found.total,
    counts: found.counts,
    results: found.results.map((r) => [r.uri, r.gated, text(r.snippet)]),
  });

  it.each(readers)('matches, counts, ranks and shows what the exact path does: %s', async (_, reader) => {
    const bounded = search(EVERY_SEARCH_IS_LARGE);
    try {
      for (const input of [
        { q: 'luxury' },
        { q: 'quiet luxury', topic: 'luxury' },
        { q: 'handbag business' },
        { q: 'confidential margin handbag nineteen percent' },
        { q: 'season', date: 'month', type: 'story' },
      ]) {
        const found = await bounded.search({ input, user: reader });
        expect(found!.estimated).toBe((await find(input, reader)).total > 0);
        expect(shown(found!)).toEqual(shown(await find(input, reader)));
      }
      const gated = await bounded.search({ input: { q: 'confidential margin handbag nineteen percent' }, user: reader });
      const entitled = reader === STANDARD || reader === PREMIUM;
      expect(gated!.total).toBe(entitled ? 1 : 0);
      if (!entitled) expect(gated!.results.map((r) => text(r.snippet)).join(' ')).not.toContain('confidential');
    } finally {
      bounded.close();
    }
  });
});

describe('snippets are text', () => {
  it("keeps a story's markup as characters and drops characters that would forge a highlight", async () => {
    const found = await find({ q: 'resale boom' });
    const [hostile] = found.results.filter((r) => r.id === corpus.find((s) => s.slug === 'hostile-markup')!.id);
    expect(text(hostile!.titleHighlighted)).toBe('Sneakers <script>alert(1)</script> and the resale boom');
    expect(text(hostile!.snippet)).toContain('<img src=x onerror=alert(2)>');
    expect(hostile!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['Resale']);
    expect(text(hostile!.snippet)).toContain('forged');
  });

  it('splits marked text into plain pieces', () => {
    expect(highlighted('a \uE000b\uE001 c')).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c', match: false },
    ]);
  });
});

describe('events', () => {
  it('finds an event by its title, a speaker, its programme and its place, with its series, zone and place to show', async () => {
    for (const q of ['outerwear summit', 'Lindqvist', 'weatherproofing', 'Fotografiska']) {
      const found = await find({ q, type: 'event' });
      expect(
        found.results.map((r) => r.uri),
        q,
      ).toEqual(['/events/outerwear-summit/']);
    }
    const [event] = (await find({ q: 'outerwear summit' })).results;
    expect(event).toMatchObject({
      kind: 'event',
      title: 'The Outerwear Summit',
      gated: false,
      imageKey: 'events/outerwear-summit',
      availableTime: EVENTS[0]!.startsAt,
      details: { kind: 'event', typeName: 'Crossroads', timeZone: 'Europe/Stockholm', place: 'Stockholm' },
    });
    expect(text(event!.snippet)).toBe('A day on coats, climate and the northern consumer.');
  });

  it('counts events under the type filter and files them under their topic', async () => {
    const found = await find({ q: 'Lindqvist' });
    expect(found.counts.types.find((t) => t.value === 'event')?.count).toBe(1);
    expect(found.counts.types.find((t) => t.value === 'person')?.count).toBe(1);
    expect((await find({ q: 'Lindqvist', topic: 'retail' })).results.map((r) => r.kind)).toEqual(['event']);
  });
});

describe('the BoF 500 (/bof500/search/)', () => {
  const bof500 = async (input: Record<string, unknown>): Promise<Bof500SearchResults> => {
    const found = await service.searchBof500({ input, user: null });
    if (!found) throw new Error('no search');
    return found;
  };
  const names = (found: Bof500SearchResults) => found.results.map((r) => r.title);

  it('finds only people in the index, with their category, nationalities and classes', async () => {
    const found = await bof500({ q: 'oskar' });
    expect(names(found)).toEqual(expect.arrayContaining(['Oskar Lindqvist', 'Oskar Brandt']));
    expect(found.total).toBe(2);
    expect(found.results.find((r) => r.title === 'Oskar Lindqvist')!.details).toEqual({
      kind: 'person',
      category: 'EXECUTIVE',
      nationalities: ['SE', 'NO'],
      bof500Classes: [2023, 2025],
    });
    // Mira Sol is a person but not in the BoF 500; the summit mentions Lindqvist but is not a person.
    expect((await bof500({ q: 'mira sol' })).total).toBe(0);
    expect((await find({ q: 'mira sol' })).total).toBe(1);
  });

  it('finds a person whose name is misspelt', async () => {
    const found = await bof500({ q: 'lindkvist' });
    expect(found.correctedTerm).toBe('lindqvist');
    expect(names(found)).toEqual(['Oskar Lindqvist']);
  });

  it('scopes to a class, a category and a nationality, and reads a bad value as no filter', async () => {
    expect(names(await bof500({ q: 'oskar', class: '2025' }))).toEqual(['Oskar Lindqvist']);
    expect(names(await bof500({ q: 'oskar', class: '2024' }))).toEqual(['Oskar Brandt']);
    expect(names(await bof500({ q: 'oskar', category: 'DESIGNER' }))).toEqual(['Oskar Brandt']);
    expect(names(await bof500({ q: 'oskar', country: 'NO' }))).toEqual(['Oskar Lindqvist']);
    expect((await bof500({ q: 'oskar', class: '2022' })).total).toBe(0);
    const odd = await bof500({ q: 'oskar', class: 'abc', category: 'no such', country: 'zzz', page: '-1' });
    expect(odd.query).toEqual({ q: 'oskar', page: 1 });
    expect(odd.total).toBe(2);
    expect(await service.searchBof500({ input: { q: '' }, user: null })).toBeNull();
  });
});

describe('keeping up with the owning modules', () => {
  it('reads a revised story again when the change bus names its page, and drops an unpublished profile', async () => {
    const target = corpus.find((s) => s.slug === 'resale-0')!;
    target.headline = 'Tailoring makes a comeback';
    await changes.publish('pages', { paths: ['/articles/resale-0/', '/', '/topics/retail/'] });
    await expect.poll(async () => slugs(await find({ q: 'tailoring' }))).toEqual(['resale-0']);

    profiles.person = profiles.person.filter((p) => p.slug !== 'mira-sol');
    await changes.publish('pages', { paths: ['/people/mira-sol/'] });
    await expect.poll(async () => (await find({ q: 'mira' })).total).toBe(0);
  });

  it('reads an event again when the change bus names its page', async () => {
    events[0]!.title = 'The Knitwear Summit';
    await changes.publish('pages', { paths: ['/events/outerwear-summit/'] });
    await expect
      .poll(async () => (await find({ q: 'knitwear summit', type: 'event' })).results.map((r) => r.title))
      .toEqual(['The Knitwear Summit']);
  });
});
