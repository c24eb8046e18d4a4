import { describe, expect, it } from 'vitest';
import { generateLinkToken, hashLinkToken, verifyLinkToken } from './link-token.ts';
import { hashCode } from './one-time-code.ts';

const PEPPER = 'test-pepper-0123456789abcdef';

describe('link tokens', () => {
  it('are long, URL-safe and different each time', () => {
    const tokens = Array.from({ length: 200 }, generateLinkToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as a keyed hash that never contains the token', () => {
    const token = generateLinkToken();
    const hash = hashLinkToken(token, PEPPER);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashLinkToken(token, `${PEPPER}!`)).not.toBe(hash);
  });

  it('accept the right token only', () => {
    const token = generateLinkToken();
    const hash = hashLinkToken(token, PEPPER);
    expect(verifyLinkToken({ hash, token, pepper: PEPPER })).toBe(true);
    expect(verifyLinkToken({ hash, token: generateLinkToken(), pepper: PEPPER })).toBe(false);
    expect(verifyLinkToken({ hash, token: `${token} `, pepper: PEPPER })).toBe(false);
    expect(verifyLinkToken({ hash, token: '', pepper: PEPPER })).toBe(false);
    expect(verifyLinkToken({ hash: 'not-a-hash', token, pepper: PEPPER })).toBe(false);
  });

  it('never match a code hash of the same text (kinds of secret are kept apart)', () => {
    const token = 'A'.repeat(43);
    expect(hashLinkToken(token, PEPPER)).not.toBe(hashCode(token, PEPPER));
  });

  it('refuse a short pepper', () => {
    expect(() => hashLinkToken(generateLinkToken(), 'short')).toThrow(RangeError);
  });
});
