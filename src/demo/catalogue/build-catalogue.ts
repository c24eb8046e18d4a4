// Demo catalogue for Atelier: a deterministic, hand-curated but combinatorially assembled
// set of topics, authors, stories, people, organisations, events and newsletters.
//
// Everything here is invented. Brand, company and person names are fictional; any
// resemblance to real businesses or people is coincidental. The generator is pure:
// it uses its own seeded PRNG and never reads the clock, so two calls return deep-equal data.
//
// Layout: the curated material is in this folder's data files (palettes, topics, authors,
// organisations, people, story-templates, sentences, quotes, events, newsletters, art-words);
// the generator is settings, random, text, fill-template, dealer and this file.
import type { StoryBlock } from '../../modules/content/types.ts';
import { blockText } from '../../modules/content/words.ts';
import type { ArtSpec } from '../../modules/media/art/art-spec.ts';
import { ART_ALT, ART_CAPTIONS, ART_CREDITS, type ArtStyle } from './art-words.ts';
import { AUTHORS } from './authors.ts';
import { Dealer } from './dealer.ts';
import { EVENTS } from './events.ts';
import { fillTemplate, type OrgRecord, type PersonRecord, type StoryContext } from './fill-template.ts';
import { NEWSLETTERS } from './newsletters.ts';
import { ORGANISATIONS, type OrgKind, type OrgSeed } from './organisations.ts';
import { PALETTES } from './palettes.ts';
import { PEOPLE, type PersonSeed } from './people.ts';
import { GENERAL_QUOTES, GENERAL_SUBHEADINGS, TOPIC_QUOTES, TOPIC_SUBHEADINGS } from './quotes.ts';
import { at, createRng, type Rng } from './random.ts';
import { GENERAL_SENTENCES, TOPIC_SENTENCES, type Role } from './sentences.ts';
import { CITIES, DEFAULT_MEDIA_TYPE, GENERIC_TOPICS, KIND_TOPIC, MARKETS, ROLE_FALLBACKS, SEASONS, TOPIC_ORG_KINDS } from './settings.ts';
import { STORY_TEMPLATES, type OrgConstraint, type StoryTemplate } from './story-templates.ts';
import { areRivals, orgHasTag, slugify, tagsOf, typeset, wordCount } from './text.ts';
import { TOPICS } from './topics.ts';
import type { DemoAuthor, DemoCatalogue, DemoEvent, DemoNewsletter, DemoOrganisation, DemoPerson, DemoStory, DemoTopic } from './types.ts';

/** The moment the demo catalogue is anchored to: every `minutesAgo` / `daysFromAnchor` counts from here. */
export const DEMO_ANCHOR = '2026-11-20T09:00:00.000Z';

const SEED = 0x5eed_2026;

/** A palette as hex colours plus names, in a per-image order. */
interface ChosenPalette {
  hexes: string[];
  names: string[];
}

function choosePalette(rng: Rng, avoid?: number): { palette: ChosenPalette; index: number } {
  let index = rng.int(0, PALETTES.length - 1);
  if (avoid !== undefined && index === avoid) index = (index + 1 + rng.int(0, PALETTES.length - 2)) % PALETTES.length;
  const colours = at(PALETTES, index).colours;
  const offset = rng.int(0, colours.length - 1);
  const ordered = colours.map((_, i) => at(colours, (i + offset) % colours.length));
  return { palette: { hexes: ordered.map((c) => c[0]), names: ordered.map((c) => c[1]) }, index };
}

function makeArt(rng: Rng, key: string, style: ArtStyle, palette: ChosenPalette): ArtSpec {
  return { key, style, palette: palette.hexes.slice(), seed: rng.int(1, 2_147_483_646) };
}

function describeArt(rng: Rng, style: ArtStyle, palette: ChosenPalette): { caption: string; alt: string } {
  const fillColours = (t: string): string =>
    t.replace('{c1}', at(palette.names, 0)).replace('{c2}', at(palette.names, 1)).replace('{c3}', at(palette.names, 2));
  const caption = `${fillColours(rng.pick(ART_CAPTIONS[style]))} ${rng.pick(ART_CREDITS)}`;
  const alt = `Abstract illustration of ${fillColours(rng.pick(ART_ALT[style]))}`;
  return { caption: typeset(caption), alt: typeset(alt) };
}

