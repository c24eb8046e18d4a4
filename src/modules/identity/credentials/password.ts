// Password hashing (argon2id) and the password policy Kratos applies on registration and on a
// password change: length, breached list, similarity to the identifier, strength.
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { randomBytes } from 'node:crypto';

// ---------------------------------------------------------------------------------------------
// Hashing

export interface Argon2Params {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over the memory. */
  timeCost: number;
  /** Lanes (threads). */
  parallelism: number;
}

/**
 * OWASP Password Storage Cheat Sheet, first argon2id configuration: m = 19 MiB (19,456 KiB),
 * t = 2, p = 1. About 20–40 ms per hash on a current server core.
 */
export const ARGON2_PARAMS: Readonly<Argon2Params> = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });

/** Deliberately weak parameters so test suites can create many users quickly. Never in production. */
export const ARGON2_TEST_PARAMS: Readonly<Argon2Params> = Object.freeze({ memoryCost: 1_024, timeCost: 1, parallelism: 1 });

export interface HashOptions {
  params?: Readonly<Argon2Params>;
}

// `Algorithm` is an ambient const enum, which isolatedModules cannot read at runtime.
const ARGON2ID: Algorithm = 2;

/** An argon2id PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) with a random 16-byte salt. */
export function hashPassword(password: string, { params = ARGON2_PARAMS }: HashOptions = {}): Promise<string> {
  return hash(normalizePassword(password), { algorithm: ARGON2ID, ...params });
}

