// Lookup secrets (recovery codes): Kratos-like 12 codes of 8 lowercase letters and digits, each
// usable once. Kratos stores them in clear; we store peppered hashes (see peppered-hash.ts).
import { randomInt } from 'node:crypto';
import { digestsEqual, pepperedHash, type Pepper } from './peppered-hash.ts';

export const LOOKUP_SECRET_COUNT = 12;
export const LOOKUP_SECRET_LENGTH = 8;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PURPOSE = 'atelier:lookup-secret';

export interface StoredLookupSecret {
  hash: string;
  /** Set once the code has been used; any value other than null/undefined counts as used. */
  usedAt?: Date | string | null;
}

export function generateLookupSecrets(): string[] {
  return Array.from({ length: LOOKUP_SECRET_COUNT }, () =>
    // randomInt draws without modulo bias.
    Array.from({ length: LOOKUP_SECRET_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
}

/** Forgives case, spaces and dashes, which people add when copying codes from paper. */
export function normalizeLookupSecret(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

export function hashLookupSecret(code: string, pepper: Pepper): string {
  return pepperedHash(PURPOSE, normalizeLookupSecret(code), pepper);
}

/**
 * Finds the stored entry matching `code`, used or not, so the caller can tell "already used"
 * (Kratos 4000012) from "invalid" (4000016). Compares against every entry in constant time.
 */
export function matchLookupSecret({
  stored,
  code,
  pepper,
}: {
  stored: readonly StoredLookupSecret[];
  code: string;
  pepper: Pepper;
}): { index: number; used: boolean } | null {
  const candidate = hashLookupSecret(code, pepper);
  let found = -1;
  // No early exit: the time taken must not reveal which position matched.
  stored.forEach((entry, index) => {
    if (digestsEqual(candidate, entry.hash) && found === -1) found = index;
  });
  if (found === -1) return null;
  const entry = stored[found];
  return { index: found, used: entry?.usedAt != null };
}

/**
 * The index of the unused stored code matching `code`, or -1. A used code is never accepted.
 * The caller marks `stored[index].usedAt` and saves it in the same transaction.
 */
export function consumeLookupSecret(args: { stored: readonly StoredLookupSecret[]; code: string; pepper: Pepper }): number {
  const match = matchLookupSecret(args);
  return match && !match.used ? match.index : -1;
}
