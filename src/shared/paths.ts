// Public URLs of the reading pages, in one place (§2: paths end with a slash).
export const paths = {
  home: () => '/',
  story: (slug: string) => `/articles/${slug}/`,
  topic: (slug: string) =>
    slug === 'bof-insights' ? '/series/bof-insights/' : slug === 'case-studies' ? '/case-studies/' : `/topics/${slug}/`,
  author: (slug: string) => `/authors/${slug}/`,
  topicFeed: (slug: string) => `/topics/${slug}/rss.xml`,
  latestFeed: () => '/rss.xml',
  legal: (anchor?: 'privacy' | 'terms') => (anchor ? `/legal/#${anchor}` : '/legal/'),
  careers: () => '/careers/',
  login: () => '/user/login/',
  register: () => '/user/register/',
  logout: () => '/user/logout/',
  account: () => '/user/account/',
  following: () => '/user/following/',
  gifts: () => '/user/gifts/',
  membership: () => '/user/membership/',
  packages: () => '/subscriptions/packages/',
  upgrade: () => '/subscriptions/upgrade/',
  upgradePayment: (planCode?: string) => `/subscriptions/upgrade/payment/${planCode ? `?plan=${encodeURIComponent(planCode)}` : ''}`,
} as const;
