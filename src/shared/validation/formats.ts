// Shared format rules (SPEC §5). Isomorphic: forms parse with these schemas in the browser and the
// API parses with the same ones, so a field error reads the same in both places. No Node or DOM
// APIs beyond the global URL.
import { z } from 'zod';
import { videoIdFromLink } from './video-links.ts';

export const formatMessages = {
  email: 'Enter an email address like name@example.com',
  sharedMailbox: 'Please use your personal work email address, not a shared mailbox such as info@ or team@.',
  url: 'Enter a web address that starts with http:// or https://, like https://example.com',
  number: 'Enter a number like 12 or 12.25, without leading zeros',
  videoLink: 'Enter a YouTube link, like https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  wholeNumber: 'Enter a whole number of 1 or more',
} as const;

// ---------------------------------------------------------------------------------------------
// Email

// A domain label may hold hyphens but not start or end with one, so "a@.com" and "a@b..com" fail.
const DOMAIN_LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
// Not z.email(): it accepts what §5 refuses (o'neil@…, a TLD of 11+ letters) and refuses what §5
// accepts (a mailbox starting with a dot, .+_-@example.com); formats.test.ts holds both (decision 038).
const EMAIL_PATTERN = new RegExp(`^[a-z0-9+._-]+@(?:${DOMAIN_LABEL}\\.)+[a-z]{2,10}$`, 'i');
// RFC 5321 caps a forward path at 254 characters; longer input cannot be delivered.
const EMAIL_MAX_LENGTH = 254;

function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  const email = normaliseEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

// Output is trimmed and lower-cased: the identity store compares addresses case-insensitively,
// so one spelling is kept. abort stops later refinements from adding a second, confusing error.
export const emailSchema = z
  .string({ error: formatMessages.email })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: formatMessages.email, abort: true })
  .regex(EMAIL_PATTERN, { error: formatMessages.email, abort: true });

// ---------------------------------------------------------------------------------------------
// Shared (group) mailboxes — rule and consequences in docs/decisions/004-shared-mailboxes.md

// SPEC §5's list. Variants are spelled out where they are not a run of other listed words
// ("professionals" is not "professional" + a listed word); separators are handled by the rule.
export const sharedMailboxWords: readonly string[] = [
  'admin',
  'sysadmin',
  'info',
  'team',
  'pr',
  'press',
  'marketing',
  'editorial',
  'contact',
  'frontdesk',
  'business',
  'biz',
  'finance',
  'strategy',
  'office',
  'professional',
  'professionals',
  'pro',
  'pros',
  'share',
  'reception',
  'subs',
  'subscriptions',
  'subscription',
  'uk',
  'usa',
  'nyc',
  'london',
  'paris',
  'milan',
];

// Second-level registry labels (acme.co.uk, acme.com.au) name no company.
const REGISTRY_LABELS = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc']);

export type MailboxKind = { kind: 'personal' } | { kind: 'shared'; token: string };

// Company-name words: each domain label but the TLD, letters only (acme-group -> acmegroup), so
// acme@acme.com, acme@mail.acme.com and acmegroup@acme-group.com all count.
function companyWords(domain: string): string[] {
  return domain
    .split('.')
    .slice(0, -1)
    .filter((label) => !REGISTRY_LABELS.has(label))
    .map((label) => label.replace(/[^a-z]/g, ''))
    .filter((word) => word.length >= 2);
}

// Reads `letters` as a run of dictionary words, preferring the longest first word; returns that
// first word, or null when no full reading exists. Memoised on position, so linear in practice.
function firstWordOfReading(letters: string, words: readonly string[]): string | null {
  const sorted = [...words].sort((a, b) => b.length - a.length);
  const dead = new Set<number>();
  const readsFrom = (start: number): boolean => {
    if (start === letters.length) return true;
    if (dead.has(start)) return false;
    for (const word of sorted) {
      if (letters.startsWith(word, start) && readsFrom(start + word.length)) return true;
    }
    dead.add(start);
    return false;
  };
  for (const word of sorted) {
    if (letters.startsWith(word) && readsFrom(word.length)) return word;
  }
  return null;
}

/**
 * Shared when the mailbox part — lower-cased, any "+tag" dropped, digits and . _ - removed — reads
 * entirely as listed words or company-name words run together: info, info1, info.uk, team-london,
 * front_desk, acme@acme.com, acme.team@acme.com. A listed word beside a name stays personal:
 * paris.hilton@, jane.info@. `token` is the first word of the reading.
 */
export function classifyMailbox(email: string): MailboxKind {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  const local = at === -1 ? address : address.slice(0, at);
  const domain = at === -1 ? '' : address.slice(at + 1);
  // Sub-addressing: info+atelier@ is delivered to info@, jane+info@ to jane@.
  const mailbox = local.split('+')[0] ?? '';
  const letters = mailbox.replace(/[^a-z]/g, '');
  if (letters === '') return { kind: 'personal' };
  const token = firstWordOfReading(letters, [...sharedMailboxWords, ...companyWords(domain)]);
  return token === null ? { kind: 'personal' } : { kind: 'shared', token };
}

export function isSharedMailbox(email: string): boolean {
  return classifyMailbox(email).kind === 'shared';
}

// Professional and one-more-step flows refuse shared mailboxes; general registration uses
// emailSchema and only flags them (ADR 004).
export const professionalEmailSchema = emailSchema.refine((email) => !isSharedMailbox(email), {
  error: formatMessages.sharedMailbox,
});

