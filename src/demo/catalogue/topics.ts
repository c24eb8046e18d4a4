// Topics: the sections in the masthead, the topics and the named series.
import type { DemoTopic } from './types.ts';

export const TOPICS: readonly DemoTopic[] = [
  {
    slug: 'news',
    name: 'News',
    kind: 'section',
    description: 'The most important developments across the global fashion and beauty industries, reported and verified every day.',
  },
  {
    slug: 'luxury',
    name: 'Luxury',
    kind: 'section',
    description: 'How the most valuable houses manage growth, pricing, creative change and the clients who sustain them.',
  },
  {
    slug: 'retail',
    name: 'Retail',
    kind: 'section',
    description: 'Department stores, marketplaces, flagships and the changing economics of selling fashion to people.',
  },
  {
    slug: 'beauty',
    name: 'Beauty',
    kind: 'section',
    description: 'Skincare, fragrance, colour cosmetics and wellness: the brands, deals and rituals driving the category.',
  },
  {
    slug: 'technology',
    name: 'Technology',
    kind: 'section',
    description: 'The software, data and machines changing how fashion is designed, made, marketed and sold.',
  },
  {
    slug: 'sustainability',
    name: 'Sustainability',
    kind: 'section',
    description: 'Supply chains, materials, regulation and the hard arithmetic of making fashion less wasteful.',
  },
  {
    slug: 'workplace',
    name: 'Workplace',
    kind: 'section',
    description: 'Careers, leadership, pay and culture inside the companies that make up the fashion industry.',
  },
  {
    slug: 'fashion-week',
    name: 'Fashion Week',
    kind: 'section',
    description: 'Runway reporting and the business behind the show calendars of Paris, Milan, London, New York and beyond.',
  },
  {
    slug: 'analysis',
    name: 'Analysis',
    kind: 'topic',
    description: 'Close readings of the numbers, strategies and shifts that are reshaping the business of fashion.',
  },
  {
    slug: 'opinion',
    name: 'Opinion',
    kind: 'topic',
    description: "Arguments, provocations and considered views from Atelier's editors and invited contributors.",
  },
  {
    slug: 'case-studies',
    name: 'Case Studies',
    kind: 'topic',
    description: 'Detailed, data-led examinations of how specific companies tackled a defining business problem.',
  },
  {
    slug: 'bof-insights',
    name: 'BoF Insights',
    kind: 'series',
    description: 'Our research series: proprietary data, executive surveys and long-form reports for industry professionals.',
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    kind: 'topic',
    description: 'Brand building, campaigns, communities and the shifting economics of paid, owned and earned attention.',
  },
  {
    slug: 'china',
    name: 'China',
    kind: 'topic',
    description: "The world's most consequential fashion market: its consumers, platforms and fast-maturing homegrown brands.",
  },
  {
    slug: 'media',
    name: 'Media',
    kind: 'topic',
    description: "Magazines, creators, platforms and the business of telling fashion's stories.",
  },
];
