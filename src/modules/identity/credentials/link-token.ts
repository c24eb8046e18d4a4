// Tokens of emailed links (Kratos `link` method: recovery, verification).
import { randomBytes } from 'node:crypto';
import { digestsEqual, pepperedHash, type Pepper } from './peppered-hash.ts';

/** 32 random bytes: unguessable, so a link needs no short expiry of its own (it lives as long as its flow). */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const PURPOSE = 'atelier:link-token';

/** A fresh token, URL-safe (base64url, 43 characters). */
export function generateLinkToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** HMAC-SHA256 of the token under the server pepper, as hex. Store this, never the token. */
export function hashLinkToken(token: string, pepper: Pepper): string {
  return pepperedHash(PURPOSE, token, pepper);
}

/** Constant-time check of a token from a link against the stored hash. */
export function verifyLinkToken({ hash, token, pepper }: { hash: string; token: string; pepper: Pepper }): boolean {
  // The format is public, so rejecting a malformed token early leaks nothing.
  if (!TOKEN_PATTERN.test(token)) return false;
  return digestsEqual(hashLinkToken(token, pepper), hash);
}