/**
 * True when `password` matches the PHC string. The cost is read from the hash, so hashes made
 * with other parameters still verify. A malformed hash or an over-long password is a mismatch.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const normalized = normalizePassword(password);
  // Refusing absurd input before hashing bounds the work an anonymous request can cause.
  if (codePointLength(normalized) > MAX_PASSWORD_LENGTH) return false;
  try {
    return await verify(passwordHash, normalized);
  } catch {
    return false;
  }
}

/** True when the hash is not argon2id with exactly `params`: rehash it after a successful login. */
export function passwordNeedsRehash(passwordHash: string, params: Readonly<Argon2Params> = ARGON2_PARAMS): boolean {
  try {
    const used = parseOptions(passwordHash);
    return (
      used.algorithm !== ARGON2ID ||
      used.memoryCost !== params.memoryCost ||
      used.timeCost !== params.timeCost ||
      used.parallelism !== params.parallelism
    );
  } catch {
    return true;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same time as verifyPassword and always answers false. Call it when the identifier
 * matches no account (or one without a password), so response times do not reveal which
 * identifiers exist.
 */
export async function verifyPasswordAgainstDummy(password: string, { params = ARGON2_PARAMS }: HashOptions = {}): Promise<false> {
  const key = `${params.memoryCost}:${params.timeCost}:${params.parallelism}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(32).toString('base64url'), { params });
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}

/**
 * NFKC, as NIST SP 800-63B advises, so the same password typed on two devices that compose
 * accents differently still matches. The identity for ASCII.
 */
function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

// ---------------------------------------------------------------------------------------------
// Policy

/** A Kratos uiText of type error; assignable to the identity module's UiText. */
export interface UiErrorText {
  id: number;
  text: string;
  type: 'error';
  context?: Record<string, unknown>;
}

export type PasswordPolicyResult = { ok: true; score: number } | { ok: false; message: UiErrorText };

export const MIN_PASSWORD_LENGTH = 8;
/**
 * Kratos's 72 is a bcrypt limit, irrelevant to argon2. 1,024 characters admits any passphrase
 * or generated password while bounding the work per request (at most 4 KiB of UTF-8).
 */
export const MAX_PASSWORD_LENGTH = 1024;
/** zxcvbn scores 0–4; 3 means "safely unguessable" (≥ 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;
/** How many of zxcvbn-ts's most common passwords (frequency order) count as breached. */
export const BREACHED_LIST_SIZE = 10_000;

// Kratos's DefaultPasswordValidator thresholds.
const MIN_IDENTIFIER_DISTANCE = 5;
const MAX_COMMON_SUBSTRING_RATIO = 0.5;
/** A local part shorter than this ("jo") is too likely to occur by chance to forbid it. */
const MIN_CONTAINED_LOCAL_PART = 4;

export const passwordMessages = {
  weak: (reason: string): UiErrorText => ({
    id: 4000005,
    text: `The password can not be used because ${reason}.`,
    type: 'error',
    context: { reason },
  }),
  tooSimilar: (): UiErrorText => ({
    id: 4000031,
    text: 'The password can not be used because it is too similar to the identifier.',
    type: 'error',
  }),
  tooShort: (minLength: number, actualLength: number): UiErrorText => ({
    id: 4000032,
    text: `The password must be at least ${minLength} characters long, but got ${actualLength}.`,
    type: 'error',
    context: { min_length: minLength, actual_length: actualLength },
  }),
  tooLong: (maxLength: number, actualLength: number): UiErrorText => ({
    id: 4000033,
    text: `The password must be at most ${maxLength} characters long, but got ${actualLength}.`,
    type: 'error',
    context: { max_length: maxLength, actual_length: actualLength },
  }),
  breached: (): UiErrorText => ({
    id: 4000034,
    text: 'The password has been found in data breaches and must no longer be used.',
    type: 'error',
  }),
} as const;

/**
 * Checks a new password, first failure wins: length (in characters), the bundled breached list,
 * similarity to the identifier, then zxcvbn strength. Synchronous and free of I/O.
 */
export function checkPasswordPolicy({ password, identifier }: { password: string; identifier?: string | null }): PasswordPolicyResult {
  const normalized = normalizePassword(password);
  const length = codePointLength(normalized);
  if (length < MIN_PASSWORD_LENGTH) return { ok: false, message: passwordMessages.tooShort(MIN_PASSWORD_LENGTH, length) };
  if (length > MAX_PASSWORD_LENGTH) return { ok: false, message: passwordMessages.tooLong(MAX_PASSWORD_LENGTH, length) };

  if (breachedPasswords().has(normalized.toLowerCase())) return { ok: false, message: passwordMessages.breached() };

  const id = identifier?.trim() ?? '';
  if (id !== '' && isTooSimilar(id, normalized)) return { ok: false, message: passwordMessages.tooSimilar() };

  const result = strengthEstimator().check(normalized, userInputs(id));
  if (result.score < MIN_PASSWORD_SCORE) return { ok: false, message: passwordMessages.weak(weakReason(result.feedback.warning)) };
  return { ok: true, score: result.score };
}

/**
 * Kratos's rule, case-insensitive: too close in edit distance, or sharing a substring longer
 * than half the password. We add: the password contains the email's local part (or the whole
 * identifier if it is not an email) once punctuation is ignored, e.g. "Velvet-JaneDoe-7" for
 * jane.doe@example.com.
 */
export function isTooSimilar(identifier: string, password: string): boolean {
  const id = [...identifier.normalize('NFKC').toLowerCase()];
  const pw = [...password.normalize('NFKC').toLowerCase()];
  if (id.length === 0 || pw.length === 0) return false;
  if (levenshtein(id, pw) < MIN_IDENTIFIER_DISTANCE) return true;
  if (longestCommonSubstring(id, pw) / pw.length > MAX_COMMON_SUBSTRING_RATIO) return true;

  const at = identifier.lastIndexOf('@');
  const userPart = lettersAndDigits(at > 0 ? identifier.slice(0, at) : identifier);
  return userPart.length >= MIN_CONTAINED_LOCAL_PART && lettersAndDigits(password).includes(userPart);
}

function lettersAndDigits(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function levenshtein(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function longestCommonSubstring(a: readonly string[], b: readonly string[]): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] !== b[j - 1]) continue;
      const run = (previous[j - 1] ?? 0) + 1;
      current[j] = run;
      if (run > best) best = run;
    }
    previous = current;
  }
  return best;
}

/** The identifier and its parts, so zxcvbn scores "jane" and "doe" as known to an attacker. */
function userInputs(identifier: string): string[] {
  if (identifier === '') return [];
  const lower = identifier.toLowerCase();
  return [lower, ...lower.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3)];
}

// zxcvbn-ts returns translation keys when no translations are configured; these turn them into
// clauses that fit Kratos's "The password can not be used because {reason}."
const WEAK_REASONS: Record<string, string> = {
  straightRow: 'it is a straight row of keys on the keyboard',
  keyPattern: 'it is a short keyboard pattern',
  simpleRepeat: 'it repeats the same character',
  extendedRepeat: 'it repeats the same group of characters',
  sequences: 'it contains a common sequence like "abc"',
  recentYears: 'it contains a recent year',
  dates: 'it contains a date',
  topTen: 'it is a very commonly used password',
  topHundred: 'it is a very commonly used password',
  common: 'it is a commonly used password',
  similarToCommon: 'it is similar to a commonly used password',
  wordByItself: 'it is a single word',
  namesByThemselves: 'it is a single name',
  commonNames: 'it is made of common names',
  userInputs: 'it contains personal information',
  pwned: 'it has been found in data breaches',
};
const DEFAULT_WEAK_REASON = 'it is too easy to guess';

function weakReason(warning: string | null): string {
  return (warning && WEAK_REASONS[warning]) || DEFAULT_WEAK_REASON;
}

// Both structures take a few hundred milliseconds to build, so they are built on first use only.
let breached: Set<string> | undefined;
let estimator: ZxcvbnFactory | undefined;

/** Builds the breached list and the zxcvbn dictionaries now (≈0.5 s), e.g. at boot, instead of in the first request. */
export function preparePasswordPolicy(): void {
  breachedPasswords();
  strengthEstimator();
}

function breachedPasswords(): Set<string> {
  // The list is in frequency order (most common first).
  breached ??= new Set(commonDictionary['passwords-common'].slice(0, BREACHED_LIST_SIZE).map((entry) => String(entry).toLowerCase()));
  return breached;
}

function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    // Bounds the l33t search: the default (100) takes up to 400 ms on digit-heavy passwords
    // without changing scores; 10 keeps every check in tens of milliseconds.
    l33tMaxSubstitutions: 10,
    // Beyond 128 characters the estimate adds nothing but time.
    maxLength: 128,
  });
  return estimator;
}
