import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  ARGON2_TEST_PARAMS,
  MAX_PASSWORD_LENGTH,
  checkPasswordPolicy,
  hashPassword,
  isTooSimilar,
  passwordNeedsRehash,
  preparePasswordPolicy,
  verifyPassword,
  verifyPasswordAgainstDummy,
} from './password.ts';

const fast = { params: ARGON2_TEST_PARAMS };
const JANE = 'jane.doe@example.com';

describe('hashPassword / verifyPassword', () => {
  it('uses the OWASP argon2id parameters by default', async () => {
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await hashPassword('Tweed-Lantern-Orbit-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Tweed-Lantern-Orbit-42')).toBe(true);
  });

  it('round-trips with test parameters and refuses a wrong password', async () => {
    const stored = await hashPassword('Tweed-Lantern-Orbit-42', fast);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'Tweed-Lantern-Orbit-42')).toBe(true);
    expect(await verifyPassword(stored, 'tweed-lantern-orbit-42')).toBe(false);
    expect(await verifyPassword(stored, 'Tweed-Lantern-Orbit-42 ')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password', fast), hashPassword('same password', fast)]);
    expect(a).not.toBe(b);
  });

  it('matches the same password typed with composed or decomposed accents (NFKC)', async () => {
    const stored = await hashPassword('caf\u00e9-velvet-orbit', fast);
    expect(await verifyPassword(stored, 'cafe\u0301-velvet-orbit')).toBe(true);
  });

  it('treats a malformed hash or an over-long password as a mismatch', async () => {
    expect(await verifyPassword('', 'whatever')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'whatever')).toBe(false);
    const stored = await hashPassword('x'.repeat(MAX_PASSWORD_LENGTH), fast);
    expect(await verifyPassword(stored, 'x'.repeat(MAX_PASSWORD_LENGTH))).toBe(true);
    expect(await verifyPassword(stored, 'x'.repeat(MAX_PASSWORD_LENGTH + 1))).toBe(false);
  });

  it('says when a hash was made with other parameters', async () => {
    const stored = await hashPassword('Tweed-Lantern-Orbit-42', fast);
    expect(passwordNeedsRehash(stored)).toBe(true);
    expect(passwordNeedsRehash(stored, ARGON2_TEST_PARAMS)).toBe(false);
    expect(passwordNeedsRehash('not a hash')).toBe(true);
  });

  it('verifyPasswordAgainstDummy always answers false', async () => {
    expect(await verifyPasswordAgainstDummy('Tweed-Lantern-Orbit-42', fast)).toBe(false);
    expect(await verifyPasswordAgainstDummy('', fast)).toBe(false);
  });
});

