// The anonymous reader's meter: which free stories they have read this period, in a signed cookie.
// Not in `blaize_jwt` (decision 010): the browser auth layer refreshes whenever one of the two
// session cookies exists without the other, and the auth endpoint clears both for a reader without
// an identity session. An HMAC key derived from IDENTITY_SECRET signs it, so it outlives the
// daily rotation of the session keys. A compact JWS (RFC 7515) with one fixed header, made and
// checked here (decision 064): a new visitor's story page signs one and a returning visitor's
// verifies one, and the libraries tried cost a quarter (jose) and a tenth (fast-jwt) of that
// page's CPU. Signed with one-shot hashes rather than createHmac (decision 069). Synchronous: the
// page decision makes no promise on the way to the page cache.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { hmacSha256 } from '../../platform/hmac-sha256.ts';

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

/** The last period worked out, by UTC day and kind: every anonymous story page asks for the current one. */
let lastPeriod = { day: NaN, kind: 'month' as MeterPeriodKind, period: '' };

/** 2026-11 for a month; 2026-W47 (ISO week) for a week. UTC. */
export function meterPeriodOf(at: Date, kind: MeterPeriodKind): string {
  const day = Math.floor(at.getTime() / 86_400_000);
  if (day !== lastPeriod.day || kind !== lastPeriod.kind) lastPeriod = { day, kind, period: periodOfDay(at, kind) };
  return lastPeriod.period;
}

function periodOfDay(at: Date, kind: MeterPeriodKind): string {
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
  exp: z.number(),
  meter: z.object({ period: z.string().max(10), read: z.array(z.string().max(64)).max(100) }),
});

type MeterClaims = z.infer<typeof claimsSchema>;

/** Meter cookies remembered as verified: a reader sends the same one until a read is counted. */
const VERIFIED_COOKIES_KEPT = 10_000;

export function createMeterCookies({ secret }: { secret: string }) {
  const token = compactHs256(createHmac('sha256', secret).update('atelier:anonymous-meter').digest(), {
    alg: 'HS256',
    typ: METER_TYPE,
  });
  // A reader at the meter limit, or reading again what they have read, sends the same cookie on
  // every story page: its signature and claims are checked once (decision 069), as the session
  // tokens' are. Keyed by the whole token, signature included; only valid ones are kept.
  const verifiedCookies = new LRUCache<string, MeterClaims>({ max: VERIFIED_COOKIES_KEPT });

  return {
    /** The meter for `period`: the cookie's when valid and of this period, else a fresh one (same visitor when known). */
    read(cookie: string | undefined, period: string): MeterState {
      const verified = cookie ? verify(cookie) : null;
      if (!verified) return { visitorId: randomUUID(), period, read: [] };
      // A copy: the claims are remembered for the next request with this cookie.
      return { visitorId: verified.sub, period, read: verified.meter.period === period ? [...verified.meter.read] : [] };
    },

    write(state: MeterState, at: Date): string {
      const iat = Math.floor(at.getTime() / 1000);
      return token.sign({
        meter: { period: state.period, read: state.read },
        sub: state.visitorId,
        iat,
        exp: iat + METER_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };

  function verify(cookie: string): MeterClaims | null {
    let claims = verifiedCookies.get(cookie);
    if (!claims) {
      const parsed = claimsSchema.safeParse(token.verify(cookie));
      if (!parsed.success) return null;
      verifiedCookies.set(cookie, (claims = parsed.data));
    }
    return claims.exp > Date.now() / 1000 ? claims : null;
  }
}

/**
 * Compact JWS tokens with HS256 and exactly this header. Verifying accepts only that header, so no
 * other algorithm or type can be slipped in.
 */
function compactHs256(key: Buffer, header: { alg: 'HS256'; typ: string }) {
  const encodedHeader = Buffer.from(JSON.stringify(header)).toString('base64url');
  const signatureOf = hmacSha256(key);
  return {
    sign(payload: object): string {
      const signingInput = `${encodedHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${signingInput}.${signatureOf(signingInput)}`;
    },
    /** The payload of a token signed with this key and header, else undefined. Expiry is the caller's. */
    verify(token: string): unknown {
      const [encodedPart, payloadPart, signature, ...rest] = token.split('.');
      if (encodedPart !== encodedHeader || !payloadPart || signature === undefined || rest.length > 0) return undefined;
      const given = Buffer.from(signature);
      const expected = Buffer.from(signatureOf(`${encodedPart}.${payloadPart}`));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
    },
  };
}

export type MeterCookies = ReturnType<typeof createMeterCookies>;

/** The Set-Cookie value: HttpOnly (only the server reads it), Lax like the session cookies. */
export function meterCookieHeader(token: string, { secure }: { secure: boolean }): string {
  return `${METER_COOKIE}=${token}; Path=/; Max-Age=${METER_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
