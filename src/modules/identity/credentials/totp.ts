// TOTP (RFC 6238) with the parameters every authenticator app understands: SHA-1, 6 digits, 30 s.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ALGORITHM = 'sha1';
/** Steps accepted either side of the current one: ±30 s covers ordinary phone clock drift. */
export const TOTP_DEFAULT_WINDOW = 1;
/** 20 random bytes = 160 bits, the HMAC-SHA1 key size RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

const CODE_PATTERN = /^\d{6}$/;

/** A new Base32 secret (what the QR code and the "enter this key" text carry). */
export function createTotpSecret(): string {
  return generateSecret({ length: TOTP_SECRET_BYTES });
}

/** The otpauth:// URI for enrolment; `accountName` is usually the email address. */
export function totpUri({ secret, accountName, issuer }: { secret: string; accountName: string; issuer: string }): string {
  return generateURI({ issuer, label: accountName, secret, algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** A 256×256 PNG data URL of the URI, for the Kratos `img` node (1050005). */
export function totpQrDataUrl(uri: string): Promise<string> {
  return toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', width: 256, margin: 1 });
}

/** The code for `now`; the flow engine does not need it, tests and the conformance suite do. */
export function totpCode({ secret, now = new Date() }: { secret: string; now?: Date }): Promise<string> {
  return generate({ secret, epoch: toEpoch(now), algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/**
 * Checks `code` against the steps within `window` of `now` and returns the RFC 6238 time step it
 * matched, or null. Store the step on success and pass it back as `lastUsedStep`: a code from that
 * step or an earlier one is then refused, so an observed code cannot be replayed.
 */
export async function verifyTotp({
  secret,
  code,
  now = new Date(),
  window = TOTP_DEFAULT_WINDOW,
  lastUsedStep,
}: {
  secret: string;
  code: string;
  now?: Date;
  window?: number;
  lastUsedStep?: number | null;
}): Promise<number | null> {
  if (!Number.isInteger(window) || window < 0 || window > 10) throw new RangeError('TOTP window must be an integer from 0 to 10.');
  const token = code.replace(/\s+/g, '');
  // otplib throws on a malformed token; a user typo is just a wrong code.
  if (!CODE_PATTERN.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: toEpoch(now),
    epochTolerance: window * TOTP_PERIOD_SECONDS,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
  // The functional API's result type also covers HOTP, which has no time step.
  if (!result.valid || !('timeStep' in result)) return null;
  if (lastUsedStep != null && result.timeStep <= lastUsedStep) return null;
  return result.timeStep;
}

function toEpoch(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}