describe('checkPasswordPolicy', () => {
  // Pays the one-off dictionary build here rather than inside the first table case.
  beforeAll(() => preparePasswordPolicy());

  const cases: Array<{ name: string; password: string; identifier?: string; id: number; context?: Record<string, unknown> }> = [
    { name: 'empty', password: '', id: 4000032, context: { min_length: 8, actual_length: 0 } },
    { name: 'short', password: 'Xq7#vb2', id: 4000032, context: { min_length: 8, actual_length: 7 } },
    {
      name: 'short, counted in characters not UTF-16 units',
      password: '🧵🧵🧵🧵🧵🧵🧵',
      id: 4000032,
      context: { min_length: 8, actual_length: 7 },
    },
    { name: 'long', password: 'Xq7#'.repeat(257), id: 4000033, context: { max_length: 1024, actual_length: 1028 } },
    { name: 'breached', password: 'password1', id: 4000034 },
    { name: 'breached, any case', password: 'PassWord1', id: 4000034 },
    { name: 'breached digits', password: '12345678', id: 4000034 },
    { name: 'breached keyboard row', password: 'qwertyui', id: 4000034 },
    { name: 'breached wins over similarity', password: 'password1', identifier: 'password1@example.com', id: 4000034 },
    { name: 'email local part plus year', password: 'jane.doe2024', identifier: JANE, id: 4000031 },
    { name: 'local part without punctuation', password: 'Velvet-JaneDoe-Orbit-88', identifier: JANE, id: 4000031 },
    { name: 'identifier itself', password: 'l3f9toh1uaf81n21', identifier: 'l3f9toh1uaf81n21', id: 4000031 },
    // Kratos's own permutation table (selfservice/strategy/password/validator_test.go).
    { name: 'identifier plus digits', password: 'hello@example.com12345', identifier: 'hello@example.com', id: 4000031 },
    { name: 'identifier wrapped in digits', password: '123hello@example.com123', identifier: 'hello@example.com', id: 4000031 },
    { name: 'identifier prefix', password: 'hello@exam', identifier: 'hello@example.com', id: 4000031 },
    { name: 'identifier upper case', password: 'HELLO@EXAMPLE.COM', identifier: 'hello@example.com', id: 4000031 },
    { name: 'identifier in l33t', password: 'h3ll0@example', identifier: 'hello@example.com', id: 4000031 },
    { name: 'weak: repeated character', password: 'aaaaaaaaaaaaab', id: 4000005, context: { reason: 'it repeats the same character' } },
    {
      name: 'weak: near a common password',
      password: 'qwertyuiop123',
      id: 4000005,
      context: { reason: 'it is similar to a commonly used password' },
    },
    { name: 'weak: sequence', password: 'abcdefgh12', id: 4000005, context: { reason: 'it contains a common sequence like "abc"' } },
    { name: 'weak: no specific warning', password: 'correcthorse', id: 4000005, context: { reason: 'it is too easy to guess' } },
  ];

  for (const c of cases) {
    it(`refuses ${c.name} with ${c.id}`, () => {
      const result = checkPasswordPolicy({ password: c.password, identifier: c.identifier });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.message.id).toBe(c.id);
      expect(result.message.type).toBe('error');
      if (c.context) expect(result.message.context).toEqual(c.context);
    });
  }

  it('uses the Kratos texts', () => {
    const text = (password: string, identifier?: string) => {
      const result = checkPasswordPolicy({ password, identifier });
      return result.ok ? null : result.message.text;
    };
    expect(text('Xq7#vb2')).toBe('The password must be at least 8 characters long, but got 7.');
    expect(text('Xq7#'.repeat(257))).toBe('The password must be at most 1024 characters long, but got 1028.');
    expect(text('password1')).toBe('The password has been found in data breaches and must no longer be used.');
    expect(text('jane.doe2024', JANE)).toBe('The password can not be used because it is too similar to the identifier.');
    expect(text('abcdefgh12')).toBe('The password can not be used because it contains a common sequence like "abc".');
  });

  it.each([
    ['a random passphrase', 'Tweed-Lantern-Orbit-42', JANE],
    ['the same without an identifier', 'Tweed-Lantern-Orbit-42', undefined],
    ['one sharing only a short substring with the identifier', 'asdflasdflpiuhefnciluaksdzuföfhg', 'asdflasdflasdf'],
    ['a random string', 'l3f9toh1uaf81n21', ''],
  ])('accepts %s', (_name, password, identifier) => {
    const result = checkPasswordPolicy({ password, identifier });
    expect(result).toEqual({ ok: true, score: expect.any(Number) });
    if (result.ok) expect(result.score).toBeGreaterThanOrEqual(3);
  });
});

describe('isTooSimilar', () => {
  it('ignores short local parts and unrelated passwords', () => {
    expect(isTooSimilar('jo@example.com', 'Tweed-Jo-Lantern-42')).toBe(false);
    expect(isTooSimilar('abcd', '9d3c8a1b')).toBe(false);
    expect(isTooSimilar('ab', '0000ab0000123')).toBe(false);
    expect(isTooSimilar(JANE, 'Tweed-Lantern-Orbit-42')).toBe(false);
  });

  it('catches a password within edit distance 5 of the identifier', () => {
    expect(isTooSimilar('velvetorbit', 'velvetorb1t!')).toBe(true);
  });
});
