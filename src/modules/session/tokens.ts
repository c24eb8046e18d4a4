// Minting and verifying the two product tokens (§3, DESIGN §3): `bof_session`, the main token with
// exactly the §3 claims, and `blaize_jwt`, the paywall token. Both ES256 with the key ring's keys;
// a distinct `typ` keeps one from being accepted as the other.
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { SIGNING_ALG, type KeyRing } from './keys.ts';

export const MAIN_TOKEN_TYPE = 'bof-session+jwt';
export const PAYWALL_TOKEN_TYPE = 'paywall+jwt';
/** §4: short-lived; the browser refreshes within a minute of expiry. */
export const DEFAULT_TOKEN_TTL_SECONDS = 600;

/** The §3 claims of the main token, as the browser decodes them (web/auth/session-user.ts). */
export interface MainTokenClaims {
  /** The numeric user id, as text (§1). */
  user_id: string;
  email: string;
  membership_level: string;
  membership_type: string;
  is_bof_admin: boolean;
  is_first_login: boolean;
  unclaimed_membership_account_id: string | null;
  is_challenged: boolean;
  is_user_data_complete: boolean;
  /**
   * Beyond §3 (decision 040): the account's email address is confirmed (OIDC's name for it; §3
   * UserAcademicData calls it emailVerified). A membership's entitlements wait for it.
   */
  email_verified: boolean;
}

/** The walls issue fills these: entitlements, the meter, experiment groups (GROUP_ID#GROUP_NAME). */
export interface PaywallClaims {
  entitlements: string[];
  meter: { period: string; read: string[] };
  experiment_groups: string[];
}

/** Registered claims both tokens carry; `sub` is the identity id, `sid` the identity session's. */
export interface RegisteredClaims {
  sub: string;
  /** The identity session the token was minted from: the token acts only beside that session's cookie. */
  sid: string;
  iss: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  jti: string;
  /**
   * The session's claims version when the token was minted (milliseconds of its
   * claims_changed_at, 0 for never): an older one than the session's now means what the token
   * says is out of date (decision 046).
   */
  claims_version: number;
}

export type VerifiedMainToken = MainTokenClaims & RegisteredClaims;
export type VerifiedPaywallToken = PaywallClaims & RegisteredClaims;

export type TokenCheck<T> = { ok: true; claims: T } | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

const registered = {
  sub: z.string().min(1),
  sid: z.string().min(1),
  iss: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(1),
  // Absent from tokens minted before decision 046, and when the session's claims never changed.
  claims_version: z.number().int().nonnegative().default(0),
};

const mainTokenSchema = z.object({
  ...registered,
  user_id: z.string().regex(/^\d+$/),
  email: z.string(),
  membership_level: z.string(),
  membership_type: z.string(),
  is_bof_admin: z.boolean(),
  is_first_login: z.boolean(),
  unclaimed_membership_account_id: z.string().nullable(),
  is_challenged: z.boolean(),
  is_user_data_complete: z.boolean(),
  // Absent from tokens minted before decision 040 (they live 10 minutes): read as confirmed.
  email_verified: z.boolean().default(true),
});

const paywallTokenSchema = z.object({
  ...registered,
  entitlements: z.array(z.string()),
  meter: z.object({ period: z.string().regex(/^\d{4}-(\d{2}|W\d{2})$/), read: z.array(z.string()) }),
  experiment_groups: z.array(z.string()),
});

export interface TokenIssuerOptions {
  keys: KeyRing;
  /** The site's URL: `iss` of both tokens. */
  issuer: string;
  ttlSeconds: number;
  now?: () => Date;
}

export interface MintedToken {
  token: string;
  /** When the token expires. */
  expiresAt: Date;
}

/** Whom a token is for: the identity (`sub`) and the identity session it comes from (`sid`). */
export interface TokenHolder {
  identityId: string;
  sessionId: string;
  /** The session's claims version the token's claims were read after (RegisteredClaims.claims_version). */
  claimsVersion?: number;
}