function pickStyle(rng: Rng, exclude?: ArtStyle): ArtStyle {
  const weighted: ArtStyle[] = ['folds', 'folds', 'folds', 'fields', 'fields', 'fields', 'swatches', 'swatches', 'arcs', 'arcs', 'grid'];
  const options = exclude ? weighted.filter((s) => s !== exclude) : weighted;
  return rng.pick(options);
}

function matchesConstraint(org: OrgRecord, constraints: readonly OrgConstraint[]): boolean {
  return constraints.some((c) => (c.startsWith('@') ? org.slug === c.slice(1) : org.seed.kinds.includes(c as OrgKind)));
}

/** Among the candidates, prefer those used least so far; break ties at random. */
function pickLeastUsed<T>(rng: Rng, candidates: readonly T[], uses: Map<T, number>): T {
  const scored = candidates.map((c) => ({ c, score: (uses.get(c) ?? 0) + rng.next() * 1.5 }));
  scored.sort((a, b) => a.score - b.score);
  const chosen = at(scored, 0).c;
  uses.set(chosen, (uses.get(chosen) ?? 0) + 1);
  return chosen;
}

interface Plan {
  topic: string;
  template: StoryTemplate;
}

const CREATIVE: readonly PersonSeed['category'][] = ['Creative Director', 'Designer'];

function needsCreative(template: StoryTemplate): boolean {
  return /Debut|Creative Director|Rise in Shanghai/.test(template.h);
}

function needsLeader(template: StoryTemplate): boolean {
  return /Hiring|Founder-Led|Next Generation|Cult Favourite|Succession/.test(template.h);
}

