import { describe, expect, it, vi } from 'vitest';
import { allowsSharedCaching, createPageCache, isAnonymousRequest, isCacheablePath } from './page-cache.ts';

describe('page cache', () => {
  it('serves a stored page with the new request nonce in every place the old one stood', () => {
    const cache = createPageCache();
    cache.set('/', {
      status: 200,
      headers: [['content-type', 'text/html']],
      body: '<script nonce="OLD">a</script><script nonce="OLD">b</script>',
      nonce: 'OLD',
    });
    expect(cache.get('/', 'NEW')?.body).toBe('<script nonce="NEW">a</script><script nonce="NEW">b</script>');
  });

  it('forgets pages after their time to live and on invalidate', () => {
    vi.useFakeTimers();
    const cache = createPageCache({ ttlMs: 1000 });
    cache.set('/a/', { status: 200, headers: [], body: 'x', nonce: 'n' });
    vi.advanceTimersByTime(1001);
    expect(cache.get('/a/', 'm')).toBeNull();
    cache.set('/b/', { status: 200, headers: [], body: 'x', nonce: 'n' });
    cache.invalidate();
    expect(cache.get('/b/', 'm')).toBeNull();
    vi.useRealTimers();
  });

  it('treats requests with a session cookie as personal, even an empty one', () => {
    expect(isAnonymousRequest({})).toBe(true);
    expect(isAnonymousRequest({ cc_cookie: 'x', sp: '1' })).toBe(true);
    expect(isAnonymousRequest({ a: '1', ory_kratos_session: 'abc' })).toBe(false);
    expect(isAnonymousRequest({ bof_session: 'abc' })).toBe(false);
    expect(isAnonymousRequest({ blaize_jwt: '' })).toBe(false);
  });

  it('never caches account, checkout or preview screens, nor pages that opt out', () => {
    expect(isCacheablePath('/articles/x/')).toBe(true);
    expect(isCacheablePath('/user/login/?flow=1')).toBe(false);
    expect(isCacheablePath('/subscriptions/packages/')).toBe(false);
    expect(isCacheablePath('/user/confirm-email')).toBe(false);
    expect(allowsSharedCaching('private, no-store')).toBe(false);
    expect(allowsSharedCaching('no-cache')).toBe(true);
    expect(allowsSharedCaching(null)).toBe(true);
  });
});
