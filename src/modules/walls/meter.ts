// The anonymous reader's meter: which free stories they have read this period, in a signed cookie.
// Not in `blaize_jwt` (decision 010): the browser auth layer refreshes whenever one of the two
// session cookies exists without the other, and the auth endpoint clears both for a reader without
// an identity session. An HMAC key derived from IDENTITY_SECRET signs it, so it outlives the
// daily rotation of the session keys. Signed and verified with fast-jwt, synchronously: a new
// visitor's story page signs one, and jose's WebCrypto HMAC (a key import and a thread-pool job
// per call) was a quarter of that page's CPU time (issue 15, docs/performance.md).
import { createHmac, randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { z } from 'zod';

export const METER_COOKIE = 'atelier_meter';
const METER_TYPE = 'meter+jwt';
/** The visitor id outlives periods, so experiment groups stay the same visit after visit. */
export const METER_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export type MeterPeriodKind = 'month' | 'week';

export interface MeterState {
  /** A random id for this browser: the subject of experiment assignment while signed out. */
  visitorId: string;
  period: string;
  read: string[];
}

/** 2026-11 for a month; 2026-W47 (ISO week) for a week. UTC. */
export function meterPeriodOf(at: Date, kind: MeterPeriodKind): string {
  if (kind === 'month') return at.toISOString().slice(0, 7);
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** When the period containing `at` began (UTC). */
export function meterPeriodStart(at: Date, kind: MeterPeriodKind): Date {
  if (kind === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() || 7) - 1));
  return day;
}

const claimsSchema = z.object({
  sub: z.uuid(),
  meter: z.object({ period: z.string().max(10), read: z.array(z.string().max(64)).max(100) }),
});

export function createMeterCookies({ secret }: { secret: string }) {
  const key = createHmac('sha256', secret).update('atelier:anonymous-meter').digest();
  // iat and exp are set from the caller's clock, not fast-jwt's (noTimestamp).
  const sign = createSigner({ key, algorithm: 'HS256', header: { alg: 'HS256', typ: METER_TYPE }, noTimestamp: true });
  const verifyToken = createVerifier({ key, algorithms: ['HS256'], complete: true, requiredClaims: ['exp', 'sub'] });

  return {
    /** The meter for `period`: the cookie's when valid and of this period, else a fresh one (same visitor when known). */
    async read(token: string | undefined, period: string): Promise<MeterState> {
      const verified = token ? verify(token) : null;
      if (!verified) return { visitorId: randomUUID(), period, read: [] };
      return { visitorId: verified.sub, period, read: verified.meter.period === period ? verified.meter.read : [] };
    },

    async write(state: MeterState, at: Date): Promise<string> {
      const iat = Math.floor(at.getTime() / 1000);
      return sign({
        meter: { period: state.period, read: state.read },
        sub: state.visitorId,
        iat,
        exp: iat + METER_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };

  function verify(token: string) {
    try {
      const { header, payload } = verifyToken(token) as { header: { typ?: unknown }; payload: unknown };
      if (header.typ !== METER_TYPE) return null;
      const parsed = claimsSchema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
  }
}

export type MeterCookies = ReturnType<typeof createMeterCookies>;

/** The Set-Cookie value: HttpOnly (only the server reads it), Lax like the session cookies. */
export function meterCookieHeader(token: string, { secure }: { secure: boolean }): string {
  return `${METER_COOKIE}=${token}; Path=/; Max-Age=${METER_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
