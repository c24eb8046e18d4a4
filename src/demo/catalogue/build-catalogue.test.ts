import { describe, it, expect } from 'vitest';
import { buildDemoCatalogue, DEMO_ANCHOR } from './build-catalogue.ts';
import type { StoryBlock } from '../../modules/content/types.ts';
import type { ArtSpec } from '../../modules/media/art/art-spec.ts';
import type { DemoCatalogue } from './types.ts';

const catalogue: DemoCatalogue = buildDemoCatalogue();

function storyText(story: DemoCatalogue['stories'][number]): string {
  const parts = [story.headline, story.standfirst];
  for (const block of story.body) {
    if (block.type === 'paragraph' || block.type === 'heading') parts.push(block.text);
    else if (block.type === 'quote') parts.push(block.text, block.attribution);
    else parts.push(block.caption, block.alt);
  }
  return parts.join('\n');
}

function allArt(c: DemoCatalogue): ArtSpec[] {
  const art: ArtSpec[] = [];
  for (const s of c.stories) {
    art.push(s.hero.art);
    for (const b of s.body) if (b.type === 'image') art.push(b.art);
  }
  for (const a of c.authors) art.push(a.portrait);
  for (const p of c.people) art.push(p.portrait);
  for (const o of c.organisations) art.push(o.logo);
  for (const e of c.events) art.push(e.thumbnail);
  return art;
}

