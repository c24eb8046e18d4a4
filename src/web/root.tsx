import newsreaderLatin from './styles/fonts/newsreader-normal.woff2?url';
import interLatin from './styles/fonts/inter-normal.woff2?url';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import type { Route } from './+types/root';
import { Footer } from './components/footer.tsx';
import { Masthead } from './components/masthead.tsx';
import { ErrorPage } from './components/error-page.tsx';
import { AnalyticsBootstrap } from './analytics/analytics-bootstrap.tsx';
import { ConsentAssets } from './consent/consent-assets.tsx';
import { useNonce } from './lib/nonce.tsx';
import { useRootData, type RootData } from './lib/root-data.ts';
import { useAudience, useBrowserAuth } from './lib/session.ts';
import { audienceOf } from '../shared/auth/audience.ts';
import { canonicalUrl } from './lib/seo.ts';
import { ProfilePrompt } from './components/profile-prompt.tsx';
import { useKeptLinks } from './lib/prerendered.tsx';
import './styles/app.css';

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const topics = await context.services.content.listTopics();
  return {
    config: context.config,
    sections: topics.filter((t) => t.kind === 'section').map(({ slug, name }) => ({ slug, name })),
    series: topics.filter((t) => t.kind === 'series').map(({ slug, name }) => ({ slug, name })),
    audience: audienceOf(context.user),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const audience = useAudience(data?.audience ?? 'anonymous');
  // In the Layout, not App: error pages (404s included) keep the header's session working too.
  useBrowserAuth(
    data ? { identityBaseUrl: data.config.endpoints.identity, authEndpointUrl: data.config.endpoints.auth } : null,
    data?.audience ?? 'anonymous',
  );
  useKeptLinks();
  const { pathname } = useLocation();
  const productName = data?.config.productName ?? 'Atelier';
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1" />
        <title>{productName}</title>
        {data && <link rel="canonical" href={canonicalUrl(data.config.siteUrl, pathname)} />}
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        {/* Before <Links />, which renders the route style sheets: React's server writes the head's
            meta and link elements (not style sheets) first, and the browser's Preact hydrates the
            head in the order it is written here (decision 057). */}
        {/* Both upright faces every page sets text in: found only once the style sheet is read, the
            sans arrived after the first layout, and the whole page was laid out again (issue 15). */}
        <link rel="preload" href={newsreaderLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title="Latest stories" href="/rss.xml" />
        <Links />
        {data && <ConsentAssets staticBaseUrl={data.config.endpoints.staticAssets} version={data.config.version} nonce={nonce} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Masthead productName={productName} sections={data?.sections ?? []} series={data?.series ?? []} audience={audience} />
        <ProfilePrompt />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer productName={productName} sections={data?.sections ?? []} />
        {data && <AnalyticsBootstrap config={data.config} />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} />;
  if (import.meta.env.SSR && !isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
