// Events: the demo catalogue's past and coming Atelier events.
import type { DemoEvent } from './types.ts';

interface EventSeed {
  title: string;
  description: string;
  daysFromAnchor: number;
  type: DemoEvent['type'];
  location: string;
  featured: boolean;
  sponsors: readonly string[];
}

export const EVENTS: readonly EventSeed[] = [
  {
    title: 'Atelier Voices 2026',
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
    type: 'voices',
    daysFromAnchor: -353,
    location: 'Oxfordshire, England',
    featured: false,
    sponsors: ['Vellum Private Bank', 'Kessling Watchmakers'],
    description:
      'The 2025 edition of our annual gathering featured speakers from fashion, technology, science and the arts, exploring the theme of resilience.',
  },
];
