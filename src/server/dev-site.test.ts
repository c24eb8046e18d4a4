import { describe, expect, it } from 'vitest';
import { isDevelopmentNoise, siteAddressFor } from './dev-site.ts';

describe('one loopback site in development', () => {
  const site = 'http://localhost:3000';

  it('sends a loopback alias of the site to the site URL, path and query kept', () => {
    expect(siteAddressFor('127.0.0.1:3000', '/user/login/?returnTo=%2F', site)).toBe('http://localhost:3000/user/login/?returnTo=%2F');
    expect(siteAddressFor('[::1]:3000', '/', site)).toBe('http://localhost:3000/');
    expect(siteAddressFor('localhost:3000', '/', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/');
  });

  it('leaves the site host and other host names alone', () => {
    expect(siteAddressFor('localhost:3000', '/', site)).toBeNull();
    expect(siteAddressFor('LOCALHOST:3000', '/', site)).toBeNull();
    expect(siteAddressFor('atelier.test', '/', site)).toBeNull();
    expect(siteAddressFor('192.0.2.2:3000', '/', site)).toBeNull();
    expect(siteAddressFor(undefined, '/', site)).toBeNull();
  });

  it('never leaves the site for a path that looks like another host', () => {
    expect(siteAddressFor('127.0.0.1:3000', '//elsewhere.example/x', site)).toBe('http://localhost:3000//elsewhere.example/x');
  });
});

describe('development request lines', () => {
  it('skips Vite modules, React Router endpoints and files', () => {
    for (const url of [
      '/@vite/client',
      '/@react-refresh',
      '/src/web/root.tsx?import',
      '/node_modules/.vite/deps/react.js?v=1',
      '/__manifest?paths=%2F',
      '/img/story-0-hero/3x2/800.webp',
      '/static/cookie-consent.css?v=9',
      '/favicon.svg',
    ])
      expect(isDevelopmentNoise(url), url).toBe(true);
  });

  it('keeps pages, their data, API calls and forms', () => {
    for (const url of ['/', '/stories/a-story/', '/stories/a-story.data', '/graphql', '/api/trpc/session.me?batch=1', '/user/login/'])
      expect(isDevelopmentNoise(url), url).toBe(false);
  });
});
