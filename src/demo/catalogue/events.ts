// Events: the demo catalogue's past and coming Atelier events.
import type { DemoEvent } from './types.ts';

interface EventSeed {
  title: string;
  description: string;
  daysFromAnchor: number;
  type: DemoEvent['type'];
  location: string;
  /** IANA time zone: the programme's times are local there. */
  timeZone: string;
  /** The venue of an event held in a place; or the platform of an online one. */
  venue?: string;
  platform?: string;
  featured: boolean;
  sponsors: readonly string[];
  /** Related stories: this topic's newest. */
  topicSlug: string;
  /** The programme: local start ("HH:MM" on the first day; "+1 HH:MM" a day later) and title; speakers are dealt from the catalogue's people. */
  programme: readonly { at: string; title: string; speakers: number }[];
}

const FORUM_PROGRAMME = [
  { at: '09:00', title: 'Welcome and opening remarks', speakers: 1 },
  { at: '09:30', title: 'Keynote: the state of the industry', speakers: 1 },
  { at: '11:00', title: 'Panel: capital, growth and patience', speakers: 3 },
  { at: '14:00', title: 'Workshops in small groups', speakers: 2 },
  { at: '+1 09:30', title: 'In conversation: building a house that lasts', speakers: 2 },
  { at: '+1 16:00', title: 'Closing address', speakers: 1 },
] as const;

const SUMMIT_PROGRAMME = [
  { at: '13:30', title: 'Registration and coffee', speakers: 0 },
  { at: '14:00', title: 'Keynote', speakers: 1 },
  { at: '15:00', title: 'Case studies', speakers: 2 },
  { at: '16:30', title: 'Closed-door roundtable', speakers: 3 },
] as const;

const ONLINE_PROGRAMME = [
  { at: '17:00', title: 'Talk', speakers: 1 },
  { at: '17:40', title: 'Questions from members', speakers: 2 },
] as const;

