import { describe, expect, it } from 'vitest';
import {
  chooseSigningKey,
  CLOCK_SKEW_MS,
  createKeyRing,
  keyTimes,
  needsNewKey,
  openPrivateJwk,
  PREPUBLISH_MS,
  ROTATION_INTERVAL_MS,
  sealPrivateJwk,
} from './keys.ts';
import { createClock, createMemoryKeyStore, START, TEST_SECRET } from './session-test-fakes.ts';

const HOUR = 60 * 60 * 1000;
const TTL = 600;

function setup() {
  const clock = createClock();
  const store = createMemoryKeyStore();
  const ring = createKeyRing({ store, secret: TEST_SECRET, tokenTtlSeconds: TTL, now: clock.now });
  return { clock, store, ring };
}

describe('rotation rules', () => {
  const key = (createdAtMs: number) => ({ name: String(createdAtMs), ...keyTimes(new Date(START.getTime() + createdAtMs), TTL) });

  it('signs with the newest key that has been published long enough', () => {
    const old = key(0);
    const next = key(23.9 * HOUR);
    expect(chooseSigningKey([old, next], new Date(START.getTime() + 23.95 * HOUR))).toBe(old);
    expect(chooseSigningKey([old, next], new Date(START.getTime() + 24 * HOUR))).toBe(next);
  });

  it('signs with a brand-new key when no other can (first start, or after a long stop)', () => {
    const only = key(0);
    expect(chooseSigningKey([only], START)).toBe(only);
    expect(chooseSigningKey([key(-48 * HOUR)], START)).toBeNull();
  });

  it('asks for the next key PREPUBLISH_MS before the current one retires', () => {
    const current = key(0);
    expect(needsNewKey([current], new Date(START.getTime() + ROTATION_INTERVAL_MS - PREPUBLISH_MS - 1))).toBe(false);
    expect(needsNewKey([current], new Date(START.getTime() + ROTATION_INTERVAL_MS - PREPUBLISH_MS))).toBe(true);
    expect(needsNewKey([], START)).toBe(true);
  });

  it('keeps a key published until the last token it signed has expired', () => {
    const times = keyTimes(START, TTL);
    expect(times.retireAfter.getTime() - START.getTime()).toBe(ROTATION_INTERVAL_MS);
    expect(times.expiresAt.getTime() - times.retireAfter.getTime()).toBe(TTL * 1000 + CLOCK_SKEW_MS);
  });
});

describe('sealed private keys', () => {
  const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'secret-d' };

  it('round-trips under the same secret and kid, and never stores the key in clear', () => {
    const sealed = sealPrivateJwk(jwk, TEST_SECRET, 'kid-1');
    expect(sealed).not.toContain('secret-d');
    expect(openPrivateJwk(sealed, TEST_SECRET, 'kid-1')).toEqual(jwk);
  });

  it('refuses another secret, another kid or altered text', () => {
    const sealed = sealPrivateJwk(jwk, TEST_SECRET, 'kid-1');
    expect(openPrivateJwk(sealed, `${TEST_SECRET}-other`, 'kid-1')).toBeNull();
    expect(openPrivateJwk(sealed, TEST_SECRET, 'kid-2')).toBeNull();
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`].join('.');
    expect(openPrivateJwk(tampered, TEST_SECRET, 'kid-1')).toBeNull();
    expect(openPrivateJwk('not sealed', TEST_SECRET, 'kid-1')).toBeNull();
  });
});

describe('key ring', () => {
  it('creates the first key on first use and publishes only its public half', async () => {
    const { ring, store } = setup();
    const signing = await ring.signingKey();
    expect(store.rows).toHaveLength(1);
    const { keys } = await ring.publicJwks();
    expect(keys).toEqual([expect.objectContaining({ kid: signing.kid, kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })]);
    expect(keys[0]).not.toHaveProperty('d');
    expect(store.rows[0]!.privateJwkEncrypted).not.toContain('"d"');
  });

  it('rotates every 24 hours, publishing the next key before it signs and the old one until its tokens expire', async () => {
    const { ring, store, clock } = setup();
    const first = (await ring.signingKey()).kid;

    clock.advance(ROTATION_INTERVAL_MS - PREPUBLISH_MS);
    expect((await ring.signingKey()).kid).toBe(first);
    expect(store.rows).toHaveLength(2);
    const second = store.rows[1]!.kid;
    expect((await ring.publicJwks()).keys.map((k) => k.kid)).toEqual([second, first]);

    clock.advance(PREPUBLISH_MS);
    expect((await ring.signingKey()).kid).toBe(second);
    expect(await ring.verificationKey(first)).not.toBeNull();

    // The first key's last tokens have expired: unpublished, and deleted at the next rotation.
    clock.advance(TTL * 1000 + CLOCK_SKEW_MS);
    expect(await ring.verificationKey(first)).toBeNull();
    expect((await ring.publicJwks()).keys.map((k) => k.kid)).toEqual([second]);
    clock.advance(ROTATION_INTERVAL_MS);
    await ring.signingKey();
    expect(store.rows.map((r) => r.kid)).not.toContain(first);
  });

  it('shares one new key between concurrent callers', async () => {
    const { ring, store } = setup();
    const kids = await Promise.all([ring.signingKey(), ring.signingKey(), ring.publicJwks()]);
    expect(store.rows).toHaveLength(1);
    expect(kids[0].kid).toBe(kids[1].kid);
  });

  it('finds a key another node published, reading the store again for an unknown kid', async () => {
    const { store, clock } = setup();
    const nodeA = createKeyRing({ store, secret: TEST_SECRET, tokenTtlSeconds: TTL, now: clock.now });
    const nodeB = createKeyRing({ store, secret: TEST_SECRET, tokenTtlSeconds: TTL, now: clock.now });
    await nodeB.publicJwks();
    store.rows.length = 0; // nodeA will create a different key
    const kid = (await nodeA.signingKey()).kid;
    expect(await nodeB.verificationKey(kid)).not.toBeNull();
    expect(await nodeB.verificationKey('no-such-kid')).toBeNull();
  });

  it('does not sign with keys sealed under another secret, but keeps them published', async () => {
    const { store, clock } = setup();
    const before = createKeyRing({ store, secret: TEST_SECRET, tokenTtlSeconds: TTL, now: clock.now });
    const oldKid = (await before.signingKey()).kid;
    clock.advance(1000);
    const after = createKeyRing({ store, secret: `${TEST_SECRET}-rotated`, tokenTtlSeconds: TTL, now: clock.now });
    const newKid = (await after.signingKey()).kid;
    expect(newKid).not.toBe(oldKid);
    expect((await after.publicJwks()).keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
  });
});