describe('buildDemoCatalogue', () => {
  it('exports a fixed anchor time', () => {
    expect(DEMO_ANCHOR).toBe('2026-11-20T09:00:00.000Z');
    expect(Number.isNaN(Date.parse(DEMO_ANCHOR))).toBe(false);
  });

  it('is deterministic', () => {
    expect(buildDemoCatalogue()).toEqual(catalogue);
    expect(JSON.stringify(buildDemoCatalogue())).toBe(JSON.stringify(catalogue));
  });

  it('meets the minimum counts', () => {
    expect(catalogue.topics.length).toBeGreaterThanOrEqual(14);
    expect(catalogue.authors.length).toBeGreaterThanOrEqual(22);
    expect(catalogue.stories.length).toBeGreaterThanOrEqual(170);
    expect(catalogue.people.length).toBeGreaterThanOrEqual(45);
    expect(catalogue.organisations.length).toBeGreaterThanOrEqual(28);
    expect(catalogue.events.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.newsletters.length).toBeGreaterThanOrEqual(8);
  });

  it('has the required topics, sections and series', () => {
    const bySlug = new Map(catalogue.topics.map((t) => [t.slug, t]));
    for (const slug of [
      'news',
      'analysis',
      'opinion',
      'luxury',
      'retail',
      'technology',
      'sustainability',
      'beauty',
      'workplace',
      'case-studies',
      'bof-insights',
      'marketing',
      'fashion-week',
      'china',
      'media',
    ]) {
      expect(bySlug.has(slug), slug).toBe(true);
    }
    expect(bySlug.get('case-studies')?.name).toBe('Case Studies');
    expect(bySlug.get('bof-insights')?.name).toBe('BoF Insights');
    expect(bySlug.get('bof-insights')?.kind).toBe('series');
    const sections = catalogue.topics.filter((t) => t.kind === 'section').length;
    expect(sections).toBeGreaterThanOrEqual(6);
    expect(sections).toBeLessThanOrEqual(10);
    for (const t of catalogue.topics) expect(t.description.length).toBeGreaterThan(20);
  });

  it('uses unique, URL-safe slugs in every collection', () => {
    const collections: Array<[string, { slug: string }[]]> = [
      ['topics', catalogue.topics],
      ['authors', catalogue.authors],
      ['stories', catalogue.stories],
      ['people', catalogue.people],
      ['organisations', catalogue.organisations],
      ['events', catalogue.events],
      ['newsletters', catalogue.newsletters],
    ];
    for (const [name, items] of collections) {
      const slugs = items.map((i) => i.slug);
      expect(new Set(slugs).size, name).toBe(slugs.length);
      for (const slug of slugs) expect(slug, `${name}: ${slug}`).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('references only existing topics, authors, people and organisations', () => {
    const topics = new Set(catalogue.topics.map((t) => t.slug));
    const authors = new Set(catalogue.authors.map((a) => a.slug));
    const people = new Set(catalogue.people.map((p) => p.slug));
    const orgs = new Set(catalogue.organisations.map((o) => o.slug));
    for (const s of catalogue.stories) {
      expect(s.topicSlugs.length).toBeGreaterThanOrEqual(1);
      expect(s.topicSlugs.length).toBeLessThanOrEqual(3);
      expect(new Set(s.topicSlugs).size).toBe(s.topicSlugs.length);
      for (const t of s.topicSlugs) expect(topics.has(t), `${s.slug} topic ${t}`).toBe(true);
      expect(s.authorSlugs.length).toBeGreaterThanOrEqual(1);
      expect(s.authorSlugs.length).toBeLessThanOrEqual(2);
      for (const a of s.authorSlugs) expect(authors.has(a), `${s.slug} author ${a}`).toBe(true);
      expect(s.personSlugs.length).toBeLessThanOrEqual(3);
      expect(s.organisationSlugs.length).toBeLessThanOrEqual(3);
      for (const p of s.personSlugs) expect(people.has(p), `${s.slug} person ${p}`).toBe(true);
      for (const o of s.organisationSlugs) expect(orgs.has(o), `${s.slug} org ${o}`).toBe(true);
    }
  });

  it('mentions every referenced person and organisation by name in the story text', () => {
    const personName = new Map(catalogue.people.map((p) => [p.slug, `${p.firstName} ${p.lastName}`]));
    const orgName = new Map(catalogue.organisations.map((o) => [o.slug, o.title]));
    for (const s of catalogue.stories) {
      const text = storyText(s);
      for (const p of s.personSlugs) expect(text.includes(personName.get(p) ?? '\u0000'), `${s.slug} mentions ${p}`).toBe(true);
      for (const o of s.organisationSlugs) expect(text.includes(orgName.get(o) ?? '\u0000'), `${s.slug} mentions ${o}`).toBe(true);
    }
  });

  it('gives every topic at least eight stories', () => {
    for (const t of catalogue.topics) {
      const count = catalogue.stories.filter((s) => s.topicSlugs.includes(t.slug)).length;
      expect(count, t.slug).toBeGreaterThanOrEqual(8);
    }
  });

  it('keeps beauty access to beauty stories, and the access mix roughly as planned', () => {
    const counts = { free: 0, registered: 0, premium: 0, beauty: 0 };
    for (const s of catalogue.stories) {
      counts[s.access]++;
      if (s.access === 'beauty') expect(s.topicSlugs, s.slug).toContain('beauty');
    }
    const total = catalogue.stories.length;
    expect(counts.free / total).toBeGreaterThan(0.4);
    expect(counts.free / total).toBeLessThan(0.7);
    expect(counts.registered).toBeGreaterThan(0);
    expect(counts.premium).toBeGreaterThan(0);
    expect(counts.beauty).toBeGreaterThan(0);
  });

  it('follows the media-type rules for case studies and BoF Insights', () => {
    for (const s of catalogue.stories) {
      if (s.topicSlugs[0] === 'case-studies') expect(s.mediaType).toBe('case_study');
      if (s.topicSlugs.includes('bof-insights')) {
        expect(['report', 'analysis']).toContain(s.mediaType);
        expect(s.topicSlugs.length).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('spreads stories over about four months, newest first, with unique times', () => {
    const minutes = catalogue.stories.map((s) => s.minutesAgo);
    expect(new Set(minutes).size).toBe(minutes.length);
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]).toBeGreaterThan(minutes[i - 1] as number);
    expect(minutes[0]).toBeGreaterThanOrEqual(0);
    const days = (minutes[minutes.length - 1] as number) / 1440;
    expect(days).toBeGreaterThan(90);
    expect(days).toBeLessThan(150);
  });

  it('builds stories of the right shape', () => {
    for (const s of catalogue.stories) {
      expect(s.body.length, s.slug).toBeGreaterThanOrEqual(6);
      expect(s.body.length, s.slug).toBeLessThanOrEqual(12);
      expect(s.body[0]?.type).toBe('paragraph');
      const headings = s.body.filter((b) => b.type === 'heading').length;
      expect(headings).toBeGreaterThanOrEqual(1);
      expect(headings).toBeLessThanOrEqual(2);
      expect(s.body.filter((b) => b.type === 'quote').length).toBeLessThanOrEqual(1);
      expect(s.body.filter((b) => b.type === 'image').length).toBeLessThanOrEqual(1);
      for (const b of s.body) {
        if (b.type === 'paragraph') {
          const words = b.text.split(/\s+/).length;
          expect(words, `${s.slug}: ${b.text}`).toBeGreaterThanOrEqual(60);
          expect(words, `${s.slug}: ${b.text}`).toBeLessThanOrEqual(120);
        }
      }
      expect(s.readCount).toBeGreaterThanOrEqual(50);
      expect(s.readCount).toBeLessThanOrEqual(50_000);
      expect(s.hero.alt.length).toBeGreaterThan(10);
      expect(s.hero.caption.length).toBeGreaterThan(10);
    }
    const quoted = catalogue.stories.filter((s) => s.body.some((b) => b.type === 'quote')).length;
    expect(quoted / catalogue.stories.length).toBeGreaterThan(0.6);
  });

  it('attributes pull quotes to people in the catalogue', () => {
    const names = catalogue.people.map((p) => `${p.firstName} ${p.lastName}`);
    for (const s of catalogue.stories) {
      for (const b of s.body) {
        if (b.type === 'quote')
          expect(
            names.some((n) => b.attribution.startsWith(`${n}, `)),
            b.attribution,
          ).toBe(true);
      }
    }
  });

  it('never repeats a body sentence or a paragraph across the catalogue', () => {
    const seen = new Map<string, string>();
    for (const s of catalogue.stories) {
      for (const b of s.body as StoryBlock[]) {
        if (b.type !== 'paragraph') continue;
        for (const sentence of b.text.split(/(?<=[.?!][”’]?)\s+(?=[A-Z“‘])/)) {
          if (sentence.split(/\s+/).length < 6) continue;
          expect(seen.get(sentence) ?? s.slug, `repeated: ${sentence}`).toBe(s.slug);
          seen.set(sentence, s.slug);
        }
      }
    }
  });

  it('leaves no unfilled template slots or raw quotes', () => {
    for (const s of catalogue.stories) {
      const text = storyText(s);
      expect(text, s.slug).not.toMatch(/[{}[\]§]/);
      expect(text, s.slug).not.toMatch(/'/);
      expect(text, s.slug).not.toMatch(/undefined|NaN/);
    }
  });

  it('uses unique, well-formed art keys and palettes', () => {
    const art = allArt(catalogue);
    const keys = art.map((a) => a.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of art) {
      expect(a.key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(a.palette.length).toBeGreaterThanOrEqual(3);
      expect(a.palette.length).toBeLessThanOrEqual(5);
      for (const c of a.palette) expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(Number.isInteger(a.seed)).toBe(true);
    }
    for (const p of catalogue.people) expect(p.portrait.style).toBe('silhouette');
    for (const a of catalogue.authors) expect(a.portrait.style).toBe('silhouette');
    for (const o of catalogue.organisations) expect(['grid', 'fields']).toContain(o.logo.style);
    const heroStyles = new Set(catalogue.stories.map((s) => s.hero.art.style));
    expect(heroStyles.size).toBeGreaterThanOrEqual(4);
  });

  it('has sensible people, organisations, events and newsletters', () => {
    for (const p of catalogue.people) {
      expect(p.yearBorn).toBeGreaterThanOrEqual(1940);
      expect(p.yearBorn).toBeLessThanOrEqual(2000);
      expect(p.nationalities.length).toBeGreaterThanOrEqual(1);
    }
    const categories = new Set(catalogue.people.map((p) => p.category));
    for (const c of ['Designer', 'Executive', 'Founder', 'Creative Director', 'Investor', 'Model', 'Editor'])
      expect(categories.has(c), c).toBe(true);
    for (const o of catalogue.organisations) {
      expect(['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+']).toContain(o.size);
      expect(['Brand', 'Retailer', 'Manufacturer', 'Agency', 'Education', 'Media', 'Technology']).toContain(o.type);
      expect(['Private', 'Public', 'Family-owned', 'Private equity-backed']).toContain(o.ownership);
    }
    const eventTypes = new Set(catalogue.events.map((e) => e.type));
    expect(eventTypes.size).toBe(3);
    expect(catalogue.events.some((e) => e.daysFromAnchor < 0)).toBe(true);
    expect(catalogue.events.some((e) => e.daysFromAnchor > 0)).toBe(true);
    expect(catalogue.events.filter((e) => e.featured).length).toBe(2);
    const groups = new Set(catalogue.newsletters.map((n) => n.group));
    expect(groups).toEqual(new Set(['DAILY', 'WEEKLY', 'PERSONALISED']));
    expect(catalogue.newsletters.some((n) => n.isProfessional)).toBe(true);
    expect(catalogue.newsletters.some((n) => n.isExecutive)).toBe(true);
    expect(catalogue.newsletters.some((n) => n.isTopic)).toBe(true);
    for (const n of catalogue.newsletters) if (n.isPreselectedOnOMS) expect(n.isVisibleOnOMS).toBe(true);
  });
});
