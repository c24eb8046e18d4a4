// The session user (§3) derived from the two readable cookies. Tokens are decoded, not verified:
// the server verifies them on every request, the browser only needs the claims to render. Both the
// browser and the server (session, walls) derive the user here, so it lives in src/shared.

export interface SessionUser {
  readonly isLoggedIn: boolean;
  /** membershipLevel is not 'none' (case-insensitive). */
  readonly isMember: boolean;
  /** membershipType is 'student' (case-insensitive). */
  readonly isStudent: boolean;
  readonly isBofAdmin: boolean;
  /** The numeric user id as text; '' when logged out. */
  readonly id: string;
  readonly email: string;
  /** Always '' (§3). */
  readonly initials: string;
  readonly membershipType: string;
  readonly membershipLevel: string;
  readonly isFirstLogin: boolean;
  /** The raw paywall token (`blaize_jwt`); '' when missing or malformed. */
  readonly zephrToken: string;
  readonly unclaimedMembershipAccountId: string | null;
  readonly isChallenged: boolean;
  readonly isUserDataComplete: boolean;
  /**
   * The account's email address is confirmed (`email_verified`, decision 040). A membership's
   * entitlements wait for it; false when logged out.
   */
  readonly isEmailVerified: boolean;
}

/** Claims of the main token (`bof_session`) that the browser reads (§3). */
export interface MainTokenClaims {
  readonly userId: string;
  readonly email: string;
  readonly membershipLevel: string;
  readonly membershipType: string;
  readonly isBofAdmin: boolean;
  readonly isFirstLogin: boolean;
  readonly unclaimedMembershipAccountId: string | null;
  readonly isChallenged: boolean;
  readonly isUserDataComplete: boolean;
  readonly isEmailVerified: boolean;
  /** Seconds since the epoch. */
  readonly exp: number;
}

const NONE = 'None';

export const LOGGED_OUT_USER: SessionUser = Object.freeze({
  isLoggedIn: false,
  isMember: false,
  isStudent: false,
  isBofAdmin: false,
  id: '',
  email: '',
  initials: '',
  membershipType: NONE,
  membershipLevel: NONE,
  isFirstLogin: false,
  zephrToken: '',
  unclaimedMembershipAccountId: null,
  isChallenged: false,
  isUserDataComplete: false,
  isEmailVerified: false,
});

/** The JSON payload of a JWT, or null when the text is not a three-part token with an object payload. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    // atob yields bytes; claims such as email may hold UTF-8.
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The main token's claims, or null when the token is missing or malformed. A payload without a
 * user id or a numeric exp is malformed: it could neither name the user nor be kept fresh.
 */
export function readMainTokenClaims(token: string | null | undefined): MainTokenClaims | null {
  const payload = decodeJwtPayload(token);
  if (!payload) return null;
  const userId = idText(payload.user_id);
  if (userId === null || typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return null;
  return {
    userId,
    email: text(payload.email) ?? '',
    membershipLevel: text(payload.membership_level) ?? NONE,
    membershipType: text(payload.membership_type) ?? NONE,
    isBofAdmin: flag(payload.is_bof_admin),
    isFirstLogin: flag(payload.is_first_login),
    unclaimedMembershipAccountId: idText(payload.unclaimed_membership_account_id),
    isChallenged: flag(payload.is_challenged),
    isUserDataComplete: flag(payload.is_user_data_complete),
    // Only an explicit false withholds: a token minted before the claim existed was minted for a member already reading.
    isEmailVerified: payload.email_verified !== false,
    exp: payload.exp,
  };
}

/** The §3 session user; a missing or malformed main token is the logged-out user. */
export function sessionUserFromTokens(mainToken: string | null | undefined, paywallToken: string | null | undefined): SessionUser {
  const claims = readMainTokenClaims(mainToken);
  if (!claims) return LOGGED_OUT_USER;
  return {
    isLoggedIn: true,
    isMember: claims.membershipLevel.toLowerCase() !== 'none',
    isStudent: claims.membershipType.toLowerCase() === 'student',
    isBofAdmin: claims.isBofAdmin,
    id: claims.userId,
    email: claims.email,
    initials: '',
    membershipType: claims.membershipType,
    membershipLevel: claims.membershipLevel,
    isFirstLogin: claims.isFirstLogin,
    zephrToken: paywallToken && decodeJwtPayload(paywallToken) ? paywallToken : '',
    unclaimedMembershipAccountId: claims.unclaimedMembershipAccountId,
    isChallenged: claims.isChallenged,
    isUserDataComplete: claims.isUserDataComplete,
    isEmailVerified: claims.isEmailVerified,
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

// Ids arrive as numbers from the server but the app passes them around as text (§1).
function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return text(value);
}

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}
