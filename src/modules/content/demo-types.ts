// The shape of the demo catalogue. The generator (demo-content.ts) produces it; the seed
// (seed.ts) writes it into the database. Everything is deterministic: same input, same output.

export type StoryAccess = 'free' | 'registered' | 'premium' | 'beauty';

export type StoryMediaType = 'article' | 'analysis' | 'opinion' | 'case_study' | 'report' | 'interview';

export type StoryBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'quote'; text: string; attribution: string }
  | { type: 'image'; art: ArtSpec; caption: string; alt: string };

/** A generated abstract image: the media module renders it from these values. */
export interface ArtSpec {
  /** Stable key, unique per image, lowercase [a-z0-9-]. Used in the /img/ URL. */
  key: string;
  /** Which composition to draw. */
  style: 'folds' | 'fields' | 'swatches' | 'silhouette' | 'grid' | 'arcs';
  /** Three to five hex colours, e.g. '#1f2a44'. A restrained palette. */
  palette: string[];
  /** Seed for the composition's randomness. */
  seed: number;
}

export interface DemoTopic {
  slug: string;
  name: string;
  description: string;
  /** 'section' appears in the masthead navigation; 'series' is a named series such as BoF Insights. */
  kind: 'section' | 'topic' | 'series';
}

export interface DemoAuthor {
  slug: string;
  name: string;
  role: string;
  location: string;
  bio: string;
  portrait: ArtSpec;
}

export interface DemoStory {
  slug: string;
  headline: string;
  standfirst: string;
  /** First entry is the primary topic (the kicker). All entries are DemoTopic slugs. */
  topicSlugs: string[];
  /** DemoAuthor slugs, one or two. */
  authorSlugs: string[];
  /** Minutes before the demo anchor time (DEMO_ANCHOR); 0 is the newest. */
  minutesAgo: number;
  access: StoryAccess;
  mediaType: StoryMediaType;
  hero: { art: ArtSpec; caption: string; alt: string };
  body: StoryBlock[];
  /** Seeded popularity, for "most read". */
  readCount: number;
  /** Organisation and person slugs the story is about. */
  organisationSlugs: string[];
  personSlugs: string[];
}

export interface DemoPerson {
  slug: string;
  firstName: string;
  lastName: string;
  subtitle: string;
  summary: string;
  location: string;
  nationalities: string[];
  category: string;
  yearBorn: number;
  portrait: ArtSpec;
}

export interface DemoOrganisation {
  slug: string;
  title: string;
  summary: string;
  city: string;
  country: string;
  industry: string;
  size: string;
  type: string;
  ownership: string;
  yearEstablished: number;
  logo: ArtSpec;
}

export type DemoEventType = 'business_of_beauty_global_forum' | 'crossroads' | 'voices';

export interface DemoEvent {
  slug: string;
  title: string;
  description: string;
  /** Days after the demo anchor (negative: in the past). */
  daysFromAnchor: number;
  type: DemoEventType;
  location: string;
  featured: boolean;
  sponsors: string[];
  thumbnail: ArtSpec;
}

export interface DemoNewsletter {
  slug: string;
  title: string;
  description: string;
  author: string;
  group: 'DAILY' | 'WEEKLY' | 'PERSONALISED';
  isExecutive: boolean;
  isProfessional: boolean;
  isTopic: boolean;
  isVisibleOnOMS: boolean;
  isPreselectedOnOMS: boolean;
}

export interface DemoCatalogue {
  topics: DemoTopic[];
  authors: DemoAuthor[];
  stories: DemoStory[];
  people: DemoPerson[];
  organisations: DemoOrganisation[];
  events: DemoEvent[];
  newsletters: DemoNewsletter[];
}
