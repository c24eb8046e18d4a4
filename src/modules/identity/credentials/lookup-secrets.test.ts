import { describe, expect, it } from 'vitest';
import {
  LOOKUP_SECRET_COUNT,
  consumeLookupSecret,
  generateLookupSecrets,
  hashLookupSecret,
  matchLookupSecret,
  type StoredLookupSecret,
} from './lookup-secrets.ts';

const PEPPER = 'test-pepper-0123456789abcdef';

function store(codes: string[]): StoredLookupSecret[] {
  return codes.map((code) => ({ hash: hashLookupSecret(code, PEPPER), usedAt: null }));
}

describe('generateLookupSecrets', () => {
  it('makes 12 distinct codes of 8 lowercase letters and digits', () => {
    const codes = generateLookupSecrets();
    expect(codes).toHaveLength(LOOKUP_SECRET_COUNT);
    expect(codes).toHaveLength(12);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{8}$/);
    expect(new Set(codes).size).toBe(12);
    expect(generateLookupSecrets()).not.toEqual(codes);
  });

  it('draws from the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 40 }, generateLookupSecrets).flat().join(''));
    expect(seen.size).toBe(36);
  });
});

describe('hashLookupSecret', () => {
  it('is a keyed hash: stable, pepper-dependent, never the code itself', () => {
    const hash = hashLookupSecret('abcd1234', PEPPER);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLookupSecret('abcd1234', PEPPER)).toBe(hash);
    expect(hashLookupSecret('abcd1234', `${PEPPER}!`)).not.toBe(hash);
    expect(hash).not.toContain('abcd1234');
  });

  it('refuses a missing or short pepper', () => {
    expect(() => hashLookupSecret('abcd1234', '')).toThrow(RangeError);
    expect(() => hashLookupSecret('abcd1234', 'short')).toThrow(RangeError);
  });
});

describe('consumeLookupSecret', () => {
  const codes = generateLookupSecrets();

  it('finds the index of a matching unused code, forgiving case, spaces and dashes', () => {
    const stored = store(codes);
    expect(consumeLookupSecret({ stored, code: codes[4] ?? '', pepper: PEPPER })).toBe(4);
    const spaced = `${(codes[7] ?? '').slice(0, 4).toUpperCase()} -${(codes[7] ?? '').slice(4)}`;
    expect(consumeLookupSecret({ stored, code: spaced, pepper: PEPPER })).toBe(7);
  });

  it('accepts each code once', () => {
    const stored = store(codes);
    const index = consumeLookupSecret({ stored, code: codes[0] ?? '', pepper: PEPPER });
    expect(index).toBe(0);
    stored[index] = { ...stored[0]!, usedAt: new Date() };
    expect(consumeLookupSecret({ stored, code: codes[0] ?? '', pepper: PEPPER })).toBe(-1);
    expect(matchLookupSecret({ stored, code: codes[0] ?? '', pepper: PEPPER })).toEqual({ index: 0, used: true });
    expect(consumeLookupSecret({ stored, code: codes[1] ?? '', pepper: PEPPER })).toBe(1);
  });

  it('counts a usedAt read back from JSON as used', () => {
    const stored = store(codes).map((entry) => ({ ...entry, usedAt: '2026-01-01T00:00:00.000Z' }));
    expect(consumeLookupSecret({ stored, code: codes[2] ?? '', pepper: PEPPER })).toBe(-1);
  });

  it('refuses unknown codes, other peppers and malformed stored hashes', () => {
    const stored = store(codes);
    expect(consumeLookupSecret({ stored, code: 'zzzzzzzz', pepper: PEPPER })).toBe(-1);
    expect(consumeLookupSecret({ stored, code: '', pepper: PEPPER })).toBe(-1);
    expect(matchLookupSecret({ stored, code: 'zzzzzzzz', pepper: PEPPER })).toBeNull();
    expect(consumeLookupSecret({ stored, code: codes[3] ?? '', pepper: `${PEPPER}-other` })).toBe(-1);
    expect(consumeLookupSecret({ stored: [{ hash: 'ABC', usedAt: null }], code: codes[3] ?? '', pepper: PEPPER })).toBe(-1);
    expect(consumeLookupSecret({ stored: [], code: codes[3] ?? '', pepper: PEPPER })).toBe(-1);
  });
});
