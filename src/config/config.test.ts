import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts with nothing set: embedded database, same-origin endpoints, dev ids', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' });
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.endpoints).toMatchObject({
      graphql: '/graphql',
      trpc: '/trpc',
      identity: '/identity',
      auth: '/api/auth',
      imageResizer: '/img',
      staticAssets: '/static',
    });
    expect(config.analytics.appId).toBe('development-global-9.36.0');
    expect(config.productName).toBe('Atelier');
    expect(Object.isFrozen(config.endpoints)).toBe(true);
  });

  it('names the analytics app id production-global followed by the version in prod (§9)', () => {
    const secret = 'production-secret-production-secret-42';
    expect(loadConfig({ APP_ENV: 'prod', IDENTITY_SECRET: secret }).analytics.appId).toBe('production-global-9.36.0');
    expect(loadConfig({ APP_ENV: 'prod', IDENTITY_SECRET: secret, DEPLOYMENT_VERSION: '9.37.1' }).analytics.appId).toBe(
      'production-global-9.37.1',
    );
  });

  it("has no third-party tag ids of its own: the pixel, insight tag and tag manager are the operator's", () => {
    for (const appEnv of ['dev', 'test', 'qa', 'prod']) {
      const { analytics } = loadConfig({ APP_ENV: appEnv, IDENTITY_SECRET: 'production-secret-production-secret-42' });
      expect(analytics).not.toHaveProperty('pixelId', expect.anything());
      expect(analytics).not.toHaveProperty('insightPartnerId', expect.anything());
      expect(analytics).not.toHaveProperty('tagManagerId', expect.anything());
    }
    expect(
      loadConfig({ PIXEL_ID: '100000000000004', INSIGHT_PARTNER_ID: '4877364', TAG_MANAGER_ID: 'GTM-PROD001' }).analytics,
    ).toMatchObject({ pixelId: '100000000000004', insightPartnerId: '4877364', tagManagerId: 'GTM-PROD001' });
  });

  it('has demo content (and its demo accounts) outside prod, none in prod, and refuses them in prod', () => {
    const secret = 'production-secret-production-secret-42';
    expect(loadConfig({}).demoContent).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: 'false' }).demoContent).toBe(false);
    expect(loadConfig({ APP_ENV: 'prod', IDENTITY_SECRET: secret }).demoContent).toBe(false);
    expect(problemsOf({ APP_ENV: 'prod', IDENTITY_SECRET: secret, DEMO_CONTENT: 'true' })).toEqual([
      'DEMO_CONTENT: cannot be on when APP_ENV is prod: the demo accounts’ password is public (unset it or set DEMO_CONTENT=false)',
    ]);
  });

  it('requires the identity secret in prod, where nothing may be generated on disk', () => {
    expect(problemsOf({ APP_ENV: 'prod' })).toEqual(['IDENTITY_SECRET: is required when APP_ENV is prod']);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/atelier' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://localhost/atelier',
    });
  });

  it('refuses an explicitly empty identity base URL, naming it (§5 start-up rules)', () => {
    const problems = problemsOf({ IDENTITY_BASE_URL: '' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^IDENTITY_BASE_URL: the identity provider base URL is required/);
  });

  it('refuses an invalid auth endpoint URL, naming it', () => {
    expect(problemsOf({ AUTH_ENDPOINT_URL: 'ftp://nope' })).toEqual([
      'AUTH_ENDPOINT_URL: the auth endpoint URL must be an http(s) URL or a path starting with /',
    ]);
  });

  it('trusts no proxy unless TRUSTED_PROXIES lists addresses or ranges, and refuses anything else', () => {
    expect(loadConfig({}).trustedProxies).toBe(false);
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,loopback ' }).trustedProxies).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    expect(problemsOf({ TRUSTED_PROXIES: '2' })).toEqual([
      'TRUSTED_PROXIES: "2" is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal',
    ]);
    expect(problemsOf({ TRUSTED_PROXIES: '10.0.0.0/33' })).toHaveLength(1);
    expect(problemsOf({ TRUSTED_PROXIES: 'true' })).toHaveLength(1);
    expect(problemsOf({ REDIS_URL: 'http://127.0.0.1:6379' })).toEqual(['REDIS_URL: must start with redis:// or rediss://']);
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({ IDENTITY_BASE_URL: '', AUTH_ENDPOINT_URL: '', APP_ENV: 'staging', PORT: 'eighty' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['APP_ENV', 'PORT', 'IDENTITY_BASE_URL', 'AUTH_ENDPOINT_URL']);
    expect(problems[0]).toBe('APP_ENV: "staging" is not one of dev, test, qa, prod');
    const error = new ConfigError(problems);
    expect(error.message).toContain('fix these settings');
  });

  it('checks the fraud publishable key: exactly 35 characters starting pk_ (§5)', () => {
    expect(loadConfig({ FRAUD_PUBLISHABLE_KEY: `pk_${'a'.repeat(32)}` }).keys.fraudPublishable).toHaveLength(35);
    expect(problemsOf({ FRAUD_PUBLISHABLE_KEY: `pk_${'a'.repeat(31)}` })[0]).toMatch(
      /^FRAUD_PUBLISHABLE_KEY: missing or wrong publishableKey/,
    );
    expect(problemsOf({ FRAUD_PUBLISHABLE_KEY: `sk_${'a'.repeat(32)}` })[0]).toMatch(/publishableKey/);
  });

  it('treats an empty optional key as absent', () => {
    expect(loadConfig({ MARKETING_MESSAGING_API_KEY: '' }).keys.marketingMessaging).toBeUndefined();
  });
});
