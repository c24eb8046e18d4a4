import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/security.ts';
import { thirdPartyCspSources } from './third-parties.ts';

describe('the CSP for consented third parties', () => {
  it('allows the configured pixel, insight tag, video embeds and absolute analytics endpoints', () => {
    const sources = thirdPartyCspSources({
      collectorUrl: 'https://collector.atelier.example/',
      pixelId: '100000000000002',
      insightPartnerId: '4877362',
      tagManagerScriptUrl: 'https://tags.atelier.example/gtm.js',
      tagManagerTransportUrl: '/metrics',
    });
    const csp = contentSecurityPolicy('abc', { sources });
    expect(csp).toContain(
      "script-src 'self' 'nonce-abc' https://connect.facebook.net https://www.facebook.com https://snap.licdn.com https://px.ads.linkedin.com https://tags.atelier.example;",
    );
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/collector\.atelier\.example/);
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(csp).not.toContain('/metrics');
    expect(csp).not.toContain('unsafe-inline');
  });

  it('allows no advertising host for a tag whose id is not set', () => {
    const csp = contentSecurityPolicy('abc', { sources: thirdPartyCspSources({ collectorUrl: '/', tagManagerTransportUrl: '/metrics' }) });
    expect(csp).not.toMatch(/facebook|licdn|linkedin/);
  });

  it('adds nothing for same-origin endpoints and leaves the policy unchanged without sources', () => {
    const sources = thirdPartyCspSources({ collectorUrl: '/', tagManagerTransportUrl: '/metrics' });
    expect(sources.connect.every((origin) => origin.startsWith('https://'))).toBe(true);
    expect(contentSecurityPolicy('abc')).not.toContain('frame-src');
  });
});
