// Keyed hashes for short, low-entropy secrets (email codes, lookup codes). A plain SHA-256 of a
// 6-digit or 8-character code is brute-forced in seconds from a database dump; keying it with a
// pepper that lives in config, not in the database, makes a dump alone useless.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Peppers shorter than this are refused: an unset setting must fail loudly, not hash with ''. */
export const MIN_PEPPER_BYTES = 16;

export type Pepper = string | Uint8Array;

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** HMAC-SHA256(pepper, purpose ‖ 0x00 ‖ value) as lowercase hex; `purpose` keeps kinds of secret apart. */
export function pepperedHash(purpose: string, value: string, pepper: Pepper): string {
  const key = typeof pepper === 'string' ? Buffer.from(pepper, 'utf8') : pepper;
  if (key.byteLength < MIN_PEPPER_BYTES) {
    throw new RangeError(`The credential pepper must be at least ${MIN_PEPPER_BYTES} bytes long.`);
  }
  return createHmac('sha256', key).update(purpose).update('\0').update(value).digest('hex');
}

/** Constant-time equality of two hex SHA-256 digests; anything malformed is simply unequal. */
export function digestsEqual(a: string, b: string): boolean {
  if (!HEX_SHA256.test(a) || !HEX_SHA256.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
