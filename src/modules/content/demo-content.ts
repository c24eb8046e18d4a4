// Demo catalogue for Atelier: a deterministic, hand-curated but combinatorially assembled
// set of topics, authors, stories, people, organisations, events and newsletters.
//
// Everything here is invented. Brand, company and person names are fictional; any
// resemblance to real businesses or people is coincidental. The generator below is pure:
// it uses its own seeded PRNG and never reads the clock, so two calls return deep-equal data.
//
// Layout: curated material first (typed constant arrays), generator functions last.

import type {
  ArtSpec,
  DemoAuthor,
  DemoCatalogue,
  DemoEvent,
  DemoNewsletter,
  DemoOrganisation,
  DemoPerson,
  DemoStory,
  DemoTopic,
  StoryBlock,
  StoryMediaType,
} from './demo-types.ts';

/** The moment the demo catalogue is anchored to: every `minutesAgo` / `daysFromAnchor` counts from here. */
export const DEMO_ANCHOR = '2026-11-20T09:00:00.000Z';

// ---------------------------------------------------------------------------------------------
// Palettes: restrained, editorial colour sets. Names are used in captions and alt text.
// ---------------------------------------------------------------------------------------------

interface PaletteSeed {
  name: string;
  colours: ReadonlyArray<readonly [hex: string, name: string]>;
}