export const EVENTS: readonly EventSeed[] = [
  {
    title: 'Atelier Voices 2026',
    timeZone: 'Europe/London',
    venue: 'Soho Farmhouse, Great Tew',
    topicSlug: 'luxury',
    programme: FORUM_PROGRAMME,
    type: 'voices',
    daysFromAnchor: 12,
    location: 'Oxfordshire, England',
    featured: true,
    sponsors: ['Vellum Private Bank', 'Aurel Hotels', 'Kessling Watchmakers'],
    description:
      'Our annual gathering of the industry’s most interesting minds: three days of talks, debates and workshops on the forces shaping fashion, culture and business, held in the English countryside.',
  },
  {
    title: 'The Business of Beauty Global Forum 2027',
    timeZone: 'America/Los_Angeles',
    venue: 'Carmel Valley Ranch',
    topicSlug: 'beauty',
    programme: FORUM_PROGRAMME,
    type: 'business_of_beauty_global_forum',
    daysFromAnchor: 158,
    location: 'Carmel Valley, California',
    featured: true,
    sponsors: ['Célestine Beauté', 'Lumen Cloud', 'Harrow & Finch'],
    description:
      'Founders, chief executives and investors from across skincare, fragrance, make-up and wellness gather for two days of candid conversation about where the beauty industry goes next.',
  },
  {
    title: 'Crossroads: The Future of Clienteling',
    timeZone: 'Europe/Paris',
    venue: 'Salle Wagram, 39 avenue de Wagram',
    topicSlug: 'retail',
    programme: SUMMIT_PROGRAMME,
    type: 'crossroads',
    daysFromAnchor: 41,
    location: 'Paris',
    featured: false,
    sponsors: ['Orrin Motors', 'Lumen Cloud'],
    description:
      'A half-day summit for luxury retail leaders on how the best houses recruit, train and reward the people who build client relationships, with case studies and a closed-door executive roundtable.',
  },
  {
    title: 'Crossroads Shanghai: China’s New Consumer',
    timeZone: 'Asia/Shanghai',
    venue: 'The Bund Finance Centre',
    topicSlug: 'china',
    programme: SUMMIT_PROGRAMME,
    type: 'crossroads',
    daysFromAnchor: 96,
    location: 'Shanghai',
    featured: false,
    sponsors: ['Qingyun Group', 'Vellum Private Bank'],
    description:
      'Brand leaders, platform executives and designers discuss how Chinese consumers are changing, and what international and domestic brands must do to stay relevant.',
  },
  {
    title: 'Crossroads: Retail Reinvented',
    timeZone: 'Europe/London',
    venue: 'The Royal Institution, Albemarle Street',
    topicSlug: 'retail',
    programme: SUMMIT_PROGRAMME,
    type: 'crossroads',
    daysFromAnchor: -38,
    location: 'London',
    featured: false,
    sponsors: ['Harrow & Finch', 'Meridian Payments'],
    description:
      'Executives from department stores, marketplaces and brands shared the strategies that are bringing customers back into stores, from services to smarter loyalty schemes.',
  },
  {
    title: 'Crossroads: Sourcing in an Age of Tariffs',
    timeZone: 'America/New_York',
    venue: 'Cipriani 25 Broadway',
    topicSlug: 'sustainability',
    programme: SUMMIT_PROGRAMME,
    type: 'crossroads',
    daysFromAnchor: -84,
    location: 'New York',
    featured: false,
    sponsors: ['Northbridge Logistics', 'Meridian Payments'],
    description:
      'Supply chain leaders and manufacturers discussed how brands are adapting sourcing strategies to trade volatility, with practical sessions on near-shoring and supplier partnerships.',
  },
  {
    title: 'The Business of Beauty Global Forum 2026',
    timeZone: 'America/Los_Angeles',
    venue: 'Carmel Valley Ranch',
    topicSlug: 'beauty',
    programme: FORUM_PROGRAMME,
    type: 'business_of_beauty_global_forum',
    daysFromAnchor: -214,
    location: 'Carmel Valley, California',
    featured: false,
    sponsors: ['Célestine Beauté', 'Aurel Hotels'],
    description:
      'Last year’s forum brought together more than 300 beauty leaders for conversations on science, retail, capital and the future of the category.',
  },
  {
    title: 'Atelier Voices 2025',
    timeZone: 'Europe/London',
    venue: 'Soho Farmhouse, Great Tew',
    topicSlug: 'luxury',
    programme: FORUM_PROGRAMME,
    type: 'voices',
    daysFromAnchor: -353,
    location: 'Oxfordshire, England',
    featured: false,
    sponsors: ['Vellum Private Bank', 'Kessling Watchmakers'],
    description:
      'The 2025 edition of our annual gathering featured speakers from fashion, technology, science and the arts, exploring the theme of resilience.',
  },
  {
    title: 'Voices Online: Designing for a Smaller Planet',
    type: 'voices',
    daysFromAnchor: 30,
    location: 'Online',
    timeZone: 'Europe/London',
    platform: 'Zoom',
    topicSlug: 'sustainability',
    programme: ONLINE_PROGRAMME,
    featured: false,
    sponsors: ['Lumen Cloud'],
    description:
      'An hour online with designers who have cut their studios’ waste by half: what they changed first, what it cost and what they would do differently. Free for registered readers.',
  },
  {
    title: 'Business of Beauty Online: Fragrance After the Boom',
    type: 'business_of_beauty_global_forum',
    daysFromAnchor: -21,
    location: 'Online',
    timeZone: 'America/New_York',
    platform: 'Zoom',
    topicSlug: 'beauty',
    programme: ONLINE_PROGRAMME,
    featured: false,
    sponsors: ['Célestine Beauté'],
    description: 'Perfumers and brand founders on what the fragrance boom left behind, and which of its new customers are staying.',
  },
];
