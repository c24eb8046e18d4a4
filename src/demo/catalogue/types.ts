// The shape of the demo catalogue. The generator (build-catalogue.ts) produces it; the demo seed
// (src/demo/seed.ts, tables/) writes it into the modules' tables. Everything is deterministic: same input,
// same output. The domain words it uses (StoryAccess, StoryBlock, ArtSpec, EventType) belong to
// their modules; only the catalogue's own shapes live here.
import type { StoryAccess, StoryBlock, StoryMediaType } from '../../modules/content/types.ts';
import type { EventType } from '../../modules/events/types.ts';
import type { ArtSpec } from '../../modules/media/art/art-spec.ts';

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

export interface DemoEvent {
  slug: string;
  title: string;
  description: string;
  /** Days after the demo anchor (negative: in the past). */
  daysFromAnchor: number;
  type: EventType;
  location: string;
  timeZone: string;
  venue: string | null;
  platform: string | null;
  featured: boolean;
  sponsors: string[];
  thumbnail: ArtSpec;
  topicSlug: string;
  /** Minutes after the first day's midnight, local time (the seed turns them into instants). */
  programme: { minutes: number; title: string; speakerSlugs: string[] }[];
  /** Everyone in the programme, in order of first appearance. */
  speakerSlugs: string[];
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
  /** How often it arrives, in words. */
  frequency: string;
  /** A topic newsletter's topic (its topic page offers it). */
  topicSlug?: string;
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