const PALETTES: readonly PaletteSeed[] = [
  {
    name: 'ink',
    colours: [
      ['#1c2230', 'ink'],
      ['#ece4d6', 'bone'],
      ['#b8a68c', 'sand'],
      ['#5b6472', 'slate'],
    ],
  },
  {
    name: 'camel',
    colours: [
      ['#c19a6b', 'camel'],
      ['#2a2522', 'espresso'],
      ['#efe7da', 'cream'],
      ['#8a6a4a', 'tobacco'],
    ],
  },
  {
    name: 'oxblood',
    colours: [
      ['#5a1a1f', 'oxblood'],
      ['#e9dfd3', 'parchment'],
      ['#a9746e', 'clay'],
      ['#2b1d1d', 'burnt umber'],
    ],
  },
  {
    name: 'sage',
    colours: [
      ['#9aa58f', 'sage'],
      ['#e8e6dc', 'chalk'],
      ['#4d5a4a', 'moss'],
      ['#c9b99b', 'flax'],
    ],
  },
  {
    name: 'dusty-rose',
    colours: [
      ['#c9a1a0', 'dusty rose'],
      ['#f1e6e0', 'blush'],
      ['#6b4f55', 'mauve'],
      ['#2e2a2c', 'charcoal'],
    ],
  },
  {
    name: 'slate',
    colours: [
      ['#50606e', 'slate'],
      ['#dfe2e0', 'chalk'],
      ['#9aa7b0', 'pewter'],
      ['#1f262c', 'graphite'],
    ],
  },
  {
    name: 'navy',
    colours: [
      ['#1d2b4a', 'navy'],
      ['#eee6d3', 'ecru'],
      ['#b79f74', 'antique gold'],
      ['#6a7a94', 'chambray'],
    ],
  },
  {
    name: 'olive',
    colours: [
      ['#5e5b3a', 'olive'],
      ['#a4532c', 'rust'],
      ['#e6dccb', 'oat'],
      ['#2d2a20', 'peat'],
    ],
  },
  {
    name: 'terracotta',
    colours: [
      ['#b86b4b', 'terracotta'],
      ['#f0e2d0', 'sand'],
      ['#6e3b2a', 'umber'],
      ['#d9a57c', 'apricot'],
    ],
  },
  {
    name: 'forest',
    colours: [
      ['#23372d', 'forest green'],
      ['#efe8d8', 'cream'],
      ['#7d8c6a', 'lichen'],
      ['#b59a62', 'brass'],
    ],
  },
  {
    name: 'plum',
    colours: [
      ['#4a2c3d', 'plum'],
      ['#d6d1cc', 'dove grey'],
      ['#8b6f7f', 'heather'],
      ['#1f1a1e', 'aubergine'],
    ],
  },
  {
    name: 'ochre',
    colours: [
      ['#3f5a6b', 'steel blue'],
      ['#d3a44a', 'ochre'],
      ['#ebe5d8', 'paper'],
      ['#222a30', 'ink'],
    ],
  },
  {
    name: 'powder',
    colours: [
      ['#c6d3dc', 'powder blue'],
      ['#2f3235', 'charcoal'],
      ['#eae6df', 'stone'],
      ['#8fa3b2', 'dusk blue'],
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Topics
// ---------------------------------------------------------------------------------------------

const TOPICS: readonly DemoTopic[] = [
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

// ---------------------------------------------------------------------------------------------
// Authors (Atelier staff and contributors). `beats` steers which stories they write.
// ---------------------------------------------------------------------------------------------

interface AuthorSeed {
  name: string;
  role: string;
  location: string;
  bio: string;
  beats: readonly string[];
}

const AUTHORS: readonly AuthorSeed[] = [
  {
    name: 'Idris Calloway',
    role: 'Founder, Chief Executive and Editor-at-Large',
    location: 'London',
    beats: ['opinion', 'luxury', 'analysis', 'workplace'],
    bio: 'Idris Calloway founded Atelier after a decade advising fashion and retail companies on strategy. He writes about leadership, capital and the long-term forces reshaping the industry.',
  },
  {
    name: 'Clara Benveniste',
    role: 'Editor-in-Chief',
    location: 'London',
    beats: ['opinion', 'analysis', 'luxury', 'fashion-week'],
    bio: "Clara Benveniste leads Atelier's newsroom and its editorial coverage across news, analysis and opinion. She previously ran the business desk of a European daily and has covered the industry for twenty years.",
  },
  {
    name: 'Tobias Reinholt',
    role: 'Executive Editor',
    location: 'London',
    beats: ['analysis', 'retail', 'case-studies', 'opinion'],
    bio: 'Tobias Reinholt oversees long-form analysis and the case study programme. A former equity analyst, he is happiest inside a set of annual accounts.',
  },
  {
    name: 'Marguerite Okafor',
    role: 'Senior Correspondent',
    location: 'Paris',
    beats: ['luxury', 'news', 'fashion-week', 'analysis'],
    bio: 'Marguerite Okafor covers the Paris houses and the groups that own them. She has reported on every major luxury deal of the past decade and on most of the creative appointments.',
  },
  {
    name: 'Sanjay Kohli',
    role: 'Deputy Editor, News',
    location: 'London',
    beats: ['news', 'retail', 'analysis'],
    bio: 'Sanjay Kohli runs the news desk and edits breaking coverage around the clock. He joined Atelier from a financial newswire, where he covered consumer companies.',
  },
  {
    name: 'Hannah Lowry',
    role: 'Beauty Editor',
    location: 'New York',
    beats: ['beauty', 'marketing', 'case-studies'],
    bio: 'Hannah Lowry leads coverage of beauty, wellness and fragrance. She has interviewed the founders of many of the category’s fastest-growing brands and the executives who bought them.',
  },
  {
    name: 'Felix Amara',
    role: 'Technology Correspondent',
    location: 'London',
    beats: ['technology', 'retail', 'media'],
    bio: 'Felix Amara reports on software, data and automation across the fashion supply chain. He previously covered enterprise technology and still reads privacy policies for pleasure.',
  },
  {
    name: 'Eun-ji Seo',
    role: 'Senior Beauty Correspondent',
    location: 'Seoul',
    beats: ['beauty', 'china', 'marketing'],
    bio: 'Eun-ji Seo covers beauty and consumer culture across East Asia from Seoul. Her reporting focuses on product innovation and the brands exporting Korean skincare to the world.',
  },
  {
    name: 'Daniel Whitcombe',
    role: 'Luxury Editor',
    location: 'Paris',
    beats: ['luxury', 'analysis', 'bof-insights'],
    bio: 'Daniel Whitcombe edits luxury coverage and writes about pricing, clienteling and the economics of scarcity. He spent six years in the watch and jewellery trade before turning to journalism.',
  },
  {
    name: 'Louise Ferrant',
    role: 'Paris Correspondent',
    location: 'Paris',
    beats: ['fashion-week', 'luxury', 'news', 'media'],
    bio: 'Louise Ferrant reports on the French fashion industry, from the couture ateliers to the boardrooms. She reviews the Paris collections each season.',
  },
  {
    name: 'Alessandro Vitti',
    role: 'Milan Correspondent',
    location: 'Milan',
    beats: ['luxury', 'fashion-week', 'sustainability', 'news'],
    bio: "Alessandro Vitti covers Italian fashion and the manufacturing districts that supply much of the world's luxury industry. He grew up in Prato, where his family ran a small textile business.",
  },
  {
    name: 'Grace Mwangi',
    role: 'Sustainability Correspondent',
    location: 'London',
    beats: ['sustainability', 'workplace', 'news'],
    bio: 'Grace Mwangi reports on supply chains, regulation and the environmental impact of fashion. She has reported from factories and farms on four continents.',
  },
  {
    name: 'Yuki Tanabe',
    role: 'Tokyo Correspondent',
    location: 'Tokyo',
    beats: ['fashion-week', 'retail', 'marketing'],
    bio: 'Yuki Tanabe covers Japanese fashion, retail and consumer trends. She has a particular interest in the small specialist stores that shape taste far beyond Japan.',
  },
  {
    name: 'Xiaowei Chen',
    role: 'China Editor',
    location: 'Shanghai',
    beats: ['china', 'luxury', 'beauty', 'retail'],
    bio: "Xiaowei Chen leads Atelier's coverage of China from Shanghai. She writes about consumer behaviour, platforms and the rise of the country's homegrown brands.",
  },
  {
    name: 'Rosalind Pryce',
    role: 'Workplace Editor',
    location: 'London',
    beats: ['workplace', 'opinion', 'case-studies'],
    bio: 'Rosalind Pryce writes about careers, leadership and culture in fashion companies. She also edits the Professional Edition newsletter.',
  },
  {
    name: 'Jacob Ferreira',
    role: 'Retail Correspondent',
    location: 'New York',
    beats: ['retail', 'news', 'technology', 'case-studies'],
    bio: 'Jacob Ferreira covers department stores, marketplaces and the economics of physical retail in North America. He visits more malls than is strictly healthy.',
  },
  {
    name: 'Noa Abramov',
    role: 'Head of Insights',
    location: 'New York',
    beats: ['bof-insights', 'analysis', 'beauty'],
    bio: "Noa Abramov leads Atelier's research team and the BoF Insights series. She previously ran consumer research for a global beauty group.",
  },
  {
    name: 'Sebastian Holt',
    role: 'Senior Analyst, Insights',
    location: 'London',
    beats: ['bof-insights', 'technology', 'sustainability', 'case-studies'],
    bio: 'Sebastian Holt builds the data models behind Atelier’s research reports. He is a trained economist with a background in retail forecasting.',
  },
  {
    name: 'Amelia Strand',
    role: 'Media Correspondent',
    location: 'New York',
    beats: ['media', 'marketing', 'news'],
    bio: 'Amelia Strand covers publishing, creators and the platforms that decide what fashion audiences see. She has worked at two magazines and one start-up, and learned from all three.',
  },
  {
    name: 'Omar Farouk',
    role: 'Marketing Correspondent',
    location: 'Dubai',
    beats: ['marketing', 'retail', 'luxury'],
    bio: 'Omar Farouk writes about brand building, campaigns and the Gulf’s fast-growing luxury market. He joined Atelier from a regional business magazine.',
  },
  {
    name: 'Isla McBride',
    role: 'Chief Fashion Critic',
    location: 'London',
    beats: ['fashion-week', 'opinion', 'media'],
    bio: 'Isla McBride reviews the collections in London, Milan, Paris and New York. Her criticism has been anthologised twice and argued with far more often.',
  },
  {
    name: 'Pablo Etxeberria',
    role: 'Contributing Editor',
    location: 'Madrid',
    beats: ['opinion', 'fashion-week', 'marketing'],
    bio: 'Pablo Etxeberria writes about menswear, Spanish fashion and the business of creativity. He teaches a course on fashion journalism in Madrid.',
  },
  {
    name: 'Lauren Mercer',
    role: 'US Editor',
    location: 'New York',
    beats: ['news', 'retail', 'workplace', 'analysis'],
    bio: 'Lauren Mercer leads coverage from New York and edits the Week Ahead newsletter. She has reported on American retail through two recessions.',
  },
  {
    name: 'Nikhil Varma',
    role: 'Opinion Editor',
    location: 'London',
    beats: ['opinion', 'media', 'technology'],
    bio: 'Nikhil Varma commissions and edits Atelier’s opinion pieces. He writes occasionally about technology, culture and the limits of both.',
  },
  {
    name: 'Ingrid Solberg',
    role: 'Nordic Correspondent',
    location: 'Copenhagen',
    beats: ['sustainability', 'fashion-week', 'retail'],
    bio: 'Ingrid Solberg reports on Scandinavian fashion and the region’s influence on design and sustainability. She covers Copenhagen Fashion Week each season.',
  },
];

// ---------------------------------------------------------------------------------------------
// Organisations. `kinds` lets story templates ask for a suitable subject; `noun` is how the
// text refers to the organisation on second mention ("the house", "the retailer").
// ---------------------------------------------------------------------------------------------

type OrgKind =
  | 'lux'
  | 'brand'
  | 'designer'
  | 'dtc'
  | 'group'
  | 'retail'
  | 'dept'
  | 'marketplace'
  | 'beauty'
  | 'tech'
  | 'maker'
  | 'media'
  | 'agency'
  | 'edu'
  | 'china';

interface OrgSeed {
  slug: string;
  title: string;
  noun: string;
  summary: string;
  city: string;
  country: string;
  industry: string;
  size: '1-10' | '11-50' | '51-200' | '201-1000' | '1001-5000' | '5000+';
  type: 'Brand' | 'Retailer' | 'Manufacturer' | 'Agency' | 'Education' | 'Media' | 'Technology';
  ownership: 'Private' | 'Public' | 'Family-owned' | 'Private equity-backed';
  year: number;
  kinds: readonly OrgKind[];
}

const ORGANISATIONS: readonly OrgSeed[] = [
  {
    slug: 'maison-verrier',
    title: 'Maison Verrier',
    noun: 'the house',
    city: 'Paris',
    country: 'France',
    industry: 'Luxury Fashion',
    size: '5000+',
    type: 'Brand',
    ownership: 'Family-owned',
    year: 1887,
    kinds: ['lux'],
    summary:
      'Maison Verrier is a Parisian luxury house founded as a trunk-maker and best known today for leather goods, ready-to-wear and fine jewellery. It remains controlled by descendants of its founder.',
  },
  {
    slug: 'halden-co',
    title: 'Halden & Co.',
    noun: 'the brand',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Luxury Fashion',
    size: '1001-5000',
    type: 'Brand',
    ownership: 'Public',
    year: 1902,
    kinds: ['lux', 'brand'],
    summary:
      'Halden & Co. is a British heritage brand known for waxed outerwear, tailoring and leather goods. It has been listed in London since 1998.',
  },
  {
    slug: 'casa-orsolini',
    title: 'Casa Orsolini',
    noun: 'the house',
    city: 'Florence',
    country: 'Italy',
    industry: 'Luxury Fashion',
    size: '1001-5000',
    type: 'Brand',
    ownership: 'Family-owned',
    year: 1931,
    kinds: ['lux'],
    summary:
      'Casa Orsolini is a Florentine leather goods and footwear house whose workshops still produce most of its handbags in Tuscany. The Orsolini family owns a majority of the company.',
  },
  {
    slug: 'vautrin',
    title: 'Vautrin',
    noun: 'the house',
    city: 'Paris',
    country: 'France',
    industry: 'Luxury Fashion',
    size: '201-1000',
    type: 'Brand',
    ownership: 'Private',
    year: 1952,
    kinds: ['lux', 'designer'],
    summary:
      'Vautrin is a Paris couture and ready-to-wear house revived in 2011 after two decades of dormancy. It shows on the official Paris calendar and sells through around 40 stores.',
  },
  {
    slug: 'groupe-lisiere',
    title: 'Groupe Lisière',
    noun: 'the group',
    city: 'Paris',
    country: 'France',
    industry: 'Luxury Conglomerate',
    size: '5000+',
    type: 'Brand',
    ownership: 'Public',
    year: 1989,
    kinds: ['group', 'lux'],
    summary:
      'Groupe Lisière is a listed luxury group with a portfolio of fashion, leather goods, watch and fragrance brands. It has grown largely through acquisition.',
  },
  {
    slug: 'okonkwo-studio',
    title: 'Okonkwo Studio',
    noun: 'the label',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Designer Fashion',
    size: '11-50',
    type: 'Brand',
    ownership: 'Private',
    year: 2016,
    kinds: ['designer', 'brand'],
    summary:
      'Okonkwo Studio is an independent London label known for sculptural tailoring and hand-finished textiles produced with artisans in Lagos. It shows at London Fashion Week.',
  },
  {
    slug: 'noor-atelier',
    title: 'Noor Atelier',
    noun: 'the label',
    city: 'Dubai',
    country: 'United Arab Emirates',
    industry: 'Designer Fashion',
    size: '11-50',
    type: 'Brand',
    ownership: 'Private',
    year: 2014,
    kinds: ['designer', 'brand'],
    summary:
      'Noor Atelier is a Dubai-based eveningwear and modest-fashion label with a strong following across the Gulf. It opened its first European store in 2025.',
  },
  {
    slug: 'ekholm',
    title: 'Ekholm',
    noun: 'the brand',
    city: 'Stockholm',
    country: 'Sweden',
    industry: 'Contemporary Fashion',
    size: '201-1000',
    type: 'Brand',
    ownership: 'Private equity-backed',
    year: 2004,
    kinds: ['brand'],
    summary:
      'Ekholm is a Stockholm contemporary brand known for minimal tailoring, knitwear and denim. A private equity firm acquired a majority stake in 2021.',
  },
  {
    slug: 'tessaro',
    title: 'Tessaro',
    noun: 'the company',
    city: 'Milan',
    country: 'Italy',
    industry: 'Luxury Knitwear',
    size: '201-1000',
    type: 'Brand',
    ownership: 'Family-owned',
    year: 1948,
    kinds: ['lux', 'brand', 'maker'],
    summary:
      'Tessaro is a Milanese knitwear specialist that makes its own collections and produces cashmere for several larger houses. The third generation of the Tessaro family runs the business.',
  },
  {
    slug: 'atelier-kuroda',
    title: 'Atelier Kuroda',
    noun: 'the label',
    city: 'Tokyo',
    country: 'Japan',
    industry: 'Designer Fashion',
    size: '51-200',
    type: 'Brand',
    ownership: 'Private',
    year: 1998,
    kinds: ['designer', 'brand'],
    summary:
      'Atelier Kuroda is a Tokyo menswear label known for deconstructed tailoring and technical fabrics developed with Japanese mills. It shows in Paris.',
  },
  {
    slug: 'lune-lark',
    title: 'Lune & Lark',
    noun: 'the brand',
    city: 'New York',
    country: 'United States',
    industry: 'Contemporary Fashion',
    size: '201-1000',
    type: 'Brand',
    ownership: 'Private equity-backed',
    year: 2014,
    kinds: ['dtc', 'brand'],
    summary:
      'Lune & Lark is a New York direct-to-consumer brand selling dresses, knitwear and outerwear. Founded online, it now operates stores across the United States.',
  },
  {
    slug: 'marlowe-reed',
    title: 'Marlowe Reed',
    noun: 'the company',
    city: 'Portland',
    country: 'United States',
    industry: 'Sportswear',
    size: '5000+',
    type: 'Brand',
    ownership: 'Public',
    year: 1971,
    kinds: ['brand'],
    summary:
      'Marlowe Reed is an American sportswear and outdoor company with wholesale distribution in more than 60 countries. It is listed in New York.',
  },
  {
    slug: 'ashcombe-lowe',
    title: 'Ashcombe & Lowe',
    noun: 'the retailer',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Department Stores',
    size: '5000+',
    type: 'Retailer',
    ownership: 'Family-owned',
    year: 1868,
    kinds: ['retail', 'dept'],
    summary:
      'Ashcombe & Lowe is a London department store group with a flagship in the West End and six regional stores. It has been owned by the same family for four generations.',
  },
  {
    slug: 'corvin-hale',
    title: 'Corvin & Hale',
    noun: 'the retailer',
    city: 'New York',
    country: 'United States',
    industry: 'Department Stores',
    size: '5000+',
    type: 'Retailer',
    ownership: 'Public',
    year: 1899,
    kinds: ['retail', 'dept'],
    summary:
      'Corvin & Hale is an American luxury department store chain with 31 stores and a large online business. It has been restructuring its store network since 2024.',
  },
  {
    slug: 'vireo',
    title: 'Vireo',
    noun: 'the platform',
    city: 'London',
    country: 'United Kingdom',
    industry: 'E-commerce',
    size: '1001-5000',
    type: 'Retailer',
    ownership: 'Public',
    year: 2009,
    kinds: ['retail', 'marketplace', 'tech'],
    summary:
      'Vireo is an online luxury marketplace that connects boutiques and brands with shoppers in more than 150 countries. It went public in 2019.',
  },
  {
    slug: 'salon-parade',
    title: 'Salon Parade',
    noun: 'the boutique',
    city: 'Paris',
    country: 'France',
    industry: 'Multi-brand Retail',
    size: '51-200',
    type: 'Retailer',
    ownership: 'Private',
    year: 2001,
    kinds: ['retail'],
    summary:
      'Salon Parade is an independent multi-brand boutique in Paris, known for discovering young designers. It operates two stores and a small online shop.',
  },
  {
    slug: 'qingyun-group',
    title: 'Qingyun Group',
    noun: 'the group',
    city: 'Shanghai',
    country: 'China',
    industry: 'Department Stores and Malls',
    size: '5000+',
    type: 'Retailer',
    ownership: 'Public',
    year: 1996,
    kinds: ['retail', 'dept', 'china'],
    summary:
      'Qingyun Group operates department stores and luxury malls in eleven Chinese cities. It is one of the largest landlords for international luxury brands in China.',
  },
  {
    slug: 'second-circle',
    title: 'Second Circle',
    noun: 'the platform',
    city: 'San Francisco',
    country: 'United States',
    industry: 'Resale',
    size: '201-1000',
    type: 'Retailer',
    ownership: 'Private equity-backed',
    year: 2012,
    kinds: ['retail', 'marketplace', 'tech'],
    summary:
      'Second Circle is a resale platform for authenticated luxury and contemporary fashion. It also runs white-label resale programmes for brands.',
  },
  {
    slug: 'celestine-beaute',
    title: 'Célestine Beauté',
    noun: 'the group',
    city: 'Paris',
    country: 'France',
    industry: 'Beauty',
    size: '5000+',
    type: 'Brand',
    ownership: 'Public',
    year: 1924,
    kinds: ['beauty', 'group'],
    summary:
      'Célestine Beauté is a French beauty group with brands across skincare, fragrance and make-up. It owns laboratories in France and South Korea.',
  },
  {
    slug: 'fable-skin',
    title: 'Fable Skin',
    noun: 'the brand',
    city: 'Los Angeles',
    country: 'United States',
    industry: 'Beauty',
    size: '51-200',
    type: 'Brand',
    ownership: 'Private equity-backed',
    year: 2017,
    kinds: ['beauty', 'dtc'],
    summary:
      'Fable Skin is a Los Angeles skincare brand known for barrier-repair formulas and minimal packaging. It sells online and through specialist beauty retailers.',
  },
  {
    slug: 'hanari',
    title: 'Hanari',
    noun: 'the company',
    city: 'Seoul',
    country: 'South Korea',
    industry: 'Beauty',
    size: '1001-5000',
    type: 'Brand',
    ownership: 'Public',
    year: 2003,
    kinds: ['beauty'],
    summary:
      'Hanari is a Korean skincare and make-up company with distribution across Asia, North America and Europe. It is listed in Seoul.',
  },
  {
    slug: 'oud-ember',
    title: 'Oud & Ember',
    noun: 'the fragrance house',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Fragrance',
    size: '11-50',
    type: 'Brand',
    ownership: 'Private',
    year: 2015,
    kinds: ['beauty', 'designer'],
    summary:
      'Oud & Ember is an independent fragrance house producing small-batch perfumes in London. It has a loyal following in the UK and the Gulf.',
  },
  {
    slug: 'weftline',
    title: 'Weftline',
    noun: 'the start-up',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Software',
    size: '51-200',
    type: 'Technology',
    ownership: 'Private',
    year: 2019,
    kinds: ['tech'],
    summary:
      'Weftline builds demand-forecasting and inventory-planning software for fashion brands. Its clients include several mid-sized European labels.',
  },
  {
    slug: 'provenant',
    title: 'Provenant',
    noun: 'the start-up',
    city: 'Amsterdam',
    country: 'Netherlands',
    industry: 'Software',
    size: '11-50',
    type: 'Technology',
    ownership: 'Private',
    year: 2020,
    kinds: ['tech'],
    summary: 'Provenant builds digital product passports and supply-chain traceability tools for fashion and textile companies.',
  },
  {
    slug: 'mesure',
    title: 'Mesure',
    noun: 'the start-up',
    city: 'Berlin',
    country: 'Germany',
    industry: 'Software',
    size: '51-200',
    type: 'Technology',
    ownership: 'Private',
    year: 2018,
    kinds: ['tech'],
    summary: 'Mesure develops size-recommendation and virtual fitting technology used by online fashion retailers to reduce returns.',
  },
  {
    slug: 'lanificio-bruneri',
    title: 'Lanificio Bruneri',
    noun: 'the mill',
    city: 'Biella',
    country: 'Italy',
    industry: 'Textile Manufacturing',
    size: '201-1000',
    type: 'Manufacturer',
    ownership: 'Family-owned',
    year: 1911,
    kinds: ['maker'],
    summary:
      'Lanificio Bruneri is a family-owned wool mill in Biella that weaves fine suiting and coating fabrics for luxury houses and tailors.',
  },
  {
    slug: 'fabrica-azevedo',
    title: 'Fábrica Azevedo',
    noun: 'the manufacturer',
    city: 'Porto',
    country: 'Portugal',
    industry: 'Footwear Manufacturing',
    size: '201-1000',
    type: 'Manufacturer',
    ownership: 'Family-owned',
    year: 1963,
    kinds: ['maker'],
    summary: 'Fábrica Azevedo is a Portuguese footwear manufacturer producing shoes and sneakers for European and American brands.',
  },
  {
    slug: 'aranya-apparel',
    title: 'Aranya Apparel',
    noun: 'the manufacturer',
    city: 'Dhaka',
    country: 'Bangladesh',
    industry: 'Garment Manufacturing',
    size: '5000+',
    type: 'Manufacturer',
    ownership: 'Private',
    year: 1988,
    kinds: ['maker'],
    summary:
      'Aranya Apparel is a Bangladeshi garment manufacturer producing knitwear and jersey for international brands from factories around Dhaka.',
  },
  {
    slug: 'jinling-silk',
    title: 'Jinling Silk Works',
    noun: 'the mill',
    city: 'Suzhou',
    country: 'China',
    industry: 'Textile Manufacturing',
    size: '1001-5000',
    type: 'Manufacturer',
    ownership: 'Private',
    year: 1979,
    kinds: ['maker', 'china'],
    summary:
      'Jinling Silk Works is a silk weaver and printer in Suzhou that supplies European houses and a growing number of Chinese designer brands.',
  },
  {
    slug: 'hollis-ward',
    title: 'Hollis Ward',
    noun: 'the agency',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Creative Agency',
    size: '201-1000',
    type: 'Agency',
    ownership: 'Private',
    year: 2006,
    kinds: ['agency'],
    summary:
      'Hollis Ward is a creative agency working with fashion, beauty and luxury clients on campaigns, brand identity and content. It has offices in London and New York.',
  },
  {
    slug: 'larchmont-house',
    title: 'Larchmont House',
    noun: 'the publisher',
    city: 'New York',
    country: 'United States',
    industry: 'Publishing',
    size: '1001-5000',
    type: 'Media',
    ownership: 'Private',
    year: 1957,
    kinds: ['media'],
    summary:
      'Larchmont House is a magazine publisher whose titles include the fashion monthly Sable. It has been shifting its business from print advertising to events and subscriptions.',
  },
  {
    slug: 'kingsgate-school',
    title: 'Kingsgate School of Design',
    noun: 'the school',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Education',
    size: '201-1000',
    type: 'Education',
    ownership: 'Private',
    year: 1921,
    kinds: ['edu'],
    summary:
      'Kingsgate School of Design is a London art and design school whose fashion graduates work at houses across Europe. Its graduate show is one of the fixtures of London Fashion Week.',
  },
  {
    slug: 'institut-delorme',
    title: 'Institut Delorme',
    noun: 'the school',
    city: 'Paris',
    country: 'France',
    industry: 'Education',
    size: '51-200',
    type: 'Education',
    ownership: 'Private',
    year: 1961,
    kinds: ['edu'],
    summary: 'Institut Delorme is a Paris fashion school offering programmes in design, pattern-cutting and fashion management.',
  },
  {
    slug: 'kestrel-management',
    title: 'Kestrel Management',
    noun: 'the agency',
    city: 'London',
    country: 'United Kingdom',
    industry: 'Model Management',
    size: '11-50',
    type: 'Agency',
    ownership: 'Private',
    year: 2008,
    kinds: ['agency', 'media'],
    summary:
      'Kestrel Management is a model and talent agency with offices in London and New York. It represents models, photographers and stylists.',
  },
  {
    slug: 'yuntu-live',
    title: 'Yuntu Live',
    noun: 'the company',
    city: 'Hangzhou',
    country: 'China',
    industry: 'Live Commerce',
    size: '201-1000',
    type: 'Technology',
    ownership: 'Private equity-backed',
    year: 2018,
    kinds: ['tech', 'china', 'agency'],
    summary: 'Yuntu Live runs livestream shopping channels and provides live-commerce services to international brands selling in China.',
  },
  {
    slug: 'beiyu',
    title: 'Beiyu',
    noun: 'the label',
    city: 'Shanghai',
    country: 'China',
    industry: 'Designer Fashion',
    size: '51-200',
    type: 'Brand',
    ownership: 'Private',
    year: 2017,
    kinds: ['designer', 'brand', 'china'],
    summary:
      'Beiyu is a Shanghai designer label known for reinterpreting traditional Chinese tailoring and textiles. It shows in Shanghai and Paris.',
  },
];

// ---------------------------------------------------------------------------------------------
// People. `role` is the in-text descriptor used after a name ("chief executive of ..."), and
// `org` ties a person to an organisation so that stories can quote the right people.
// ---------------------------------------------------------------------------------------------

interface PersonSeed {
  first: string;
  last: string;
  subtitle: string;
  role: string;
  summary: string;
  location: string;
  nat: readonly string[];
  category: 'Designer' | 'Executive' | 'Founder' | 'Creative Director' | 'Investor' | 'Model' | 'Editor';
  born: number;
  org: string | null;
  /** For people without an organisation: which topics they are natural commentators on. */
  topics?: readonly string[];
}

const PEOPLE: readonly PersonSeed[] = [
  {
    first: 'Hélène',
    last: 'Castel',
    subtitle: 'Chief Executive, Maison Verrier',
    role: 'chief executive of Maison Verrier',
    location: 'Paris',
    nat: ['France'],
    category: 'Executive',
    born: 1968,
    org: 'maison-verrier',
    summary:
      'Hélène Castel became the first chief executive of Maison Verrier from outside the founding family in 2022, after a career in fragrance and leather goods.',
  },
  {
    first: 'Aurélien',
    last: 'Verrier',
    subtitle: 'Chairman, Maison Verrier',
    role: 'chairman of Maison Verrier',
    location: 'Paris',
    nat: ['France'],
    category: 'Executive',
    born: 1946,
    org: 'maison-verrier',
    summary:
      "Aurélien Verrier is the great-grandson of the house's founder and has chaired its board since 1991. He remains closely involved in its jewellery business.",
  },
  {
    first: 'Matthias',
    last: 'Lenhart',
    subtitle: 'Creative Director, Maison Verrier',
    role: 'creative director of Maison Verrier',
    location: 'Paris',
    nat: ['Germany'],
    category: 'Creative Director',
    born: 1979,
    org: 'maison-verrier',
    summary: 'Matthias Lenhart has designed collections for Maison Verrier since 2023. He previously led menswear at two Italian houses.',
  },
  {
    first: 'Catherine',
    last: 'Ashdown',
    subtitle: 'Chief Executive, Halden & Co.',
    role: 'chief executive of Halden & Co.',
    location: 'London',
    nat: ['United Kingdom'],
    category: 'Executive',
    born: 1966,
    org: 'halden-co',
    summary:
      'Catherine Ashdown has led Halden & Co. since 2020, steering it through a restructuring of its wholesale business. She was previously a retail executive.',
  },
  {
    first: 'Oliver',
    last: 'Penrose',
    subtitle: 'Creative Director, Halden & Co.',
    role: 'creative director of Halden & Co.',
    location: 'London',
    nat: ['United Kingdom'],
    category: 'Creative Director',
    born: 1982,
    org: 'halden-co',
    summary: 'Oliver Penrose joined Halden & Co. from his own menswear label in 2023 and has refocused the brand on its outerwear archive.',
  },
  {
    first: 'Giulia',
    last: 'Orsolini',
    subtitle: 'President, Casa Orsolini',
    role: 'president of Casa Orsolini',
    location: 'Florence',
    nat: ['Italy'],
    category: 'Executive',
    born: 1949,
    org: 'casa-orsolini',
    summary: 'Giulia Orsolini is the granddaughter of the founder of Casa Orsolini and has led the family business for three decades.',
  },
  {
    first: 'Dario',
    last: 'Fenzi',
    subtitle: 'Creative Director, Casa Orsolini',
    role: 'creative director of Casa Orsolini',
    location: 'Florence',
    nat: ['Italy'],
    category: 'Creative Director',
    born: 1976,
    org: 'casa-orsolini',
    summary: "Dario Fenzi trained as a leather artisan before studying design. He has led Casa Orsolini's creative studio since 2019.",
  },
  {
    first: 'Anouk',
    last: 'Verbeek',
    subtitle: 'Artistic Director, Vautrin',
    role: 'artistic director of Vautrin',
    location: 'Paris',
    nat: ['Netherlands'],
    category: 'Creative Director',
    born: 1977,
    org: 'vautrin',
    summary:
      'Anouk Verbeek has been artistic director of Vautrin since 2021 and is credited with restoring its standing on the Paris calendar.',
  },
  {
    first: 'Sébastien',
    last: 'Marchal',
    subtitle: 'Chief Executive, Vautrin',
    role: 'chief executive of Vautrin',
    location: 'Paris',
    nat: ['France'],
    category: 'Executive',
    born: 1974,
    org: 'vautrin',
    summary:
      'Sébastien Marchal runs Vautrin and oversaw its expansion into Asia. He was formerly a banker specialising in consumer businesses.',
  },
  {
    first: 'Bertrand',
    last: 'Aubier',
    subtitle: 'Chairman and Chief Executive, Groupe Lisière',
    role: 'chairman and chief executive of Groupe Lisière',
    location: 'Paris',
    nat: ['France'],
    category: 'Executive',
    born: 1955,
    org: 'groupe-lisiere',
    summary:
      'Bertrand Aubier built Groupe Lisière through a long series of acquisitions. He is one of the most closely watched dealmakers in luxury.',
  },
  {
    first: 'Nadia',
    last: 'Cherkaoui',
    subtitle: 'Chief Financial Officer, Groupe Lisière',
    role: 'chief financial officer of Groupe Lisière',
    location: 'Paris',
    nat: ['France', 'Morocco'],
    category: 'Executive',
    born: 1975,
    org: 'groupe-lisiere',
    summary:
      "Nadia Cherkaoui has been Groupe Lisière's finance chief since 2018 and is widely seen as a potential successor to its chairman.",
  },
  {
    first: 'Adaeze',
    last: 'Okonkwo',
    subtitle: 'Founder and Creative Director, Okonkwo Studio',
    role: 'founder and creative director of Okonkwo Studio',
    location: 'London',
    nat: ['Nigeria', 'United Kingdom'],
    category: 'Designer',
    born: 1990,
    org: 'okonkwo-studio',
    summary:
      'Adaeze Okonkwo founded her label after graduating from Kingsgate School of Design. Her work combines British tailoring with textiles made by artisans in Lagos.',
  },
  {
    first: 'Layla',
    last: 'Haddad',
    subtitle: 'Founder and Designer, Noor Atelier',
    role: 'founder of Noor Atelier',
    location: 'Dubai',
    nat: ['Lebanon'],
    category: 'Designer',
    born: 1986,
    org: 'noor-atelier',
    summary: 'Layla Haddad founded Noor Atelier in Dubai and has built it into one of the Gulf’s best-known eveningwear labels.',
  },
  {
    first: 'Signe',
    last: 'Ekholm',
    subtitle: 'Founder and Creative Director, Ekholm',
    role: 'founder and creative director of Ekholm',
    location: 'Stockholm',
    nat: ['Sweden'],
    category: 'Founder',
    born: 1980,
    org: 'ekholm',
    summary:
      'Signe Ekholm started her brand with a single shop in Stockholm and remains its creative director after selling a majority stake to investors.',
  },
  {
    first: 'Johan',
    last: 'Lindqvist',
    subtitle: 'Chief Executive, Ekholm',
    role: 'chief executive of Ekholm',
    location: 'Stockholm',
    nat: ['Sweden'],
    category: 'Executive',
    born: 1972,
    org: 'ekholm',
    summary:
      'Johan Lindqvist joined Ekholm as chief executive in 2021. He previously ran international expansion for a Scandinavian furniture brand.',
  },
  {
    first: 'Federico',
    last: 'Tessaro',
    subtitle: 'Chief Executive, Tessaro',
    role: 'chief executive of Tessaro',
    location: 'Milan',
    nat: ['Italy'],
    category: 'Executive',
    born: 1970,
    org: 'tessaro',
    summary:
      'Federico Tessaro is the third generation of his family to run the Milanese knitwear company. He is also a board member of Italy’s main fashion trade body.',
  },
  {
    first: 'Kenji',
    last: 'Kuroda',
    subtitle: 'Designer, Atelier Kuroda',
    role: 'the designer behind Atelier Kuroda',
    location: 'Tokyo',
    nat: ['Japan'],
    category: 'Designer',
    born: 1965,
    org: 'atelier-kuroda',
    summary:
      'Kenji Kuroda founded his Tokyo menswear label in 1998. His technical approach to tailoring has influenced a generation of designers.',
  },
  {
    first: 'Maya',
    last: 'Goldfarb',
    subtitle: 'Co-founder and Chief Executive, Lune & Lark',
    role: 'co-founder and chief executive of Lune & Lark',
    location: 'New York',
    nat: ['United States'],
    category: 'Founder',
    born: 1988,
    org: 'lune-lark',
    summary:
      'Maya Goldfarb co-founded Lune & Lark in 2014 and has led its expansion from an online start-up into a business with stores across the US.',
  },
  {
    first: 'Daniel',
    last: 'Osei',
    subtitle: 'Co-founder and President, Lune & Lark',
    role: 'co-founder of Lune & Lark',
    location: 'New York',
    nat: ['United States', 'Ghana'],
    category: 'Founder',
    born: 1987,
    org: 'lune-lark',
    summary:
      'Daniel Osei co-founded Lune & Lark and oversees its product and supply chain. He started his career at a sourcing office in Hong Kong.',
  },
  {
    first: 'Grant',
    last: 'Whitaker',
    subtitle: 'Chief Executive, Marlowe Reed',
    role: 'chief executive of Marlowe Reed',
    location: 'Portland',
    nat: ['United States'],
    category: 'Executive',
    born: 1964,
    org: 'marlowe-reed',
    summary:
      'Grant Whitaker has led Marlowe Reed since 2019. He has spent his career in sportswear, including a long spell running its European business.',
  },
  {
    first: 'Rafael',
    last: 'Quintero',
    subtitle: 'Creative Director, Marlowe Reed',
    role: 'creative director of Marlowe Reed',
    location: 'Portland',
    nat: ['Mexico'],
    category: 'Creative Director',
    born: 1982,
    org: 'marlowe-reed',
    summary:
      'Rafael Quintero joined Marlowe Reed in 2024 to reposition its lifestyle lines. He previously designed for a Los Angeles streetwear label.',
  },
  {
    first: 'Eleanor',
    last: 'Fairbairn',
    subtitle: 'Managing Director, Ashcombe & Lowe',
    role: 'managing director of Ashcombe & Lowe',
    location: 'London',
    nat: ['United Kingdom'],
    category: 'Executive',
    born: 1971,
    org: 'ashcombe-lowe',
    summary: 'Eleanor Fairbairn has run Ashcombe & Lowe since 2021 and led the refurbishment of its West End flagship.',
  },
  {
    first: 'Marcus',
    last: 'Delaney',
    subtitle: 'Chief Executive, Corvin & Hale',
    role: 'chief executive of Corvin & Hale',
    location: 'New York',
    nat: ['United States'],
    category: 'Executive',
    born: 1967,
    org: 'corvin-hale',
    summary:
      'Marcus Delaney became chief executive of Corvin & Hale in 2023 with a mandate to restore profitability. He previously ran a national off-price chain.',
  },
  {
    first: 'Renée',
    last: 'Castillo',
    subtitle: 'Fashion Director, Corvin & Hale',
    role: 'fashion director of Corvin & Hale',
    location: 'New York',
    nat: ['United States'],
    category: 'Editor',
    born: 1978,
    org: 'corvin-hale',
    summary: 'Renée Castillo leads buying and fashion direction at Corvin & Hale. She is known for championing young American designers.',
  },
  {
    first: 'Arjun',
    last: 'Mehta',
    subtitle: 'Founder and Chief Executive, Vireo',
    role: 'founder and chief executive of Vireo',
    location: 'London',
    nat: ['India', 'United Kingdom'],
    category: 'Founder',
    born: 1981,
    org: 'vireo',
    summary:
      'Arjun Mehta founded Vireo in 2009 and took it public a decade later. He remains its chief executive and largest individual shareholder.',
  },
  {
    first: 'Camille',
    last: 'Bertrand',
    subtitle: 'Founder, Salon Parade',
    role: 'founder of the Paris boutique Salon Parade',
    location: 'Paris',
    nat: ['France'],
    category: 'Founder',
    born: 1970,
    org: 'salon-parade',
    summary: 'Camille Bertrand opened Salon Parade in 2001. She is regarded as one of the most influential independent buyers in Europe.',
  },
  {
    first: 'Qiuyue',
    last: 'Lin',
    subtitle: 'Chairwoman, Qingyun Group',
    role: 'chairwoman of Qingyun Group',
    location: 'Shanghai',
    nat: ['China'],
    category: 'Executive',
    born: 1963,
    org: 'qingyun-group',
    summary:
      'Qiuyue Lin has chaired Qingyun Group since 2010 and led its transformation from a regional department store operator into a major luxury landlord.',
  },
  {
    first: 'Hannah',
    last: 'Kessler',
    subtitle: 'Founder and Chief Executive, Second Circle',
    role: 'founder and chief executive of Second Circle',
    location: 'San Francisco',
    nat: ['United States'],
    category: 'Founder',
    born: 1984,
    org: 'second-circle',
    summary:
      'Hannah Kessler founded Second Circle after working in luxury merchandising. She is a prominent advocate for brand-run resale.',
  },
  {
    first: 'Margaux',
    last: 'Levasseur',
    subtitle: 'Chief Executive, Célestine Beauté',
    role: 'chief executive of Célestine Beauté',
    location: 'Paris',
    nat: ['France'],
    category: 'Executive',
    born: 1972,
    org: 'celestine-beaute',
    summary:
      'Margaux Levasseur has led Célestine Beauté since 2021, pushing the group further into dermatological skincare and fine fragrance.',
  },
  {
    first: 'Jessica',
    last: 'Tran',
    subtitle: 'Founder, Fable Skin',
    role: 'founder of Fable Skin',
    location: 'Los Angeles',
    nat: ['United States'],
    category: 'Founder',
    born: 1989,
    org: 'fable-skin',
    summary: 'Jessica Tran started Fable Skin from her apartment in 2017. She previously worked as a cosmetic chemist.',
  },
  {
    first: 'Hye-rin',
    last: 'Choi',
    subtitle: 'Chief Executive, Hanari',
    role: 'chief executive of Hanari',
    location: 'Seoul',
    nat: ['South Korea'],
    category: 'Executive',
    born: 1975,
    org: 'hanari',
    summary: 'Hye-rin Choi has run Hanari since 2018 and led its expansion into the US and Europe.',
  },
  {
    first: 'Mei Lin',
    last: 'Ong',
    subtitle: 'Chief Creative Officer, Hanari',
    role: 'chief creative officer of Hanari',
    location: 'Seoul',
    nat: ['Singapore'],
    category: 'Creative Director',
    born: 1985,
    org: 'hanari',
    summary:
      'Mei Lin Ong oversees packaging, product design and campaigns at Hanari. She joined the company from a Singapore design studio.',
  },
  {
    first: 'Tariq',
    last: 'Al-Mansouri',
    subtitle: 'Founder and Perfumer, Oud & Ember',
    role: 'founder and perfumer of Oud & Ember',
    location: 'London',
    nat: ['United Arab Emirates', 'United Kingdom'],
    category: 'Founder',
    born: 1983,
    org: 'oud-ember',
    summary:
      'Tariq Al-Mansouri trained as a perfumer in Grasse before founding Oud & Ember. His fragrances draw on Gulf traditions and British gardens.',
  },
  {
    first: 'Anika',
    last: 'Sørensen',
    subtitle: 'Co-founder and Chief Executive, Weftline',
    role: 'co-founder and chief executive of Weftline',
    location: 'London',
    nat: ['Denmark'],
    category: 'Founder',
    born: 1987,
    org: 'weftline',
    summary:
      'Anika Sørensen co-founded Weftline after working as a data scientist at a large retailer. She writes and speaks widely on demand forecasting.',
  },
  {
    first: 'Pieter',
    last: 'van Aalst',
    subtitle: 'Founder, Provenant',
    role: 'founder of Provenant',
    location: 'Amsterdam',
    nat: ['Netherlands'],
    category: 'Founder',
    born: 1985,
    org: 'provenant',
    summary:
      'Pieter van Aalst founded Provenant to make supply-chain data usable by brands and regulators. He previously worked in logistics software.',
  },
  {
    first: 'Lena',
    last: 'Hoffmann',
    subtitle: 'Chief Executive, Mesure',
    role: 'chief executive of Mesure',
    location: 'Berlin',
    nat: ['Germany'],
    category: 'Founder',
    born: 1986,
    org: 'mesure',
    summary:
      'Lena Hoffmann co-founded Mesure after a doctorate in computer vision. The company’s software is used by online retailers across Europe.',
  },
  {
    first: 'Marco',
    last: 'Bruneri',
    subtitle: 'Chief Executive, Lanificio Bruneri',
    role: 'chief executive of Lanificio Bruneri',
    location: 'Biella',
    nat: ['Italy'],
    category: 'Executive',
    born: 1962,
    org: 'lanificio-bruneri',
    summary:
      'Marco Bruneri runs the wool mill his great-grandfather founded. He has invested heavily in energy efficiency and traceable sourcing.',
  },
  {
    first: 'Rui',
    last: 'Azevedo',
    subtitle: 'Managing Director, Fábrica Azevedo',
    role: 'managing director of Fábrica Azevedo',
    location: 'Porto',
    nat: ['Portugal'],
    category: 'Executive',
    born: 1960,
    org: 'fabrica-azevedo',
    summary:
      'Rui Azevedo has run his family’s footwear factory for more than twenty years and speaks frequently on behalf of Portuguese manufacturers.',
  },
  {
    first: 'Farhana',
    last: 'Chowdhury',
    subtitle: 'Managing Director, Aranya Apparel',
    role: 'managing director of Aranya Apparel',
    location: 'Dhaka',
    nat: ['Bangladesh'],
    category: 'Executive',
    born: 1974,
    org: 'aranya-apparel',
    summary:
      'Farhana Chowdhury leads Aranya Apparel, one of the larger knitwear exporters in Bangladesh, and has pushed for fairer purchasing terms from brands.',
  },
  {
    first: 'Theo',
    last: 'Marchbank',
    subtitle: 'Chief Creative Officer, Hollis Ward',
    role: 'chief creative officer of the agency Hollis Ward',
    location: 'London',
    nat: ['United Kingdom'],
    category: 'Creative Director',
    born: 1978,
    org: 'hollis-ward',
    summary: 'Theo Marchbank leads creative work at Hollis Ward, where he has made campaigns for luxury, beauty and sportswear clients.',
  },
  {
    first: 'Vivienne',
    last: 'Ashford',
    subtitle: 'Editor-in-Chief, Sable (Larchmont House)',
    role: 'editor-in-chief of Sable, the Larchmont House fashion monthly',
    location: 'New York',
    nat: ['United Kingdom', 'United States'],
    category: 'Editor',
    born: 1960,
    org: 'larchmont-house',
    summary: 'Vivienne Ashford has edited Sable for fifteen years and is one of the most influential editors in American fashion.',
  },
  {
    first: 'Amara',
    last: 'Nwosu',
    subtitle: 'Dean of Fashion, Kingsgate School of Design',
    role: 'dean of fashion at Kingsgate School of Design',
    location: 'London',
    nat: ['Nigeria', 'United Kingdom'],
    category: 'Executive',
    born: 1970,
    org: 'kingsgate-school',
    summary:
      'Amara Nwosu leads the fashion school at Kingsgate. A former designer, she has overhauled its curriculum to include business and technology.',
  },
  {
    first: 'Étienne',
    last: 'Fournier',
    subtitle: 'Director, Institut Delorme',
    role: 'director of Institut Delorme',
    location: 'Paris',
    nat: ['France'],
    category: 'Executive',
    born: 1958,
    org: 'institut-delorme',
    summary: 'Étienne Fournier has run Institut Delorme since 2012 and sits on several industry training boards in France.',
  },
  {
    first: 'Zara',
    last: 'Whitlock',
    subtitle: 'Founder, Kestrel Management',
    role: 'founder of Kestrel Management',
    location: 'London',
    nat: ['United Kingdom'],
    category: 'Founder',
    born: 1976,
    org: 'kestrel-management',
    summary: 'Zara Whitlock founded Kestrel Management after a career as a booker. The agency is known for developing new faces.',
  },
  {
    first: 'Haoran',
    last: 'Zhou',
    subtitle: 'Founder, Yuntu Live',
    role: 'founder of the live-commerce company Yuntu Live',
    location: 'Hangzhou',
    nat: ['China'],
    category: 'Founder',
    born: 1990,
    org: 'yuntu-live',
    summary: 'Haoran Zhou founded Yuntu Live in 2018. The company now runs livestream channels for dozens of international brands.',
  },
  {
    first: 'Ruoxi',
    last: 'Wen',
    subtitle: 'Founder and Creative Director, Beiyu',
    role: 'founder and creative director of Beiyu',
    location: 'Shanghai',
    nat: ['China'],
    category: 'Designer',
    born: 1988,
    org: 'beiyu',
    summary:
      'Ruoxi Wen studied in Paris and founded Beiyu in Shanghai in 2017. She is one of the most prominent designers of China’s new generation.',
  },
  {
    first: 'Liang',
    last: 'Xu',
    subtitle: 'General Manager, Jinling Silk Works',
    role: 'general manager of Jinling Silk Works',
    location: 'Suzhou',
    nat: ['China'],
    category: 'Executive',
    born: 1968,
    org: 'jinling-silk',
    summary: 'Liang Xu runs Jinling Silk Works and has moved the company from contract weaving into developing its own fabrics.',
  },
  // People without an organisation in the catalogue: investors, models, editors, designers.
  {
    first: 'Amina',
    last: 'Diallo',
    subtitle: 'Model',
    role: 'the model',
    location: 'Paris',
    nat: ['Senegal', 'France'],
    category: 'Model',
    born: 1998,
    org: null,
    topics: ['fashion-week', 'marketing', 'media', 'workplace'],
    summary: 'Amina Diallo has walked for most of the Paris houses and is an outspoken advocate for better working conditions for models.',
  },
  {
    first: 'Freja',
    last: 'Nordahl',
    subtitle: 'Model and Activist',
    role: 'the model and climate campaigner',
    location: 'Copenhagen',
    nat: ['Denmark'],
    category: 'Model',
    born: 1996,
    org: null,
    topics: ['sustainability', 'fashion-week', 'marketing'],
    summary: 'Freja Nordahl is a Danish model who campaigns on fashion’s environmental footprint.',
  },
  {
    first: 'Kai',
    last: 'Matsumoto',
    subtitle: 'Model',
    role: 'the model',
    location: 'New York',
    nat: ['Japan', 'United States'],
    category: 'Model',
    born: 1997,
    org: null,
    topics: ['fashion-week', 'media', 'marketing'],
    summary: 'Kai Matsumoto is a Japanese-American model who has appeared in campaigns for several luxury brands.',
  },
  {
    first: 'Richard',
    last: 'Onslow',
    subtitle: 'Managing Partner, Calder Row Capital',
    role: 'managing partner at Calder Row Capital, which invests in consumer brands',
    location: 'London',
    nat: ['United Kingdom'],
    category: 'Investor',
    born: 1959,
    org: null,
    topics: ['luxury', 'retail', 'analysis', 'news', 'bof-insights', 'case-studies'],
    summary:
      'Richard Onslow co-founded Calder Row Capital, a private equity firm that has backed fashion, beauty and retail businesses in Europe.',
  },
  {
    first: 'Isabel',
    last: 'Moreno-Vidal',
    subtitle: 'Partner, Solara Ventures',
    role: 'a partner at Solara Ventures, an early-stage investor in consumer technology',
    location: 'Madrid',
    nat: ['Spain'],
    category: 'Investor',
    born: 1973,
    org: null,
    topics: ['technology', 'beauty', 'sustainability', 'analysis', 'bof-insights'],
    summary:
      'Isabel Moreno-Vidal invests in fashion and beauty technology companies. She previously worked in strategy at a global beauty group.',
  },
  {
    first: 'Jonathan',
    last: 'Sato',
    subtitle: 'Founder, Pell Street Partners',
    role: 'founder of the advisory firm Pell Street Partners',
    location: 'New York',
    nat: ['United States'],
    category: 'Investor',
    born: 1969,
    org: null,
    topics: ['luxury', 'retail', 'china', 'analysis', 'news', 'case-studies'],
    summary:
      'Jonathan Sato advises luxury and retail companies on mergers and acquisitions. He previously led consumer investment banking at a global bank.',
  },
  {
    first: 'Claudine',
    last: 'Roche',
    subtitle: 'Fashion Critic and Author',
    role: 'the Paris-based critic and author',
    location: 'Paris',
    nat: ['France'],
    category: 'Editor',
    born: 1963,
    org: null,
    topics: ['fashion-week', 'media', 'luxury', 'opinion'],
    summary: 'Claudine Roche has written about fashion for more than thirty years and is the author of several books on French couture.',
  },
  {
    first: 'Marcus',
    last: 'Oyelaran',
    subtitle: 'Editor, The Seam',
    role: 'editor of the independent fashion newsletter The Seam',
    location: 'London',
    nat: ['Nigeria', 'United Kingdom'],
    category: 'Editor',
    born: 1980,
    org: null,
    topics: ['media', 'marketing', 'fashion-week', 'opinion'],
    summary: 'Marcus Oyelaran runs The Seam, a subscription newsletter about fashion and culture with a large professional readership.',
  },
  {
    first: 'Ottilie',
    last: 'Brandt',
    subtitle: 'Designer, Brandt Berlin',
    role: 'the Berlin designer',
    location: 'Berlin',
    nat: ['Germany'],
    category: 'Designer',
    born: 1991,
    org: null,
    topics: ['fashion-week', 'sustainability', 'workplace'],
    summary: 'Ottilie Brandt designs a small Berlin label built on deadstock fabrics and made-to-order production.',
  },
  {
    first: 'Yusuf',
    last: 'Demir',
    subtitle: 'Designer',
    role: 'the Istanbul-born designer',
    location: 'Istanbul',
    nat: ['Turkey'],
    category: 'Designer',
    born: 1984,
    org: null,
    topics: ['fashion-week', 'luxury', 'workplace'],
    summary:
      'Yusuf Demir runs a womenswear label from Istanbul and shows in Paris. He previously worked in the studios of two French houses.',
  },
  {
    first: 'Tomás',
    last: 'Echeverría',
    subtitle: 'Designer',
    role: 'the Argentine designer',
    location: 'Buenos Aires',
    nat: ['Argentina'],
    category: 'Designer',
    born: 1979,
    org: null,
    topics: ['fashion-week', 'sustainability', 'marketing'],
    summary: 'Tomás Echeverría designs menswear made with Patagonian wool and shows in Milan.',
  },
  {
    first: 'Kwabena',
    last: 'Ofori',
    subtitle: 'Designer',
    role: 'the Accra-based designer',
    location: 'Accra',
    nat: ['Ghana'],
    category: 'Designer',
    born: 1989,
    org: null,
    topics: ['fashion-week', 'workplace', 'sustainability'],
    summary: 'Kwabena Ofori is a designer whose tailoring draws on Ghanaian weaving traditions. He won a major industry prize in 2024.',
  },
  {
    first: 'Beatrix',
    last: 'Lowell',
    subtitle: 'Designer Emerita',
    role: 'the veteran American designer',
    location: 'New York',
    nat: ['United States'],
    category: 'Designer',
    born: 1944,
    org: null,
    topics: ['fashion-week', 'workplace', 'opinion', 'luxury'],
    summary: 'Beatrix Lowell ran her own New York label for four decades before selling it in 2015. She mentors young designers.',
  },
];

// ---------------------------------------------------------------------------------------------
// Story templates. Each topic has a dozen hand-written stories: a headline, a standfirst and a
// bespoke opening (lede). Slots in {braces} are filled per story; [a|b] picks one variant.
//
//   {org} {org2}            organisation names (the story's subject and a second company)
//   {orgNoun} {OrgNoun}     second mention of {org}: "the house" / "The house"
//   {person} {personRole}   a person and their descriptor; {personLast} is the surname
//   {person2} ...           a second voice (investor, critic, peer)
//   {city} {country}        where {org} is based; {otherCity} some other fashion capital
//   {season} {market}       a show season and an international market, fixed per story
//   {founded}               the founding year of {org}
//   {pct} {pctSmall} {pctBig} {pts} {share} {num} {stores} {respondents}
//   {money} {moneyM} {headcount} {roles} {showCost} {org2Value}   scaled to the organisation's size
//   {industryMoney}   an industry-wide sum
//   {bagPrice} {beautyPrice} {orderValue} {entryPrice} {postFee}   prices, in the subject's currency
//   {year} {months} {weekday} {quarter}   figures, drawn fresh at each use
//
// `o` / `o2` constrain which organisations may fill {org} / {org2}: kinds, or '@slug'.
// `pa` asks for {person} to work at {org}. `t` adds secondary topics; `m` sets the media type.
// ---------------------------------------------------------------------------------------------

type OrgConstraint = OrgKind | `@${string}`;

interface StoryTemplate {
  h: string;
  s: string;
  l: string;
  o?: readonly OrgConstraint[];
  o2?: readonly OrgConstraint[];
  pa?: boolean;
  t?: readonly string[];
  m?: StoryMediaType;
}

const STORY_TEMPLATES: Readonly<Record<string, readonly StoryTemplate[]>> = {
  news: [
    {
      h: '{org} Names New Chief Executive as Founder Steps Back',
      o: ['@okonkwo-studio', '@noor-atelier', '@lune-lark', '@fable-skin', '@oud-ember', '@beiyu', '@second-circle'],
      s: "The appointment ends a search that lasted most of the year and, for the first time in {orgNoun}'s history, hands day-to-day control to someone from outside its founding circle.",
      l: '{org} has appointed a new chief executive, ending a months-long search and marking the first time the business will be run by someone who did not help start it. The founder will remain on the board and keep responsibility for product and creative direction.',
    },
    {
      h: '{org} Sales Slow Sharply as Aspirational Shoppers Pull Back',
      o: ['lux', 'group'],
      t: ['luxury'],
      s: 'Revenue grew just {pctSmall} at constant exchange rates in the {quarter}, with management pointing to weaker demand from occasional buyers in the US and China.',
      l: '{org} reported its slowest growth in more than three years on {weekday}, as shoppers who buy luxury once or twice a year continued to retreat. Organic revenue rose {pctSmall} in the {quarter}, short of the consensus forecast compiled by the company, and the shares fell in early trading.',
    },
    {
      h: '{org} to Close {stores} Stores in Restructuring Plan',
      o: ['@halden-co', '@marlowe-reed', '@ekholm', '@lune-lark', '@corvin-hale'],
      t: ['retail'],
      s: 'The closures, concentrated in secondary cities and outlet centres, are part of a wider effort to lift profitability before a refinancing next year.',
      l: '{org} will close {stores} stores over the next {months}, the company said on {weekday}, as it retreats from secondary locations and concentrates investment on a smaller number of larger shops. The closures will affect roughly {roles} roles, some of which will be offered redeployment elsewhere in the business.',
    },
    {
      h: '{org} Agrees to Buy Majority Stake in {org2}',
      o: ['@groupe-lisiere', '@celestine-beaute'],
      o2: ['designer', 'beauty', 'dtc'],
      s: 'The deal, which people familiar with the matter say values the smaller company at around {org2Value}, gives the buyer a foothold in a category where it has long been underweight.',
      l: '{org} has agreed to buy a 60 percent stake in {org2}, in a transaction that people familiar with the terms said values the business at around {org2Value} including debt. The founders will keep the remaining shares and stay in their roles for at least five years.',
    },
    {
      h: 'Tariff Uncertainty Pushes Brands to Rethink Sourcing, Again',
      o: ['@lune-lark', '@marlowe-reed', '@ekholm', '@halden-co'],
      o2: ['maker'],
      t: ['sustainability'],
      s: 'Executives say the latest round of trade measures has revived contingency plans drawn up years ago, with Portugal, Morocco and Turkey the likeliest beneficiaries.',
      l: 'Sourcing teams at {org} and several of its peers have spent the past month reopening supplier files they thought they had closed for good. The latest round of tariff proposals, announced with little notice and less detail, has revived near-shoring plans across the mid-market.',
    },
    {
      h: '{org} Files for Listing in a Test of Investor Appetite',
      o: ['@lune-lark', '@second-circle', '@ekholm'],
      s: 'The offering would be one of the largest fashion listings in two years and will show whether public markets are once again prepared to pay for growth.',
      l: "{org} has filed for an initial public offering, according to a statement issued on {weekday}, setting up what would be the sector's most closely watched listing in two years. Bankers working on the deal are said to be targeting a valuation of more than {money}.",
    },
    {
      h: 'Paris Prosecutors Open Inquiry Into Online Counterfeit Network',
      o: ['lux'],
      t: ['luxury', 'technology'],
      s: 'The investigation, triggered by complaints from {org} and other houses, targets a ring that used paid social advertising to sell copies at near-retail prices.',
      l: 'Prosecutors in Paris have opened an inquiry into a counterfeiting network that sold copies of handbags and small leather goods through a web of social media storefronts, following complaints by {org} and at least three other houses. The copies were priced close enough to the originals to pass as genuine.',
    },
    {
      h: '{org} Raises {moneyM} to Take Its Business Offline',
      o: ['@fable-skin', '@oud-ember'],
      t: ['retail'],
      s: 'The round, led by existing investors, will fund a push into wholesale and a first wave of permanent stores in North America and Europe.',
      l: '{org} has raised {moneyM} in a round led by its existing backers, money the company says will pay for its first sustained move into physical retail. The business, which built its following online, plans to open as many as {stores} stores over the next three years.',
    },
    {
      h: 'Garment Workers in {city} Walk Out Over Unpaid Overtime',
      o: ['@aranya-apparel'],
      t: ['sustainability', 'workplace'],
      s: 'The stoppage at a supplier to several European brands has renewed scrutiny of purchasing practices that leave factories little room to raise wages.',
      l: 'Several hundred workers at a {org} facility on the outskirts of {city} stopped work this week over what they described as months of unpaid overtime. The factory makes knitwear and jersey for a number of European and American brands, two of which said they were investigating.',
    },
    {
      h: '{org} Reports First Annual Loss in Its History',
      o: ['@lune-lark', '@ekholm'],
      t: ['retail'],
      s: 'A costly store expansion and heavy discounting in the final quarter erased profits at a company once held up as a model of disciplined growth.',
      l: '{org} swung to an annual operating loss of {moneyM}, the first since it was founded, after an ambitious store opening programme collided with a sharp slowdown in full-price sales. The company said it would pause new openings and review its cost base.',
    },
    {
      h: 'EU Finalises Rules on the Destruction of Unsold Clothing',
      t: ['sustainability'],
      s: 'Large companies will have to disclose how much unsold stock they discard and why, with an outright ban on destruction following in phases.',
      l: 'European lawmakers have finalised rules that will require large fashion companies to disclose how much unsold inventory they destroy, a step towards an outright ban that will be phased in over the next two years. {org} is among the companies that said they would comply ahead of schedule.',
    },
    {
      h: '{org} Shares Jump as New Management Sets Out Turnaround Plan',
      o: ['@halden-co', '@corvin-hale', '@marlowe-reed'],
      s: 'Investors welcomed a plan that trims the store network, simplifies the product range and sets a margin target the company last reached five years ago.',
      l: 'Shares in {org} rose as much as {pct} on {weekday} after management set out a three-year plan to restore margins, including fewer stores, a narrower assortment and a sharper focus on the products that built the brand. It was the biggest one-day gain in the stock since 2020.',
    },
  ],

  analysis: [
    {
      h: 'Why Mid-Tier Luxury Is Losing Its Middle',
      o: ['brand', 'lux'],
      t: ['luxury'],
      s: 'Brands priced between the megahouses and the high street are being squeezed from both directions. The ones that survive will have to pick a side.',
      l: 'For most of the past decade, the space between the megabrands and the high street was a comfortable place to do business. Labels such as {org} could charge a few hundred euros for a sweater and rely on a steady flow of upwardly mobile shoppers. That flow has slowed to a trickle.',
    },
    {
      h: "The Hidden Cost of Wholesale's Comeback",
      o: ['brand', 'lux'],
      o2: ['dept'],
      t: ['retail'],
      s: 'After years of pulling back from department stores, brands are quietly returning. The margins look worse on paper; the arithmetic underneath is more complicated.',
      l: 'Three years ago, {org} was proud of how little it depended on wholesale. Today it is reopening accounts it once closed, including a large one with {org2}, and executives at several rival brands describe a similar change of heart.',
    },
    {
      h: "What the Luxury Slowdown Means for Italy's Suppliers",
      o: ['@lanificio-bruneri'],
      o2: ['lux'],
      t: ['luxury', 'sustainability'],
      s: 'Mills and workshops that grew on the back of big-brand orders are facing their toughest year since 2020, and consolidation is accelerating.',
      l: "Across Italy's manufacturing districts, from the wool mills of {city} to the leather workshops around Florence, the slowdown is measured not in share prices but in empty workbenches. Suppliers such as {org} say orders from the largest houses have fallen sharply this year.",
    },
    {
      h: 'Inside the Economics of a Runway Show',
      o: ['lux', 'designer'],
      t: ['fashion-week'],
      s: "A ten-minute show can cost more than a small brand's annual marketing budget. We broke down where the money goes, and what it buys.",
      l: "A runway show at {org}'s scale can cost several million euros once venue, set, casting, hair, make-up and travel are counted. For an independent designer the bill is smaller, but as a share of revenue it can be far larger, and the return far harder to measure.",
    },
    {
      h: 'Resale Was Supposed to Be a Growth Story. What Happened?',
      o: ['@second-circle', '@vireo'],
      t: ['retail', 'sustainability'],
      s: 'Second-hand platforms promised to ride a structural shift in consumer behaviour. The shift happened; the profits mostly did not.',
      l: 'When {org} raised its last big funding round, the pitch was simple: younger shoppers would buy second-hand by default, and whoever owned that transaction would own the future. The first half of that prediction has largely come true. The second half has proved much harder.',
    },
    {
      h: 'The Quiet Return of the Logo',
      o: ['dept'],
      o2: ['lux'],
      t: ['luxury', 'marketing'],
      s: 'After several seasons of so-called quiet luxury, branding is creeping back onto products. Sales data suggests it never really went away.',
      l: 'Walk through the ground floor of {org} and the shift is plain to see: monograms are back on canvas, hardware has grown larger and logos have migrated from the lining to the outside. Buyers say the change began about a year ago and has gathered pace since the summer.',
    },
    {
      h: "Why Fashion's Best Performers Are Making Fewer Things",
      o: ['brand', 'dtc'],
      t: ['retail'],
      s: 'Tighter assortments, deeper buys and fewer markdowns have become the clearest dividing line between the winners and everybody else.',
      l: "When {org} cut its assortment by roughly a third two years ago, its own merchants expected sales to fall with it. Instead, full-price sell-through improved and markdowns shrank, a pattern now visible across the industry's strongest performers.",
    },
    {
      h: 'Is Price Fatigue Finally Catching Up With Luxury?',
      o: ['lux'],
      t: ['luxury'],
      s: 'The cost of a core handbag has risen by more than half since 2019. Shoppers are starting to push back, and houses are running out of room.',
      l: 'The price of a medium-sized leather handbag at {org} has risen by more than 50 percent in six years, well ahead of inflation and, increasingly, ahead of what many of its clients are prepared to pay. Sales associates say they now hear about price in conversations where it never used to come up.',
    },
    {
      h: "The Growing Divide Between Beauty's Giants and Its Upstarts",
      o: ['@celestine-beaute', '@hanari'],
      o2: ['beauty'],
      t: ['beauty'],
      s: 'Independent brands continue to take share, but the big groups are buying their way back into growth, and paying more for the privilege.',
      l: "For every independent skincare brand that breaks through, a larger group is usually waiting with a term sheet. {org}'s recent deals show how the industry's incumbents have learned to buy innovation rather than compete with it, and why that strategy is becoming more expensive.",
    },
    {
      h: "What Travel Retail's Slow Recovery Says About the Chinese Shopper",
      o: ['lux', 'beauty'],
      t: ['china', 'retail'],
      s: 'Airport sales have not returned to their pre-pandemic peak and may never do so. The reasons say a great deal about how Chinese consumers now shop.',
      l: 'Duty-free was once the most reliable channel in luxury and beauty, powered by tour groups that filled airport boutiques from Seoul to Paris. Executives at {org} now describe it as a business that needs to be rebuilt rather than recovered.',
    },
    {
      h: 'Markdown Season Is Starting Earlier Every Year',
      o: ['dept', 'marketplace'],
      t: ['retail'],
      s: 'Promotions that once began after Christmas now start before Halloween. Retailers say they have no choice; brands say it is undoing everything they have built.',
      l: 'This year the first significant markdowns at {org} appeared in the last week of October, nearly two months ahead of the traditional start of the sale season. Competitors matched them within days, and several brands complained privately that their products had been discounted without warning.',
    },
    {
      h: "Can Heritage Brands Win Over Shoppers Who Don't Care About Heritage?",
      o: ['lux'],
      t: ['luxury', 'marketing'],
      s: 'A long history once justified a premium. Younger customers are more interested in what a brand stands for today than in what it did a century ago.',
      l: 'For a brand like {org}, founded in {founded}, history has always been part of the product. The difficulty is that the shoppers it most needs to reach were born after the internet arrived and are unmoved by a founding date stitched into a label.',
    },
  ],

  opinion: [
    {
      h: 'Fashion Has a Middle-Management Problem',
      t: ['workplace'],
      s: 'The industry promotes brilliant designers and merchants into jobs that demand entirely different skills, then wonders why its companies struggle to execute.',
      l: 'Every fashion company I know has a version of the same story: a gifted merchant, promoted to run a team of twenty, who quietly becomes the bottleneck for everything. It is not a personal failing. It is a structural one, and {org} is far from the only offender.',
    },
    {
      h: 'Stop Calling It Quiet Luxury',
      o: ['lux'],
      t: ['luxury'],
      s: 'The label flattered a handful of brands and misled everyone else about what customers actually want.',
      l: 'The phrase quiet luxury has done a great deal of work in recent years, most of it in the service of selling very expensive beige knitwear. It is time to retire it. What customers of houses like {org} responded to was never silence; it was quality they could feel.',
    },
    {
      h: 'The Creative Director Carousel Is Bad for Business',
      o: ['lux'],
      t: ['luxury'],
      s: 'Appointments now arrive with a built-in expiry date. Houses should think harder about what they ask of their designers, and for how long.',
      l: "When {org} announced its latest creative appointment, the first question from analysts was not about the designer's vision but about the length of the contract. That tells you most of what you need to know about the state of the job.",
    },
    {
      h: 'Sustainability Reporting Has Become a Compliance Exercise. Good.',
      o: ['brand', 'lux'],
      t: ['sustainability'],
      s: 'Less storytelling and more spreadsheets is exactly what the industry needed.',
      l: 'A few years ago, sustainability reports were glossy brochures full of meadows and hands holding seedlings. Now they read like tax filings, and the people who write them at companies such as {org} complain bitterly about the workload. They should take it as a sign of success.',
    },
    {
      h: 'Department Stores Deserve One More Chance',
      o: ['dept'],
      t: ['retail'],
      s: 'Written off more times than anyone can count, the best of them are quietly becoming what brands need most: a place to meet customers they cannot reach alone.',
      l: 'I have lost count of the number of times the department store has been declared dead. Yet walk into {org} on a Saturday afternoon and you will find something that no brand website can replicate: strangers trying things on next to each other, and enjoying it.',
    },
    {
      h: 'Brands Should Stop Trying to Be Everywhere',
      o: ['brand', 'beauty', 'dtc'],
      t: ['marketing'],
      s: 'A presence on every channel is not a strategy. The companies that do best online are the ones that choose.',
      l: "Somewhere in {org}'s offices, as in most fashion companies, there is a slide listing every platform on which the brand supposedly must be present. It is almost always too long, and the people asked to fill those channels know it.",
    },
    {
      h: "The Industry Still Doesn't Take Sizing Seriously",
      o: ['dtc', 'brand', 'marketplace'],
      t: ['technology'],
      s: 'Returns, waste and customer frustration all begin with a problem fashion has had the tools to fix for years.',
      l: 'Ask anyone who has ordered the same trousers in three sizes and sent two back, and they will tell you that sizing is broken. Ask the industry and it will point to its return rates, which is the same answer expressed in money. {org} is hardly alone in treating it as a cost of doing business.',
    },
    {
      h: 'Fashion Weeks Need Fewer Shows, Not More',
      o: ['lux', 'designer'],
      t: ['fashion-week'],
      s: 'An overcrowded calendar serves neither the brands that pay for it nor the audiences it is meant to reach.',
      l: "Paris this season had more than a hundred shows and presentations on the official schedule, and many more off it. I saw a great number of them. I could not tell you what most of them were for, although {org}'s was a welcome exception.",
    },
    {
      h: 'What the Next Generation of Leaders Gets Right',
      pa: true,
      o: ['designer', 'dtc', 'tech', 'beauty'],
      t: ['workplace'],
      s: 'Younger executives tend to be more transparent, more collaborative and less attached to hierarchy. The old guard should pay attention.',
      l: 'Some of the most impressive people I have met this year are under forty and run businesses that look nothing like the companies in which they trained. {person}, {personRole}, is one of them, and the way {org} is run says a good deal about where the industry is heading.',
    },
    {
      h: "Beauty's Science Claims Have Gone Too Far",
      o: ['beauty'],
      t: ['beauty'],
      s: 'The language of the laboratory has become a marketing style, and consumers are learning to tune it out.',
      l: 'Every second skincare launch now arrives with a percentage, a molecule and a clinical study of forty people. Few of those claims would survive a conversation with a working dermatologist, and {org} is far from the worst offender.',
    },
    {
      h: "Luxury's China Problem Is Really a Product Problem",
      o: ['lux'],
      t: ['china', 'luxury'],
      s: 'Blaming the macroeconomy lets houses off the hook. Chinese shoppers have simply found better things to buy.',
      l: 'Listen to a luxury earnings call this year and you will hear a great deal about Chinese consumer confidence. You will hear far less about whether the products on offer, including many at {org}, are still worth what they cost.',
    },
    {
      h: 'In Praise of the Small, Profitable Brand',
      o: ['designer'],
      t: ['retail'],
      s: 'Not every label needs to become a global house. Some of the healthiest businesses in fashion have decided to stay small on purpose.',
      l: '{org} will never be a billion-dollar brand, and its founder seems perfectly content with that. In an industry that measures everything by scale, that makes the label unusual, and, I would argue, rather admirable.',
    },
  ],

  luxury: [
    {
      h: "Inside {org}'s Bet on Clienteling",
      o: ['lux'],
      s: 'The house is retraining thousands of sales associates to manage relationships rather than transactions, and paying them differently as a result.',
      l: "In {orgNoun}'s {city} flagship, the most valuable person on the shop floor may no longer be the one with the highest takings. Under a programme rolled out over the past year, {org} now rewards associates for the clients they keep rather than simply the amount they sell.",
    },
    {
      h: '{org} Wants to Be More Than a Handbag Brand',
      o: ['@maison-verrier', '@casa-orsolini', '@halden-co'],
      s: 'Ready-to-wear, homeware and hospitality are all part of a plan to reduce dependence on leather goods. Execution will be everything.',
      l: "Leather goods account for roughly two-thirds of {org}'s sales, a concentration that has served the company well in good years and exposed it badly in weaker ones. Management now wants to change that balance without diluting what made the brand desirable in the first place.",
    },
    {
      h: 'The Jewellery Boom Has a Catch',
      o: ['@maison-verrier', '@groupe-lisiere'],
      s: 'Hard luxury has outperformed fashion for three years running, but the growth is concentrated in a handful of long-established designs.',
      l: "Fine jewellery was the bright spot in {org}'s latest results, growing faster than any other category. Look more closely, however, and almost all of that growth came from a few designs that have been in the catalogue for decades.",
    },
    {
      h: 'How {org} Is Managing a Family Succession',
      o: ['@maison-verrier', '@casa-orsolini', '@tessaro'],
      pa: true,
      s: 'The next generation is taking over, with outside managers brought in to steady the transition and reassure a nervous market.',
      l: 'For most of its history, {org} has been run by members of the same family. The handover now under way is the first in which outside executives will sit alongside the family rather than beneath it, and the first to be planned years in advance.',
    },
    {
      h: 'Why Luxury Houses Are Buying Their Suppliers',
      o: ['lux', 'group'],
      o2: ['maker'],
      t: ['sustainability'],
      s: 'Vertical integration is back in fashion, driven by quality control, capacity and a desire to keep scarce craft skills close.',
      l: "{org}'s purchase of a tannery last spring was its third supplier acquisition in two years. Each deal was small, but together they describe a clear strategy: own the scarce parts of the supply chain before a competitor does.",
    },
    {
      h: 'The Ultra-Wealthy Are Still Spending. Just Not Everywhere.',
      o: ['lux'],
      s: 'Top clients account for a rising share of sales, and houses are reorganising everything from stores to events around them.',
      l: 'At {org}, fewer than two percent of clients now account for roughly forty percent of sales, according to people familiar with the figures. That concentration is reshaping everything from the design of stores to the size of event budgets and the way associates spend their time.',
    },
    {
      h: 'A Quiet Reinvention at {org}',
      o: ['lux'],
      s: 'A new management team has spent eighteen months fixing the unglamorous parts of the business. The results are starting to show.',
      l: 'There was no grand relaunch, no new logo and no celebrity campaign. Instead, {org} spent most of the past year and a half repairing its supply chain, cutting the number of products it sells and retraining the people who sell them.',
    },
    {
      h: "Luxury's Great Price Reckoning",
      o: ['lux'],
      s: 'After years of steep increases, some houses are holding prices flat or introducing cheaper entry points. Is the era of limitless pricing power over?',
      l: 'For the first time in years, {org} did not raise prices on its core products at the start of the season. A senior executive described the decision as a pause rather than a change of policy, but competitors have noticed, and some are quietly following.',
    },
    {
      h: "The Rise of Luxury's Second Cities",
      o: ['lux'],
      t: ['retail'],
      s: 'Houses are opening stores in places they once ignored, from Austin to Chengdu to Riyadh, chasing wealth that has moved.',
      l: "{org}'s newest store is not in Paris, London or New York. It sits in a city that, a decade ago, would not have made any luxury house's shortlist, and early trading has been strong enough to prompt talk of a second.",
    },
    {
      h: "Why Menswear Is Luxury's Most Underrated Category",
      o: ['lux', 'designer'],
      t: ['fashion-week'],
      s: "Men's tailoring, shoes and accessories are growing steadily while womenswear stalls, and the category is finally getting the investment to match.",
      l: 'Menswear rarely makes headlines, but at {org} it has quietly become the fastest-growing part of the business. Tailoring, shoes and small leather goods are all ahead of last year, and the customer buying them is younger than the house expected.',
    },
    {
      h: 'Can {org} Stay Independent?',
      o: ['@casa-orsolini', '@tessaro', '@vautrin', '@maison-verrier'],
      s: 'Bid speculation is growing around one of the last independent houses. The owners insist they are not selling.',
      l: 'Every few months, rumours circulate that {org} is in talks with a larger group. Every few months, the company denies them. The latest round of speculation, which followed a change in its banking advisers, has proved harder to dismiss.',
    },
    {
      h: 'What Luxury Can Learn From Hospitality',
      o: ['lux'],
      t: ['marketing'],
      s: 'Restaurants, hotels and members’ clubs are the new frontier of brand-building. Making them pay for themselves is another matter.',
      l: '{org} opened its first restaurant in {city} this autumn, joining a growing list of fashion houses trying to turn affection for a brand into a place where clients can linger. The tables have been full; whether the business will be profitable is a separate question.',
    },
  ],

  retail: [
    {
      h: 'Inside the Department Store Turnaround at {org}',
      o: ['dept'],
      s: 'Fewer brands, better service and a loyalty scheme that actually rewards loyalty are helping a storied retailer win back its shoppers.',
      l: 'Two years ago, {org} looked like another department store in slow decline. Footfall was falling, concessions were leaving and its flagship needed repairs it could barely afford. Today, it is one of the few operators in its sector reporting sustained growth.',
    },
    {
      h: 'The Flagship Is Dead. Long Live the Flagship.',
      o: ['lux', 'brand'],
      s: 'Brands are building fewer stores but spending more on each, turning shops into places to visit rather than simply places to buy.',
      l: 'When {org} reopened its flagship in {city} this year, it gave almost half of the floor space to things that are not for sale: a library, a repair workshop, an exhibition room and a small café. Sales per square metre, the company says, have never been higher.',
    },
    {
      h: 'Why Retailers Are Rethinking Free Returns',
      o: ['marketplace', 'dtc', 'dept'],
      t: ['technology', 'sustainability'],
      s: 'Free returns were once a competitive weapon. Now they are a cost that few retailers can afford to ignore.',
      l: 'Roughly one in three items bought online from {org} is sent back, a rate executives privately describe as unsustainable in every sense. The company has started charging for some returns, and early data suggests most customers have not noticed.',
    },
    {
      h: '{org} Bets on Fewer, Bigger Stores',
      o: ['brand', 'dtc'],
      s: 'The company is closing smaller shops and reinvesting the savings in a handful of large locations designed to do far more than sell.',
      l: '{org} is shrinking its store network and betting that a few large, carefully run shops will do more for the brand than a presence on every high street. The plan will reduce its store count by about a quarter over {months}.',
    },
    {
      h: 'How Marketplaces Won Over Luxury Brands',
      o: ['@vireo'],
      o2: ['lux'],
      t: ['luxury', 'technology'],
      s: 'After years of resistance, high-end labels are embracing third-party platforms, on their own terms.',
      l: 'Luxury brands long avoided online marketplaces, wary of discounting and of losing control over how their products were presented. {org} has spent the past three years persuading them otherwise, in part by giving brands control over pricing and presentation.',
    },
    {
      h: 'The Outlet Problem Nobody Wants to Discuss',
      o: ['brand', 'lux'],
      s: 'Off-price channels have become a vital release valve for excess stock. They are also quietly eroding what brands spend years building.',
      l: 'Outlet villages in Europe and the US are reporting record footfall, and brands including {org} depend on them more than they would like to admit. For some labels, outlets now account for more than a fifth of sales.',
    },
    {
      h: "Retail's Staffing Crisis Is Getting Worse",
      o: ['dept', 'brand'],
      t: ['workplace'],
      s: 'Stores cannot find or keep the skilled associates they need, just as service becomes the main reason customers visit.',
      l: 'Store managers at {org} describe a familiar problem: they can hire people, but they cannot keep them. Staff turnover in some locations exceeded 60 percent last year, and each departure takes client relationships with it.',
    },
    {
      h: 'The Pop-Up Has Grown Up',
      o: ['brand', 'dtc', 'designer'],
      t: ['marketing'],
      s: 'Temporary stores were once marketing stunts. Now they are a serious way to test a city before committing to a ten-year lease.',
      l: "{org}'s latest pop-up in {otherCity} will stay open for six months, long enough to gather the data the company needs before it decides whether to sign a permanent lease. It is the third city it has tested this way.",
    },
    {
      h: 'Why Multi-Brand Boutiques Are Making a Comeback',
      o: ['@salon-parade'],
      o2: ['designer'],
      s: 'Independent stores with a strong point of view are thriving as shoppers tire of algorithmic sameness.',
      l: '{org} has never had a loyalty scheme, an app or a large online business. It does, however, have customers who cross the city each season to see what its buyers have chosen, and a waiting list for its private appointments.',
    },
    {
      h: 'Retailers Brace for a Cautious Holiday Season',
      o: ['dept', 'marketplace'],
      t: ['news'],
      s: 'Inventories are lean and promotions targeted as retailers plan for a flat final quarter.',
      l: 'Retailers heading into the final weeks of the year are planning conservatively, with {org} among those telling suppliers to expect smaller reorders than last year. Executives describe shoppers who are still spending, but more deliberately.',
    },
    {
      h: 'What Happens to a Mall When Its Anchor Leaves',
      o: ['dept'],
      s: 'Landlords are reinventing the space left behind by department stores, with mixed results.',
      l: 'When {org} withdrew from a large regional mall last year, the landlord was left with nearly 20,000 square metres of empty floor space and a difficult question. The answer, so far, has involved a gym, a medical centre and a food hall.',
    },
    {
      h: 'How {org} Turned Loyalty Into a Growth Engine',
      o: ['dept', 'dtc', 'brand'],
      s: 'A redesigned membership scheme has lifted repeat purchases, but the real prize is what it reveals about customers.',
      l: "Members of {org}'s loyalty programme now account for more than half of its sales, up from about a third two years ago. The scheme offers fewer discounts than before and more access, which turns out to be what its best customers wanted.",
    },
  ],

  technology: [
    {
      h: "Can AI Fix Fashion's Forecasting Problem?",
      o: ['@weftline'],
      o2: ['brand', 'dtc'],
      t: ['sustainability'],
      s: 'A new generation of demand-planning tools promises to curb overproduction. Early adopters report real but modest gains.',
      l: "{org} says its software can predict demand for individual products more accurately than a seasoned merchant's instinct. Brands that have used it for a full season, including {org2}, say the truth is more nuanced but still encouraging.",
    },
    {
      h: 'Digital Product Passports Are Coming. Is the Industry Ready?',
      o: ['@provenant'],
      o2: ['brand', 'lux'],
      t: ['sustainability'],
      s: 'European rules will soon require detailed data on how and where products are made. Most brands are nowhere near prepared.',
      l: 'Before the end of the decade, most garments sold in the European Union will need a digital record of where and how they were made. {org}, a start-up that builds such records, says most of the brands it talks to are starting almost from scratch.',
    },
    {
      h: 'Virtual Fitting Rooms Finally Start to Deliver',
      o: ['@mesure'],
      o2: ['dtc', 'marketplace'],
      t: ['retail'],
      s: 'After years of hype, size-recommendation technology is measurably cutting returns for the retailers that use it well.',
      l: "Early virtual fitting tools were novelties that few shoppers used twice. {org}'s latest version asks three questions, takes about twenty seconds and has been adopted by more than {num} retailers, several of which say it has reduced size-related returns.",
    },
    {
      h: 'The Generative AI Rush in Fashion Marketing',
      o: ['brand', 'beauty'],
      o2: ['agency'],
      t: ['marketing'],
      s: 'Brands are using AI to produce campaign imagery at scale. The savings are real. So are the risks.',
      l: '{org} produced a large share of its most recent campaign imagery with generative software, according to people familiar with the project. The savings were significant; the internal debate about what it meant for photographers, models and the brand itself was intense.',
    },
    {
      h: "Why Fashion's Tech Spending Is Moving to the Back Office",
      o: ['brand', 'dept', 'lux'],
      s: 'Customer-facing gadgets are out. Inventory, pricing and supply-chain systems are where the money is going now.',
      l: "Three years ago, {org}'s technology budget was dominated by its website and app. Today most of the money goes into systems customers will never see: inventory planning, pricing, order management and a long-overdue replacement of its merchandising software.",
    },
    {
      h: 'Live Shopping Never Took Off in the West. Could That Change?',
      o: ['@yuntu-live'],
      o2: ['brand', 'beauty'],
      t: ['china', 'marketing'],
      s: 'Livestream commerce is vast in China and marginal almost everywhere else. A new wave of companies thinks the gap is cultural, not permanent.',
      l: 'In China, live shopping is a mass-market channel worth hundreds of billions of dollars a year. In Europe and the US it remains a niche experiment, though {org} is among the companies betting that Western audiences can be taught to watch, and buy.',
    },
    {
      h: 'The Real Promise of RFID',
      o: ['dept', 'brand'],
      t: ['retail'],
      s: 'Radio tags have been in stores for years. Retailers are only now learning what to do with the data they produce.',
      l: '{org} tagged every item in its stores with RFID chips more than four years ago. It was only last year that it began to make full use of the information, and the effect on stock accuracy and replenishment has been striking.',
    },
    {
      h: 'How {org} Built Its Own Technology Team',
      o: ['dtc', 'marketplace', 'dept'],
      s: 'Rather than outsourcing, the company hired its own engineers and data scientists, an approach few fashion businesses have made work.',
      l: 'Most fashion companies buy their technology. {org} decided four years ago to build much of its own, assembling a team of engineers and data scientists that now numbers more than {num} people and reports directly to the chief executive.',
    },
    {
      h: "Fashion's Cybersecurity Wake-Up Call",
      o: ['brand', 'dept', 'marketplace'],
      s: 'A string of data breaches has forced brands to confront how exposed their customer records have become.',
      l: "{org} disclosed last month that attackers had gained access to a database of customer records, the latest in a series of incidents that have exposed the industry's weak digital defences. The company said payment details were not affected.",
    },
    {
      h: '3D Design Tools Are Changing How Collections Are Made',
      o: ['brand', 'lux'],
      t: ['sustainability'],
      s: 'Digital sampling cuts waste and speeds up development. It is also changing what it means to be a designer.',
      l: 'At {org}, a growing share of samples never exist physically until the final stage. Designers review garments on screen, adjust fit digitally and only then send an order to the factory, a process that has cut sampling costs and weeks from the calendar.',
    },
    {
      h: 'The Engineers Trying to Automate Sewing',
      o: ['maker'],
      t: ['sustainability'],
      s: 'Robotic sewing has been promised for decades. A handful of companies now believe they are close.',
      l: 'Sewing remains one of the least automated steps in manufacturing, largely because fabric is soft, stretchy and unpredictable. Engineers working on pilot lines at {org} say that is finally starting to change, though not as quickly as the headlines suggest.',
    },
    {
      h: 'What AI Answers Mean for How Shoppers Find Brands',
      o: ['brand', 'beauty', 'dtc'],
      t: ['marketing', 'media'],
      s: 'As shoppers ask chatbots for recommendations, brands are scrambling to understand how to be found.',
      l: "When a shopper asks an AI assistant to recommend a good winter coat, the answer increasingly shapes what they buy. {org}'s marketing team spent much of this year trying to work out how those answers are produced, and whether anything can be done to influence them.",
    },
  ],

  sustainability: [
    {
      h: 'The Real Cost of Recycled Polyester',
      o: ['brand', 'dtc'],
      s: 'Brands have embraced recycled plastic bottles as a sustainable material. Critics say the benefits are overstated.',
      l: '{org} now uses recycled polyester in most of its synthetic products, a change it cites as evidence of progress. Critics point out that the bottles it relies on are being diverted from a system that already recycles them efficiently, and that the resulting garments are rarely recycled at all.',
    },
    {
      h: "Inside {org}'s Plan to Halve Its Emissions",
      o: ['brand', 'lux'],
      o2: ['maker'],
      s: 'The company has set one of the most ambitious targets in the industry. Meeting it will depend on suppliers it does not control.',
      l: '{org} has pledged to halve its greenhouse gas emissions by {year}, a target that will require changes far beyond its own offices and stores. More than 90 percent of its footprint sits in its supply chain, with mills and dye houses such as {org2}.',
    },
    {
      h: "Why Fashion's Climate Targets Keep Slipping",
      o: ['brand', 'lux', 'group'],
      s: 'Most brands are off track to meet pledges made five years ago. The reasons are structural, not simply a lack of will.',
      l: 'Five years ago, a wave of fashion companies including {org} signed up to ambitious climate targets, most of them expressed as a percentage cut by the end of the decade. Most are now behind schedule, and some have quietly begun to redefine what they promised.',
    },
    {
      h: 'The Factories Caught Between Brands and Climate Rules',
      o: ['maker'],
      s: 'Suppliers are being asked to decarbonise without the money or the long-term contracts that would make it possible.',
      l: "At {org}'s main site near {city}, managers keep a list of energy projects they would like to undertake: rooftop solar, heat recovery, a new boiler. What they lack is a client willing to commit for long enough to pay for them.",
    },
    {
      h: 'Repair Is the New Retail',
      o: ['brand', 'lux'],
      t: ['retail'],
      s: 'Brands are offering repairs to extend the life of their products and build loyalty, but the economics remain difficult.',
      l: '{org} now repairs several thousand items a year at its workshop in {city}, from broken zips to worn leather handles. The service barely breaks even, but executives say it brings customers back into stores and keeps them there.',
    },
    {
      h: 'Can Wool Be Part of the Climate Solution?',
      o: ['@lanificio-bruneri'],
      o2: ['lux'],
      s: 'Regenerative grazing promises to turn wool into a climate-positive fibre. The science is still catching up with the marketing.',
      l: '{org}, a mill in {city} that has woven fine wool cloth since {founded}, has begun sourcing part of its fibre from farms that practise regenerative grazing. The company is careful about what it claims, and with good reason.',
    },
    {
      h: 'The Problem With Carbon Offsets in Fashion',
      o: ['brand', 'dtc', 'beauty'],
      s: 'Brands relied on offsets to claim carbon neutrality. Regulators and consumers are no longer convinced.',
      l: '{org} quietly dropped its claim to be carbon neutral this year, after an internal review concluded that the offsets underpinning it could not be verified to the standard regulators now expect. It will not be the last company to do so.',
    },
    {
      h: 'What the New Due Diligence Rules Mean for Fashion',
      o: ['lux', 'brand', 'group'],
      o2: ['maker'],
      t: ['news'],
      s: 'European legislation will require companies to find and address human rights and environmental risks deep in their supply chains.',
      l: 'New European rules will make large companies legally responsible for identifying human rights and environmental abuses in their supply chains. For brands such as {org}, that means mapping suppliers several tiers deep, far beyond the factories that sew the finished product.',
    },
    {
      h: 'The Deadstock Economy',
      o: ['designer'],
      o2: ['maker'],
      s: 'Unused fabric has become a valuable resource for designers and a new line of business for the mills that made it.',
      l: "{org}'s latest collection was made almost entirely from fabric that other brands had ordered and never used. It is a model that is attracting more designers and, increasingly, the mills themselves, which have started to catalogue and sell their own surplus.",
    },
    {
      h: "Water Is Fashion's Next Sustainability Crisis",
      o: ['maker'],
      o2: ['brand'],
      s: 'Cotton farming and dyeing are among the most water-intensive industrial activities. Droughts are making the risk impossible to ignore.',
      l: 'Dye houses that supply {org} have faced water restrictions twice in the past year, forcing temporary shutdowns and delaying orders for several weeks. Managers now treat water as a business risk rather than a line in a sustainability report.',
    },
    {
      h: 'Textile-to-Textile Recycling Is Finally Scaling',
      o: ['brand', 'dtc'],
      t: ['technology'],
      s: 'New plants that can turn old clothes into new fibre are coming online. Demand from brands will decide whether they survive.',
      l: 'For years, turning old clothes into new ones was a laboratory curiosity. This year several commercial-scale plants began operating in Europe, and {org} has signed one of the first large offtake agreements, committing to buy recycled fibre for {months}.',
    },
    {
      h: "Why Sustainable Fashion Still Isn't Selling",
      o: ['brand', 'dtc'],
      t: ['marketing'],
      s: 'Shoppers say they care about sustainability, but their receipts tell a different story.',
      l: "In customer surveys, more than two-thirds of {org}'s shoppers say sustainability influences what they buy. Sales of its lower-impact lines, which cost slightly more, tell a different story, and the gap has become a subject of intense internal debate.",
    },
  ],

  beauty: [
    {
      h: "Inside {org}'s Push Into Skincare Science",
      o: ['@celestine-beaute', '@hanari', '@fable-skin'],
      s: 'The company is investing heavily in research and clinical trials as consumers demand proof that products work.',
      l: '{org} has doubled the size of its research laboratory in {city} over the past two years and now runs more clinical studies than at any point in its history. Executives say the investment is defensive as much as ambitious: shoppers have learned to ask for evidence.',
    },
    {
      h: 'The Fragrance Boom Shows No Sign of Fading',
      o: ['@oud-ember', '@celestine-beaute', '@groupe-lisiere'],
      s: 'Perfume sales have grown at double-digit rates for three years, driven by younger consumers and a taste for niche scents.',
      l: "Fragrance has been beauty's standout category since 2021, and {org}'s latest numbers suggest the boom still has room to run. Sales of its most expensive scents grew fastest of all, which is not what anyone forecast when household budgets began to tighten.",
    },
    {
      h: 'Why K-Beauty Is Having a Second Wave',
      o: ['@hanari'],
      t: ['marketing'],
      s: 'Korean skincare brands are winning over Western consumers again, this time on science and value rather than novelty.',
      l: 'A decade ago, Korean beauty conquered Western shelves with sheet masks and snail mucin. The second wave, led by companies such as {org}, looks more durable: fewer gimmicks, more dermatology and prices that make established brands look expensive.',
    },
    {
      h: "Beauty's Celebrity Brand Bubble Is Deflating",
      o: ['dept', 'beauty'],
      t: ['marketing'],
      s: 'Star-backed lines flooded the market in recent years. Many are now struggling as shoppers look past the name on the box.',
      l: 'For a while it seemed that every celebrity needed a beauty brand. Retail buyers who once fought over those launches, including those at {org}, are now far more selective, and several high-profile lines have lost shelf space this year.',
    },
    {
      h: 'The Business of Beauty Devices',
      o: ['beauty'],
      t: ['technology'],
      s: 'At-home tools that promise salon results are one of the fastest-growing segments in beauty. The evidence that they work is mixed.',
      l: 'LED masks, microcurrent wands and ultrasonic cleansers have become a meaningful category, and {org} expects devices to account for a growing share of its sales. The margins are attractive; the warranty claims, one executive notes drily, are less so.',
    },
    {
      h: 'How {org} Became a Cult Favourite',
      o: ['@fable-skin', '@oud-ember'],
      pa: true,
      s: 'Without a big marketing budget, the brand built a devoted following through word of mouth and products that do what they promise.',
      l: '{org} has never paid for a celebrity endorsement or a billboard. It grew instead through a steady accumulation of devoted customers who recommended it to their friends, a process {personLast} describes as slow, cheap and very hard to copy.',
    },
    {
      h: "Prestige Beauty's Pricing Dilemma",
      o: ['beauty'],
      s: 'Brands have raised prices faster than inflation. Shoppers are starting to trade down, or to buy the look-alikes.',
      l: 'The price of a 50ml moisturiser from {org} has risen by nearly 30 percent in three years. Many customers have quietly accepted it. A growing number have not, and the so-called dupes that imitate its best-sellers have become a category in their own right.',
    },
    {
      h: "Men's Grooming Is Growing Up",
      o: ['beauty'],
      s: 'Skincare and fragrance for men are outpacing the broader beauty market, and a new wave of brands is chasing the category.',
      l: "{org}'s men's skincare line was something of an afterthought when it launched five years ago. It is now one of the company's fastest-growing businesses, helped by customers who are younger and far less embarrassed about buying moisturiser than their fathers were.",
    },
    {
      h: 'Where the Wellness Economy Meets Beauty',
      o: ['beauty'],
      s: 'Supplements, sleep and stress products are blurring the line between looking well and being well.',
      l: '{org} launched its first range of supplements this autumn, the clearest sign yet that the company sees its future in wellness as much as in beauty. It is entering a crowded, loosely regulated market with a reputation to protect.',
    },
    {
      h: 'Beauty Deal-Making Heats Up Again',
      o: ['@celestine-beaute', '@groupe-lisiere', '@hanari'],
      o2: ['beauty'],
      t: ['news'],
      s: 'After a lull, the big groups are back in the market for acquisitions, with skincare and fragrance brands in highest demand.',
      l: 'Bankers who advise beauty companies say they have not been this busy in three years, and {org} is said to be among the most active buyers. Prices are high, but so is the pressure on large groups to find growth they cannot generate themselves.',
    },
    {
      h: 'Why Beauty Retailers Are Investing in Services',
      o: ['dept', 'beauty'],
      t: ['retail'],
      s: 'Treatments, consultations and testing are becoming the main reason to visit a beauty store.',
      l: "At {org}'s newly refitted beauty hall in {city}, a third of the floor space is given over to treatment rooms and consultation areas rather than shelves. The bet is that services bring people in, and that people who come in still buy.",
    },
    {
      h: 'Clean Beauty Is Rebranding Itself',
      o: ['@fable-skin', 'beauty'],
      s: "The movement that promised 'non-toxic' products is changing its message under pressure from scientists and regulators.",
      l: "{org} built much of its early reputation on the promise of 'clean' ingredients. It has now dropped the word from its packaging, a change that other brands in the category are watching closely and that its founder describes as overdue.",
    },
  ],

  workplace: [
    {
      h: "Fashion's Pay Gap Is Narrowing, Slowly",
      o: ['brand', 'lux', 'group', 'dept'],
      s: 'New data suggests progress on gender pay, but women remain sharply under-represented in the most senior jobs.',
      l: "Women make up the large majority of {org}'s workforce but less than a third of its senior leadership, a pattern that is typical across the industry. The company's latest pay report shows the gap narrowing, though at a pace that would take decades to close it.",
    },
    {
      h: 'The Four-Day Week Comes to Fashion',
      o: ['designer', 'dtc', 'agency', 'tech'],
      s: 'A handful of companies are experimenting with a shorter working week. Early results suggest productivity is holding up.',
      l: "Since January, employees at {org}'s head office have worked four days a week for the same pay. The company says output has not fallen, sick leave has and recruitment has become noticeably easier.",
    },
    {
      h: 'Why Fashion Struggles to Keep Its Young Talent',
      o: ['lux', 'brand', 'group'],
      o2: ['edu'],
      s: 'Low pay, long hours and slow progression are driving graduates out of the industry within a few years of joining it.',
      l: '{org} hired more than {num} graduates last year, many of them from schools such as {org2}. Fewer than half are still with the company, and exit interviews tell a consistent story about pay, hours and the lack of a visible path upwards.',
    },
    {
      h: "Inside {org}'s Leadership Academy",
      o: ['lux', 'group', 'dept', 'brand'],
      s: 'The company is investing in training its own future executives rather than hiring them from competitors.',
      l: 'Every year, {org} selects a small group of mid-level managers for an eighteen-month programme designed to prepare them for senior roles. Graduates of the scheme now run several of its largest markets and two of its product categories.',
    },
    {
      h: 'Return-to-Office Mandates Divide the Industry',
      o: ['brand', 'group', 'marketplace'],
      s: 'Some companies want staff back at their desks full-time. Others say flexibility has become a competitive advantage.',
      l: '{org} told head office staff this autumn that they would be expected in the office four days a week from January. The reaction was mixed, and recruiters say several of its rivals have started using their own flexible policies as a selling point.',
    },
    {
      h: 'The Skills Gap in Fashion Manufacturing',
      o: ['maker', '@casa-orsolini', '@tessaro'],
      t: ['sustainability'],
      s: 'Experienced artisans are retiring faster than they can be replaced, threatening the supply of skilled labour the industry depends on.',
      l: "The average age of a skilled worker at {org}'s workshops is now over fifty, and the company is struggling to find young people willing to train. It has opened its own school, with paid apprenticeships, and still has places to fill.",
    },
    {
      h: 'What Makes a Great Creative Director Now',
      o: ['lux'],
      pa: true,
      t: ['luxury'],
      s: 'The role has expanded to include brand strategy, communications and leading large teams. Few people can do it all.',
      l: 'A creative director at a house like {org} is now expected to design several collections a year, oversee campaigns, manage a large studio and serve as the public face of the brand. {person}, {personRole}, has thought harder than most about which of those jobs matters most.',
    },
    {
      h: "Fashion's Burnout Problem",
      o: ['brand', 'lux', 'agency', 'media'],
      s: "The industry's culture of overwork is under scrutiny as employees speak more openly about burnout.",
      l: 'After a difficult year, {org} introduced new policies on working hours and mental health support, following concerns raised in an internal staff survey. Employees say the changes are welcome; some doubt that they will survive the next busy season.',
    },
    {
      h: 'In Conversation: {person} on Hiring for a Digital Future',
      o: ['tech', 'dtc', 'marketplace'],
      pa: true,
      t: ['technology'],
      m: 'interview',
      s: 'Fashion companies need engineers and data scientists, but struggle to compete for them. {personLast} explains what works.',
      l: '{org} spent the better part of a year trying to hire a head of data science, and the experience changed how {person} thinks about recruitment. The candidates the company wanted could earn far more elsewhere, so it had to offer them something else.',
    },
    {
      h: 'The Case for Hiring From Outside Fashion',
      o: ['brand', 'dept', 'lux'],
      s: 'Executives from other industries bring fresh perspectives, but adapting to fashion’s culture is not always easy.',
      l: 'When {org} appointed a chief operating officer from the consumer electronics industry, some colleagues were openly sceptical. Two years later, most of the doubters have come round, and the company is recruiting more senior people from outside the sector.',
    },
    {
      h: 'Diversity Commitments Under Pressure',
      o: ['lux', 'group', 'brand'],
      s: 'Several years after a wave of public pledges, progress on diversity in fashion has been uneven and, in places, reversed.',
      l: 'In 2020, {org} made a series of public commitments on diversity and inclusion. Some have been met, some have been missed and a few have quietly disappeared from its annual report. Employees say the difference between them is instructive.',
    },
    {
      h: 'The Freelance Economy Behind Every Campaign',
      o: ['brand', 'beauty', 'agency'],
      t: ['marketing'],
      s: 'A growing share of creative work is done by freelancers. That brings flexibility, and a new set of problems.',
      l: 'On any given campaign, more than half of the people working for {org} are not its employees. Stylists, photographers, set designers, producers and retouchers all work on a freelance basis, and many of them are paid months after the work is done.',
    },
  ],

  'case-studies': [
    {
      h: 'Case Study: How {org} Rebuilt Its Wholesale Business',
      o: ['brand', 'lux'],
      o2: ['dept'],
      s: 'Fewer accounts, better terms and shared data turned a shrinking channel into a profitable one. Here is how the company did it.',
      l: 'In 2022, {org} sold through more than 400 wholesale doors and was unhappy with almost all of them. Three years later it sells through fewer than half as many, and wholesale is more profitable than at any point in the past decade.',
    },
    {
      h: "Case Study: {org}'s Turnaround in Five Decisions",
      o: ['brand', 'dept', 'lux'],
      s: 'A struggling business was restored to growth through a small number of hard choices, most of them unpopular at the time.',
      l: 'When the current management team arrived at {org}, sales were falling, stock was piling up and staff morale was poor. The recovery that followed is often described as a turnaround, but it was really a sequence of five specific decisions, each of which could have gone differently.',
    },
    {
      h: 'Case Study: How {org} Cut Returns by a Third',
      o: ['dtc', 'marketplace'],
      o2: ['@mesure'],
      t: ['technology'],
      s: 'Better size data, clearer product pages and a modest returns fee lowered costs without hurting sales.',
      l: 'At its peak, {org} was receiving back nearly four in ten of the items it sold online. Eighteen months later that figure is closer to one in four, and the company estimates the savings at roughly {moneyM} a year.',
    },
    {
      h: 'Case Study: Building a Beauty Brand Without Paid Media',
      o: ['@fable-skin', '@oud-ember'],
      t: ['beauty', 'marketing'],
      s: 'How one company reached profitability on word of mouth, sampling and a community it treated as a product in its own right.',
      l: '{org} spent less than 5 percent of its revenue on marketing in each of its first five years, a fraction of the industry norm. It still grew faster than most of its venture-backed competitors, which makes its playbook worth studying in detail.',
    },
    {
      h: 'Case Study: How {org} Made Repair Pay',
      o: ['brand', 'lux'],
      t: ['sustainability'],
      s: 'A repair service that began as a loss-making gesture is now a source of revenue, data and loyalty.',
      l: "{org}'s repair service started with one technician working from a back room in {city}. It now employs more than {num} people, handles thousands of pieces a year and, for the first time, covers its own costs.",
    },
    {
      h: "Case Study: Inside {org}'s Expansion Into the Gulf",
      o: ['lux', 'brand', 'beauty'],
      t: ['retail'],
      s: 'Partner choice, product adaptation and patience shaped one of the more successful Middle East launches of recent years.',
      l: '{org} entered the Gulf later than most of its rivals, and the delay turned out to be an advantage. By the time it opened its first store in Dubai, it had studied the mistakes of others and chosen its partners with unusual care.',
    },
    {
      h: 'Case Study: How {org} Won in China Without a Flagship',
      o: ['designer', 'beauty', 'brand'],
      t: ['china'],
      s: 'Digital channels, carefully chosen partners and a patient approach to pricing built a business without a single large store.',
      l: 'Conventional wisdom says that success in China requires a flagship on a prestigious shopping street. {org} has built a meaningful business there without one, relying instead on digital channels, a few carefully selected stockists and pricing discipline.',
    },
    {
      h: 'Case Study: The Pricing Reset at {org}',
      o: ['lux', 'brand'],
      t: ['luxury'],
      s: 'Rethinking price architecture across categories improved margins and clarified the brand for its customers.',
      l: "Two years ago, {org}'s prices had drifted into incoherence: similar products were priced differently in different markets, and entry prices had crept up until the brand had no real entry point at all. The reset that followed was painful, and instructive.",
    },
    {
      h: 'Case Study: How {org} Scaled a Founder-Led Culture',
      o: ['dtc', 'designer', 'beauty', 'tech'],
      pa: true,
      t: ['workplace'],
      s: 'Growing from a few dozen to several hundred employees without losing what made the company distinctive required deliberate choices.',
      l: 'When {org} had 30 employees, culture took care of itself: everyone knew {personLast}, and everyone knew what mattered. At 300, that was no longer true, and the company had to decide which parts of its early way of working were worth writing down.',
    },
    {
      h: 'Case Study: What {org} Learned From Its First Year in Stores',
      o: ['dtc'],
      t: ['retail'],
      s: 'A digital-native brand discovered that physical retail required different skills, metrics and patience.',
      l: '{org} opened its first store expecting it to behave like a physical version of its website. It did not. Customers browsed differently, bought different things and judged the brand by standards the company had never had to meet online.',
    },
    {
      h: 'Case Study: How {org} Turned a Supply Crisis Into an Advantage',
      o: ['brand', 'dtc', 'lux'],
      o2: ['maker'],
      t: ['sustainability'],
      s: 'When its main supplier failed, the company rebuilt its supply chain and ended up with something better.',
      l: 'When a key supplier went bankrupt with two weeks’ notice, {org} faced the prospect of empty shelves for an entire season. The response, which involved rebuilding relationships with manufacturers including {org2}, left the company with a more resilient and more transparent supply chain.',
    },
    {
      h: 'Case Study: {org} and the Art of the Collaboration',
      o: ['brand', 'lux', 'beauty'],
      o2: ['designer', 'brand'],
      t: ['marketing'],
      s: "A disciplined approach to partnerships has made collaborations one of the company's most reliable sources of new customers.",
      l: '{org} has released more than a dozen collaborations in the past five years, including a closely watched project with {org2}. Unlike many of its peers, it measures each one against explicit goals, and it has stopped several before they reached the market.',
    },
  ],

  'bof-insights': [
    {
      h: 'The State of Luxury Clienteling: A Data Report',
      o: ['lux'],
      t: ['luxury'],
      m: 'report',
      s: 'Our survey of sales associates and senior executives shows how the best houses are measuring and rewarding client relationships.',
      l: 'Clienteling has become the most talked-about capability in luxury retail, but few companies measure it consistently. This report draws on a survey of more than 400 associates and managers, including staff at {org}, to show what the leaders do differently.',
    },
    {
      h: 'What Younger Shoppers Really Think About Resale',
      o: ['@second-circle', '@vireo'],
      t: ['retail', 'sustainability'],
      m: 'report',
      s: 'Resale is now mainstream for shoppers under 30. Our consumer survey reveals what they buy, why, and what it means for brands.',
      l: 'More than half of the shoppers under 30 in our survey bought at least one second-hand fashion item in the past year. The reasons they gave, and the platforms they used, including {org}, challenge several assumptions about why resale is growing.',
    },
    {
      h: "Beauty's Next Growth Markets, Ranked",
      o: ['beauty'],
      t: ['beauty'],
      m: 'report',
      s: 'We ranked 25 markets on size, growth, competitive intensity and ease of entry. The results favour some unexpected places.',
      l: 'The conventional list of beauty growth markets has not changed much in a decade. Our analysis, which combines sales data, interviews with executives at companies including {org} and a survey of consumers in 25 countries, suggests it should.',
    },
    {
      h: "Inside the Luxury Shopper's Wallet: The 2026 Spending Survey",
      o: ['lux'],
      t: ['luxury'],
      m: 'report',
      s: 'Our annual survey of high-income consumers shows where spending is growing, where it is slowing and which categories are winning share.',
      l: "For the fourth year, we surveyed several thousand high-income shoppers across Europe, the US, China and the Gulf about what they buy and why. This year's results show a clear shift in spending from handbags towards jewellery, travel and experiences, a shift that houses such as {org} are already responding to.",
    },
    {
      h: 'The Sustainability Gap: Where Brands Stand on Their Targets',
      o: ['brand', 'lux', 'group'],
      t: ['sustainability'],
      m: 'report',
      s: 'We assessed progress on the climate and sourcing commitments made by 30 large fashion companies. Most are behind.',
      l: 'Five years after a wave of public commitments, we analysed disclosures from 30 of the largest fashion companies, including {org}, to see which targets are on track. The picture is mixed, and the gap between leaders and laggards is widening.',
    },
    {
      h: 'How Executives Plan to Spend on Technology in 2027',
      o: ['brand', 'dept', 'lux'],
      t: ['technology'],
      m: 'analysis',
      s: 'Our survey of technology and operations leaders shows where budgets are growing, where they are being cut, and where AI fits.',
      l: 'Technology budgets in fashion are growing again, but the priorities have changed. Our survey of more than 150 senior executives, including leaders at {org}, shows spending moving from customer-facing projects to inventory, pricing and data infrastructure.',
    },
    {
      h: 'The Fashion Workplace Survey: Pay, Hours and Morale',
      o: ['brand', 'lux', 'group'],
      t: ['workplace'],
      m: 'report',
      s: 'Our survey of several thousand fashion professionals reveals a workforce that loves the industry but is increasingly frustrated by it.',
      l: 'Fashion remains an industry people want to work in. Our survey of more than 3,000 professionals, from design assistants to chief executives at companies such as {org}, suggests it is also one that many are considering leaving.',
    },
    {
      h: "China's New Luxury Consumer: A Segmentation Study",
      o: ['@qingyun-group', 'lux'],
      t: ['china', 'luxury'],
      m: 'report',
      s: 'We identified six distinct groups of Chinese luxury shoppers. Understanding them is essential for any brand hoping to grow there again.',
      l: 'Chinese luxury consumers are too often discussed as a single group. Our study, based on a survey of 2,500 shoppers and interviews with executives at companies including {org}, identifies six distinct segments with very different motivations and habits.',
    },
    {
      h: 'The Marketing Mix: Where Brand Budgets Are Moving',
      o: ['brand', 'beauty', 'lux'],
      o2: ['agency'],
      t: ['marketing'],
      m: 'analysis',
      s: 'Our analysis of marketing spending at 50 fashion and beauty companies shows a decisive shift towards events, creators and owned media.',
      l: 'Marketing budgets in fashion and beauty have not grown much in three years, but the way they are spent has changed considerably. Our analysis, which draws on data from 50 companies and interviews with leaders at {org} and {org2}, shows where the money is going.',
    },
    {
      h: 'Department Stores After the Reckoning: A Performance Review',
      o: ['dept'],
      t: ['retail'],
      m: 'analysis',
      s: 'We analysed the performance of 20 department store groups to identify the strategies that are working, and those that are not.',
      l: 'The department store sector has been through a decade of closures, bankruptcies and restructurings. Our analysis of 20 groups, including {org}, shows the survivors have more in common than their very different markets might suggest.',
    },
    {
      h: "Fashion Week's Return on Investment, Measured",
      o: ['lux', 'designer'],
      t: ['fashion-week'],
      m: 'report',
      s: 'We tracked the media value, sales impact and costs of shows across four fashion weeks. The results will not please everyone.',
      l: 'Fashion week shows are among the largest single marketing expenses for many brands. Our analysis of shows across four cities, including the most recent collection from {org}, attempts to answer a question the industry usually avoids: are they worth it?',
    },
    {
      h: "The Creator Economy's Fashion Dividend",
      o: ['brand', 'beauty'],
      o2: ['agency', 'media'],
      t: ['media', 'marketing'],
      m: 'report',
      s: 'We studied how fashion creators earn money and how brands pay them. The economics are changing fast.',
      l: 'Fashion and beauty creators now influence more purchases than traditional media, according to our survey. This report, based on data from brands including {org} and interviews with creators and agencies, explains how the business works, and how it is changing.',
    },
  ],

  marketing: [
    {
      h: 'Why Brands Are Spending More on Events and Less on Ads',
      o: ['lux', 'brand', 'beauty'],
      s: 'Dinners, trips and private shows are taking a rising share of marketing budgets. Measuring what they achieve is another matter.',
      l: '{org} spent more on events this year than on print and outdoor advertising combined, a reversal that would have been unthinkable five years ago. Its marketing team argues that an evening with a hundred of the right people is worth more than a billboard seen by millions.',
    },
    {
      h: "Inside {org}'s Community Strategy",
      o: ['dtc', 'beauty', 'brand'],
      s: 'The brand has built a loyal following by treating its customers as collaborators, and by being selective about who it listens to.',
      l: "{org}'s most valuable marketing asset is not its advertising but a network of several thousand customers who test products, contribute ideas and recommend the brand to friends. The company treats that network almost as a second product team.",
    },
    {
      h: 'The Return of the Print Campaign',
      o: ['lux'],
      o2: ['@larchmont-house'],
      t: ['media'],
      s: 'Luxury brands are rediscovering the power of print, even as they spend more than ever online.',
      l: "For the first time in years, {org} increased its print advertising budget, booking multi-page placements in titles such as {org2}'s fashion monthly Sable. Executives say print lends authority at a time when digital feeds have become indistinguishable.",
    },
    {
      h: 'How {org} Made Its Ambassador Programme Pay',
      o: ['lux', 'beauty', 'brand'],
      s: 'Fewer ambassadors, longer contracts and closer involvement in the product have transformed the return on celebrity partnerships.',
      l: '{org} once signed a dozen celebrity ambassadors a year. It now works with a handful, on contracts that run for several years and involve them in product development, not just photo shoots. The brand says the change has transformed the return on the money.',
    },
    {
      h: 'The Limits of Influencer Marketing',
      o: ['dtc', 'beauty'],
      t: ['media'],
      s: 'Brands are paying more for sponsored content and getting less in return. Some are rethinking the model entirely.',
      l: "{org}'s spending on influencer marketing tripled between 2021 and 2024. Over the same period, the sales it could attribute to that spending barely moved, and the company has since cut its roster of paid partners by more than half.",
    },
    {
      h: 'What Sport Sponsorship Offers Luxury Brands',
      o: ['lux', 'brand'],
      t: ['luxury'],
      s: 'Tennis, sailing, Formula One and football are attracting record investment from fashion houses. The logic goes beyond visibility.',
      l: "{org}'s sponsorship of a sailing team cost more than most of its fashion shows combined. Executives say it reached customers the brand could never have found through traditional fashion marketing, many of them men who had never bought from it before.",
    },
    {
      h: 'Collaboration Fatigue Is Real',
      o: ['brand', 'lux'],
      s: 'After years of limited-edition partnerships, shoppers are growing tired of collaborations. Brands need to be more selective.',
      l: 'The collaboration model that once generated queues around the block is producing diminishing returns. {org}’s most recent partnership sold out, but much more slowly than its predecessors, and resale prices suggest demand has cooled.',
    },
    {
      h: 'How Brands Are Finally Marketing to Older Consumers',
      o: ['lux', 'beauty', 'dept'],
      s: 'The over-55s control a large share of spending power. After years of neglect, fashion and beauty brands are paying attention.',
      l: "Shoppers over 55 account for a large share of {org}'s revenue, but they rarely appear in its campaigns. That is starting to change, after research showed the group felt overlooked by an industry obsessed with youth.",
    },
    {
      h: "Behind {org}'s Most Talked-About Campaign in Years",
      o: ['lux', 'brand'],
      o2: ['agency'],
      s: 'An unconventional campaign generated enormous attention. We asked the people who made it what they were trying to achieve.',
      l: "{org}'s latest campaign, produced with {org2}, was seen hundreds of millions of times in its first week. Its makers say the numbers were never the point; the point was to remind people what the brand stands for.",
    },
    {
      h: 'Brand Storytelling in the Age of Short Video',
      o: ['brand', 'beauty', 'dtc'],
      t: ['media'],
      s: 'Brands are rethinking how to tell stories in a format that rewards speed over depth.',
      l: "{org}'s social media team now produces more than 200 short videos a month, most of them filmed on phones. The brand's creative director calls it a new kind of storytelling; some colleagues call it a content treadmill.",
    },
    {
      h: 'The Rise of the Brand-Owned Magazine',
      o: ['lux', 'brand'],
      t: ['media'],
      s: 'Brands are publishing their own magazines, films and podcasts, blurring the line between marketing and media.',
      l: "{org}'s quarterly magazine has a print run of 80,000 copies and an editorial team of twelve. It rarely mentions the brand's products, which is precisely why executives think it works.",
    },
    {
      h: 'Can a Rebrand Save a Struggling Label?',
      o: ['brand', 'dtc'],
      o2: ['agency'],
      s: 'New logos and campaigns are often the first response to falling sales. They rarely fix the underlying problem.',
      l: '{org} unveiled a new logo, a new campaign and a new store concept within the space of six months. Sales have yet to respond, and former employees say the company changed everything except the product.',
    },
  ],

  'fashion-week': [
    {
      h: "The Week Ahead: Paris Menswear's Quiet Reset",
      o: ['lux', 'designer'],
      s: 'A slimmer schedule, several debuts and a collective appetite for restraint set the tone for the men’s shows.',
      l: "Paris menswear opens this week with a shorter schedule than last season and an unusual number of debuts. {org}'s show is the most anticipated, but the more telling story may be the brands that decided not to show at all.",
    },
    {
      h: 'Paris Fashion Week: Five Takeaways From a Cautious Season',
      o: ['lux'],
      s: 'Designers played it safe, buyers played it safer, and the best shows found a way to be commercial without being dull.',
      l: "It was a season of restraint. With sales slowing and creative directors changing at a dizzying pace, many houses chose to consolidate rather than provoke. {org} was a notable exception, and its show was the week's most discussed.",
    },
    {
      h: "Milan's Big Houses Play It Safe",
      o: ['@tessaro', '@casa-orsolini'],
      s: 'Commercial pressure shaped a Milan season heavy on wearable clothes and light on surprises.',
      l: 'Milan Fashion Week has always balanced commerce and creativity. This season, commerce won comfortably. {org} and its neighbours on the schedule presented collections designed to sell through, not to start arguments.',
    },
    {
      h: 'London Fashion Week Bets on Its Young Designers',
      o: ['@okonkwo-studio'],
      o2: ['@kingsgate-school'],
      s: "With several big names absent, the city's emerging talent carried the week, and caught the attention of buyers.",
      l: "London's schedule has grown thinner in recent seasons as established brands moved to Paris or stopped showing altogether. This season, designers such as {org} filled the gap, and several international buyers made the trip specifically to see them.",
    },
    {
      h: 'New York Fashion Week Searches for a Purpose',
      o: ['@marlowe-reed', '@lune-lark'],
      s: 'The calendar is shrinking and the biggest American brands are elsewhere. What is New York Fashion Week for?',
      l: "New York Fashion Week has been searching for a new identity for most of the past decade. This season's schedule, shorter than ever and missing several of the city's most successful brands, made the question harder to avoid, even as {org} staged its first show in years.",
    },
    {
      h: "{person}'s Debut Sets the Tone for a New Era at {org}",
      o: ['lux'],
      pa: true,
      t: ['luxury'],
      s: 'The most anticipated debut of the season delivered a clear vision, and a clear commercial strategy.',
      l: "Few debuts have been as closely watched as {person}'s first full collection for {org}. The show answered the most important question, whether the designer could honour the house's codes without repeating them, with an emphatic yes.",
    },
    {
      h: "The Business Behind Copenhagen's Rise",
      o: ['@ekholm', 'brand'],
      t: ['sustainability'],
      s: 'A small fashion week has become an outsize influence on sustainability standards and Scandinavian style.',
      l: "Copenhagen Fashion Week has become one of the industry's more influential events, largely because of the sustainability requirements it imposes on participating brands. {org} is among the labels that credit those requirements with changing how they work.",
    },
    {
      h: 'Why More Brands Are Showing Off-Calendar',
      o: ['lux', 'designer', 'brand'],
      s: 'Brands are increasingly staging shows at times and places of their own choosing, and finding it pays.',
      l: '{org} skipped its usual fashion week slot this season and staged a show three weeks later in {otherCity}. The result was more attention, a smaller bill and a guest list made up almost entirely of clients rather than industry insiders.',
    },
    {
      h: 'The Front Row Is Changing',
      o: ['lux'],
      t: ['media'],
      s: 'Editors and buyers are sharing the best seats with creators, celebrities and, increasingly, clients who spend heavily.',
      l: "At {org}'s show this season, the first row was split roughly equally between editors, celebrities, creators and top clients. The balance reflects a broader shift in who brands think matters, and in who pays for the privilege of being there.",
    },
    {
      h: 'Tokyo Fashion Week Finds Its Voice',
      o: ['@atelier-kuroda'],
      s: "Japan's designers are drawing international attention again, with an emphasis on craft, technical innovation and independence.",
      l: 'Tokyo Fashion Week has long struggled to attract international attention, overshadowed by the Japanese designers who chose to show in Paris. This season, with {org} returning to show at home, the mood was noticeably different.',
    },
    {
      h: "The Week Ahead: Milan Men's and the Tailoring Question",
      o: ['@tessaro', '@casa-orsolini'],
      s: "Milan's menswear shows open with tailoring back in favour and a clutch of brands rethinking what a suit is for.",
      l: "Milan's menswear shows begin on {weekday} with tailoring firmly back in favour and buyers asking for it. {org} is expected to lead a wider conversation about what formal clothes mean to a customer who rarely has to wear them.",
    },
    {
      h: '{org} Takes Its Show on the Road',
      o: ['lux'],
      t: ['luxury', 'marketing'],
      s: 'The house is staging its cruise collection far from its home city. The logistics are staggering; the strategic logic is simpler.',
      l: '{org} will present its next cruise collection in {otherCity}, flying in several hundred guests and building a set from scratch. The show is designed to deepen relationships with clients in a region where the house wants to grow.',
    },
  ],

  china: [
    {
      h: "China's Luxury Shoppers Are Coming Home",
      o: ['lux'],
      o2: ['@qingyun-group'],
      t: ['luxury', 'retail'],
      s: 'Chinese consumers are doing more of their luxury shopping on the mainland, reversing a pattern that held for two decades.',
      l: 'For twenty years, Chinese luxury spending flowed abroad, to Paris, Tokyo and Hong Kong. The flow has reversed. Brands including {org} now make a majority of their Chinese sales inside China, often in malls run by landlords such as {org2}.',
    },
    {
      h: "Inside {org}'s Rise in Shanghai",
      o: ['@beiyu'],
      pa: true,
      t: ['fashion-week'],
      s: 'A Shanghai label that reinterprets Chinese tailoring has become one of the most talked-about brands in the country.',
      l: 'Five years ago, {org} was a small studio in a converted Shanghai lane house. Today it sells in more than {num} stores and has a waiting list for its bestselling jackets. {person}, {personRole}, attributes the success to a simple idea: Chinese shoppers want Chinese design that does not feel like a costume.',
    },
    {
      h: 'The Livestream Economy Is Growing Up',
      o: ['@yuntu-live'],
      t: ['technology', 'marketing'],
      s: 'Live commerce in China is consolidating around professional operators and brand-owned channels as the era of the superstar host fades.',
      l: 'A few years ago, a handful of livestream hosts could sell more in an evening than a department store sold in a year. Today the business is more professional, more regulated and, according to companies such as {org}, more sustainable.',
    },
    {
      h: "Why Hainan's Duty-Free Boom Has Faded",
      o: ['lux', 'beauty'],
      t: ['retail'],
      s: "The island's duty-free shopping zone was meant to capture Chinese luxury spending. It has fallen short of expectations.",
      l: 'Hainan was supposed to become a shopping paradise that kept Chinese luxury spending at home. Sales surged during the pandemic but have fallen since, and brands including {org} have become more cautious about their presence on the island.',
    },
    {
      h: 'How Chinese Brands Are Winning Over Young Consumers',
      o: ['@beiyu'],
      t: ['marketing'],
      s: "Homegrown fashion and beauty brands are capturing a growing share of young shoppers' spending.",
      l: 'Young Chinese shoppers are increasingly choosing domestic brands over international ones, not out of patriotism but because the products are good and the prices fair. {org} is one of the brands benefiting, and it is far from the only one.',
    },
    {
      h: "Luxury's China Strategy After the Boom",
      o: ['lux', 'group'],
      t: ['luxury'],
      s: 'With growth slowing, luxury brands are rethinking their approach to their most important growth market.',
      l: "For most of the past two decades, China was luxury's growth engine. With that engine sputtering, {org} and its rivals are reconsidering everything from store networks to pricing to the way they talk to Chinese clients.",
    },
    {
      h: 'The Department Store Reinvention in China',
      o: ['@qingyun-group'],
      t: ['retail'],
      s: 'Chinese department stores are transforming into lifestyle destinations with entertainment, dining and experiences.',
      l: "{org}'s newest mall in {city} has an art gallery, an ice rink and a rooftop garden. Only about half its space is devoted to retail, a ratio that would once have been unthinkable for a Chinese department store operator.",
    },
    {
      h: "China's Beauty Market Turns Inward",
      o: ['beauty'],
      o2: ['@hanari', '@celestine-beaute', '@qingyun-group'],
      t: ['beauty'],
      s: 'Domestic beauty brands are gaining share from international ones, driven by innovation and value.',
      l: "International beauty brands dominated China's prestige market for decades. That dominance is being challenged by domestic brands that move faster and understand local consumers better, and executives at {org} concede they have lost share.",
    },
    {
      h: 'Chengdu, Hangzhou and the Next Wave of Chinese Demand',
      o: ['lux'],
      o2: ['@qingyun-group'],
      t: ['luxury', 'retail'],
      s: "China's second-tier cities are becoming the battleground for luxury growth.",
      l: "{org}'s strongest-performing Chinese stores this year were not in Shanghai or Beijing but in Chengdu and Hangzhou. The shift reflects the spread of wealth to cities that many international brands still treat as secondary.",
    },
    {
      h: 'How Social Search Is Shaping Chinese Taste',
      o: ['beauty', 'lux', 'designer'],
      t: ['marketing', 'media'],
      s: 'Social platforms have become the main way Chinese consumers discover and research products.',
      l: 'For many Chinese consumers, the journey to a purchase begins on a social search app, where users share reviews, photographs and shopping advice. {org} now treats these platforms as its most important marketing channel, ahead of advertising and stores.',
    },
    {
      h: 'Chinese Manufacturers Move Up the Value Chain',
      o: ['@jinling-silk'],
      t: ['sustainability'],
      s: 'Chinese factories are developing their own designs, brands and technologies, changing their relationship with Western clients.',
      l: 'For decades, {org} wove silk to other companies’ specifications. Today it develops its own fabrics, holds patents on several finishing techniques and sells directly to designers in Paris and Milan, as well as to a growing list of Chinese labels.',
    },
    {
      h: 'What Chinese Consumers Want From Luxury Now',
      o: ['lux'],
      t: ['luxury'],
      s: 'Chinese luxury shoppers are becoming more discerning, valuing craftsmanship and culture over conspicuous logos.',
      l: "The Chinese luxury consumer has evolved. Today's shoppers are more knowledgeable, more selective and more interested in craft and cultural relevance than in visible logos, a change {org} has tried to reflect in its stores and its product.",
    },
  ],

  media: [
    {
      h: "The Fashion Magazine's Last Stand?",
      o: ['@larchmont-house'],
      s: 'Print advertising is shrinking and audiences are fragmenting. Magazines are fighting for survival with events, e-commerce and subscriptions.',
      l: '{org} has cut the number of print issues of its fashion monthly, Sable, from twelve a year to eight, and is investing heavily in events and subscriptions. It is not alone in trying to reinvent the fashion magazine for a world that reads on phones.',
    },
    {
      h: "How Creators Became Fashion's New Critics",
      o: ['lux', 'designer'],
      t: ['fashion-week'],
      s: 'Online creators are reviewing collections and shaping opinion, challenging the authority of traditional critics.',
      l: 'When {org} showed its latest collection, the most influential reviews were not in newspapers or magazines but in short videos posted within minutes of the show. The creators behind them command audiences that most print critics can only imagine.',
    },
    {
      h: "Inside {org}'s Digital Pivot",
      o: ['@larchmont-house'],
      s: 'The publisher is betting on video, podcasts and paid subscriptions to replace declining print revenue.',
      l: '{org} now makes more money from digital subscriptions and events than from print advertising, a milestone reached two years earlier than planned. Getting there required painful cuts and a wholesale rethink of what its editors spend their time doing.',
    },
    {
      h: 'The Economics of Fashion Podcasts',
      o: ['media', 'brand'],
      s: 'Fashion podcasts are multiplying. Few make money, but some have found a business model that works.',
      l: 'There are now thousands of podcasts about fashion, beauty and style. Most have small audiences and no revenue. A few have become serious businesses, and brands including {org} are paying attention to the ones that have.',
    },
    {
      h: 'Why Brands Are Becoming Media Companies',
      o: ['lux', 'brand', 'beauty'],
      t: ['marketing'],
      s: 'Brands are hiring journalists, launching publications and producing films. The results are mixed.',
      l: '{org} now employs more writers, editors and video producers than many fashion magazines. It publishes stories, produces films and hosts podcasts, and it is not alone among brands in building what amounts to an in-house newsroom.',
    },
    {
      h: 'The New Rules of Fashion PR',
      o: ['agency', 'lux', 'brand'],
      s: 'Public relations is evolving as media fragments and brands communicate directly with audiences.',
      l: 'The job of a fashion publicist used to be simple: get products into magazines. Today, {org} and its peers manage relationships with creators, celebrities and clients as well as editors, and they measure success very differently.',
    },
    {
      h: "Fashion Photography's AI Dilemma",
      o: ['@kestrel-management', 'agency', 'media'],
      t: ['technology'],
      s: 'AI-generated imagery threatens the livelihoods of photographers and models, and raises questions about authenticity.',
      l: 'When {org} learned that a brand had used AI-generated models in a campaign, it raised concerns with the client, and quickly discovered that it was far from the only agency having that conversation. The question of what is real is becoming central to fashion imagery.',
    },
    {
      h: 'The Rise of the Fashion Newsletter',
      o: ['media', 'lux', 'brand'],
      s: 'Independent newsletters are becoming influential voices in fashion, with paying subscribers and industry readership.',
      l: 'Some of the most influential writing about fashion now arrives by email. Independent newsletters have built large, paying audiences among professionals, and brands such as {org} are paying attention to what they say.',
    },
    {
      h: 'Whatever Happened to the Fashion Blogger?',
      o: ['brand', 'dtc', 'media'],
      s: 'The bloggers who once disrupted fashion media have largely disappeared, or become something else entirely.',
      l: 'A decade ago, fashion bloggers sat in the front row and were courted by brands such as {org}. Most of them have since moved on, become creators, started brands or left the industry altogether, and their story says a lot about how fashion media has changed.',
    },
    {
      h: 'How Streaming Series Are Shaping Fashion Trends',
      o: ['lux', 'brand'],
      t: ['marketing'],
      s: 'Television costume design is driving fashion trends, and brands are competing for placement.',
      l: "When a popular streaming series featured {org}'s coats in a pivotal episode, searches for the brand rose sharply overnight. Brands are learning that product placement in prestige television can be worth more than a runway show.",
    },
    {
      h: "Fashion Journalism's Access Problem",
      o: ['lux', 'group'],
      s: 'Brands are restricting access to journalists who write critically, raising questions about independence.',
      l: 'Several critics have been barred from shows in recent seasons after writing unfavourable reviews. The practice, which houses including {org} have been accused of, raises awkward questions about the relationship between brands and the journalists who cover them.',
    },
    {
      h: 'The Business of the Fashion Documentary',
      o: ['lux', 'designer'],
      t: ['marketing'],
      s: 'Documentaries about designers and houses are proliferating, often funded by the brands themselves.',
      l: '{org} is the subject of a new documentary series, which it helped to finance and for which it had approval over the final cut. The arrangement is increasingly common, and it has made the line between journalism and marketing hard to see.',
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Sentence pools. Body paragraphs are assembled from these, by role:
//   ctx      context and background          ev       evidence: figures and data
//   voice    paraphrase or quote of {person}  voice2   a second voice ({person2})
//   counter  doubts, risks, objections        close    outlook and endings
// Pools are dealt like cards, so a sentence is not reused until its pool runs out, no
// frame is used more than a handful of times, and no finished sentence ever appears twice. Speech uses typographic quotes.
// A leading tag limits where a sentence may be used (for voice sentences, the speaker's
// organisation is tested; otherwise the story's subject):
//   §c§ a consumer-facing business   §s§ one with its own stores   §t§ a technology vendor
//   §up§ a young, venture-funded company   §b§ a beauty business
//   §inv§ the second voice is an investor   §own§ the speaker works at the story's subject
//   §pub§ a listed company   §m§ a media business   §dept§ §maker§ §cn§ (Chinese brand) §big§
//   §rival§ the second organisation competes with the first; a tag ending in 2 (§c2§, §pub2§...)
//   tests the second organisation instead of the first
// ---------------------------------------------------------------------------------------------

type Role = 'ctx' | 'ev' | 'voice' | 'voice2' | 'counter' | 'close';

type SentencePool = Partial<Record<Role, readonly string[]>>;

const GENERAL_SENTENCES: Readonly<Record<Role, readonly string[]>> = {
  ctx: [
    'The change has been years in the making, but it has [accelerated sharply|gathered pace] since the start of the year, as slower demand exposed habits that strong growth had long disguised.',
    '§c§ For much of the past decade, the industry could rely on rising prices and a steady stream of new customers to paper over operational weaknesses at companies like {org}; that cushion has now largely gone.',
    '{OrgNoun} is not the only company grappling with the problem, but it is among the few [prepared|willing] to discuss it openly, and in some detail.',
    'The backdrop is a market that has cooled noticeably: growth across the sector has slowed to low single digits, and investors have become far less forgiving of missed forecasts from companies such as {org}.',
    '§c§ Much of the pressure comes from a customer who has become more deliberate at {org} and its peers, buying fewer things, researching them more carefully and waiting longer before committing.',
    'People close to {org} say the debate inside the company has been [less about whether to act than about how quickly|about speed rather than direction], with the board pushing for visible results within {months}.',
    'It is a familiar pattern in fashion, and {org} has lived through it before: a strategy that works brilliantly in a rising market becomes a liability the moment conditions turn.',
    'The timing is not accidental. Rising costs for labour, freight and rent have squeezed margins across the industry, forcing {orgNoun} to look harder at where it really makes money.',
    "§rival§ Competitors have taken note, and at least two of {orgNoun}'s closest rivals, {org2} among them, are understood to be studying [similar moves|a similar approach].",
    '§s§ In {city}, where {org} has its headquarters, the shift has been visible for some time: in the shops, in the hiring and in the conversations at industry dinners.',
    '§c§ The question for {org} is whether it can move fast enough without unsettling the customers and employees who have sustained it through leaner years.',
    'What makes the current moment unusual, people at {org} say, is that it is hitting strong and weak companies at the same time, blurring the usual line between structural and cyclical problems.',
    '§c§ Industry veterans note that the sector has been here before, in 2009 and again in 2016, and that each downturn rewarded the companies that kept investing in product, something {org} says it intends to do.',
    "§c§ Behind {orgNoun}'s headline numbers is a more complicated picture, with sharp differences between regions, categories and price points.",
    '§rival§ {org2}, which competes with {org} in several categories, has taken a [markedly|strikingly] different approach, and the contrast has become a subject of lively debate among analysts.',
    'The shift also reflects a generational change in management at companies like {org}, as executives who came of age in the boom years make way for a cohort more comfortable with data and less attached to old rituals.',
    'None of this is happening in isolation: tariffs, currency swings and a wave of new regulation have made planning at {org} harder than at any time since the pandemic.',
    'For {org}, founded in {founded}, the stakes go beyond a single season; they go to the heart of what kind of company it wants to be over the next decade.',
    '§c§ The industry has spent years talking about putting the customer at the centre of everything. In practice, {org}, like most of its peers, is still organised around products, seasons and channels.',
    '§c§ Executives at {org} describe a market in which the best-performing products are doing better than ever, while almost everything else has become harder to sell.',
    "That logic is being tested in {market}, which has become one of {orgNoun}'s most important markets and one of its least predictable.",
    'Investors, who rewarded rapid expansion for most of the last decade, are now asking {org} and its peers for something different: evidence that growth can be both profitable and repeatable.',
    '§c§ The approach borrows from other consumer industries, where companies learned long ago that a loyal customer is worth far more than a new one, a lesson {org} says it learned [late|the hard way].',
    'Much depends on execution, an area in which fashion companies, {org} included, have historically underinvested relative to design and marketing.',
    'In conversations with executives, investors and advisers for this article, a consistent theme emerged: the easy years are over, and the difficult ones reward discipline. {org} is trying to act accordingly.',
    'Several people interviewed about {org} asked not to be named because they were not authorised to discuss internal matters, or because they advise companies on more than one side of the debate.',
    '§c2§ The pressure is felt most acutely in the middle of the market, where brands such as {org2} lack both the pricing power of the biggest houses and the scale of the mass-market giants.',
    'It is, in other words, a story about trade-offs, and about which ones {org} is prepared to make in public.',
    'Behind closed doors at {org}, the conversation has moved on from diagnosis to treatment, and none of the treatments on offer is painless.',
    'The shift has been particularly visible since the spring, when several large companies issued profit warnings within weeks of each other and {org} revised its own plans.',
    "{OrgNoun}'s leadership has framed the change as an evolution rather than a break with the past, a choice of words that people who know the company say is deliberate.",
    'The details matter less than the principle, according to people who have worked with {org}: decisions that used to be made on instinct are now made on evidence, and argued over in the open.',
    'Across the industry, the mood has shifted from expansion to consolidation, and {orgNoun} has not been immune to it.',
    '§rival§ Executives at {org2} describe a similar picture, though they have drawn different conclusions about what to do next.',
    "The company's board, which includes several members with backgrounds outside fashion, has pressed management for a clearer account of where {orgNoun} makes and loses money.",
    'Three years ago, the conversation at {org} would have been about new markets and new categories. Today it is about focus.',
    "§c§ Part of the explanation lies in {market}, where shoppers who once drove {orgNoun}'s growth have become noticeably more selective.",
    'The company has been here before: in the early 2010s, {org} went through a similar period of retrenchment before a long run of growth.',
    'To outsiders, {org} can look like a business that changes slowly. Insiders describe a company that has been quietly rebuilding its foundations for several years.',
    'The strategy has its roots in a review commissioned by the board in {city} last year, which concluded that the company was trying to do too many things at once.',
    'What happens at {org} matters beyond its own balance sheet: suppliers, landlords and rivals all take cues from the way it behaves.',
    "§s§ The shift is partly generational. {orgNoun}'s most loyal customers are ageing, and the people who will replace them shop in very different ways.",
    '§rival§ The same forces are at work at {org2}, though it has chosen to respond more cautiously.',
    '§c§ Much of the work is unglamorous: cleaning up product data, renegotiating contracts, rewriting job descriptions. It is also, people at {org} insist, where most of the value lies.',
    'In {city}, rivals have been watching {orgNoun} closely, and some have already begun to copy parts of its approach.',
    '§rival§ The decision reflects a broader reassessment across the sector of what growth is worth, and at what cost, one that {org2} began a year earlier.',
    'A decade of easy money encouraged companies like {org} to expand quickly. Higher interest rates have changed that calculation.',
    "It is also a reflection of the company's ownership. As a {ownership} business, {org} can take decisions that a company under different ownership might find harder to justify.",
    "{OrgNoun}'s history helps explain its caution. Founded in {founded}, it has survived wars, recessions and several changes of fashion by avoiding unnecessary risks.",
    '§c§ The changes touch almost every part of {orgNoun}, from the design studio to the warehouse, and they have been phased over {months} to limit disruption.',
    'Much of what {org} is attempting has been tried elsewhere, with mixed results; the difference, executives argue, is in the sequencing.',
    'The debate is not confined to {org}. At industry gatherings in {otherCity} this autumn, the same questions came up again and again.',
    '§c§ For the customers who matter most to {org}, little of this is visible. That, according to one executive, is precisely the point.',
    "§s§ In the {season} season, {orgNoun}'s buyers were told to concentrate on fewer, deeper bets, a change that has already altered what arrives in stores.",
    '§rival§ {org2} offers an instructive comparison: similar in size and ambition to {org}, but organised very differently.',
    "The company's recent history has been turbulent, with two changes of chief executive in five years and a strategy that seemed to shift with each of them.",
    'Inside {org}, the programme has a name, a budget and a steering committee that meets every fortnight. Outside, it has so far attracted little attention.',
    '§c§ There is a wider context too: regulators in Europe and {market} are asking companies such as {org} for far more information about how and where their products are made.',
    'Few companies of its size have been as willing as {org} to question their own assumptions in public.',
    'The numbers {orgNoun} shares with investors have changed too, with fewer headline figures and more detail on margins, stock and cash.',
    'A year ago, the mood inside {org} was defensive. People who work there describe it now as focused, if tired.',
    '{org} is also contending with a shift in where its customers live, work and spend, with {market} rising fast in importance.',
    'The pandemic accelerated trends that were already visible at {org}, and the recovery has not reversed them.',
    'Seen from {otherCity}, where several of its rivals are based, {orgNoun} looks like a company that has chosen its battles carefully.',
    'Within the industry, {org} has long been regarded as a bellwether, which is one reason its recent decisions have attracted so much attention.',
    "It helps that {orgNoun}'s balance sheet is in good shape; companies carrying more debt have had far less room to manoeuvre.",
    'The result is a business that looks, from the outside, much as it did. Underneath, according to people familiar with {org}, a great deal has changed.',
    '{OrgNoun} has spent heavily on consultants over the past two years, but the most important changes, insiders say, were devised internally.',
    'Much of the thinking at {org} began with a simple question from the board: which parts of the business would it build again from scratch?',
    '§rival§ The timing, just as {org2} was moving in the opposite direction, has given the decision an added significance.',
    'Staff at {org} were told about the plan at a series of meetings in {city} in the spring, well before it was discussed publicly.',
    'For a company that has historically preferred to keep its counsel, {org} has been unusually open about the thinking behind the shift.',
    'The approach has its critics, but it also has a growing number of imitators, which in fashion is usually a sign that something is working.',
    "§rival§ {org2}'s experience is instructive: a similar effort there stalled when it collided with the company's seasonal calendar.",
    'None of the individual changes at {org} is radical. Taken together, they amount to a different way of running the business.',
    'People who have worked with {org} describe a culture that rewards caution, which makes the current pace of change all the more striking.',
    'Part of the motivation is defensive: {org} has watched newer competitors take share with leaner teams and faster decision-making.',
    "In private, executives at rival companies speak about {orgNoun}'s approach with a mixture of scepticism and respect.",
    'It is a pattern seen across the industry this year, from {city} to {otherCity}: fewer initiatives, more follow-through.',
    'The company was slow to recognise the shift, by its own admission, and has spent much of the past year catching up.',
    'The change has not been without casualties. Several senior people have left {org} since the start of the year, some of them voluntarily.',
    '{OrgNoun} also has the advantage of time: its owners, unlike those of many competitors, are not looking for a quick exit.',
    'For now, the plan has the support of the board and, crucially, of the people at {org} who have to carry it out.',
    'To its admirers, {org} is a rare example of a company that changes before it has to. To its critics, it is simply late.',
    "§s§ {OrgNoun}'s most senior executives now spend a day a month in its stores and warehouses, a discipline borrowed from large consumer-goods companies.",
    'The logic is easy to state and hard to follow: do fewer things, do them properly and stop doing the things that do not matter.',
    'Questions about the strategy came up repeatedly at a conference in {otherCity} this autumn, where {org} was discussed more than any other company.',
    'The debate has been sharpened by the arrival of new competitors in {market}, several of them backed by investors with deep pockets.',
  ],
  ev: [
    "§c§ According to company figures, {share} of {orgNoun}'s sales now come from customers who have bought from it before, a far larger proportion than five years ago.",
    '§s§ Revenue at {org} rose {pct} last year to {money}, but operating margins narrowed, reflecting higher spending on stores, staff and technology.',
    'Industry data compiled by Atelier suggests that sales across the segment in which {org} competes grew by just {pctSmall} in the first nine months of the year, against {pct} a year earlier.',
    'The company expects the programme to cost about {moneyM} over {months}, most of it up front, and to pay for itself by {year}.',
    "Analysts estimate that the shift could add as much as {pts} to {orgNoun}'s operating margin once fully in place, although the company has declined to give a target.",
    'In a survey of {num} senior executives conducted by Atelier this autumn, {pctBig} said they expected conditions to remain difficult through at least the first half of next year.',
    '§rival§ {org2} reported a {pct} rise in sales over the same period, helped by a strong performance in {market}.',
    'Inventory levels at {org} have fallen by roughly {pct} from their peak, according to one estimate, but remain above where management would like them.',
    '§s§ The company employs around {headcount} people, about a third of them in stores, and has hired aggressively in data and operations over the past two years.',
    "Price increases contributed roughly half of {orgNoun}'s growth over the past three years, according to analysts, a dependence that now looks increasingly fragile.",
    "§pub§ {org}'s shares have fallen about {pct} since the start of the year, underperforming a sector index that has itself struggled.",
    '§c§ Full-price sell-through at {org}, one of the measures the industry watches most closely, improved by {pts} last season, according to people who have seen the figures.',
    'Customer acquisition costs on the main social platforms have risen by {pctBig} in three years, according to estimates from agencies that work with {org}.',
    "In {market}, {orgNoun}'s sales grew {pct} in the first half, making it the company's fastest-growing region for the second year running.",
    "§c§ Around {pctBig} of {orgNoun}'s sales still come from its ten best-selling products, a concentration management has described as both a strength and a risk.",
    "§c§ The average order value on {orgNoun}'s website has risen to {orderValue}, partly because the company has stopped chasing small, low-margin orders.",
    '§c§ Spending on marketing at {org} reached about {pctSmall} of sales, [well below|far below] the industry average, reflecting a deliberate decision to invest in product and service instead.',
    "{share} of {orgNoun}'s revenue now comes from outside its home market, compared with less than a fifth a decade ago.",
    '§c§ Over the past {months}, {org} has cut the number of products it offers by about {pct} without any measurable decline in sales.',
    'Data from one payments company shows spending on fashion by high-income households up {pctSmall} year on year, while spending by middle-income households fell, a split that {org} sees in its own numbers.',
    '§s§ Capital expenditure at {org} is expected to reach {moneyM} this year, the highest in its history, with most of it going into existing stores rather than new ones.',
    "§s§ Staff turnover in {orgNoun}'s stores fell from about {pctBig} to {pct} after the company changed how associates are paid and scheduled.",
    "{OrgNoun}'s net cash position of roughly {moneyM} gives it room to invest while others retrench, according to analysts who follow the company.",
    'Consensus forecasts now put sector growth at [2|3] percent next year, down from [5|6|7] percent expected at the start of the year, and {org} has trimmed its own outlook accordingly.',
    "§c§ Sales of {orgNoun}'s entry-price products, typically priced below {entryPrice}, fell in the first half, while its most expensive lines continued to grow.",
    "§c§ {OrgNoun} says its repeat purchase rate has risen by {pts} in a year, a figure it regards as more meaningful than any single month's revenue.",
    'At its most recent investor day, {org} set a target of {money} in revenue by {year}, implying annual growth well above the sector average.',
    'The number of suppliers {orgNoun} works with has fallen to about {num}, a consolidation it describes as deliberate and overdue.',
    "By one estimate, about {pct} of the industry's production ends up discounted or unsold, a figure that has barely changed in a decade and that {org} has pledged to reduce.",
    'Profit at {org} fell {pct} in the first half, while the cost of goods sold rose faster than revenue for the third consecutive period.',
    '§c§ Gross margin at {org} edged up to {pctBig} in the latest period, helped by fewer markdowns and a better mix of full-price sales.',
    '§s§ {OrgNoun} opened {stores} stores and closed slightly more over the past two years, leaving its footprint smaller but, by its own account, considerably more productive.',
    'Sales at {org} in {market} rose {pct} in the {quarter}, offsetting a weaker performance closer to home.',
    'The company generated free cash flow of about {moneyM} last year, enough to fund its investment plans without new borrowing.',
    "§s§ {OrgNoun}'s wholesale revenue fell {pct} last year, while sales through its own stores and website rose {pctSmall}.",
    'According to people familiar with its plans, {org} intends to spend about {moneyM} on the programme over {months}.',
    '§c§ Markdowns at {org} accounted for {pctSmall} of gross sales last season, down from a peak of {pct} two years ago.',
    "§rival§ {org2}'s comparable figure is roughly twice as high, according to analysts' estimates.",
    '§c§ {share} of the shoppers who bought from {org} for the first time last year have already returned to buy again.',
    "In the {quarter}, {orgNoun}'s revenue per employee rose {pct}, one of the measures management now tracks most closely.",
    '§c§ The company now sells in {num} countries, but its ten largest cities account for {share} of revenue.',
    '§c§ Marketing costs at {org} have fallen by {pctSmall} even as sales have grown, which the company attributes to a more loyal customer base.',
  ],
  voice: [
    '{person}, {personRole}, said the most important decisions of the past year had been about what to stop doing rather than what to start.',
    'Speaking to Atelier, {person}, {personRole}, described the mood among peers as [sober rather than gloomy|cautious but not fearful], and said the companies that had kept costs under control would take share while others retrenched.',
    '§s§ {person}, {personRole}, argues that the industry has confused activity with progress, launching more products, more campaigns and more stores without asking whether any of them made the business stronger.',
    '“We spent years optimising for the next quarter,” said {person}, {personRole}. “What we need now is the patience to build things that take three or four years to pay off.”',
    '§c§ {person}, {personRole}, is blunt about the trade-offs. Growth that depends on discounting, {personLast} said, is “borrowed from the future, and the future always asks for it back.”',
    'According to {person}, {personRole}, the real shift is cultural rather than technical: teams have had to learn to share information they once guarded jealously.',
    '§c§ “The customer hasn’t stopped spending. She has stopped forgiving,” said {person}, {personRole}. “If the product isn’t right, she simply waits.”',
    '{person}, {personRole}, told Atelier that the industry had been [too slow|too cautious] to act in the past, and that the mistake would not be repeated.',
    'For {person}, {personRole}, the lesson of the past two years is that resilience matters more than speed. “The brands still standing in ten years will be the ones that can absorb a bad season,” {personLast} said.',
    '§c§ “Everyone says they are customer-centric,” said {person}, {personRole}. “Very few companies are willing to reorganise around that idea, because it means someone powerful loses a budget.”',
    '{person}, {personRole}, said conversations with investors had changed markedly in the past year, with far more questions about cash generation and far fewer about headline growth.',
    '“It is not a crisis, but it is a test,” said {person}, {personRole}, in an interview in {city}.',
    '{person}, {personRole}, was more sanguine. “Every slowdown sorts the industry into people who invested and people who waited,” {personLast} said. “I know which group I would rather be in.”',
    'Asked whether the strategy carried risks, {person}, {personRole}, said the greater risk lay in standing still.',
    '§c§ “We measure ourselves on whether clients come back, not on whether they bought this week,” said {person}, {personRole}.',
    '{person}, {personRole}, said the hardest part had been persuading long-serving staff that the old way of working was no longer good enough, however successful it had once been.',
    '{person}, {personRole}, believes that the companies that thrive will be those that treat data as a creative tool rather than a substitute for judgement.',
    '“There is no single fix,” said {person}, {personRole}. “It is a hundred small decisions, made consistently, for years.”',
    '{person}, {personRole}, pointed to {market} as the place where the shift was most visible, and where the industry had the most to learn.',
    '“People outside the industry underestimate how manual most of this still is,” said {person}, {personRole}. “Half the work is getting the basics right.”',
    '{person}, {personRole}, said there had been pressure to follow competitors, but that it was better to be “a little late and right, rather than early and wrong.”',
    '§c§ {person}, {personRole}, who has spent much of a career in the industry, said the current cycle felt different because it was being driven by customers rather than by the economy.',
    '§c§ “Our best customers are more loyal than ever,” said {person}, {personRole}. “The problem is the customers in between, who used to buy once a year and now don’t.”',
    'Speaking at an industry conference in {otherCity} last month, {person}, {personRole}, urged peers to stop treating the downturn as a temporary inconvenience.',
    '§c§ {person}, {personRole}, said the goal was not to be the biggest company in the category but the one customers would miss most if it disappeared.',
    '“We tested it in a few places, we looked at the numbers, and then we moved quickly,” said {person}, {personRole}. “That sequence is unusual in our industry.”',
    '{person}, {personRole}, acknowledged that some early results had been disappointing, but said they had taught the team more than the successes had.',
    '“If you ask people what they want, they tell you what they already have,” said {person}, {personRole}. “You have to watch what they do.”',
    '{person}, {personRole}, said the most useful question the industry could ask itself was what it would stop doing if it started again from scratch.',
    '§c§ {person}, {personRole}, described {market} as “the market that tells you the truth first,” because shoppers there react quickly to changes in price and product.',
    '§c§ In an interview, {person}, {personRole}, said the past year had been spent “taking things out,” from product lines to meetings to layers of approval.',
    "{person}, {personRole}, said the company's best decisions had usually been the ones that were unpopular inside the building when they were made.",
    '§rival§ {person}, {personRole}, said {org2} was a competitor worth respecting, but that copying it would be a mistake.',
    "Speaking in {city}, {person}, {personRole}, said the industry's obsession with newness had made it worse at looking after what it already had.",
  ],
  voice2: [
    '{person2}, {person2Role}, said the market would reward companies that could show consistent execution over several seasons rather than a single strong quarter.',
    '§inv§ “Investors have stopped paying for stories,” said {person2}, {person2Role}. “They want to see the cash.”',
    'Not everyone is convinced. {person2}, {person2Role}, said the plan looked sensible on paper but depended on a level of discipline {org} had not always shown.',
    '{person2}, {person2Role}, described the approach as “overdue but brave,” noting that few competitors had been willing to accept short-term pain for longer-term gains.',
    '“The question is not whether this is the right idea, but whether they can execute it at scale,” said {person2}, {person2Role}.',
    '{person2}, {person2Role}, cautioned that the industry had a long history of announcing transformations and quietly abandoning them when the next boom arrived.',
    '“This is one of the most interesting things happening in the sector right now,” said {person2}, {person2Role}. “And one of the most underrated.”',
    '{person2}, {person2Role}, said other companies were watching closely. “If it works, everyone will copy it within two years,” {person2Last} said.',
    '§c§ For {person2}, {person2Role}, the move reflects a broader shift in the balance of power between brands and the businesses that make and sell their products.',
    "{person2}, {person2Role}, pointed out that similar strategies had worked in other consumer categories, but warned that fashion's seasonal rhythm made them harder to carry out.",
    '“People have been predicting this for years,” said {person2}, {person2Role}. “What’s different now is that the numbers are forcing the issue.”',
    '{person2}, {person2Role}, said the biggest risk was not the strategy itself but the temptation to dilute it when the first set of results disappointed.',
    '“The brands that get this right will look very different in five years,” said {person2}, {person2Role}. “The ones that don’t will look exactly the same, which is the problem.”',
    '§c§ {person2}, {person2Role}, was more sceptical, arguing that the underlying problem at {org} was product rather than strategy.',
    '§inv§ “There is a lot of capital waiting for exactly this kind of business,” said {person2}, {person2Role}, “but investors have become much more demanding about what they will pay.”',
    "Speaking to Atelier, {person2}, {person2Role}, said the industry's most successful companies had one thing in common: “They know exactly what they are not.”",
    '{person2}, {person2Role}, noted that {org} had made similar promises before, and that the real measure would be whether it held its nerve through a weak season.',
    '“Fashion is very good at starting things and very bad at finishing them,” said {person2}, {person2Role}, who has followed {org} for years.',
  ],
  counter: [
    '§c§ There are risks. Cutting too deep could leave {orgNoun} without the breadth it needs to attract new customers, and some former executives worry that the balance has already tipped too far.',
    'Sceptics point out that similar plans have been announced before, at {org} and elsewhere, and that most were quietly shelved when conditions improved.',
    'Not everyone inside {org} is convinced. Several employees described the pace of change as exhausting, and one said the strategy had been explained far better to investors than to staff.',
    'The approach is also expensive and will take time to show results, something public markets have not always been willing to wait for.',
    "Critics argue that the move is defensive, a way of protecting {orgNoun}'s margins rather than a genuine change of direction, and that it does little to address the underlying question of relevance.",
    '§c§ There is also the question of whether customers will notice, or care. Much of the change at {org} is invisible from the outside, and fashion rarely rewards work that cannot be seen.',
    '§rival§ Competitors have not stood still. {org2} has invested heavily in the same area, and its scale gives it advantages that {org} will struggle to match.',
    'Some analysts worry that {org} is trying to do too much at once, with a new strategy, new systems and several senior appointments all landing in the same year.',
    'The plan also rests on assumptions about demand in {market} that may prove optimistic if the slowdown deepens.',
    'The harder question is cultural. Companies that have grown up around a charismatic founder or a star designer often struggle to build processes that outlast them, and {org} is no exception.',
    'Suppliers, too, have concerns. Several said they had been asked by companies including {org} to absorb higher costs and shorter lead times without any corresponding change in prices.',
    "§c§ For all the talk of transformation, {orgNoun}'s results still depend heavily on a small number of products and on the appeal of its name in a handful of markets.",
    'Regulatory uncertainty adds another layer of risk, particularly for a company with a supply chain as international as that of {org}.',
    '§c§ And there is a limit to how far efficiency can carry a fashion company. At some point the product has to be desirable, and no amount of operational discipline at {org} can manufacture that.',
    'Former employees describe {org} as slow to make decisions, with too many layers of approval and too little tolerance for failure.',
    'The numbers also flatter {orgNoun} slightly: part of the improvement reflects easy comparisons with a weak period a year earlier.',
    '§c§ It is not yet clear how the change will be received in {market}, where customers have different expectations and competitors have different cost structures.',
    'Even supporters of the plan at {org} concede that the next {months} will be difficult, with the costs arriving well before the benefits.',
    'Others question whether the industry is asking the right question at all. The real problem, they argue, is an excess of supply that no amount of optimisation at companies like {org} can fix.',
    'One person who has worked with {org} described its strategy as “correct but late,” a verdict that could apply to much of the industry.',
    'There are practical obstacles as well. Systems at {org} that were built for a different era will need to be replaced, and that takes time and money.',
    '§rival§ Some investors fear that {org} is sacrificing growth it will struggle to recover, particularly if competitors such as {org2} keep expanding.',
    'The plan also places heavy demands on middle managers at {org}, many of whom are being asked to change how they work while hitting the same targets.',
    'Critics note that the company has offered few concrete milestones, making it hard for outsiders to judge whether {orgNoun} is on track.',
    "A weaker performance in {market} would test the plan sooner than {orgNoun}'s management would like.",
    '§c§ And the approach assumes a degree of loyalty among customers of {org} that may not survive a sustained rise in prices.',
    'Union representatives and some staff at {org} have raised concerns about the pace of change and its effect on workloads.',
    "§rival§ {org2} has tried something similar before and abandoned it after two seasons, a precedent that sceptics of {orgNoun}'s plan are quick to cite.",
  ],
  close: [
    'For now, {org} appears determined to stay the course. Whether that proves to be conviction or stubbornness will become clear over the next few seasons.',
    "§s§ The coming months will offer the first real test, with {orgNoun}'s full-year results due in the spring and a new season already in stores.",
    'What is clear is that the old playbook no longer works. The companies that recognise that soonest, {org} possibly among them, will set the terms for everyone else.',
    'If the plan works, it could become a template for the wider industry. If it does not, {org} will be remembered for another ambitious strategy that collided with the realities of fashion.',
    "The industry will be watching closely, and so will {orgNoun}'s investors, who have been promised results by {year}.",
    '§c§ In the end, the test for {org} will be the one fashion always applies: whether customers keep coming back.',
    'The next twelve months will show whether the change at {org} is lasting, or simply a response to a difficult moment that will be forgotten when conditions improve.',
    'For an industry that prizes novelty, the most radical idea at {org} may turn out to be patience.',
    'Executives across the sector say they expect more companies to follow {org}, particularly if conditions remain difficult into next year.',
    '{OrgNoun} has set itself a demanding timetable, and it will report on progress at an investor event in {otherCity} early next year.',
    'It is an experiment still in its early stages, and one that many in the industry will be following with interest, and some with envy, as {org} reports its next set of numbers.',
    'Asked what success would look like in five years, one senior executive at {org} offered a simple answer: a business that no longer needs to explain itself.',
    'For {org}, the hard part is only beginning.',
    'The answer will matter far beyond {org}, because the forces at work are reshaping the entire industry.',
    'It is, as one investor in the sector put it, the kind of change that looks obvious in hindsight and impossible at the time, and {org} is betting that hindsight will be kind.',
    '§rival§ For {org2} and others watching from the sidelines, the lesson may be that waiting has costs of its own.',
    'The results so far are encouraging, if not yet conclusive, and {orgNoun} is careful not to overclaim.',
    'What happens in {market} over the next year will be the clearest indication of whether the approach can travel.',
    "People closest to the project at {org} describe it as a marathon rather than a sprint, and caution against judging it on a single season's numbers.",
    'Either way, the era of easy growth is over, and the companies that adapt fastest, whether or not {org} is one of them, will define what comes next.',
    'The next milestone for {org} comes in {months}, when the first full results under the new approach are published.',
    'For {org}, the strategy is now set. What remains is the harder work of sticking to it.',
    "§rival§ {OrgNoun}'s rivals, {org2} included, will be watching the numbers as closely as its investors.",
    'If {org} can show progress by {year}, it will have made a persuasive case for a different way of running a fashion business.',
    'Nobody at {org} pretends the job is finished. But for the first time in several years, people there say, it is clear what the job is.',
    "§c§ Whether customers in {market} and beyond reward {orgNoun}'s patience will be the ultimate test.",
  ],
};

const TOPIC_SENTENCES: Readonly<Record<string, SentencePool>> = {
  news: {
    ctx: [
      'The announcement was made in a statement on {weekday} and confirmed by a spokesperson for {org}, who declined to comment further.',
      "The move follows months of speculation about {orgNoun}'s direction, fuelled by a series of senior departures since the spring.",
      'People familiar with the matter said the decision was taken at a board meeting in {city} earlier this month, after several weeks of discussion.',
      '§pub2§ The news comes at a sensitive moment for the sector, with {org2} and several other large companies due to report results in the coming weeks.',
      '{org} has been under pressure from shareholders to improve returns since a disappointing set of results earlier in the year.',
    ],
    ev: [
      'The company said the changes would generate annual savings of about {moneyM} from {year}, with one-off costs booked in the current financial year.',
      '{OrgNoun} reported revenue of {money} last year, with {share} generated in its home market.',
      '§pub§ Shares in {org} were [little changed|up {pctSmall}|down {pctSmall}] in afternoon trading in {city}.',
      "Analysts at one broker estimated the impact on next year's earnings at about {pctSmall}, [less than some had feared|broadly in line with expectations].",
    ],
    voice: [
      '§own§ In a statement, {person}, {personRole}, said the decision reflected “a clear view of where we can win, and where we cannot.”',
      '§own§ {person}, {personRole}, told reporters on a call that {orgNoun} remained confident in its long-term plan despite a [difficult|choppy] year.',
      '§own§ “This is the right moment,” {person}, {personRole}, said in a memo to staff seen by Atelier.',
    ],
    counter: [
      'The company did not say how many roles would be affected, and a spokesperson declined to comment on reports that some functions would move to {otherCity}.',
      'Some investors questioned the timing, noting that {org} had reiterated its guidance only weeks earlier.',
      'Representatives of staff at {org} said they had not been consulted and called for talks.',
    ],
    close: [
      'Further details are expected when {org} reports its results early next year.',
      '{OrgNoun} said it would give an update on its strategy at an investor day in the spring.',
      'A spokesperson for {org2} declined to comment on what the development meant for its own plans.',
    ],
  },
  analysis: {
    ctx: [
      'To understand why, it helps to look at how the economics of a business like {org} have changed over the past decade.',
      'The numbers tell part of the story. The rest lies in how decisions are made inside companies like {org}, and in how slowly those processes have adapted.',
      '§rival§ The dynamic is not new, but it has intensified, and it is now shaping strategy at companies, {org2} among them, that once considered themselves immune.',
      "Atelier's analysis of filings from more than {num} listed fashion companies shows the divergence clearly.",
      '§rival§ Look beneath the aggregate figures and two very different industries emerge, moving in opposite directions, with {org} and {org2} on [either side|opposite sides] of the divide.',
    ],
    ev: [
      "Across the companies in Atelier's sample, the top quartile grew revenue by {pct} over three years while the bottom quartile shrank, the widest gap in more than a decade.",
      'Gross margins at the strongest performers averaged {pctBig}, compared with well under half that at the weakest.',
      '§c§ Over the same period, the average number of products offered by the companies we studied rose by {pct}, while revenue per product fell.',
      '§c§ The share of revenue generated by full-price sales fell by {pts} across the sector, with discounting concentrated among mid-priced brands.',
    ],
    voice: [
      '{person}, {personRole}, said the companies that would emerge strongest were those treating the slowdown as an opportunity to simplify.',
      '“The industry has spent a decade building complexity, and the bill has arrived,” said {person}, {personRole}.',
    ],
    counter: [
      'There are exceptions, and they complicate the narrative. Several companies smaller than {org} have grown strongly while doing almost everything the conventional wisdom advises against.',
      '§rival§ Some of the divergence reflects timing rather than strategy: companies that raised prices earlier, like {org2}, have simply hit the ceiling sooner.',
      'Data in this area is imperfect. Many of the most interesting companies are private and disclose little, which skews any analysis towards listed groups such as {org}.',
    ],
    close: [
      "The implication for executives at {org} and elsewhere is uncomfortable but clear: the tools that built the last decade's winners are unlikely to build the next decade's.",
      'Whichever way the cycle turns, the gap between {org} and the rest of its peer group looks set to [widen|keep widening].',
      'For investors, the lesson is to look past headline growth at companies like {org} to the quality of it.',
    ],
  },
  opinion: {
    ctx: [
      'I have spent much of the past year talking to executives about this, including several at {org}, and almost all of them agree in private with what they would never say in public.',
      "The argument I hear most often in defence of the status quo is that it has always worked. That was true at {org} and elsewhere, until it wasn't.",
      'Consider how we got here. Each decision made sense at the time; together they have produced something nobody at {org}, or anywhere else, would design on purpose.',
      'Let me be clear about what I am not saying. This is not an argument against ambition, or against growth at {org} or anywhere else; it is an argument against growth for its own sake.',
      'The industry likes to describe itself as creative and fast-moving. On this question, {org} and most of its peers have been neither.',
    ],
    ev: [
      'The numbers are not ambiguous. By most estimates, {pct} of what the industry makes is sold at a discount, and a meaningful share is never sold at all.',
      'One executive told me that {pctBig} of management time at a company not unlike {org} was spent on problems that would not exist if it simply made less.',
    ],
    voice: [
      '{person}, {personRole}, put it to me more elegantly than I can: “The hardest thing in this business is to be patient in public.”',
      'When I put the argument to {person}, {personRole}, the response was immediate: “Of course. The question is who goes first.”',
      '§c§ {person}, {personRole}, once told me that the best decision of a long career had been a product launch that never happened. I think about that often.',
    ],
    counter: [
      'The counter-argument deserves a fair hearing. Scale does bring advantages, in sourcing, in distribution and in the ability to absorb a bad season, as {org2} has shown.',
      'I accept that this is easier to write than to do. Boards want growth, investors want growth and careers, at {org} as elsewhere, are built on growth.',
      'Some will say this is naive, and on timing they may be right. I do not think they are right about the direction, and neither, I suspect, does {org}.',
    ],
    close: [
      'The companies that take this seriously will not regret it. The ones that do not, and I fear {org2} may be among them, may not get a second chance.',
      'It is time {org}, and the rest of the industry, stopped pretending otherwise.',
      'We can keep doing what we have always done, or we can admit that it no longer works. I know which I would choose, and I suspect the people running {org} do too.',
      'None of this is easy. All of it, for {org} and every company like it, is necessary.',
    ],
  },
  luxury: {
    ctx: [
      'Luxury has long prided itself on playing a longer game than the rest of fashion, and {org} measures success in decades rather than seasons.',
      '§s§ The largest houses spent the post-pandemic boom raising prices, elevating stores and retreating from wholesale, a strategy that worked brilliantly for {org} until the aspirational customer stopped coming.',
      '§c§ At the top of the market, clients are still spending, but they expect more of a house like {org}: more access, more attention and a sense that they are known personally.',
      'The tension at the heart of luxury is old: how to grow without becoming common, and how to stay exclusive without shrinking. {org} has wrestled with it for most of its history.',
      'For a house like {org}, desirability is the asset that matters most, and it is also the hardest to measure on a balance sheet.',
    ],
    ev: [
      "Sales of leather goods across the sector fell by {pctSmall} in the {quarter}, while jewellery grew by {pct}, according to analysts' estimates.",
      '§c§ The top {pctSmall} of clients account for an estimated {share} of luxury spending, a concentration that has risen steadily since 2019 and is even higher at {org}.',
      "§c§ {OrgNoun}'s entry-price handbag now costs {bagPrice}, roughly double what it cost before the pandemic.",
      "§s§ Sales in {orgNoun}'s own stores now account for {share} of revenue, after a decade spent buying back franchises and closing wholesale accounts.",
    ],
    voice: [
      '“Luxury is not about the price; it is about the time,” said {person}, {personRole}. “Time to make the thing, time to sell it, time to repair it.”',
      '§own§ §c§ {person}, {personRole}, said the house had deliberately slowed the pace of launches to give each product more room to breathe.',
      '§c§ “Our clients do not want more of us. They want better of us,” said {person}, {personRole}.',
    ],
    counter: [
      '§c§ The risk is that, in chasing the very wealthy, houses like {org} lose touch with the aspirational shoppers who built their scale and who will be the very wealthy of tomorrow.',
      '§rival§ Some executives privately concede that the industry, {org2} included, raised prices too far and too fast, and that the correction has further to run.',
      "Hard luxury's strength may also prove cyclical: jewellery and watches have historically been among the first categories to slow when confidence falls, a risk for {org}.",
    ],
    close: [
      'Luxury has survived many cycles by staying true to its codes while reinventing everything else. {org} is betting that this one will be no different.',
      'For {org}, the challenge is to remain desirable without becoming either unreachable or ordinary.',
      'The houses that emerge strongest, and {org} intends to be one of them, will be those that used the slowdown to earn their prices again.',
    ],
  },
  retail: {
    ctx: [
      'Physical retail has been written off so many times that its survival has become a running joke in the industry, and {org} has been on the receiving end of more than one premature obituary.',
      '§s§ The economics of a store have changed: prime rents in {city} have risen, but so has the value of a well-run shop as a place to win and keep customers.',
      '§s§ Shoppers now move fluidly between channels, researching on a phone, trying on in a store and buying wherever is convenient, which makes channel-by-channel accounting at {org} increasingly misleading.',
      "§dept2§ For department stores in particular, the challenge is to give shoppers a reason to visit that brands' own stores and websites cannot, and {org2} has been trying to do exactly that.",
      '§s§ Behind every store at {org} is a web of decisions about staffing, stock and space, and small changes in each can add up to large changes in performance.',
    ],
    ev: [
      "§s§ Footfall in {orgNoun}'s stores is up {pctSmall} this year, while conversion, the share of visitors who buy something, has risen faster.",
      "§c§ Online sales account for {share} of {orgNoun}'s revenue, a proportion that has barely moved in two years.",
      '§s§ Average sales per square metre rose {pct} in the stores {orgNoun} refurbished last year, against {pctSmall} across the rest of the estate.',
      'Return rates on online orders averaged around {pct} across the sector last year, and were far higher for dresses and footwear, according to data shared by {org}.',
    ],
    voice: [
      '§s§ “A store has to earn the visit,” said {person}, {personRole}. “If people can get the same experience on their phone, they will.”',
      '§s§ {person}, {personRole}, said stores should no longer be measured purely on their own sales, but also on what they generate online in the surrounding area.',
      '“We had too many brands and not enough point of view,” said {person}, {personRole}.',
    ],
    counter: [
      'Landlords remain a complication. Long leases signed at peak rents have left {org}, like many retailers, locked into locations that no longer make sense.',
      'Labour is the other constraint. Better service requires better-paid and better-trained staff, and {org} has yet to show how it will fund that.',
      'The online business at {org}, meanwhile, remains less profitable than management would like, weighed down by delivery and returns.',
    ],
    close: [
      '§s§ The store is not dead, but the lazy store certainly is, and {org} seems to understand the difference.',
      '§s§ Retailers that understand what their stores are for, and build around that, will find the next few years less daunting than the headlines suggest. {org} is trying to be one of them.',
      'For {org}, the challenge now is to make the changes stick through a holiday season that few expect to be generous.',
    ],
  },
  technology: {
    ctx: [
      'Fashion has historically spent a smaller share of revenue on technology than most consumer industries, and much of what companies like {org} spent went on websites rather than the systems behind them.',
      'The arrival of capable AI tools has changed the conversation in boardrooms, though executives at {org} admit they are still working out where the technology really helps.',
      'Most fashion companies still run core processes on a patchwork of spreadsheets and legacy systems, some of them decades old, and {org2} is no exception.',
      'Start-ups selling into fashion face a familiar problem: long sales cycles, cautious buyers and seasonal calendars that make pilots with companies such as {org2} slow to evaluate.',
      "Data has become the industry's favourite word and one of its least understood assets; {org}, like most companies, has plenty of it and struggles to use it.",
    ],
    ev: [
      'Technology spending across the industry is expected to grow by about [8|9|10|11|12] percent next year, according to one consultancy, with AI accounting for a growing share.',
      '§t§ Brands using the software report a reduction in excess inventory of between {pctSmall} and {pct}, according to case studies published by {org}.',
      '§t§ {org} says its tools are now used by more than {num} companies, up from a handful three years ago.',
      '§up§ The company has raised about {moneyM} from investors since it was founded, most recently in a round led by a growth fund in {otherCity}.',
    ],
    voice: [
      '“The technology is the easy part,” said {person}, {personRole}. “The hard part is getting a merchant to trust a number they didn’t come up with.”',
      '{person}, {personRole}, said the most successful deployments had been those where teams were given time to learn the tools rather than told to hit targets immediately.',
      '“Fashion doesn’t have a data problem. It has a decisions problem,” said {person}, {personRole}.',
    ],
    counter: [
      'The results are not always as dramatic as vendors claim, and many early pilots across the industry were quietly abandoned, including at least one at {org2}.',
      'There are concerns about data privacy, about dependence on a small number of providers and about what happens to jobs at companies like {org} as tasks become automated.',
      'Integration remains the stumbling block: even good software struggles when the data it depends on is incomplete or inconsistent, as {org} discovered early on.',
    ],
    close: [
      'Technology will not replace judgement in fashion, but at {org} it is already changing what that judgement is applied to.',
      'The companies that invest patiently now, {org2} among them, will have an advantage that will be hard to close later.',
      'For {org}, the real test will be whether the gains survive the move from pilot to everyday practice.',
    ],
  },
  sustainability: {
    ctx: [
      "§c§ Fashion's environmental footprint is concentrated upstream, in the farms, mills, tanneries and dye houses that most of {orgNoun}'s customers never see.",
      'Regulation is doing what voluntary pledges could not, forcing companies such as {org} to gather data and disclose it in formats that can be compared.',
      "The industry's sustainability conversation has shifted from marketing to compliance, from promises to measurement, and {org} has had to shift with it.",
      '§s§ Much of the progress to date, at {org} and elsewhere, has come from easier changes such as renewable electricity in stores and offices, leaving the hardest problems in the supply chain largely untouched.',
      '§maker2§ Suppliers such as {org2} complain that they are asked to invest in cleaner processes while brands continue to negotiate hard on price and shorten lead times.',
    ],
    ev: [
      "Emissions generated in the supply chain account for more than {pctBig} of {orgNoun}'s footprint, a typical proportion for the industry.",
      '§c§ {OrgNoun} says it has reduced emissions per product by {pct} since 2019, although total emissions have risen because it sells more.',
      'Only about {pctSmall} of clothing is recycled into new clothing, according to widely cited industry estimates, and {org} does not claim to be doing much better.',
      'Switching the main production sites that serve {org} to renewable energy would cost about {moneyM}, according to one estimate shared with Atelier.',
    ],
    voice: [
      '“We can’t audit our way to a better supply chain,” said {person}, {personRole}. “We have to pay for it.”',
      '{person}, {personRole}, said the industry needed to move from one-year orders to multi-year commitments with key suppliers, giving them the certainty to invest.',
      '“The easy wins are gone,” said {person}, {personRole}. “What’s left is expensive, technical and unglamorous.”',
    ],
    counter: [
      '§c§ Critics argue that efficiency gains are being overwhelmed by volume: the industry, {org} included, makes more products every year, cancelling out improvements per item.',
      '§c§ Measurement itself remains contested, with different methodologies producing very different results for the same product, a problem {org} has raised with regulators.',
      'There is also a risk that regulation rewards the companies best able to produce paperwork, such as {org2}, rather than those making the greatest real progress.',
    ],
    close: [
      'The next few years will show whether regulation can achieve what a decade of voluntary commitments did not, and whether {org} is ready for it.',
      'The industry knows what it needs to do. The question for {org}, as for everyone else, is who will pay for it.',
      'For {org}, the work is less glamorous than the pledges, and far more important.',
    ],
  },
  beauty: {
    ctx: [
      'Beauty has been one of the most resilient consumer categories of the past few years, buoyed by small indulgences that feel affordable when larger purchases do not, and {org} has been a beneficiary.',
      "The category's growth has been uneven, with fragrance and dermatological skincare surging while colour cosmetics have been more volatile, a pattern visible in {orgNoun}'s own sales.",
      '§c§ Social media has compressed the life cycle of a beauty product: a launch from a brand like {org} can sell out in days and be forgotten in months.',
      'Consumers have become unusually sophisticated, reading ingredient lists, comparing formulations and seeking out clinical evidence before they buy from {org} or anyone else.',
      '§c§ Retailers hold considerable power in beauty, and the relationship between a brand like {org} and its stockists can make or break a launch.',
    ],
    ev: [
      'Global beauty sales are expected to grow by around {pctSmall} this year, according to industry estimates, with fragrance growing fastest.',
      "§b§ {OrgNoun}'s skincare sales rose {pct} in the first half, while make-up was broadly flat.",
      '§s§ Sales through specialist beauty retailers grew {pct} in the {quarter}, outpacing department stores and pharmacies, according to data shared by {org}.',
      "§c§ {OrgNoun}'s best-selling serum, priced at {beautyPrice}, accounts for {share} of sales, according to people familiar with the figures.",
    ],
    voice: [
      '“Efficacy is the new luxury,” said {person}, {personRole}. “People will pay a premium if they can feel that something works.”',
      '§c§ {person}, {personRole}, said the industry had launched too much for too long, and that fewer products with longer lives were the answer.',
      '“The consumer reads the back of the pack now,” said {person}, {personRole}. “That changes everything about how we formulate.”',
    ],
    counter: [
      '§c§ Regulators in Europe and the US are tightening rules on claims, which could force {org} and its rivals to rethink how they market their products.',
      '§b2§ There are signs of fatigue among younger consumers, some of whom have embraced simpler routines after years of multi-step regimens sold by brands such as {org2}.',
      '§c§ So-called dupes, cheaper products that mimic the look and feel of prestige bestsellers, are eroding pricing power across the category, and {org} has not been spared.',
    ],
    close: [
      'In beauty, as elsewhere, the brands that endure are those that earn trust slowly and keep it. {org} is betting that it can.',
      'For {org}, the next chapter will depend on whether it can sustain growth without losing the credibility that built it.',
      'The category remains one of the most dynamic in consumer goods, and one of the least forgiving of complacency, as {org2} has learned.',
    ],
  },
  workplace: {
    ctx: [
      'Fashion has always attracted people willing to trade pay and hours for the chance to work in a creative industry, but that bargain is being questioned by a new generation of employees at companies like {org}.',
      "§c§ The industry's working culture was shaped by the show calendar, with intense bursts of work before collections, and {org}, like many companies, has never fully adapted to a year-round digital business.",
      'Leadership at companies like {org} has traditionally been split between creative and commercial heads, a structure that works well when they trust each other and badly when they do not.',
      'Hiring has become harder in specialist areas such as data, supply chain and sustainability, where {org} competes with better-paying industries.',
      'Employee surveys across the sector, including at {org2}, point to consistent frustrations: unclear career paths, heavy workloads and a lack of recognition.',
    ],
    ev: [
      'Voluntary staff turnover at {org} fell to [9|11|12|14|15] percent last year, from [21|23|26|28|31] percent two years earlier.',
      'Salaries for data and technology roles in fashion rose by around {pct} over the past two years, according to recruiters, far faster than for design roles.',
      "In Atelier's most recent workplace survey, {pctBig} of respondents said they had considered leaving the industry within the past year.",
      '{OrgNoun} now spends about [2|3|4] percent of its payroll on training, roughly double what it spent five years ago.',
    ],
    voice: [
      '“People don’t leave fashion because they stop loving it,” said {person}, {personRole}. “They leave because they can’t see a future in it.”',
      '{person}, {personRole}, said publishing salary bands for every role had been controversial internally but had made hiring noticeably easier.',
      '“Culture is what you tolerate,” said {person}, {personRole}. “We had tolerated too much for too long.”',
    ],
    counter: [
      'Change is slow in an industry where many senior leaders, at {org} and elsewhere, built their careers in a very different working culture.',
      'Some managers at {org} worry that flexibility undermines the collaboration on which creative work depends.',
      '§big2§ Smaller companies say they cannot match the salaries or benefits offered by larger groups such as {org2}, and risk losing their best people.',
    ],
    close: [
      'The companies that solve the talent problem will have an advantage that competitors find hard to copy, and {org} knows it.',
      "§c§ Fashion's future will depend as much on the people it can attract and keep as on the products it makes, at {org} as everywhere else.",
      'For {org}, the test will be whether the changes survive the next busy season.',
    ],
  },
  'case-studies': {
    ctx: [
      'The problem at {org} was not a lack of ideas but a lack of focus. By the time the new plan was drawn up, the company had more than a dozen strategic priorities, and none was properly resourced.',
      'The first step was diagnostic. Over several months, a small team at {org} gathered data from every part of the business and discovered that many of its assumptions were wrong.',
      'What followed at {org} was a sequence of decisions, some of them bold, most of them incremental, that together changed the trajectory of the business.',
      "{OrgNoun}'s experience offers lessons for any brand facing a similar challenge, although some of its advantages would be difficult to replicate.",
      '§c§ Crucially, the changes were sequenced: {org} fixed the data first, then the processes, and only then the customer-facing parts of the business.',
    ],
    ev: [
      '§c§ Within {months}, the share of sales {org} made at full price had risen by {pts}, and inventory had fallen by {pct}.',
      'The initiative required an upfront investment of around {moneyM}, which {orgNoun} says it recovered within two years.',
      'Customer retention at {org} rose from roughly {pct} to {pctBig} over the period, according to internal data shared with Atelier.',
      "Over the same period, {orgNoun}'s operating margin improved from low single digits to about {pct}, the highest in its recent history.",
    ],
    voice: [
      '§own§ “We didn’t have a single big idea,” said {person}, {personRole}. “We had a hundred small ones, and the discipline to see them through.”',
      '§own§ {person}, {personRole}, said the turning point came when the leadership team agreed on three metrics and stopped debating the rest.',
      '§own§ “The hardest conversations were internal,” said {person}, {personRole}. “Every change took something away from someone.”',
    ],
    counter: [
      'Not every experiment worked. An early attempt by {org} to expand into new categories was abandoned after a season, at a cost the company prefers not to disclose.',
      'Some of the gains may prove difficult to sustain as {org} grows and the conditions that made them possible change.',
      '§rival§ Competitors, {org2} among them, have since adopted several of the same tactics, eroding some of the advantage.',
    ],
    close: [
      'Key takeaway: the changes that mattered most at {org} were operational, not creative, and they were sustained for long enough to work.',
      'Key takeaway: clarity about what not to do proved as valuable to {org} as any single initiative.',
      'The lesson for other companies is less about any individual tactic than about the discipline of execution that {org} sustained.',
      'Key takeaway: {org} measured what mattered, shared the numbers widely and held itself accountable to them.',
    ],
  },
  'bof-insights': {
    ctx: [
      'This report draws on a survey conducted in the third quarter of 2026, interviews with senior executives at companies including {org} and analysis of company disclosures.',
      'The findings challenge several assumptions that have guided strategy at companies such as {org} for much of the past decade.',
      'Our methodology combines quantitative data with qualitative interviews, allowing us to explain not only what is happening at companies like {org} but why.',
      '§rival§ Throughout the report, we distinguish between companies in the top and bottom quartiles of performance, which reveals differences that averages conceal, as the contrast between {org} and {org2} shows.',
      'The data also reveals significant variation by region and price point, with {market} standing out, which we explore in the sections that follow.',
    ],
    ev: [
      'Among respondents, {pctBig} said the issue was a top-three strategic priority for the coming year, up from {pct} in our previous survey.',
      'Companies in the top quartile, a group that includes {org}, were roughly twice as likely as those in the bottom quartile to report measurable progress.',
      'Our model suggests that the opportunity could be worth {industryMoney} to the industry by {year}, although capturing it will require sustained investment.',
      'Only {pct} of the companies we surveyed said they had the data they needed to make decisions confidently.',
      'The survey of more than {respondents} respondents across 14 markets was conducted online and weighted to reflect the composition of the industry.',
    ],
    voice: [
      '{person}, {personRole}, told our researchers that the findings reflected conversations taking place in boardrooms across the industry.',
      '“The data confirms what many of us suspected but couldn’t prove,” said {person}, {personRole}.',
    ],
    counter: [
      'Surveys capture intentions rather than actions, and the gap between the two has historically been large in this area, including at companies like {org}.',
      'Our sample is weighted towards larger companies such as {org}, which may have more resources to invest than the industry as a whole.',
    ],
    close: [
      'The full report, including detailed data tables and methodology, is available to Atelier members, alongside a profile of {org}.',
      "We will revisit these findings in next year's edition, tracking how the priorities and performance of companies such as {org} evolve.",
      'For executives, the practical implication is to focus on a small number of capabilities and invest in them consistently, as {org} has done.',
    ],
  },
  marketing: {
    ctx: [
      "Marketing in fashion has become more fragmented than ever, and {orgNoun}'s budget is now spread across dozens of channels, formats and partners.",
      '§c§ The rise of performance marketing over the past decade led many brands, {org} among them, to underinvest in long-term brand building, a decision some now regret.',
      '§c2§ The most successful campaigns of recent years, including one from {org2}, have tended to feel like culture rather than advertising.',
      'Brands such as {org} are discovering that attention is cheap to buy but expensive to keep, and that the second matters more than the first.',
      '§c§ The line between marketing and product has blurred, as collaborations, drops and limited editions have become marketing tools in their own right at {org} and elsewhere.',
    ],
    ev: [
      "§c§ {OrgNoun}'s marketing spend has held steady at about {pctSmall} of sales, but the share going to events and experiences has roughly doubled.",
      'The campaign generated more than {num} million views in its first week, according to {org}, and a measurable rise in website traffic.',
      "Paid social now accounts for [less than a third|about a quarter|under 30 percent] of {orgNoun}'s marketing budget, down from more than half three years ago.",
      'Awareness of {org} among 18- to 34-year-olds rose by {pts} after the campaign, according to research commissioned by the company.',
    ],
    voice: [
      '“We used to buy reach. Now we try to earn relevance,” said {person}, {personRole}.',
      '{person}, {personRole}, said fewer, bigger moments were worth more than a constant stream of campaigns.',
      '“The best marketing doesn’t feel like marketing,” said {person}, {personRole}. “It feels like something you want to be part of.”',
    ],
    counter: [
      'Measuring the return on brand marketing remains difficult, and finance teams at {org} are increasingly asking for evidence.',
      '§c2§ Critics worry that the focus on viral moments comes at the expense of consistent, long-term brand building, something {org2} has been accused of.',
      'There are also signs of fatigue, as audiences become more adept at recognising and ignoring sponsored content, including from {org}.',
    ],
    close: [
      'In a crowded market, the brands that stand out will be those with something genuine to say, and the discipline to keep saying it. {org} believes it has both.',
      'Marketing has always been about telling stories; the challenge for {org} is to tell them in places where people still listen.',
      'For {org}, the next step is to prove that attention can be turned into lasting loyalty.',
    ],
  },
  'fashion-week': {
    ctx: [
      "This season's shows, {orgNoun}'s among them, took place against a backdrop of slowing sales, creative upheaval and a general sense that the industry is in transition.",
      '§c§ The {season} collections were notable for a return to wearable, well-made clothes, with fewer spectacles and more attention to craft, and {org} was no exception.',
      'Buyers arrived with tighter budgets and clear instructions: focus on what sells, and take fewer risks on untested names. Established labels such as {org} were the beneficiaries.',
      'The schedule itself has become a subject of debate, with some brands abandoning it altogether and others, {org} among them, arguing that it remains essential.',
      "Outside {orgNoun}'s venue, the crowds of photographers and onlookers were as large as ever, a reminder that the shows still command public attention.",
    ],
    ev: [
      'The official schedule in {otherCity} featured {num} shows and presentations this season, fewer than a year ago.',
      'Buyers told Atelier they expected to spend about {pctSmall} less on {season} than on the same season last year, with the cuts concentrated in newer brands.',
      'Social media engagement for the top ten shows of the week rose {pct} on the previous season, according to one analytics firm, with {org} near the top of the list.',
      "A show on the scale of {orgNoun}'s typically costs upwards of {showCost}, depending on the venue and production.",
    ],
    voice: [
      '“We wanted to make clothes that people would actually wear,” said {person}, {personRole}, backstage after the show.',
      '§c§ {person}, {personRole}, said the best collections this season had been built around a small number of pieces, each developed over months rather than weeks.',
      '“A show is still the best way to say who you are in ten minutes,” said {person}, {personRole}.',
    ],
    counter: [
      "§c§ Some critics found the season too cautious, with few collections, {orgNoun}'s included, that genuinely pushed the conversation forward.",
      'The cost of showing remains prohibitive for many young designers, and some question whether the investment pays off in sales, even for {org}.',
      '§c2§ The calendar is also increasingly crowded with off-schedule events, making it difficult for buyers and editors to see everything, and for {org2} to stand out.',
    ],
    close: [
      'Whatever the doubts, fashion week remains the moment when the industry gathers, takes stock and decides what matters next. {org} made sure it was part of the conversation.',
      '§s§ The true verdict will come in stores, when the {season} collections from {org} and its peers arrive.',
      'For {org}, the show was a statement of intent. The orders will show whether buyers were listening.',
    ],
  },
  china: {
    ctx: [
      "China remains one of the world's most important sources of luxury demand, but its consumers, and the rules of engagement for brands such as {org}, have changed markedly since the pandemic.",
      '§c§ Chinese shoppers have become more discerning, more value-conscious and more confident in domestic brands, a shift {org} has felt directly.',
      "The country's digital ecosystem is unlike any other, with social platforms, search and shopping tightly integrated in ways that {org} has had to learn from scratch.",
      'Economic uncertainty, including a weak property market and high youth unemployment, has weighed on the confidence of the consumers {org} depends on.',
      '§cn2§ Local competition has intensified, with Chinese brands such as {org2} competing on design and quality rather than simply on price.',
    ],
    ev: [
      'Luxury sales in mainland China are estimated to have fallen by {pctSmall} this year, after a similar decline in 2025.',
      '§b§ Domestic brands now hold {share} of the Chinese prestige beauty market, according to industry estimates, up sharply from five years ago.',
      'Sales in Chengdu and Hangzhou grew {pct} for {org}, compared with low single digits in Shanghai and Beijing.',
      "§c§ Around {pct} of {orgNoun}'s Chinese sales now come through social commerce channels.",
    ],
    voice: [
      '“Chinese consumers are not buying less; they are buying differently,” said {person}, {personRole}.',
      '{person}, {personRole}, said international brands needed to listen more and assume less about what Chinese consumers want.',
      '“The speed here is incredible,” said {person}, {personRole}. “A trend can emerge and disappear in the time it takes a Western brand to approve a campaign.”',
    ],
    counter: [
      'Geopolitical tension adds a further layer of risk, with some brands, though not so far {org}, facing consumer backlash over perceived slights.',
      'The recovery in spending has been slower and more uneven than {org} and many of its rivals had hoped.',
      'Some executives at {org2} and elsewhere worry that the market has entered a period of structurally lower growth.',
    ],
    close: [
      'China will remain essential for {org}, but the era of easy growth there is over.',
      'For international brands, success in China will increasingly depend on understanding local culture rather than exporting a global image, a lesson {org} is applying.',
      'For {org}, the challenge is to remain relevant in a market that is changing faster than almost any other.',
    ],
  },
  media: {
    ctx: [
      'The fashion media landscape has fragmented dramatically, with magazines, creators, newsletters and platforms all competing for the attention {org} once took for granted.',
      '§m§ Print advertising, once the financial backbone of fashion media, has declined steadily for more than a decade, and {org} has felt the full force of that decline.',
      '§c§ Audiences increasingly trust individual voices over institutions, a shift that has reshaped how fashion news and criticism reach the customers of companies like {org}.',
      'The relationship between fashion brands and the media has always been close, and sometimes uncomfortably so; {org} has been on both sides of that argument.',
      'Subscriptions and events have become the most promising sources of revenue for publishers, and {org} has been watching closely.',
    ],
    ev: [
      'Print advertising revenue at fashion magazines has fallen by roughly {pctBig} over the past decade, according to industry estimates.',
      "§m§ Paying subscribers to {orgNoun}'s digital products rose {pct} this year, making subscriptions its fastest-growing revenue line.",
      'The most popular fashion creators command fees of up to {postFee} per sponsored post, according to agency estimates, and far more for long-term partnerships with brands like {org}.',
      'Events now account for {share} of revenue at some fashion publishers, up from a small fraction a decade ago.',
    ],
    voice: [
      '“We are not in the magazine business any more. We are in the trust business,” said {person}, {personRole}.',
      '{person}, {personRole}, said the biggest change had been learning to think of audiences as communities rather than readers.',
      '“The brands that understand media will always have an advantage,” said {person}, {personRole}.',
    ],
    counter: [
      'The shift to creator-led media raises questions about independence, disclosure and expertise that {org} and its peers have yet to answer.',
      'Many new media ventures have struggled to find sustainable business models, and some that once courted {org} have already closed.',
      'Traditional publications retain authority, but that authority is harder to turn into money than it once was, as {org2} has found.',
    ],
    close: [
      'Fashion media will continue to evolve, but the need for trusted voices is not going away, and {org} is betting on that.',
      '§m§ The publications that thrive will be those that offer something their audiences cannot get elsewhere, a test {org} is taking seriously.',
      'For {org}, the next few years will determine whether reinvention can keep pace with disruption.',
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Pull quotes (attributed to a person in the catalogue) and subheadings. Each pull quote is
// used at most once across the catalogue.
// ---------------------------------------------------------------------------------------------

const GENERAL_QUOTES: readonly string[] = [
  'The hardest decisions were never about what to add. They were about what we were prepared to lose.',
  'A slowdown is when you find out which of your habits were strategy and which were just good luck.',
  'We had confused being busy with being productive. The calendar was full and the business was standing still.',
  'If a customer needs a discount to love you, she never loved you in the first place.',
  'You cannot cut your way to desirability. At some point you have to make something people want.',
  'The industry has a memory of about eighteen months. That is exactly why the long view is such an advantage.',
  'Our job is to be worth the trip, whether the trip is across a city or across a screen.',
  'Every brand says it is different. Very few are prepared to behave differently when it costs them something.',
  'Growth that you have to buy is not growth. It is rent.',
  'The numbers tell you what happened. They almost never tell you why.',
  'We stopped asking how many stores we needed and started asking what each one was for.',
  'Patience is not a strategy, but impatience is definitely a risk.',
  'When the tide goes out, you see who built on rock and who built on promotions.',
  'People assume scale protects you. Sometimes it just means you have further to fall.',
  'The best thing we did last year was a meeting where we cancelled six projects.',
  'Craft is not nostalgia. It is the only thing in this business that competitors cannot copy in a season.',
  'Customers are not less loyal than they used to be. They are just better informed about the alternatives.',
  'There is no such thing as a small decision in a brand. Everything the customer touches is a decision.',
  'Our investors wanted a plan for three years. Our craftspeople think in thirty.',
  'The moment you start designing for the algorithm, you have already lost the customer.',
  'We are not trying to be the biggest. We are trying to be the one they would miss.',
  'Every season we ask ourselves one question: would we buy this if we did not have to sell it?',
  'The last decade rewarded speed. The next one will reward judgement.',
  'A brand is a promise. The hard part is keeping it on a Tuesday in February.',
  'Nobody ever built a great company by copying the competitor they were most afraid of.',
];

const TOPIC_QUOTES: Readonly<Record<string, readonly string[]>> = {
  news: [
    'This is not a retreat. It is a decision about where we can genuinely win.',
    'We owed our people clarity, and for too long we did not give it to them.',
    'The market will judge us on what we deliver, not on what we announce.',
    'We have made a difficult choice, and we have made it early, which is the only way to make it well.',
    'Nothing about the brand is changing. Everything about how we run it is.',
    'The plan is deliberately boring. Boring is what this business needs right now.',
    'We would rather explain a pause now than a write-down next year.',
    'Our priorities have not changed. Our patience with things that do not work has.',
    'We are a smaller company this morning than we were yesterday, and a stronger one.',
  ],
  analysis: [
    'The middle of the market is not disappearing. It is being re-priced, and not everyone will survive the re-pricing.',
    'Complexity is a tax, and most fashion companies have been paying it without ever seeing the bill.',
    'For a decade, price did the work that product should have done.',
    'The winners are not growing faster because they are bigger. They are bigger because they grew more carefully.',
    'Everyone has the same data now. The difference is who is willing to act on it.',
    'The gap between the best and the rest has never been wider, and it is still opening.',
    'A brand that needs every channel is a brand that is not sure which one its customers prefer.',
    'Markdowns are a symptom. The disease is a buying process that does not listen.',
    'Heritage is a starting point, not an argument.',
  ],
  opinion: [
    'The industry has the tools to fix this. What it lacks is the nerve.',
    'We keep promoting people for being brilliant at a job they will no longer be doing.',
    'Customers did not want quiet. They wanted quality, and they could tell the difference.',
    'A creative director on a three-year contract is being asked to think in three-year increments. We should not be surprised when they do.',
    'If it is not in the spreadsheet, it is not a commitment. It is a mood board.',
    'The best department stores feel like a city. The worst feel like a warehouse with chandeliers.',
    'Presence is not the same as relevance, and most brands have plenty of the first and not enough of the second.',
    'Fewer shows would mean better shows. Nobody has ever complained that a week was too focused.',
    'Small is not a failure of ambition. For some brands it is the ambition.',
  ],
  luxury: [
    'Luxury is the art of making someone feel that time has been spent on them.',
    'Our best clients do not want more products. They want more of our attention.',
    'We raised prices because we could. Now we have to justify them because we must.',
    'A handbag is a door. What matters is what the client finds when they walk through it.',
    'We are a house, not a brand. A brand is something you manage. A house is something you keep.',
    'The clients who matter most have seen everything. The only thing left to offer them is the truth about how something is made.',
    'You cannot manufacture scarcity for long. Eventually the client notices.',
    'Our competition is not other houses. It is a beautiful holiday, a piece of art, a dinner they will remember.',
    'The codes of the house are a grammar, not a script.',
  ],
  retail: [
    'A store is the only medium where the customer can touch the promise.',
    'We used to count visitors. Now we count the ones who come back.',
    'Associates are not a cost line. They are the product, as much as anything on the shelves.',
    'The website tells you what people bought. The store tells you what they almost bought, and why.',
    'Every returned parcel is a conversation that went wrong somewhere.',
    'A good edit is the most valuable service a retailer can offer, and the hardest to automate.',
    'The flagship is no longer where you sell the most. It is where you explain the most.',
    'Loyalty used to mean points. Now it means being recognised when you walk in.',
    'We were carrying too many brands that our customers could find anywhere else.',
  ],
  technology: [
    'The algorithm does not replace the merchant. It gives the merchant a better argument.',
    'Most of fashion still runs on spreadsheets and goodwill, and both are running out.',
    'If the data is wrong, the model is simply wrong faster.',
    'The biggest return on technology is usually in the parts of the business nobody photographs.',
    'A pilot proves the software works. Scaling proves the organisation works.',
    'We did not buy a tool. We changed how decisions are made, and the tool made that possible.',
    'Fit is a data problem pretending to be a design problem.',
    'AI is very good at the average. Fashion has always been about the exception.',
    'The best technology in a store is the kind the customer never notices.',
  ],
  sustainability: [
    'You cannot ask a supplier to invest for ten years on the strength of a one-season order.',
    'The most sustainable garment is the one that is worn for a decade.',
    'We stopped publishing promises and started publishing data. It was humbling.',
    'Regulation is doing in three years what goodwill could not do in fifteen.',
    'Every target we set is a promise to a supplier we have never met.',
    'Recycling is the last resort, not the first answer.',
    'Our footprint is in places our customers will never see, which is exactly why we have to look.',
    'A repair is the best advertisement we have ever made.',
    'The honest answer is that we do not yet know the full impact of everything we make. We are working to find out.',
  ],
  beauty: [
    'People no longer buy a promise in a jar. They buy evidence.',
    'Fragrance is the one luxury you wear all day and nobody sees.',
    'Our community told us what to make. Our chemists told us whether it was possible.',
    'The fastest way to lose a customer in beauty is to overclaim.',
    'We launch less than we used to, and every launch matters more.',
    'Skin does not care about trends. That is what makes skincare such an honest business.',
    'A great product sells itself once. A great brand sells it for twenty years.',
    'Clean was a feeling. Safe is a standard. We chose the standard.',
    'The consumer is now as informed as our formulators. We have to respect that.',
  ],
  workplace: [
    'People do not leave companies. They leave the feeling that nothing will change.',
    'The most important thing a leader can do is make the invisible work visible.',
    'We published our salary bands and the sky did not fall. Recruitment got easier.',
    'Talent is not scarce. Patience with talent is.',
    'A creative culture needs rules, or it becomes a culture of whoever shouts loudest.',
    'Our apprentices are the most important investment on the balance sheet, and they do not appear on it.',
    'You cannot run a year-round business on a show-season rhythm without burning people out.',
    'Flexibility is not a perk. It is how modern work gets done.',
    'The best hire I ever made had never worked in fashion. That was the point.',
  ],
  'case-studies': [
    'We chose three numbers and agreed to be judged on them. Everything else followed.',
    'The turnaround was not one big decision. It was a hundred small ones made in the same direction.',
    'We stopped treating wholesale as a channel and started treating it as a partnership.',
    'Our first store taught us more about our customer than five years online.',
    'The crisis forced us to do things we should have done years earlier.',
    'Culture is easy when there are thirty of you. At three hundred, you have to write it down.',
    'We measured every collaboration against a goal. Some of the best ideas never launched.',
    'Repair started as a gesture. It became one of the best customer channels we have.',
    'The reset hurt for two seasons. It has paid for itself every season since.',
  ],
  'bof-insights': [
    'The data shows a clear pattern: companies that invest consistently outperform those that invest in bursts.',
    'What executives say they prioritise and what they fund are often two very different things.',
    'The top quartile is not doing more. It is doing fewer things, better.',
    'Averages hide the story. The story is in the spread.',
    'Consumers are more rational than the industry gives them credit for.',
    'The biggest surprise in the data was how much agreement there was about the problem, and how little about the solution.',
    'Every year the survey tells us the same thing: confidence follows clarity.',
    'The opportunity is real, but it will not be shared evenly.',
    'When we asked what would change their minds, most executives said the same thing: proof.',
  ],
  marketing: [
    'Attention is cheap. Trust is expensive. We decided to spend our money on trust.',
    'We used to buy reach. Now we try to earn a place in people’s lives.',
    'The best campaign we ever ran cost almost nothing and took three years.',
    'An ambassador who actually uses the product is worth ten who merely pose with it.',
    'Our community is not an audience. It is a focus group that also happens to buy.',
    'Every collaboration has to answer one question: what does this give the customer that neither brand could alone?',
    'Short video rewards speed, but brands are built on consistency.',
    'A rebrand cannot fix a product problem. It just makes it more visible.',
    'We stopped talking about ourselves and started talking about the things our customers care about.',
  ],
  'fashion-week': [
    'A show is still the best way to tell people who you are in ten minutes.',
    'I wanted every piece on the runway to be something a real person would keep for years.',
    'The clothes have to work in a store in March, not just on a screen in September.',
    'We showed fewer looks because every look had to earn its place.',
    'The front row used to be a gallery of editors. Now it is a portrait of who buys.',
    'Showing off-calendar was the best decision we made. People came because they wanted to, not because it was on the schedule.',
    'Craft does not photograph well at speed, which is why we slowed the whole show down.',
    'A debut is not a manifesto. It is the first sentence of a long conversation.',
    'The city matters. A collection shown in Tokyo reads differently from one shown in Paris, and it should.',
  ],
  china: [
    'Chinese customers are not buying less. They are buying with much more confidence in their own taste.',
    'The speed of this market is humbling. What worked last year may not work next quarter.',
    'Young customers here do not want a Western idea of China. They want China as they see it.',
    'Live commerce has grown up. The theatre is still there, but now there is a supply chain behind it.',
    'Our customers in Chengdu are as sophisticated as any in Paris, and often better informed.',
    'We stopped translating campaigns and started creating them here, with people who live here.',
    'The mall is no longer just a place to shop. It is where the city spends its weekend.',
    'Our factories used to follow instructions. Now we bring ideas to the table.',
    'You have to earn attention here every day. Nobody is waiting for your next season.',
  ],
  media: [
    'We are not in the magazine business any more. We are in the trust business.',
    'Access is not the same thing as insight, and readers can tell the difference.',
    'A critic who cannot be uninvited is not much use to anyone.',
    'Print is no longer the main way people read us. It is the way they remember us.',
    'Creators are not replacing critics. They are doing a different job, and both jobs matter.',
    'The newsletter is the most intimate medium we have. It arrives when the reader asks for it.',
    'When a brand pays for the documentary, the audience deserves to know.',
    'A podcast is a relationship. Advertising is just how we pay for it.',
    'Our events are where the journalism becomes a room full of people who want to argue about it.',
  ],
};

const GENERAL_SUBHEADINGS: readonly string[] = [
  'A Question of Price',
  'Follow the Inventory',
  'What the Numbers Say',
  'The Case for Patience',
  'Fewer, Better',
  'Where the Money Goes',
  'Lessons From the Downturn',
  'An Unglamorous Fix',
  'Inside the Decision',
  'The Long View',
  'Old Habits',
  'A Different Playbook',
  'The View From the Shop Floor',
  'Risks and Rewards',
  'The Cost of Standing Still',
  'What Comes Next',
  'Reading the Signals',
  'The Test Ahead',
  'A Matter of Trust',
  'The Bigger Picture',
  'Counting the Cost',
  'Behind the Headlines',
  'The Sceptics',
  'Getting the Basics Right',
  'A Generational Shift',
  'The Margin Question',
  'Discipline Over Drama',
  'The Hidden Variable',
  'What Has Changed',
  'The Middle Ground',
  'No Easy Answers',
  'The Execution Problem',
  'Where {org} Goes From Here',
  'The {market} Question',
  'What {org} Gets Right',
  'The View From {city}',
  'Why {org} Is Different',
  'A Test for {org}',
  'Learning From {org2}',
];

const TOPIC_SUBHEADINGS: Readonly<Record<string, readonly string[]>> = {
  news: ['Why Now', 'The Background', 'What It Means', 'Market Reaction'],
  analysis: ['The Squeeze', 'Two Industries', 'Beyond the Averages', 'The Winners’ Habits'],
  opinion: ['The Objection', 'A Better Way', 'Why It Matters', 'The Uncomfortable Truth'],
  luxury: ['The Client at the Centre', 'Pricing Power', 'The Codes of the House', 'Beyond Leather Goods', 'Scarcity, Revisited'],
  retail: ['The Store as Stage', 'Service Is the Product', 'The Returns Problem', 'A Reason to Visit', 'The Edit'],
  technology: ['From Pilot to Practice', 'The Data Problem', 'Man and Machine', 'The Back Office', 'Building Trust in the Model'],
  sustainability: ['Upstream', 'Who Pays', 'The Regulatory Push', 'Measuring Progress', 'The Supplier’s View'],
  beauty: ['The Evidence Economy', 'The Fragrance Factor', 'Shelf Life', 'The Dupe Dilemma', 'The Science of Selling'],
  workplace: ['The Talent Gap', 'Culture, Written Down', 'Pay and Progression', 'Leading Differently', 'The Next Generation'],
  'case-studies': ['The Challenge', 'The Diagnosis', 'The Decisions', 'The Results', 'What Others Can Learn'],
  'bof-insights': ['Key Findings', 'Methodology', 'The Leaders and the Laggards', 'Regional Differences', 'Implications for Executives'],
  marketing: ['Earned, Not Bought', 'The Community Effect', 'Measuring What Matters', 'The Ambassador Question', 'Beyond the Campaign'],
  'fashion-week': ['On the Runway', 'Backstage', 'The Buyers’ View', 'The Season in Context', 'The Verdict'],
  china: ['A Market Transformed', 'Local Heroes', 'The Platform Effect', 'Beyond the First Tier', 'The Long Game'],
  media: ['The Business Model', 'Trust and Access', 'New Voices', 'The Audience Shift', 'What Readers Want'],
};

// ---------------------------------------------------------------------------------------------
// Events and newsletters
// ---------------------------------------------------------------------------------------------

interface EventSeed {
  title: string;
  description: string;
  daysFromAnchor: number;
  type: DemoEvent['type'];
  location: string;
  featured: boolean;
  sponsors: readonly string[];
}

const EVENTS: readonly EventSeed[] = [
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

const NEWSLETTERS: readonly DemoNewsletter[] = [
  {
    slug: 'the-daily-digest',
    title: 'The Daily Digest',
    group: 'DAILY',
    author: 'Sanjay Kohli',
    isExecutive: false,
    isProfessional: false,
    isTopic: false,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: true,
    description: 'The most important fashion and beauty business news, analysis and opinion, in your inbox every weekday morning.',
  },
  {
    slug: 'breaking-news',
    title: 'Breaking News Alerts',
    group: 'DAILY',
    author: 'Sanjay Kohli',
    isExecutive: false,
    isProfessional: false,
    isTopic: false,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description: 'Be the first to know when major stories break: deals, appointments, results and the moments that move the industry.',
  },
  {
    slug: 'the-week-ahead',
    title: 'The Week Ahead',
    group: 'WEEKLY',
    author: 'Lauren Mercer',
    isExecutive: false,
    isProfessional: false,
    isTopic: false,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: true,
    description: 'Every Sunday: the events, results and decisions to watch in the week ahead, and the stories you may have missed.',
  },
  {
    slug: 'the-beauty-briefing',
    title: 'The Beauty Briefing',
    group: 'WEEKLY',
    author: 'Hannah Lowry',
    isExecutive: false,
    isProfessional: false,
    isTopic: true,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description: 'A weekly briefing on the business of beauty and wellness: launches, deals, retail and the science behind the products.',
  },
  {
    slug: 'the-professional-edition',
    title: 'The Professional Edition',
    group: 'WEEKLY',
    author: 'Rosalind Pryce',
    isExecutive: false,
    isProfessional: true,
    isTopic: false,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description: 'Career advice, leadership insight and industry intelligence for fashion professionals, every Wednesday.',
  },
  {
    slug: 'the-executive-summary',
    title: 'The Executive Summary',
    group: 'WEEKLY',
    author: 'Idris Calloway',
    isExecutive: true,
    isProfessional: false,
    isTopic: false,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description:
      'A concise Saturday briefing for senior leaders: the strategic shifts of the week, with analysis from our editors and research team.',
  },
  {
    slug: 'the-luxury-letter',
    title: 'The Luxury Letter',
    group: 'WEEKLY',
    author: 'Daniel Whitcombe',
    isExecutive: false,
    isProfessional: false,
    isTopic: true,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description: 'Inside the world’s most valuable houses: pricing, clienteling, creative change and the deals reshaping luxury.',
  },
  {
    slug: 'technology-brief',
    title: 'The Technology Brief',
    group: 'WEEKLY',
    author: 'Felix Amara',
    isExecutive: false,
    isProfessional: false,
    isTopic: true,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description: 'A weekly look at the software, data and automation changing how fashion is made, marketed and sold.',
  },
  {
    slug: 'the-sustainability-edit',
    title: 'The Sustainability Edit',
    group: 'WEEKLY',
    author: 'Grace Mwangi',
    isExecutive: false,
    isProfessional: false,
    isTopic: true,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description: 'Regulation, supply chains, materials and the data behind fashion’s environmental claims, every Thursday.',
  },
  {
    slug: 'china-briefing',
    title: 'The China Briefing',
    group: 'WEEKLY',
    author: 'Xiaowei Chen',
    isExecutive: false,
    isProfessional: false,
    isTopic: true,
    isVisibleOnOMS: true,
    isPreselectedOnOMS: false,
    description: 'What China’s consumers, platforms and homegrown brands are doing, and what it means for the global industry.',
  },
  {
    slug: 'your-atelier',
    title: 'Your Atelier',
    group: 'PERSONALISED',
    author: 'Clara Benveniste',
    isExecutive: false,
    isProfessional: false,
    isTopic: false,
    isVisibleOnOMS: false,
    isPreselectedOnOMS: false,
    description: 'A personalised weekly selection of stories from the topics, companies and writers you follow.',
  },
];

// ---------------------------------------------------------------------------------------------
// Art captions: {c1} {c2} {c3} are the first three palette colour names.
// ---------------------------------------------------------------------------------------------

type ArtStyle = ArtSpec['style'];

const ART_CAPTIONS: Readonly<Record<ArtStyle, readonly string[]>> = {
  folds: [
    'Layered folds of {c1} and {c2}.',
    'A study in folded {c1}, {c2} and {c3}.',
    'Soft drapery in {c1} and {c2}.',
    'Folded cloth in {c1}, with {c2} and {c3}.',
  ],
  fields: [
    'Colour fields in {c1}, {c2} and {c3}.',
    'Stacked planes of {c1} and {c2}.',
    'A quiet composition of {c1} and {c2}.',
    'Soft-edged blocks of {c1} over {c2}.',
  ],
  swatches: [
    'Textile swatches in {c1} and {c2}.',
    'Woven patterns in {c1}, {c2} and {c3}.',
    'Cloth samples in {c1} and {c2}.',
    'Stripes, checks and twills in {c1} and {c2}.',
  ],
  arcs: ['Concentric arcs in {c1} and {c2}.', 'Overlapping circles of {c1}, {c2} and {c3}.', 'Arcs of {c1} rising over {c2}.'],
  grid: ['A geometric grid in {c1} and {c2}.', 'Interlocking forms in {c1}, {c2} and {c3}.', 'A modular composition in {c1} and {c2}.'],
  silhouette: ['A figure in silhouette, in {c1} and {c2}.', 'A portrait in silhouette against {c2}.'],
};

const ART_ALT: Readonly<Record<ArtStyle, readonly string[]>> = {
  folds: ['folded {c1} and {c2} fabric', 'draped {c1} cloth with {c2} and {c3} folds', 'layered {c1} and {c2} textile folds'],
  fields: ['soft-edged colour blocks in {c1}, {c2} and {c3}', 'stacked {c1} and {c2} colour fields'],
  swatches: ['fabric swatches with stripes and checks in {c1} and {c2}', 'a grid of woven {c1}, {c2} and {c3} textile samples'],
  arcs: ['concentric {c1} and {c2} arcs', 'overlapping {c1}, {c2} and {c3} circles'],
  grid: ['a geometric {c1} and {c2} mark', 'interlocking {c1}, {c2} and {c3} shapes on a grid'],
  silhouette: ['a head-and-shoulders silhouette in {c1} against {c2}'],
};

const ART_CREDITS: readonly string[] = ['Atelier illustration.', 'Illustration by Atelier.', 'Atelier.'];

// ---------------------------------------------------------------------------------------------
// Generator configuration
// ---------------------------------------------------------------------------------------------

/** Which kinds of organisation suit each topic when a template does not say. */
const TOPIC_ORG_KINDS: Readonly<Record<string, readonly OrgKind[]>> = {
  news: ['lux', 'brand', 'dtc', 'retail', 'beauty', 'group', 'designer'],
  analysis: ['lux', 'brand', 'retail', 'beauty', 'dtc'],
  opinion: ['lux', 'brand', 'retail', 'designer', 'beauty'],
  luxury: ['lux', 'group'],
  retail: ['retail', 'dept', 'marketplace', 'brand', 'dtc'],
  technology: ['tech', 'dtc', 'marketplace'],
  sustainability: ['maker', 'brand'],
  beauty: ['beauty'],
  workplace: ['lux', 'brand', 'group', 'dept', 'edu', 'agency'],
  'case-studies': ['brand', 'dtc', 'beauty', 'retail'],
  'bof-insights': ['lux', 'brand', 'retail', 'beauty'],
  marketing: ['brand', 'beauty', 'agency', 'lux'],
  'fashion-week': ['lux', 'designer'],
  china: ['china', 'lux'],
  media: ['media', 'agency'],
};

/** Secondary topic implied by an organisation kind, for stories filed under a generic topic. */
const KIND_TOPIC: Partial<Record<OrgKind, string>> = {
  lux: 'luxury',
  group: 'luxury',
  retail: 'retail',
  dept: 'retail',
  marketplace: 'retail',
  dtc: 'retail',
  beauty: 'beauty',
  tech: 'technology',
  maker: 'sustainability',
  media: 'media',
  china: 'china',
  agency: 'marketing',
  designer: 'fashion-week',
  edu: 'workplace',
};

const ROLE_FALLBACKS: Partial<Record<Role, readonly Role[]>> = {
  ctx: ['ev', 'counter'],
  ev: ['ctx', 'counter'],
  counter: ['ctx', 'ev'],
  close: ['ctx', 'counter'],
  voice2: ['counter', 'ctx'],
  voice: ['voice2', 'ctx'],
};

const GENERIC_TOPICS = new Set(['news', 'analysis', 'opinion', 'case-studies']);

const DEFAULT_MEDIA_TYPE: Readonly<Record<string, StoryMediaType>> = {
  news: 'article',
  analysis: 'analysis',
  opinion: 'opinion',
  'case-studies': 'case_study',
  'bof-insights': 'report',
};

const CITIES = [
  'Paris',
  'Milan',
  'London',
  'New York',
  'Tokyo',
  'Shanghai',
  'Seoul',
  'Dubai',
  'Los Angeles',
  'Copenhagen',
  'Riyadh',
  'Singapore',
] as const;
const MARKETS = [
  'the Gulf',
  'Japan',
  'the US',
  'South Korea',
  'India',
  'Southeast Asia',
  'mainland China',
  'Europe',
  'the Middle East',
  'Mexico',
] as const;
const SEASONS = ['Spring/Summer 2027', 'Resort 2027', 'Pre-Fall 2027', 'Autumn/Winter 2026'] as const;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const QUARTERS = ['third quarter', 'three months to September', 'first half', 'latest quarter'] as const;
const SHARES = [
  'roughly a third',
  'about a quarter',
  'nearly half',
  'more than half',
  'around two-fifths',
  'about a fifth',
  'close to 60 percent',
] as const;
const PERIODS = ['12 months', '18 months', 'two years', 'three years', '24 months'] as const;
const EURO_COUNTRIES = new Set(['France', 'Italy', 'Sweden', 'Netherlands', 'Germany', 'Portugal', 'Denmark', 'Spain']);

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: mulberry32, wrapped in a few helpers.
// ---------------------------------------------------------------------------------------------

interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], inclusive. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => at(items, Math.floor(next() * items.length)),
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = at(out, i);
        out[i] = at(out, j);
        out[j] = tmp;
      }
      return out;
    },
  };
  return rng;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`demo-content: index ${index} out of range (${items.length})`);
  return item;
}

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

/** Lowercase, ASCII, hyphen-separated; accents stripped, apostrophes dropped. */
function slugify(text: string, maxLength = 80): string {
  const base = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= maxLength) return base;
  const cut = base.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/g, '');
}

/** Straight apostrophes and quotes to typographic ones; tidy doubled punctuation. */
function typeset(text: string): string {
  return text
    .replace(/(^|[\s(“—])'/g, '$1‘')
    .replace(/'/g, '’')
    .replace(/(^|[\s(—])"/g, '$1“')
    .replace(/"/g, '”')
    .replace(/Co\.\./g, 'Co.')
    .replace(/(?<!\bCo)([.?!][”’]? )([a-z])/g, (_m, stop: string, letter: string) => stop + letter.toUpperCase())
    .replace(/Co\.([,;:])/g, 'Co.$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}

function capitalise(text: string): string {
  const i = text.search(/[A-Za-z]/);
  if (i < 0) return text;
  return text.slice(0, i) + text.charAt(i).toUpperCase() + text.slice(i + 1);
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function withCommas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Resolve `[a|b|c]` alternatives. */
function spin(text: string, rng: Rng): string {
  return text.replace(/\[([^[\]]+)\]/g, (_m, body: string) => rng.pick(body.split('|')));
}

/** Split running text into sentences (a closing quote may end a sentence). */
function splitSentences(text: string): string[] {
  return text.split(/(?<=[.?!][”’]?|,”)\s+(?=[A-Z“‘{])/).filter(Boolean);
}

const TAG_PATTERN = /^(?:§[a-z0-9]+§\s*)+/;

function stripTags(template: string): string {
  return template.replace(TAG_PATTERN, '');
}

function tagsOf(template: string): string[] {
  const m = TAG_PATTERN.exec(template);
  return m ? [...m[0].matchAll(/§([a-z0-9]+)§/g)].map((x) => at(x, 1)) : [];
}

const CONSUMER_KINDS: readonly OrgKind[] = ['lux', 'brand', 'designer', 'dtc', 'group', 'retail', 'dept', 'marketplace', 'beauty'];

function orgHasTag(org: OrgSeed | undefined, tag: string): boolean {
  if (!org) return tag === 'c' || tag === 's';
  const k = org.kinds;
  switch (tag) {
    case 'c':
      return k.some((x) => CONSUMER_KINDS.includes(x));
    case 's':
      return (
        !k.includes('marketplace') &&
        (k.some((x) => x === 'lux' || x === 'dept' || x === 'brand' || x === 'designer') || k.includes('retail'))
      );
    case 't':
      return k.includes('tech') && !k.includes('retail');
    case 'up':
      return org.year >= 2009 && org.ownership !== 'Public';
    case 'b':
      return k.includes('beauty');
    case 'pub':
      return org.ownership === 'Public';
    case 'm':
      return k.includes('media');
    case 'dept':
      return k.includes('dept');
    case 'maker':
      return k.includes('maker');
    case 'cn':
      return k.includes('china') && k.some((x) => CONSUMER_KINDS.includes(x));
    case 'big':
      return org.size === '1001-5000' || org.size === '5000+';
    default:
      return true;
  }
}

/** Two organisations compete if they share a kind of business (or are both consumer-facing brands). */
function areRivals(a: OrgSeed, b: OrgSeed): boolean {
  const consumer = (o: OrgSeed): boolean => o.kinds.some((x) => CONSUMER_KINDS.includes(x));
  return (
    a.kinds.some((k) => k !== 'china' && b.kinds.includes(k)) ||
    (consumer(a) && consumer(b) && a.kinds.includes('beauty') === b.kinds.includes('beauty'))
  );
}

function isFixedText(template: string): boolean {
  return !/[{[]/.test(stripTags(template));
}

// ---------------------------------------------------------------------------------------------
// Story context and slot filling
// ---------------------------------------------------------------------------------------------

interface OrgRecord {
  seed: OrgSeed;
  slug: string;
}

interface PersonRecord {
  seed: PersonSeed;
  slug: string;
  fullName: string;
}

interface StoryContext {
  org: OrgSeed;
  org2: OrgSeed;
  person: PersonRecord;
  person2: PersonRecord;
  otherCity: string;
  season: string;
  market: string;
}

const OWNERSHIP_PHRASE: Readonly<Record<OrgSeed['ownership'], string>> = {
  'Family-owned': 'family-owned',
  Private: 'privately held',
  Public: 'publicly listed',
  'Private equity-backed': 'private equity-backed',
};

function currencyOf(org: OrgSeed): string {
  if (org.country === 'United Kingdom') return '£';
  return EURO_COUNTRIES.has(org.country) ? '€' : '$';
}

const SIZE_TIERS: readonly OrgSeed['size'][] = ['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+'];
/** Annual revenue, in millions, by organisation size. */
const REVENUE_MILLIONS: readonly (readonly [number, number])[] = [
  [1, 8],
  [5, 40],
  [30, 180],
  [150, 1400],
  [900, 6000],
  [3000, 24000],
];
/** Typical programme costs, savings and cash balances, in millions, by size. */
const SPEND_MILLIONS: readonly (readonly [number, number])[] = [
  [0.3, 2],
  [1, 6],
  [3, 25],
  [10, 120],
  [25, 400],
  [60, 900],
];
/** Employees, by size. */
const HEADCOUNT: readonly (readonly [number, number])[] = [
  [4, 10],
  [15, 50],
  [60, 200],
  [220, 1000],
  [1100, 5000],
  [6000, 40000],
];

function scaled(org: OrgSeed, table: readonly (readonly [number, number])[], rng: Rng): number {
  const [lo, hi] = at(table, SIZE_TIERS.indexOf(org.size));
  // Log-uniform between the bounds, so small values are as likely as large ones.
  return Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo)));
}

function roundNice(n: number): number {
  const step = n < 100 ? 5 : n < 1000 ? 10 : n < 10000 ? 100 : 1000;
  return Math.max(step, Math.round(n / step) * step);
}

/** A sum given in millions, written the way a business desk would. */
function formatMoney(cur: string, millions: number): string {
  if (millions >= 1000) return `${cur}${(millions / 1000).toFixed(1).replace(/\.0$/, '')} billion`;
  if (millions >= 100) return `${cur}${Math.round(millions / 10) * 10} million`;
  if (millions >= 10) return `${cur}${Math.round(millions)} million`;
  if (millions >= 1) return `${cur}${millions.toFixed(1).replace(/\.0$/, '')} million`;
  return `${cur}${withCommas(Math.max(1, Math.round(millions * 20)) * 50_000)}`;
}

function entryPrice(org: OrgSeed, rng: Rng): number {
  if (org.kinds.includes('beauty')) return rng.int(5, 9) * 5;
  if (org.kinds.includes('lux')) return rng.int(6, 12) * 100;
  return rng.int(9, 18) * 10;
}

/** Fill one template for a story: alternatives first, then slots. Figures are drawn per use. */
function fillTemplate(template: string, ctx: StoryContext, rng: Rng): string {
  const cur = currencyOf(ctx.org);
  const pcts = new Set<number>();
  const freshPct = (min: number, max: number): number => {
    for (let i = 0; i < 8; i++) {
      const n = rng.int(min, max);
      if (!pcts.has(n)) {
        pcts.add(n);
        return n;
      }
    }
    return rng.int(min, max);
  };
  const text = spin(stripTags(template), rng).replace(/\{([A-Za-z0-9]+)\}/g, (whole, slot: string) => {
    switch (slot) {
      case 'org':
        return ctx.org.title;
      case 'org2':
        return ctx.org2.title;
      case 'orgNoun':
        return ctx.org.noun;
      case 'OrgNoun':
        return capitalise(ctx.org.noun);
      case 'org2Noun':
        return ctx.org2.noun;
      case 'person':
        return ctx.person.fullName;
      case 'personRole':
        return ctx.person.seed.role;
      case 'personLast':
        return ctx.person.seed.last;
      case 'person2':
        return ctx.person2.fullName;
      case 'person2Role':
        return ctx.person2.seed.role;
      case 'person2Last':
        return ctx.person2.seed.last;
      case 'city':
        return ctx.org.city;
      case 'country':
        return ctx.org.country;
      case 'otherCity':
        return ctx.otherCity;
      case 'season':
        return ctx.season;
      case 'market':
        return ctx.market;
      case 'founded':
        return String(ctx.org.year);
      case 'ownership':
        return OWNERSHIP_PHRASE[ctx.org.ownership];
      case 'pct':
        return `${freshPct(6, 34)} percent`;
      case 'pctSmall':
        return `${freshPct(2, 9)} percent`;
      case 'pctBig':
        return `${freshPct(36, 78)} percent`;
      case 'pts':
        return `${rng.int(2, 9)} percentage points`;
      case 'share':
        return rng.pick(SHARES);
      case 'money':
        return formatMoney(cur, scaled(ctx.org, REVENUE_MILLIONS, rng));
      case 'moneyM':
        return formatMoney(cur, scaled(ctx.org, SPEND_MILLIONS, rng));
      case 'org2Value':
        return formatMoney(currencyOf(ctx.org2), 3 * scaled(ctx.org2, REVENUE_MILLIONS, rng));
      case 'industryMoney':
        return `${cur}${rng.int(20, 140)} billion`;
      case 'headcount':
        return withCommas(roundNice(scaled(ctx.org, HEADCOUNT, rng)));
      case 'roles':
        return withCommas(roundNice(scaled(ctx.org, HEADCOUNT, rng) * (rng.int(8, 20) / 100)));
      case 'respondents':
        return withCommas(rng.int(12, 48) * 100);
      case 'showCost':
        return formatMoney(
          cur,
          ctx.org.kinds.includes('lux') || ctx.org.kinds.includes('group') ? rng.int(15, 80) / 10 : rng.int(15, 90) / 100,
        );
      case 'bagPrice':
        return `${cur}${withCommas(rng.int(19, 42) * 100)}`;
      case 'beautyPrice':
        return `${cur}${rng.int(48, 165)}`;
      case 'orderValue':
        return `${cur}${rng.int(18, 54) * 10}`;
      case 'entryPrice':
        return `${cur}${withCommas(entryPrice(ctx.org, rng))}`;
      case 'postFee':
        return `${cur}${withCommas(rng.int(20, 120) * 1000)}`;
      case 'num':
        return String(rng.int(12, 90));
      case 'stores':
        return String(rng.int(8, 45));
      case 'year':
        return String(rng.int(2028, 2031));
      case 'months':
        return rng.pick(PERIODS);
      case 'weekday':
        return rng.pick(WEEKDAYS);
      case 'quarter':
        return rng.pick(QUARTERS);
      default:
        throw new Error(`demo-content: unknown slot ${whole}`);
    }
  });
  return capitalise(text);
}

// ---------------------------------------------------------------------------------------------
// Decks: pools are dealt without replacement and reshuffled when exhausted. Templates with no
// variable parts are retired after one use, and no finished sentence is ever used twice.
// ---------------------------------------------------------------------------------------------

/** However varied its fillings, no sentence frame is used more often than this. */
const MAX_TEMPLATE_USES = 8;

class Dealer {
  private readonly decks = new Map<string, string[]>();
  private readonly retired = new Set<string>();
  private readonly usedSentences = new Set<string>();
  private readonly usedItems = new Set<string>();
  private readonly uses = new Map<string, number>();
  private readonly capped = new Set<string>();

  constructor(private readonly rng: Rng) {}

  /**
   * Draw from a pool a template that `accept` allows, fill it and return the text, or null.
   * `storyUsed` holds templates already used by the current story. A filled template is
   * rejected if any of its sentences (four words or more) has appeared anywhere before.
   */
  draw(
    id: string,
    source: readonly string[],
    accept: (template: string) => boolean,
    fill: (template: string) => string,
    storyUsed: Set<string>,
    relaxed = false,
  ): string | null {
    const usable = (t: string): boolean => !this.retired.has(t) && (relaxed || !this.capped.has(t));
    for (let pass = 0; pass < 2; pass++) {
      let deck = this.decks.get(id);
      if (!deck || deck.length === 0 || pass === 1) {
        deck = this.rng.shuffle(source.filter(usable));
        this.decks.set(id, deck);
      }
      for (let i = 0; i < deck.length; i++) {
        const template = at(deck, i);
        if (storyUsed.has(template) || !usable(template) || !accept(template)) continue;
        for (let attempt = 0; attempt < 4; attempt++) {
          const text = fill(template);
          const sentences = splitSentences(text).filter((x) => wordCount(x) >= 4);
          if (sentences.some((x) => this.usedSentences.has(x))) continue;
          deck.splice(i, 1);
          storyUsed.add(template);
          for (const x of sentences) this.usedSentences.add(x);
          const uses = (this.uses.get(template) ?? 0) + 1;
          this.uses.set(template, uses);
          if (uses >= MAX_TEMPLATE_USES) this.capped.add(template);
          if (splitSentences(stripTags(template)).some((x) => isFixedText(x) && wordCount(x) >= 4)) this.retired.add(template);
          return text;
        }
      }
    }
    return null;
  }

  /** Record sentences written elsewhere (ledes), so pools never repeat them. */
  reserve(text: string): void {
    for (const x of splitSentences(text)) if (wordCount(x) >= 4) this.usedSentences.add(x);
  }

  /** Take an item that may be used once only (pull quotes). */
  once(id: string, source: readonly string[]): string | null {
    let deck = this.decks.get(id);
    if (!deck) {
      deck = this.rng.shuffle(source);
      this.decks.set(id, deck);
    }
    while (deck.length > 0) {
      const item = deck.shift() as string;
      if (!this.usedItems.has(item)) {
        this.usedItems.add(item);
        return item;
      }
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogue builder
// ---------------------------------------------------------------------------------------------

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
  const events: DemoEvent[] = EVENTS.map((e) => {
    const slug = slugify(e.title);
    const { palette } = choosePalette(rng);
    return {
      slug,
      title: e.title,
      description: typeset(e.description),
      daysFromAnchor: e.daysFromAnchor,
      type: e.type,
      location: e.location,
      featured: e.featured,
      sponsors: e.sponsors.slice(),
      thumbnail: makeArt(rng, `event-${slug}`, rng.pick<ArtStyle>(['arcs', 'fields', 'folds']), palette),
    };
  });

  const newsletters: DemoNewsletter[] = NEWSLETTERS.map((n) => ({ ...n, description: typeset(n.description) }));

  return { topics, authors, stories, people: demoPeople, organisations, events, newsletters };
}

function blockText(block: StoryBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return block.text;
    case 'quote':
      return `${block.text} ${block.attribution}`;
    case 'image':
      return `${block.caption} ${block.alt}`;
  }
}
