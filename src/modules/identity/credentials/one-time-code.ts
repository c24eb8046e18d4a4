// One-time codes sent by email (Kratos `code` method: login, registration, recovery, verification).
import { randomInt } from 'node:crypto';
import { digestsEqual, pepperedHash, type Pepper } from './peppered-hash.ts';

export const CODE_LENGTH = 6;
/**
 * 15 minutes, shorter than Kratos's 1 h default: long enough for a slow mail server, short enough
 * that a code left in an inbox goes stale. Six digits with MAX_CODE_ATTEMPTS guesses leave an
 * attacker a 1 in 200,000 chance per code.
 */
export const CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong submissions allowed per code (Kratos `max_submissions`); the caller then voids the code. */
export const MAX_CODE_ATTEMPTS = 5;

const CODE_PATTERN = /^\d{6}$/;
const PURPOSE = 'atelier:one-time-code';

/** A uniformly random 6-digit code, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

/** What users paste often carries spaces ("123 456"); nothing else is forgiven. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/** HMAC-SHA256 of the code under the server pepper, as hex. Store this, never the code. */
export function hashCode(code: string, pepper: Pepper): string {
  return pepperedHash(PURPOSE, normalizeCode(code), pepper);
}

/** Constant-time check of a submitted code against the stored hash. */
export function verifyCode({ hash, code, pepper }: { hash: string; code: string; pepper: Pepper }): boolean {
  const normalized = normalizeCode(code);
  // The format is public, so rejecting a malformed code early leaks nothing.
  if (!CODE_PATTERN.test(normalized)) return false;
  return digestsEqual(hashCode(normalized, pepper), hash);
}

/** When a code issued at `issuedAt` stops being accepted. */
export function codeExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + CODE_TTL_MS);
}
