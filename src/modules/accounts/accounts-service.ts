// The accounts domain: a person's details (§3 UserData), the change of their sign-in address
// (a code sent to the new address), and the user-data facts in the session claims.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { FieldError, Validated } from '../../shared/validation/field-errors.ts';
import { fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import {
  emailChangeConfirmationSchema,
  emailChangeRequestSchema,
  isUserDataComplete,
  personalDetailsMessages,
  personalDetailsSchema,
  type PersonalDetails,
} from '../../shared/validation/personal-details.ts';
import {
  codeExpiresAt,
  CODE_TTL_MS,
  generateCode,
  hashCode,
  MAX_CODE_ATTEMPTS,
  verifyCode,
} from '../identity/credentials/one-time-code.ts';
import type { Pepper } from '../identity/credentials/peppered-hash.ts';
import type { IdentityService } from '../identity/identity-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import { combineClaimsSources, identityClaimsSource, type ClaimsSource } from '../session/claims-source.ts';
import { emailChangeRequests, userData } from './schema.ts';

/** The lookups a person's details refer to (the lookups service answers). */
export interface LookupKeys {
  isKnown(kind: 'country' | 'jobFunction' | 'jobIndustry' | 'jobLevel', key: string): boolean;
}

/** §3 UserData. */
export interface UserData {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  organisationTitle: string | null;
  country: string | null;
  jobFunction: string | null;
  jobIndustry: string | null;
  jobLevel: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AccountsServiceOptions {
  db: Db;
  identity: Pick<IdentityService, 'people'>;
  lookups: LookupKeys;
  mail: Pick<MailService, 'send'>;
  /** Seals email-change codes (IDENTITY_SECRET). */
  pepper: Pepper;
  now?: () => Date;
}

export const EMAIL_CHANGE_MESSAGES = {
  inUse: 'Another account already uses this email address',
  wrongCode: 'That code is not right. Check the email and try again.',
  expired: 'This code has expired or was used too many times. Ask for a new one.',
} as const;

const LOOKUP_FIELDS = ['country', 'jobFunction', 'jobIndustry', 'jobLevel'] as const;

export function createAccountsService({ db, identity, lookups, mail, pepper, now = () => new Date() }: AccountsServiceOptions) {
  const { people } = identity;

  async function row(identityId: string) {
    const [found] = await db.select().from(userData).where(eq(userData.identityId, identityId));
    return found ?? null;
  }

  async function getUserData(identityId: string): Promise<UserData | null> {
    const [person, details] = await Promise.all([people.get(identityId), row(identityId)]);
    if (!person) return null;
    return {
      userId: person.userId ?? '',
      firstName: person.firstName,
      lastName: person.lastName,
      organisationTitle: details?.organisationTitle ?? null,
      country: details?.country ?? null,
      jobFunction: details?.jobFunction ?? null,
      jobIndustry: details?.jobIndustry ?? null,
      jobLevel: details?.jobLevel ?? null,
      createdAt: details?.createdAt ?? person.createdAt,
      updatedAt: details?.updatedAt ?? person.updatedAt,
    };
  }

  /** Keys the shared schema cannot check: they must name a known lookup. */
  function unknownKeys(details: Partial<PersonalDetails>): FieldError[] {
    return LOOKUP_FIELDS.flatMap((field) => {
      const key = details[field];
      if (!key || lookups.isKnown(field, key)) return [];
      return [{ path: [field], code: 'unknown_key', message: personalDetailsMessages[field] }];
    });
  }

  /**
   * Saves the details after the shared schema (`schema`: the account form's, or one-more-step's
   * stricter one) and the lookups accept them. Names go to the identity's traits.
   */
  async function updatePersonalDetails(
    identityId: string,
    input: unknown,
    schema: z.ZodType<PersonalDetails> = personalDetailsSchema,
  ): Promise<Validated<UserData>> {
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsFromZod(parsed.error) };
    const details = parsed.data;
    const unknown = unknownKeys(details);
    if (unknown.length) return { ok: false, fieldErrors: unknown };
    const at = now();
    await people.rename(identityId, { first: details.firstName, last: details.lastName });
    // Fields left out of the input keep their value; an explicit null clears one.
    const values = {
      ...(details.organisationTitle !== undefined && { organisationTitle: details.organisationTitle }),
      ...Object.fromEntries(LOOKUP_FIELDS.filter((field) => details[field] !== undefined).map((field) => [field, details[field]])),
      updatedAt: at,
    };
    await db
      .insert(userData)
      .values({ identityId, ...values, createdAt: at })
      .onConflictDoUpdate({ target: userData.identityId, set: values });
    return { ok: true, value: (await getUserData(identityId))! };
  }

  /** Sends a code to the new address; the change happens when it comes back (confirmEmailChange). */
  async function requestEmailChange(identityId: string, input: unknown): Promise<Validated<{ newEmail: string; expiresAt: Date }>> {
    const parsed = emailChangeRequestSchema.safeParse(input);
    if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsFromZod(parsed.error) };
    const { newEmail } = parsed.data;
    const person = await people.get(identityId);
    if (!person) throw new Error(`identity ${identityId} not found`);
    if (person.email.toLowerCase() === newEmail)
      return { ok: false, fieldErrors: [{ path: ['newEmail'], code: 'same_email', message: personalDetailsMessages.sameEmail }] };
    if (await people.emailInUse(newEmail, identityId))
      return { ok: false, fieldErrors: [{ path: ['newEmail'], code: 'email_in_use', message: EMAIL_CHANGE_MESSAGES.inUse }] };
    const code = generateCode();
    const at = now();
    const expiresAt = codeExpiresAt(at);
    // One pending change at a time: a new request voids the earlier code.
    await db.delete(emailChangeRequests).where(eq(emailChangeRequests.identityId, identityId));
    await db
      .insert(emailChangeRequests)
      .values({ id: randomUUID(), identityId, newEmail, codeHash: hashCode(code, pepper), expiresAt, createdAt: at });
    await mail.send({ to: newEmail, template: 'email_change_code', data: { code, expiresInMinutes: CODE_TTL_MS / 60_000 } });
    return { ok: true, value: { newEmail, expiresAt } };
  }

  /** The code from the new address's inbox: the sign-in address changes, already verified by it. */
  async function confirmEmailChange(identityId: string, input: unknown): Promise<Validated<{ email: string }>> {
    const parsed = emailChangeConfirmationSchema.safeParse(input);
    if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsFromZod(parsed.error) };
    const refuse = (message: string, code: string): Validated<never> => ({ ok: false, fieldErrors: [{ path: ['code'], code, message }] });
    const [pending] = await db
      .select()
      .from(emailChangeRequests)
      .where(and(eq(emailChangeRequests.identityId, identityId), gt(emailChangeRequests.expiresAt, now())))
      .orderBy(desc(emailChangeRequests.createdAt))
      .limit(1);
    if (!pending || pending.attempts >= MAX_CODE_ATTEMPTS) return refuse(EMAIL_CHANGE_MESSAGES.expired, 'expired');
    if (!verifyCode({ hash: pending.codeHash, code: parsed.data.code, pepper })) {
      await db
        .update(emailChangeRequests)
        .set({ attempts: pending.attempts + 1 })
        .where(eq(emailChangeRequests.id, pending.id));
      return refuse(EMAIL_CHANGE_MESSAGES.wrongCode, 'wrong_code');
    }
    await db.delete(emailChangeRequests).where(eq(emailChangeRequests.identityId, identityId));
    // Someone may have registered the address since the code was sent.
    if (await people.emailInUse(pending.newEmail, identityId))
      return { ok: false, fieldErrors: [{ path: ['code'], code: 'email_in_use', message: EMAIL_CHANGE_MESSAGES.inUse }] };
    await people.changeEmail(identityId, pending.newEmail, { verifiedAt: now() });
    return { ok: true, value: { email: pending.newEmail } };
  }

  /** The address a change is waiting to be confirmed for, if any. */
  async function pendingEmailChange(identityId: string): Promise<{ newEmail: string; expiresAt: Date } | null> {
    const [pending] = await db
      .select({ newEmail: emailChangeRequests.newEmail, expiresAt: emailChangeRequests.expiresAt, attempts: emailChangeRequests.attempts })
      .from(emailChangeRequests)
      .where(and(eq(emailChangeRequests.identityId, identityId), gt(emailChangeRequests.expiresAt, now())))
      .orderBy(desc(emailChangeRequests.createdAt))
      .limit(1);
    return pending && pending.attempts < MAX_CODE_ATTEMPTS ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt } : null;
  }

  async function cancelEmailChange(identityId: string): Promise<void> {
    await db.delete(emailChangeRequests).where(eq(emailChangeRequests.identityId, identityId));
  }

  const userDataClaims: ClaimsSource = {
    async claimsFor(identityId) {
      const data = await getUserData(identityId);
      return data ? { isUserDataComplete: isUserDataComplete(data) } : {};
    },
  };

  /** Early access to the Quilt beta is granted by an admin in the identity's public metadata. */
  async function isQuiltBetaTester(identityId: string): Promise<boolean> {
    return (await people.get(identityId))?.isQuiltBetaTester === true;
  }

  return {
    getUserData,
    isQuiltBetaTester,
    updatePersonalDetails,
    requestEmailChange,
    confirmEmailChange,
    pendingEmailChange,
    cancelEmailChange,
    /** The session's claim facts: the identity's (admin) and ours (user data complete). */
    claimsSource: combineClaimsSources(identityClaimsSource(people), userDataClaims),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
