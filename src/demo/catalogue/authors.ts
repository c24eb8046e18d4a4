// Authors (Atelier staff and contributors). `beats` steers which stories they write.

interface AuthorSeed {
  name: string;
  role: string;
  location: string;
  bio: string;
  beats: readonly string[];
}

export const AUTHORS: readonly AuthorSeed[] = [
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
