import { describe, expect, it, vi } from 'vitest';
import * as crypto from 'node:crypto';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, codeExpiresAt, generateCode, hashCode, verifyCode } from './one-time-code.ts';

const PEPPER = 'test-pepper-0123456789abcdef';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

describe('generateCode', () => {
  it('makes 6-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 2_000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1_900);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});

describe('hashCode / verifyCode', () => {
  it('is a keyed hash that never contains the code', () => {
    const hash = hashCode('042917', PEPPER);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode('042917', PEPPER)).toBe(hash);
    expect(hashCode('042917', `${PEPPER}!`)).not.toBe(hash);
    expect(hashCode('042918', PEPPER)).not.toBe(hash);
  });

  it('accepts the right code and refuses others', () => {
    const hash = hashCode('042917', PEPPER);
    expect(verifyCode({ hash, code: '042917', pepper: PEPPER })).toBe(true);
    expect(verifyCode({ hash, code: ' 042 917\n', pepper: PEPPER })).toBe(true);
    expect(verifyCode({ hash, code: '042918', pepper: PEPPER })).toBe(false);
    expect(verifyCode({ hash, code: '42917', pepper: PEPPER })).toBe(false);
    expect(verifyCode({ hash, code: '0429170', pepper: PEPPER })).toBe(false);
    expect(verifyCode({ hash, code: '', pepper: PEPPER })).toBe(false);
    expect(verifyCode({ hash, code: '042917', pepper: `${PEPPER}!` })).toBe(false);
    expect(verifyCode({ hash: 'not-a-hash', code: '042917', pepper: PEPPER })).toBe(false);
  });

  it('compares with timingSafeEqual', () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    const hash = hashCode('123456', PEPPER);
    verifyCode({ hash, code: '654321', pepper: PEPPER });
    verifyCode({ hash, code: '123456', pepper: PEPPER });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('refuses a missing or short pepper', () => {
    expect(() => hashCode('123456', '')).toThrow(RangeError);
    expect(() => verifyCode({ hash: hashCode('123456', PEPPER), code: '123456', pepper: 'short' })).toThrow(RangeError);
  });
});

describe('limits', () => {
  it('codes live 15 minutes and allow 5 attempts', () => {
    expect(CODE_TTL_MS).toBe(15 * 60 * 1000);
    expect(MAX_CODE_ATTEMPTS).toBe(5);
    expect(codeExpiresAt(new Date('2026-03-01T10:00:00Z')).toISOString()).toBe('2026-03-01T10:15:00.000Z');
  });
});