// ---------------------------------------------------------------------------------------------
// URL

// Not z.url({ protocol, hostname: z.regexes.domain }): it parses with URL, which takes a path with
// spaces (https://example.com/has space) that §5's table refuses (decision 038).
// Host labels then a TLD of 2+ letters (so localhost and bare IPs fail); an optional port; then
// an optional path, query or fragment without spaces.
const URL_PATTERN = new RegExp(`^https?://(?:${DOMAIN_LABEL}\\.)+[a-z]{2,}(?::\\d{1,5})?(?:[/?#]\\S*)?$`, 'i');

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

export const urlSchema = z.string({ error: formatMessages.url }).trim().regex(URL_PATTERN, { error: formatMessages.url });

// ---------------------------------------------------------------------------------------------
// Number

// Negatives are refused: every form number on the site (prices, quantities, sizes, years) is
// zero or more, and a stray "-" is likelier a typo than intent. Kept as text so decimals like
// prices are not rounded through a float; callers convert.
const NUMBER_PATTERN = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

export function isPlainNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}

export const plainNumberSchema = z.string({ error: formatMessages.number }).trim().regex(NUMBER_PATTERN, { error: formatMessages.number });

// ---------------------------------------------------------------------------------------------
// Video link

// The rule itself has no zod (video-links.ts): the consent-gated embed on reading pages uses it.
export { videoIdFromLink };

export function isVideoLink(value: string): boolean {
  return videoIdFromLink(value) !== null;
}

export const videoLinkSchema = z
  .string({ error: formatMessages.videoLink })
  .trim()
  .refine(isVideoLink, { error: formatMessages.videoLink });

// ---------------------------------------------------------------------------------------------
// Activity-tracking settings (seconds; §9 defaults are 10 and 10)

export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

// z.int() already refuses fractions, NaN, Infinity and unsafe integers; positive() refuses 0.
export const wholeNumberSchema = z.int({ error: formatMessages.wholeNumber }).positive({ error: formatMessages.wholeNumber });

export const activityTrackingSchema = z.object({
  minimumVisitLength: wholeNumberSchema,
  heartbeatDelay: wholeNumberSchema,
});

export type ActivityTrackingSettings = z.infer<typeof activityTrackingSchema>;

// ---------------------------------------------------------------------------------------------
// Text (every string a boundary takes in: forms, GraphQL, tRPC, the identity API)

export const textMessages = {
  controlCharacter: 'Remove the invisible control character from this text',
  brokenCharacter: 'This text holds half of an emoji or symbol; type it again',
} as const;

// Control characters (C0 but tab and line breaks, DEL, C1) are nothing a person types, and
// PostgreSQL refuses NUL outright; tab and line breaks are kept only where text may span lines.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_CONTROL_CHARACTER = /[\t\n\r]/;
// In a `u` regex a surrogate pair is one code point, so \p{Cs} matches only unpaired halves,
// which are not valid UTF-8 and which PostgreSQL refuses in JSON.
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export type TextProblem = keyof typeof textMessages;

/**
 * What PostgreSQL cannot store in any text or JSON: a NUL, or half of a surrogate pair (not valid
 * UTF-8). Data kept as it was sent (analytics) is checked for this only; null when storable.
 */
export function unstorableText(value: string): 'a NUL character' | 'half of a surrogate pair' | null {
  if (value.includes('\u0000')) return 'a NUL character';
  return UNPAIRED_SURROGATE.test(value) ? 'half of a surrogate pair' : null;
}

/** What is wrong with a string a person sent, or null when it is plain text. */
export function textProblem(value: string, { multiline = false }: { multiline?: boolean } = {}): TextProblem | null {
  if (CONTROL_CHARACTER.test(value) || (!multiline && LINE_CONTROL_CHARACTER.test(value))) return 'controlCharacter';
  if (UNPAIRED_SURROGATE.test(value)) return 'brokenCharacter';
  return null;
}

/**
 * A string schema that refuses control characters and unpaired surrogates with a clear message;
 * chain the field's own rules after it (abort keeps them from adding a second error).
 */
export function safeText({ multiline = false, error }: { multiline?: boolean; error?: string } = {}) {
  return z.string(error === undefined ? undefined : { error }).check((context) => {
    const problem = textProblem(context.value, { multiline });
    if (problem) context.issues.push({ code: 'custom', message: textMessages[problem], input: context.value, continue: false });
  });
}

/**
 * The first string in a parsed body (keys included) that is not plain text, with its path
 * (['traits', 'name', 'first']); null when there is none. For boundaries that take free-form JSON.
 * Looks 32 levels deep at most: no form nests further, and the walk must not exhaust the stack.
 */
export function findTextProblem(
  value: unknown,
  { multiline = false }: { multiline?: boolean } = {},
): { path: string[]; problem: TextProblem } | null {
  const walk = (item: unknown, path: string[]): { path: string[]; problem: TextProblem } | null => {
    if (typeof item === 'string') {
      const problem = textProblem(item, { multiline });
      return problem ? { path, problem } : null;
    }
    if (item === null || typeof item !== 'object' || path.length >= 32) return null;
    for (const [key, child] of Object.entries(item)) {
      const problem = textProblem(key);
      if (problem) return { path: [...path, key], problem };
      const found = walk(child, [...path, key]);
      if (found) return found;
    }
    return null;
  };
  return walk(value, []);
}