export interface TokenIssuer {
  readonly ttlSeconds: number;
  mintMainToken(holder: TokenHolder, claims: MainTokenClaims): Promise<MintedToken>;
  mintPaywallToken(holder: TokenHolder, claims: PaywallClaims): Promise<MintedToken>;
  verifyMainToken(token: string | null | undefined): Promise<TokenCheck<VerifiedMainToken>>;
  verifyPaywallToken(token: string | null | undefined): Promise<TokenCheck<VerifiedPaywallToken>>;
}

export function createTokenIssuer({ keys, issuer, ttlSeconds, now = () => new Date() }: TokenIssuerOptions): TokenIssuer {
  const mint = async (typ: string, holder: TokenHolder, claims: object): Promise<MintedToken> => {
    const { kid, key } = await keys.signingKey();
    const iat = Math.floor(now().getTime() / 1000);
    const exp = iat + ttlSeconds;
    const version = holder.claimsVersion ? { claims_version: holder.claimsVersion } : {};
    const token = await new SignJWT({ ...claims, ...version, sid: holder.sessionId })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ })
      .setIssuer(issuer)
      .setSubject(holder.identityId)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(key);
    return { token, expiresAt: new Date(exp * 1000) };
  };

  // Tokens already verified, until they expire: a signed-in reader sends the same two tokens with
  // every request for up to ttlSeconds, and an ES256 verification was a fifth of a member's story
  // page CPU (issue 15). Safe to keep until exp: a key stays published until every token it
  // signed has expired (keys.ts), and ending a session is checked beside the token (resolve-user.ts).
  const verified = new LRUCache<string, RegisteredClaims>({ max: 10_000 });

  const verify = async <T extends RegisteredClaims>(
    token: string | null | undefined,
    typ: string,
    schema: z.ZodType<T>,
  ): Promise<TokenCheck<T>> => {
    if (!token) return { ok: false, reason: 'missing' };
    const cacheKey = `${typ} ${token}`;
    const known = verified.get(cacheKey) as T | undefined;
    if (known) {
      if (known.exp > Math.floor(now().getTime() / 1000)) return { ok: true, claims: known };
      verified.delete(cacheKey);
    }
    try {
      const { payload } = await jwtVerify(
        token,
        async (header: JWTHeaderParameters) => {
          const key = await keys.verificationKey(header.kid);
          if (!key) throw new errors.JWKSNoMatchingKey();
          return key;
        },
        { issuer, typ, algorithms: [SIGNING_ALG], currentDate: now(), requiredClaims: ['exp', 'iat', 'sub', 'sid', 'jti'] },
      );
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      verified.set(cacheKey, parsed.data);
      return { ok: true, claims: parsed.data };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      // Bad signature, unknown or retired kid, wrong typ/iss/alg, garbage: all simply invalid.
      if (error instanceof errors.JOSEError || error instanceof TypeError) return { ok: false, reason: 'invalid' };
      throw error;
    }
  };

  return {
    ttlSeconds,
    mintMainToken: (holder, claims) => mint(MAIN_TOKEN_TYPE, holder, pickMainClaims(claims)),
    mintPaywallToken: (holder, claims) =>
      mint(PAYWALL_TOKEN_TYPE, holder, {
        entitlements: claims.entitlements,
        meter: claims.meter,
        experiment_groups: claims.experiment_groups,
      }),
    verifyMainToken: (token) => verify(token, MAIN_TOKEN_TYPE, mainTokenSchema),
    verifyPaywallToken: (token) => verify(token, PAYWALL_TOKEN_TYPE, paywallTokenSchema),
  };
}

// Exactly the §3 claims and email_verified (decision 040), whatever else the caller's object holds.
function pickMainClaims(claims: MainTokenClaims): MainTokenClaims {
  return {
    user_id: claims.user_id,
    email: claims.email,
    membership_level: claims.membership_level,
    membership_type: claims.membership_type,
    is_bof_admin: claims.is_bof_admin,
    is_first_login: claims.is_first_login,
    unclaimed_membership_account_id: claims.unclaimed_membership_account_id,
    is_challenged: claims.is_challenged,
    is_user_data_complete: claims.is_user_data_complete,
    email_verified: claims.email_verified,
  };
}

/** The meter period (UTC calendar month) of an instant: 'YYYY-MM'. */
export function meterPeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}
