import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMeterCookies, meterPeriodOf, meterPeriodStart } from './meter.ts';

describe('the meter cookie', () => {
  const cookies = createMeterCookies({ secret: 'meter-test-secret-meter-test-secret-0001' });

  it('round-trips the visitor and the stories read this period', async () => {
    const fresh = cookies.read(undefined, '2026-11');
    expect(fresh).toMatchObject({ period: '2026-11', read: [] });
    const token = cookies.write({ ...fresh, read: ['s1', 's2'] }, new Date('2026-11-21T10:00:00Z'));
    expect(cookies.read(token, '2026-11')).toEqual({ visitorId: fresh.visitorId, period: '2026-11', read: ['s1', 's2'] });
  });

  describe('a cookie sent again (checked once, then remembered)', () => {
    afterEach(() => vi.useRealTimers());

    it('reads the same each time, and what one caller does to its meter does not reach the next', () => {
      const token = cookies.write({ visitorId: '2f0c3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c', period: '2026-11', read: ['s1'] }, new Date());
      const first = cookies.read(token, '2026-11');
      first.read.push('s2');
      expect(cookies.read(token, '2026-11')).toEqual({
        visitorId: '2f0c3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c',
        period: '2026-11',
        read: ['s1'],
      });
    });

    it('is refused once it has expired, though it was valid before', () => {
      vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
      const token = cookies.write({ visitorId: '3f0c3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c', period: '2026-11', read: ['s1'] }, new Date());
      expect(cookies.read(token, '2026-11').visitorId).toBe('3f0c3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c');
      vi.setSystemTime(new Date('2028-01-01T00:00:00Z'));
      expect(cookies.read(token, '2026-11').visitorId).not.toBe('3f0c3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c');
    });
  });

  it('starts a new count in a new period, for the same visitor', async () => {
    const token = cookies.write(
      { visitorId: '7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c', period: '2026-10', read: ['s1'] },
      new Date('2026-10-30T10:00:00Z'),
    );
    expect(cookies.read(token, '2026-11')).toEqual({
      visitorId: '7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c',
      period: '2026-11',
      read: [],
    });
  });

  it('ignores a tampered or foreign token (a fresh meter, not an error)', async () => {
    const token = cookies.write({ visitorId: '7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c', period: '2026-11', read: [] }, new Date());
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c', meter: { period: '2026-11', read: [] } })).toString('base64url')}.${signature}`;
    expect(cookies.read(forged, '2026-11').visitorId).not.toBe('7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c');
    const other = createMeterCookies({ secret: 'another-secret-another-secret-another-01' });
    expect(other.read(token, '2026-11').visitorId).not.toBe('7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c');
  });

  it('reads the cookies readers already hold (signed by the earlier jose implementation), and refuses another type or an expired one', async () => {
    const key = createHmac('sha256', 'meter-test-secret-meter-test-secret-0001').update('atelier:anonymous-meter').digest();
    const visitorId = '7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c';
    const signed = (typ: string, exp: number) =>
      new SignJWT({ meter: { period: '2026-11', read: ['s1'] } })
        .setProtectedHeader({ alg: 'HS256', typ })
        .setSubject(visitorId)
        .setIssuedAt(1_790_000_000)
        .setExpirationTime(exp)
        .sign(key);
    const later = Math.floor(Date.now() / 1000) + 3600;
    expect(cookies.read(await signed('meter+jwt', later), '2026-11')).toEqual({ visitorId, period: '2026-11', read: ['s1'] });
    expect(cookies.read(await signed('paywall+jwt', later), '2026-11').visitorId).not.toBe(visitorId);
    expect(cookies.read(await signed('meter+jwt', 1_790_000_100), '2026-11').visitorId).not.toBe(visitorId);
  });

  it('refuses a token with another algorithm, an altered signature or an extra part', async () => {
    const visitorId = '7d0f3c9e-52c6-4a55-9a7b-0d4f1c1a2b3c';
    const token = cookies.write({ visitorId, period: '2026-11', read: [] }, new Date());
    expect(cookies.read(token, '2026-11').visitorId).toBe(visitorId);
    const [, payload, signature] = token.split('.') as [string, string, string];
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'meter+jwt' })).toString('base64url')}.${payload}.`;
    const lastChanged = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      unsigned,
      token.replace(signature, lastChanged),
      `${token}.extra`,
      token.replace(signature, `${signature}=`),
      '',
      '..',
    ]) {
      expect(cookies.read(forged, '2026-11').visitorId, forged).not.toBe(visitorId);
    }
  });

  it('names and starts periods by calendar month or ISO week (UTC)', () => {
    expect(meterPeriodOf(new Date('2026-11-21T23:59:59Z'), 'month')).toBe('2026-11');
    expect(meterPeriodStart(new Date('2026-11-21T23:59:59Z'), 'month').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(meterPeriodOf(new Date('2026-11-21T12:00:00Z'), 'week')).toBe('2026-W47');
    expect(meterPeriodStart(new Date('2026-11-21T12:00:00Z'), 'week').toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(meterPeriodOf(new Date('2027-01-01T12:00:00Z'), 'week')).toBe('2026-W53');
  });

  it('names the period afresh when the day or the kind changes (it remembers the last one)', () => {
    expect(meterPeriodOf(new Date('2026-11-30T23:59:59Z'), 'month')).toBe('2026-11');
    expect(meterPeriodOf(new Date('2026-12-01T00:00:00Z'), 'month')).toBe('2026-12');
    expect(meterPeriodOf(new Date('2026-12-01T00:00:01Z'), 'week')).toBe('2026-W49');
    expect(meterPeriodOf(new Date('2026-12-01T23:59:59Z'), 'month')).toBe('2026-12');
    expect(meterPeriodOf(new Date('2026-11-30T12:00:00Z'), 'week')).toBe('2026-W49');
    expect(meterPeriodOf(new Date('2026-11-29T12:00:00Z'), 'week')).toBe('2026-W48');
  });
});
