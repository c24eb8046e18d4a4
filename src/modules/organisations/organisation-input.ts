// What the organisations boundary takes in (GraphQL, the team admin's pages, billing's calls), as
// zod schemas, and the pure rules on emails and domains: a list of emails (or a CSV) read into
// addresses, the role names, an account id, a domain an organisation may claim (not free mail, not
// a shared mailbox, decision 004).
import { z } from 'zod';
import { ACTIVE_MEMBERSHIP_STATUSES } from '../../shared/membership.ts';
import { classifyMailbox, emailSchema, formatMessages, safeText } from '../../shared/validation/formats.ts';
import type { GrantedLevel } from '../memberships/memberships-service.ts';
import { isPersonalMailDomain } from '../students/academic-domains.ts';
import { ORGANISATION_ROLES } from './schema.ts';

/** At most this many addresses in one request (a CSV of a whole team). */
export const MAX_EMAILS_PER_REQUEST = 500;

export const roleSchema = z.enum(ORGANISATION_ROLES, { error: 'Choose OWNER, ADMIN or USER' });
/** Who may be added or invited: the OWNER is only ever made by a transfer (changeRole). */
export const addedRoleSchema = z.enum(['ADMIN', 'USER'], { error: 'Choose ADMIN or USER' });

/** Billing's account ids and the demo's: letters, digits, hyphens and underscores. */
export const accountIdSchema = safeText({ error: 'Unknown organisation account' })
  .trim()
  .min(1, { error: 'Unknown organisation account' })
  .max(64, { error: 'Unknown organisation account' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Unknown organisation account' });

const GRANTED_LEVEL_VALUES = [
  'AllAccess',
  'LearningAndDevelopment',
  'NewsAndAnalysis',
  'Premium',
  'Restricted',
  'Standard',
  'TopicBeauty',
] as const satisfies readonly GrantedLevel[];

/** billing → subscriptionStarted. */
export const subscriptionStartedSchema = z.object({
  accountId: accountIdSchema,
  ownerIdentityId: z.uuid(),
  title: safeText().trim().min(1).max(200),
  primaryContactEmail: emailSchema,
  purchasedSeats: z.int().min(1).max(100_000),
  membershipLevel: z.enum(GRANTED_LEVEL_VALUES),
  planCode: z.string().min(1).max(255).nullable(),
  extraSeatAllowance: z.int().min(0).max(100_000).default(0),
  status: z.enum(ACTIVE_MEMBERSHIP_STATUSES),
  termEndsAt: z.date().nullable(),
  jobIndustry: z.string().min(1).max(100).nullable().default(null),
  contentStrategyIndustry: z.string().min(1).max(100).nullable().default(null),
});
/** `membershipLevel` is any §4 level by type (a plan's level); None or an unknown one is refused (ZodError). */
export type SubscriptionStartedInput = Omit<z.input<typeof subscriptionStartedSchema>, 'membershipLevel'> & { membershipLevel: string };

export const termChangeSchema = z.object({
  status: z.enum(ACTIVE_MEMBERSHIP_STATUSES),
  termEndsAt: z.date().nullable(),
});
export type TermChange = z.input<typeof termChangeSchema>;

/** One address of a request, read: the address (trimmed, lower-cased) or why it is not one. */
export type ReadEmail = { ok: true; input: string; email: string } | { ok: false; input: string; message: string };

/** Each item read on its own: a bad one never costs the others. */
export function readEmails(items: readonly string[]): ReadEmail[] {
  return items.map((input) => {
    const trimmed = input.slice(0, 400);
    const parsed = safeText().pipe(emailSchema).safeParse(trimmed);
    return parsed.success
      ? { ok: true, input: trimmed, email: parsed.data }
      : { ok: false, input: trimmed, message: parsed.error.issues[0]?.message ?? formatMessages.email };
  });
}

/**
 * The addresses in a CSV (or a pasted list): one person a line, the address in any column
 * (a header line such as "name,email" has none and is skipped), commas, semicolons or tabs between
 * columns, quotes around a cell allowed. Lines with no address are skipped; a line whose cell looks
 * like an address but is not one is kept, so the page can say which line was wrong.
 */
export function emailsFromCsv(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const cells = line
      .split(/[,;\t]/)
      .map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter(Boolean);
    const cell = cells.find((value) => value.includes('@'));
    if (cell) found.push(cell);
  }
  return found;
}

export const DOMAIN_MESSAGES = {
  invalid: 'Enter an email address at your organisation’s domain, like name@yourcompany.com',
  freeMail: 'Personal email providers such as gmail.com cannot be added: use an address at your organisation’s own domain.',
  sharedMailbox: formatMessages.sharedMailbox,
  taken: 'Another organisation has already verified this domain.',
  alreadyAdded: 'This domain is already on your organisation account.',
} as const;

export type DomainVerdict = { ok: true; email: string; domain: string } | { ok: false; message: string };

/**
 * Whether the address may prove a domain for an organisation: well-formed, not at a free-mail
 * provider (students' list of personal mailbox providers), and a personal mailbox, not a shared
 * one (info@, team@ …: anyone reading a shared mailbox could otherwise claim the domain).
 */
export function domainFromAddress(address: string): DomainVerdict {
  const parsed = safeText().pipe(emailSchema).safeParse(address.slice(0, 400));
  if (!parsed.success) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  const email = parsed.data;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (isPersonalMailDomain(domain)) return { ok: false, message: DOMAIN_MESSAGES.freeMail };
  if (classifyMailbox(email).kind === 'shared') return { ok: false, message: DOMAIN_MESSAGES.sharedMailbox };
  return { ok: true, email, domain };
}

/** The domain part of an address, lower-cased. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export const usersFilterSchema = z.object({
  /** Matched against first name, last name and email, case-insensitively. */
  search: safeText().trim().max(200).optional(),
  role: roleSchema.optional(),
  limit: z.int().min(1).max(100).default(50),
  offset: z.int().min(0).max(1_000_000).default(0),
});
export type UsersFilter = z.input<typeof usersFilterSchema>;
