import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('articles/:slug', 'routes/story.tsx'),
  route('topics/:slug', 'routes/topic.tsx', { id: 'topic' }),
  route('series/bof-insights', 'routes/topic.tsx', { id: 'series-bof-insights' }),
  route('case-studies', 'routes/topic.tsx', { id: 'case-studies' }),
  route('authors/:slug', 'routes/author.tsx'),
  route('legal', 'routes/legal.tsx'),
  route('careers', 'routes/careers.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