export function buildDemoCatalogue(): DemoCatalogue {
  const rng = createRng(SEED);
  const dealer = new Dealer(rng);

  // ---- Topics, organisations, people, authors -------------------------------------------------
  const topics: DemoTopic[] = TOPICS.map((t) => ({ ...t }));
  const topicSlugs = new Set(topics.map((t) => t.slug));

  const orgs: OrgRecord[] = ORGANISATIONS.map((seed) => ({ seed, slug: seed.slug }));
  const orgBySlug = new Map(orgs.map((o) => [o.slug, o]));
  const people: PersonRecord[] = PEOPLE.map((seed) => ({
    seed,
    slug: slugify(`${seed.first} ${seed.last}`),
    fullName: `${seed.first} ${seed.last}`,
  }));
  const peopleByOrg = new Map<string, PersonRecord[]>();
  for (const p of people) {
    if (!p.seed.org) continue;
    if (!orgBySlug.has(p.seed.org)) throw new Error(`demo-content: unknown organisation ${p.seed.org}`);
    const list = peopleByOrg.get(p.seed.org) ?? [];
    list.push(p);
    peopleByOrg.set(p.seed.org, list);
  }

  const authorRecords = AUTHORS.map((a) => ({ seed: a, slug: slugify(a.name) }));

  const organisations: DemoOrganisation[] = orgs.map((o, i) => {
    const { palette } = choosePalette(rng);
    return {
      slug: o.slug,
      title: o.seed.title,
      summary: typeset(o.seed.summary),
      city: o.seed.city,
      country: o.seed.country,
      industry: o.seed.industry,
      size: o.seed.size,
      type: o.seed.type,
      ownership: o.seed.ownership,
      yearEstablished: o.seed.year,
      logo: makeArt(rng, `org-${o.slug}`, i % 2 === 0 ? 'grid' : 'fields', palette),
    };
  });

  const demoPeople: DemoPerson[] = people.map((p) => ({
    slug: p.slug,
    firstName: p.seed.first,
    lastName: p.seed.last,
    subtitle: p.seed.subtitle,
    summary: typeset(p.seed.summary),
    location: p.seed.location,
    nationalities: p.seed.nat.slice(),
    category: p.seed.category,
    yearBorn: p.seed.born,
    portrait: makeArt(rng, `person-${p.slug}`, 'silhouette', choosePalette(rng).palette),
  }));

  const authors: DemoAuthor[] = authorRecords.map((a) => ({
    slug: a.slug,
    name: a.seed.name,
    role: a.seed.role,
    location: a.seed.location,
    bio: typeset(a.seed.bio),
    portrait: makeArt(rng, `author-${a.slug}`, 'silhouette', choosePalette(rng).palette),
  }));

  // ---- Stories --------------------------------------------------------------------------------
  const plans: Plan[] = [];
  for (const topic of topics) {
    for (const template of STORY_TEMPLATES[topic.slug] ?? []) plans.push({ topic: topic.slug, template });
  }
  // Shuffle, then make sure the very newest stories lead with news.
  const ordered = rng.shuffle(plans);
  const firstNews = ordered.findIndex((p) => p.topic === 'news');
  if (firstNews > 0) ordered.unshift(...ordered.splice(firstNews, 1));

  const orgUses = new Map<OrgRecord, number>();
  const personUses = new Map<PersonRecord, number>();
  const authorUses = new Map<(typeof authorRecords)[number], number>();
  const usedSlugs = new Set<string>();
  const stories: DemoStory[] = [];
  let minutes = rng.int(18, 55);
  let lastPalette: number | undefined;

  ordered.forEach((plan, index) => {
    const story = buildStory(plan, index);
    stories.push(story);
  });
  assignAccess(stories);

  function orgCandidates(constraints: readonly OrgConstraint[] | undefined, topic: string, exclude?: OrgRecord): OrgRecord[] {
    const list = constraints
      ? orgs.filter((o) => matchesConstraint(o, constraints))
      : orgs.filter((o) => o.seed.kinds.some((k) => (TOPIC_ORG_KINDS[topic] ?? []).includes(k)));
    const filtered = list.filter((o) => o !== exclude);
    return filtered.length > 0 ? filtered : orgs.filter((o) => o !== exclude);
  }

  function relevantPeople(topic: string, exclude: readonly (PersonRecord | undefined)[]): PersonRecord[] {
    const kinds = TOPIC_ORG_KINDS[topic] ?? [];
    return people.filter((p) => {
      if (exclude.includes(p)) return false;
      if (p.seed.org) {
        const org = orgBySlug.get(p.seed.org);
        return org !== undefined && org.seed.kinds.some((k) => kinds.includes(k));
      }
      return (p.seed.topics ?? []).includes(topic);
    });
  }

  function buildStory(plan: Plan, index: number): DemoStory {
    const { template, topic } = plan;

    // Subject organisation, optionally one whose people fit the template.
    let candidates = orgCandidates(template.o, topic);
    const personFilter = (p: PersonRecord): boolean =>
      needsCreative(template)
        ? CREATIVE.includes(p.seed.category)
        : needsLeader(template)
          ? !CREATIVE.includes(p.seed.category) || p.seed.category === 'Designer'
          : true;
    if (template.pa) {
      const withPeople = candidates.filter((o) => (peopleByOrg.get(o.slug) ?? []).some(personFilter));
      if (withPeople.length > 0) candidates = withPeople;
    }
    const orgA = pickLeastUsed(rng, candidates, orgUses);
    const orgB = pickLeastUsed(rng, orgCandidates(template.o2, topic, orgA), orgUses);

    // The main voice: usually someone at the subject organisation.
    const staffA = (peopleByOrg.get(orgA.slug) ?? []).filter(personFilter);
    const staffB = peopleByOrg.get(orgB.slug) ?? [];
    let personA: PersonRecord;
    const insiderOdds = template.pa || topic === 'case-studies' || topic === 'news' ? 1 : 0.88;
    if (staffA.length > 0 && rng.chance(insiderOdds)) personA = pickLeastUsed(rng, staffA, personUses);
    else if (staffB.length > 0 && rng.chance(0.5)) personA = pickLeastUsed(rng, staffB, personUses);
    else {
      const pool = relevantPeople(topic, []).filter((p) => p.seed.org !== null);
      personA = pickLeastUsed(rng, pool.length > 0 ? pool : people.filter((p) => p.seed.org !== null), personUses);
    }
    // The second voice: an outside commentator or someone at the second organisation.
    const modelsWelcome = topic === 'fashion-week' || topic === 'marketing' || topic === 'media';
    const outsiders = people.filter(
      (p) =>
        p !== personA &&
        p.seed.org !== orgA.slug &&
        (p.seed.org === null || p.seed.org === orgB.slug) &&
        (modelsWelcome || p.seed.category !== 'Model'),
    );
    const topical = outsiders.filter((p) => p.seed.org === orgB.slug || (p.seed.topics ?? []).includes(topic));
    const person2 = pickLeastUsed(rng, topical.length > 0 && rng.chance(0.8) ? topical : outsiders, personUses);

    const ctx: StoryContext = {
      org: orgA.seed,
      org2: orgB.seed,
      person: personA,
      person2,
      otherCity: rng.pick(CITIES.filter((c) => c !== orgA.seed.city)),
      season: topic === 'fashion-week' ? 'Spring/Summer 2027' : rng.pick(SEASONS),
      market: rng.pick(MARKETS),
    };
    const fill = (t: string): string => fillTemplate(t, ctx, rng);

    // Topics: primary first, then explicit extras, then one implied by the organisation.
    const storyTopics = [topic];
    for (const t of template.t ?? []) if (!storyTopics.includes(t)) storyTopics.push(t);
    if (GENERIC_TOPICS.has(topic) && storyTopics.length < 3) {
      const implied = orgA.seed.kinds.map((k) => KIND_TOPIC[k]).find((t) => t !== undefined && !storyTopics.includes(t));
      if (implied) storyTopics.push(implied);
    }
    const finalTopics = storyTopics.slice(0, 3);
    for (const t of finalTopics) if (!topicSlugs.has(t)) throw new Error(`demo-content: unknown topic ${t}`);

    const headline = typeset(fill(template.h));
    const standfirst = typeset(fill(template.s));
    const body = buildBody(template, finalTopics, ctx, fill, personA, person2, index);

    // Slug from the headline, deduplicated.
    let slug = slugify(headline);
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(headline, 76)}-${n}`;
    usedSlugs.add(slug);

    // References: only the organisations and people the text actually names.
    const text = [headline, standfirst, ...body.map(blockText)].join('\n');
    const orgRefs: string[] = [];
    for (const o of [orgA, orgB, orgBySlug.get(personA.seed.org ?? ''), orgBySlug.get(person2.seed.org ?? '')]) {
      if (o && !orgRefs.includes(o.slug) && text.includes(o.seed.title) && orgRefs.length < 3) orgRefs.push(o.slug);
    }
    const personRefs = [personA, person2].filter((p) => text.includes(p.fullName)).map((p) => p.slug);

    // Authors: a beat writer, occasionally a second byline.
    const beat = authorRecords.filter((a) => a.seed.beats.includes(topic));
    const author = pickLeastUsed(rng, beat.length > 0 ? beat : authorRecords, authorUses);
    const authorSlugs = [author.slug];
    if (topic !== 'opinion' && rng.chance(0.12)) {
      const second = authorRecords.filter((a) => a !== author && a.seed.beats.some((b) => finalTopics.includes(b)));
      if (second.length > 0) authorSlugs.push(pickLeastUsed(rng, second, authorUses).slug);
    }

    // Hero art.
    const { palette, index: paletteIndex } = choosePalette(rng, lastPalette);
    lastPalette = paletteIndex;
    const heroStyle: ArtStyle = template.m === 'interview' ? 'silhouette' : pickStyle(rng);
    const heroArt = makeArt(rng, `story-${index}-hero`, heroStyle, palette);

    const minutesAgo = minutes;
    minutes += rng.int(560, 1340);

    return {
      slug,
      headline,
      standfirst,
      topicSlugs: finalTopics,
      authorSlugs,
      minutesAgo,
      access: 'free',
      mediaType: template.m ?? DEFAULT_MEDIA_TYPE[topic] ?? (rng.chance(0.2) ? 'analysis' : 'article'),
      hero: { art: heroArt, ...describeArt(rng, heroStyle, palette) },
      body,
      readCount: 50 + Math.floor(49_950 * Math.pow(rng.next(), 6.5)),
      organisationSlugs: orgRefs,
      personSlugs: personRefs,
    };
  }

  /**
   * Access tiers are assigned by quota so the mix stays close to plan (about 55% free,
   * 15% registered, 22% premium, 8% beauty) however the stories above are shuffled. Beauty
   * access only goes to stories filed under beauty; research and case studies lean premium,
   * news and opinion lean free.
   */
  function assignAccess(list: DemoStory[]): void {
    const total = list.length;
    const premiumBias: Readonly<Record<string, number>> = {
      'bof-insights': 1.2,
      'case-studies': 1.1,
      analysis: 0.55,
      luxury: 0.45,
      china: 0.4,
      technology: 0.35,
      retail: 0.3,
      sustainability: 0.3,
      workplace: 0.3,
      marketing: 0.3,
      media: 0.2,
      'fashion-week': 0.2,
      beauty: 0.3,
      news: -0.6,
      opinion: -0.6,
    };
    const beautyPool = list.filter((x) => x.topicSlugs.includes('beauty')).map((x) => ({ x, score: rng.next() }));
    beautyPool.sort((a, b) => a.score - b.score);
    const beautyCount = Math.min(beautyPool.length, Math.round(total * 0.08));
    const beauty = new Set(beautyPool.slice(0, beautyCount).map((b) => b.x));
    const rest = list.filter((x) => !beauty.has(x)).map((x) => ({ x, score: (premiumBias[x.topicSlugs[0] ?? ''] ?? 0) + rng.next() }));
    rest.sort((a, b) => b.score - a.score);
    const premiumCount = Math.round(total * 0.22);
    const registeredCount = Math.round(total * 0.15);
    // Premium for the highest scores; registered drawn from the band just below; the rest free.
    const band = rest.slice(premiumCount, premiumCount + registeredCount * 2).map((r) => ({ r, pick: rng.next() }));
    band.sort((p, q) => p.pick - q.pick);
    const registered = new Set(band.slice(0, registeredCount).map((b) => b.r.x));
    rest.forEach((r, i) => {
      r.x.access = i < premiumCount ? 'premium' : registered.has(r.x) ? 'registered' : 'free';
    });
    for (const x of beauty) x.access = 'beauty';
  }

  function drawSentence(
    role: Role,
    storyTopics: readonly string[],
    ctx: StoryContext,
    fill: (t: string) => string,
    used: Set<string>,
  ): string {
    const subjectFor = (r: Role): OrgSeed | undefined =>
      r === 'voice'
        ? orgBySlug.get(ctx.person.seed.org ?? '')?.seed
        : r === 'voice2'
          ? orgBySlug.get(ctx.person2.seed.org ?? '')?.seed
          : ctx.org;
    const primary = at(storyTopics, 0);
    const order: string[] = [];
    const r = rng.next();
    if (r < 0.55) order.push(primary);
    else if (r < 0.72 && storyTopics.length > 1) order.push(rng.pick(storyTopics.slice(1)));
    order.push('general', primary, ...storyTopics.slice(1));
    // If a role's pools are exhausted for this story, a neighbouring role stands in.
    // As a last resort a frame may exceed its usage cap (never an exact repeat).
    const roles: Role[] = [role, ...(ROLE_FALLBACKS[role] ?? [])];
    for (const relaxed of [false, true]) {
      for (const r2 of roles) {
        for (const source of order) {
          const pool = source === 'general' ? GENERAL_SENTENCES[r2] : TOPIC_SENTENCES[source]?.[r2];
          if (!pool || pool.length === 0) continue;
          const accept = (t: string): boolean =>
            tagsOf(t).every((tag) =>
              tag === 'inv'
                ? ctx.person2.seed.category === 'Investor'
                : tag === 'own'
                  ? ctx.person.seed.org === ctx.org.slug
                  : tag === 'rival'
                    ? areRivals(ctx.org, ctx.org2)
                    : tag.endsWith('2')
                      ? orgHasTag(ctx.org2, tag.slice(0, -1))
                      : orgHasTag(subjectFor(r2), tag),
            );
          const text = dealer.draw(`${source}:${r2}`, pool, accept, fill, used, relaxed);
          if (text) return typeset(text);
        }
      }
    }
    throw new Error(`demo-content: ran out of sentences for ${role}`);
  }

  function paragraph(
    roles: readonly Role[],
    storyTopics: readonly string[],
    ctx: StoryContext,
    fill: (t: string) => string,
    used: Set<string>,
    lead?: string,
  ): StoryBlock {
    const sentences: string[] = lead ? [lead] : [];
    for (const role of roles) sentences.push(drawSentence(role, storyTopics, ctx, fill, used));
    let extra = 0;
    while (wordCount(sentences.join(' ')) < 60 && extra < 3) {
      const role: Role = at<Role>(['ctx', 'ev', 'counter'], extra);
      // Keep a closing sentence last.
      const closing = roles[roles.length - 1] === 'close' ? sentences.pop() : undefined;
      sentences.push(drawSentence(role, storyTopics, ctx, fill, used));
      if (closing) sentences.push(closing);
      extra++;
    }
    return { type: 'paragraph', text: sentences.join(' ') };
  }

  function buildBody(
    template: StoryTemplate,
    storyTopics: readonly string[],
    ctx: StoryContext,
    fill: (t: string) => string,
    personA: PersonRecord,
    person2: PersonRecord,
    index: number,
  ): StoryBlock[] {
    const used = new Set<string>();
    const primary = at(storyTopics, 0);
    const paraCount = rng.pick([4, 5, 5, 5, 6, 6, 7]);
    const middlePlans: Role[][] = [
      ['ctx', 'ev'],
      ['voice', 'ev'],
      ['counter', 'voice2'],
      ['ev', 'ctx'],
      ['ev', 'counter'],
    ];
    const paragraphs: StoryBlock[] = [];
    paragraphs.push(paragraph([], storyTopics, ctx, fill, used, typeset(fill(template.l))));
    for (let i = 0; i < paraCount - 2; i++) paragraphs.push(paragraph(at(middlePlans, i), storyTopics, ctx, fill, used));
    paragraphs.push(paragraph(rng.chance(0.5) ? ['ev', 'close'] : ['ctx', 'close'], storyTopics, ctx, fill, used));

    const subheading = (): StoryBlock => {
      const topicHeads = TOPIC_SUBHEADINGS[primary] ?? [];
      const pool = rng.chance(0.45) && topicHeads.length > 0 ? topicHeads : GENERAL_SUBHEADINGS;
      const text =
        dealer.draw(`heading:${pool === GENERAL_SUBHEADINGS ? 'general' : primary}`, pool, () => true, fill, used) ??
        fill(rng.pick(GENERAL_SUBHEADINGS));
      return { type: 'heading', text: typeset(text) };
    };

    const blocks: StoryBlock[] = [];
    const wantQuote = rng.chance(0.86);
    const wantImage = rng.chance(0.35);
    const secondHeadingAt = paraCount >= 5 && rng.chance(0.55) ? paraCount - 2 : -1;
    paragraphs.forEach((p, i) => {
      if (i === 2) blocks.push(subheading());
      if (i === secondHeadingAt) blocks.push(subheading());
      blocks.push(p);
      if (i === 2 && wantQuote) {
        const quoteSources = [primary, ...storyTopics.slice(1)];
        let quote: string | null = null;
        for (const s of quoteSources) {
          quote = dealer.once(`quote:${s}`, TOPIC_QUOTES[s] ?? []);
          if (quote) break;
        }
        quote ??= dealer.once('quote:general', GENERAL_QUOTES);
        if (quote) {
          const speaker = rng.chance(0.82) ? personA : person2;
          blocks.push({ type: 'quote', text: typeset(quote), attribution: `${speaker.fullName}, ${speaker.seed.subtitle}` });
        }
      }
      if (i === paragraphs.length - 2 && wantImage) {
        const { palette } = choosePalette(rng);
        const style = pickStyle(rng, 'silhouette');
        blocks.push({ type: 'image', art: makeArt(rng, `story-${index}-inline`, style, palette), ...describeArt(rng, style, palette) });
      }
    });
    // Guarantee the minimum of six blocks.
    while (blocks.length < 6) {
      blocks.splice(blocks.length - 1, 0, paragraph(['ev', 'ctx'], storyTopics, ctx, fill, used));
    }
    return blocks;
  }

  // ---- Events and newsletters -----------------------------------------------------------------
  // Speakers are dealt from the people in order (no draw from rng: the art below keeps its sequence).
  let nextSpeaker = 0;
  const dealSpeakers = (count: number) => Array.from({ length: count }, () => demoPeople[(nextSpeaker++ * 7) % demoPeople.length]!.slug);
  const events: DemoEvent[] = EVENTS.map((e) => {
    const slug = slugify(e.title);
    const { palette } = choosePalette(rng);
    const programme = e.programme.map(({ at, title, speakers }) => {
      const [, nextDay, hours, minutes] = /^(\+1 )?(\d\d):(\d\d)$/.exec(at)!;
      return { minutes: (nextDay ? 1440 : 0) + Number(hours) * 60 + Number(minutes), title, speakerSlugs: dealSpeakers(speakers) };
    });
    return {
      slug,
      title: e.title,
      description: typeset(e.description),
      daysFromAnchor: e.daysFromAnchor,
      type: e.type,
      location: e.location,
      timeZone: e.timeZone,
      venue: e.venue ?? null,
      platform: e.platform ?? null,
      featured: e.featured,
      sponsors: e.sponsors.slice(),
      thumbnail: makeArt(rng, `event-${slug}`, rng.pick<ArtStyle>(['arcs', 'fields', 'folds']), palette),
      topicSlug: e.topicSlug,
      programme,
      speakerSlugs: [...new Set(programme.flatMap((item) => item.speakerSlugs))],
    };
  });

  const newsletters: DemoNewsletter[] = NEWSLETTERS.map((n) => ({ ...n, description: typeset(n.description) }));

  return { topics, authors, stories, people: demoPeople, organisations, events, newsletters };
}
