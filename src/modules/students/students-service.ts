// The students domain (issue 7 "Students", §3 UserAcademicData): a person proves they study by
// entering a university or college address and the 6-digit code we email to it, with the year they
// expect to graduate. Until then, and after that year, they are not a verified student, and
// billing refuses student plans (INELIGIBLE_FOR_STUDENT_MEMBERSHIP).
//
// The code: random (node:crypto randomInt), stored only as its keyed SHA-256 (HMAC under the
// IDENTITY_SECRET pepper, as every emailed code on the site: a plain hash of six digits is
// reversed in a second), valid for 30 minutes and 5 tries, and at most one new code a minute per
// person (asking again is how a student gets a new code).
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import { emailSchema } from '../../shared/validation/formats.ts';
import { generateCode } from '../identity/credentials/one-time-code.ts';
import { digestsEqual, pepperedHash, type Pepper } from '../identity/credentials/peppered-hash.ts';
import type { MailService } from '../mail/mail-service.ts';
import { checkAcademicDomain, notAcademicMessage } from './academic-domains.ts';
import { academicCodeSchema, academicEmailInputSchema } from './academic-input.ts';
import { userAcademicData } from './schema.ts';

export const ACADEMIC_CODE_TTL_MS = 30 * 60_000;
export const ACADEMIC_CODE_MAX_ATTEMPTS = 5;
export const ACADEMIC_CODE_RESEND_MS = 60_000;

/** Why the code step cannot go ahead (GraphQL AcademicEmailConfirmationError.type). */
export const ACADEMIC_EMAIL_ERROR_TYPES = [
  'CODE_RECENTLY_SENT',
  'NO_PENDING_CODE',
  'WRONG_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
] as const;
export type AcademicEmailErrorType = (typeof ACADEMIC_EMAIL_ERROR_TYPES)[number];

export const ACADEMIC_EMAIL_MESSAGES = {
  recentlySent: (seconds: number) =>
    `We sent you a code less than a minute ago. Check your inbox and spam folder, or ask for a new code in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  noPendingCode: 'There is no code waiting to be confirmed. Enter your academic email address and we’ll send you one.',
  wrongCode: (left: number) =>
    `That code is not right. Check the latest email from us and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`,
  expired: 'This code has expired: codes work for 30 minutes. Send yourself a new code.',
  replaced: 'A newer code has been sent. Enter the code from the latest email.',
  tooManyAttempts: 'That code was entered wrongly too many times, so it no longer works. Send yourself a new code.',
} as const;

/** §3 UserAcademicData. emailVerificationCode is always null: the code is only ever in the email. */
export interface UserAcademicData {
  userId: string;
  email: string;
  emailVerified: boolean;
  emailVerificationCode: null;
  emailVerifiedDateTime: Date | null;
  graduationYear: number | null;
  createdAt: Date;
  updatedAt: Date;
}

type Refusal = { kind: 'refused'; type: AcademicEmailErrorType; message: string; retryAfterSeconds: number | null };

export type CheckAcademicEmailResult =
  | { kind: 'academic'; email: string; domain: string; institution: string | null }
  | { kind: 'invalid'; fieldErrors: FieldError[] }
  | { kind: 'not_academic'; email: string; message: string };

export type ValidateAcademicEmailResult =
  | { kind: 'code_sent'; academicData: UserAcademicData; codeExpiresAt: Date }
  /** The address is the one already verified (and the student has not graduated): the year is updated, no code is sent. */
  | { kind: 'already_verified'; academicData: UserAcademicData }
  | { kind: 'invalid'; fieldErrors: FieldError[] }
  | { kind: 'not_academic'; email: string; message: string }
  | Refusal;

export type ConfirmAcademicEmailResult =
  { kind: 'verified'; academicData: UserAcademicData } | { kind: 'invalid'; fieldErrors: FieldError[] } | Refusal;

/** Where a person stands, for the validation page: which step to show. */
export type AcademicStatus =
  | { step: 'email'; email: string | null; graduationYear: number | null; problem: 'graduated' | null }
  /** A code was sent; codeUsable is false once it expired or was tried five times (the cure: a new code). */
  | { step: 'code'; email: string; graduationYear: number; codeExpiresAt: Date | null; codeUsable: boolean }
  | { step: 'verified'; email: string; graduationYear: number };

export interface StudentsServiceOptions {
  db: Db;
  mail: Pick<MailService, 'send'>;
  /** Keys the stored code hashes (IDENTITY_SECRET), like every emailed code. */
  pepper: Pepper;
  /** The person's public user id (§3 userId); by default the identity id. */
  userIdOf?: (identityId: string) => Promise<string | null>;
  now?: () => Date;
}

const CODE_PURPOSE = 'atelier:academic-email-code';

export function createStudentsService({ db, mail, pepper, userIdOf = async (id) => id, now = () => new Date() }: StudentsServiceOptions) {
  const hashOf = (code: string) => pepperedHash(CODE_PURPOSE, code, pepper);
  type Row = typeof userAcademicData.$inferSelect;

  async function row(identityId: string): Promise<Row | null> {
    const [found] = await db.select().from(userAcademicData).where(eq(userAcademicData.identityId, identityId));
    return found ?? null;
  }

  async function view(stored: Row): Promise<UserAcademicData> {
    return {
      userId: (await userIdOf(stored.identityId)) ?? stored.identityId,
      email: stored.email,
      emailVerified: stored.emailVerified,
      emailVerificationCode: null,
      emailVerifiedDateTime: stored.emailVerifiedAt,
      graduationYear: stored.graduationYear,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    };
  }

  const notGraduated = (stored: Pick<Row, 'graduationYear'>, at: Date) => stored.graduationYear >= at.getUTCFullYear();
  const refuse = (type: AcademicEmailErrorType, message: string, retryAfterSeconds: number | null = null): Refusal => ({
    kind: 'refused',
    type,
    message,
    retryAfterSeconds,
  });

  /** Is the address's domain a university's or college's? A check only: nothing is stored or sent. */
  async function checkAcademicEmail({ email }: { email: unknown }): Promise<CheckAcademicEmailResult> {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success)
      return {
        kind: 'invalid',
        fieldErrors: fieldErrorsFromZod(parsed.error).map((error) => ({ ...error, path: ['email', ...error.path] })),
      };
    const verdict = await checkAcademicDomain(parsed.data);
    if (!verdict.academic) return { kind: 'not_academic', email: parsed.data, message: notAcademicMessage(verdict) };
    return { kind: 'academic', email: parsed.data, domain: verdict.domain, institution: verdict.institution };
  }

  /**
   * Stores the academic address and graduation year and emails a new code to the address. Calling
   * it again sends a new code (the old one stops working), at most once a minute.
   */
  async function validateAcademicEmail({
    identityId,
    email,
    graduationYear,
  }: {
    identityId: string;
    email: unknown;
    graduationYear: unknown;
  }): Promise<ValidateAcademicEmailResult> {
    const at = now();
    const parsed = academicEmailInputSchema(at).safeParse({ email, graduationYear });
    if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const input = parsed.data;
    const verdict = await checkAcademicDomain(input.email);
    if (!verdict.academic) return { kind: 'not_academic', email: input.email, message: notAcademicMessage(verdict) };

    const existing = await row(identityId);
    if (existing?.emailVerified && existing.email === input.email && notGraduated(existing, at)) {
      const [updated] = await db
        .update(userAcademicData)
        .set({ graduationYear: input.graduationYear, updatedAt: at })
        .where(eq(userAcademicData.identityId, identityId))
        .returning();
      return { kind: 'already_verified', academicData: await view(updated!) };
    }

    const code = generateCode();
    const codeHash = hashOf(code);
    const codeExpiresAt = new Date(at.getTime() + ACADEMIC_CODE_TTL_MS);
    // A new address or a new code starts verification afresh: the earlier code stops working.
    const values = {
      email: input.email,
      graduationYear: input.graduationYear,
      emailVerified: false,
      emailVerifiedAt: null,
      verificationCodeHash: codeHash,
      codeSentAt: at,
      codeExpiresAt,
      codeAttempts: 0,
      updatedAt: at,
    };
    // One statement decides the rate limit, so two requests at once cannot both send a code.
    const [stored] = await db
      .insert(userAcademicData)
      .values({ identityId, ...values, createdAt: at })
      .onConflictDoUpdate({
        target: userAcademicData.identityId,
        set: values,
        setWhere: or(
          isNull(userAcademicData.codeSentAt),
          lte(userAcademicData.codeSentAt, new Date(at.getTime() - ACADEMIC_CODE_RESEND_MS)),
        ),
      })
      .returning();
    if (!stored) {
      const sentAt = (await row(identityId))?.codeSentAt ?? at;
      const seconds = Math.max(1, Math.ceil((sentAt.getTime() + ACADEMIC_CODE_RESEND_MS - at.getTime()) / 1000));
      return refuse('CODE_RECENTLY_SENT', ACADEMIC_EMAIL_MESSAGES.recentlySent(seconds), seconds);
    }
    try {
      await mail.send({
        to: input.email,
        template: 'academic_email_code',
        data: { code, expiresInMinutes: ACADEMIC_CODE_TTL_MS / 60_000 },
      });
    } catch (error) {
      // Nothing was sent: no code to wait for, and the person may ask again at once.
      await db
        .update(userAcademicData)
        .set({ verificationCodeHash: null, codeExpiresAt: null, codeSentAt: null })
        .where(and(eq(userAcademicData.identityId, identityId), eq(userAcademicData.verificationCodeHash, codeHash)));
      throw error;
    }
    return { kind: 'code_sent', academicData: await view(stored), codeExpiresAt };
  }

  /** The code from the email: the academic address is verified. */
  async function confirmAcademicEmail({ identityId, code }: { identityId: string; code: unknown }): Promise<ConfirmAcademicEmailResult> {
    const parsed = academicCodeSchema.safeParse({ code });
    if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const at = now();
    // Each submission uses up one try before it is checked, so guesses sent in parallel cannot exceed the limit.
    const [claimed] = await db
      .update(userAcademicData)
      .set({ codeAttempts: sql`${userAcademicData.codeAttempts} + 1` })
      .where(
        and(
          eq(userAcademicData.identityId, identityId),
          isNotNull(userAcademicData.verificationCodeHash),
          gt(userAcademicData.codeExpiresAt, at),
          lt(userAcademicData.codeAttempts, ACADEMIC_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning();
    if (!claimed?.verificationCodeHash) {
      const current = await row(identityId);
      // Confirmed already (a double submission): the same answer again.
      if (current?.emailVerified && !current.verificationCodeHash) return { kind: 'verified', academicData: await view(current) };
      if (!current?.verificationCodeHash) return refuse('NO_PENDING_CODE', ACADEMIC_EMAIL_MESSAGES.noPendingCode);
      if (current.codeAttempts >= ACADEMIC_CODE_MAX_ATTEMPTS) return refuse('TOO_MANY_ATTEMPTS', ACADEMIC_EMAIL_MESSAGES.tooManyAttempts);
      return refuse('CODE_EXPIRED', ACADEMIC_EMAIL_MESSAGES.expired);
    }
    if (!digestsEqual(hashOf(parsed.data.code), claimed.verificationCodeHash)) {
      const left = ACADEMIC_CODE_MAX_ATTEMPTS - claimed.codeAttempts;
      return left > 0
        ? refuse('WRONG_CODE', ACADEMIC_EMAIL_MESSAGES.wrongCode(left))
        : refuse('TOO_MANY_ATTEMPTS', ACADEMIC_EMAIL_MESSAGES.tooManyAttempts);
    }
    const [verified] = await db
      .update(userAcademicData)
      .set({ emailVerified: true, emailVerifiedAt: at, verificationCodeHash: null, codeExpiresAt: null, codeAttempts: 0, updatedAt: at })
      .where(and(eq(userAcademicData.identityId, identityId), eq(userAcademicData.verificationCodeHash, claimed.verificationCodeHash)))
      .returning();
    // A new code was sent between the check and now: only the newest code counts.
    if (!verified) return refuse('CODE_EXPIRED', ACADEMIC_EMAIL_MESSAGES.replaced);
    return { kind: 'verified', academicData: await view(verified) };
  }

  /** §3 UserAcademicData, or null for someone who never entered an academic address. */
  async function academicData(identityId: string): Promise<UserAcademicData | null> {
    const stored = await row(identityId);
    return stored ? view(stored) : null;
  }

  /** May buy a student plan: a verified academic address, and the graduation year is not past. */
  async function isVerifiedStudent(identityId: string): Promise<boolean> {
    const stored = await row(identityId);
    return Boolean(stored?.emailVerified && notGraduated(stored, now()));
  }

  /** Which step of the validation page a person is at. */
  async function academicStatus(identityId: string): Promise<AcademicStatus> {
    const stored = await row(identityId);
    const at = now();
    if (!stored) return { step: 'email', email: null, graduationYear: null, problem: null };
    if (stored.emailVerified) {
      return notGraduated(stored, at)
        ? { step: 'verified', email: stored.email, graduationYear: stored.graduationYear }
        : { step: 'email', email: stored.email, graduationYear: null, problem: 'graduated' };
    }
    if (!stored.verificationCodeHash) return { step: 'email', email: stored.email, graduationYear: stored.graduationYear, problem: null };
    const codeUsable = Boolean(stored.codeExpiresAt && stored.codeExpiresAt > at && stored.codeAttempts < ACADEMIC_CODE_MAX_ATTEMPTS);
    return { step: 'code', email: stored.email, graduationYear: stored.graduationYear, codeExpiresAt: stored.codeExpiresAt, codeUsable };
  }

  /**
   * Records an address as verified without a code. Only for the demo accounts (server/boot.ts, never
   * in prod): a person always verifies through validateAcademicEmail and confirmAcademicEmail.
   * Idempotent: an existing record is left as it is.
   */
  async function seedVerifiedAddress({
    identityId,
    email,
    graduationYear,
  }: {
    identityId: string;
    email: string;
    graduationYear: number;
  }): Promise<void> {
    const at = now();
    await db
      .insert(userAcademicData)
      .values({
        identityId,
        email,
        graduationYear,
        emailVerified: true,
        emailVerifiedAt: at,
        codeAttempts: 0,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: userAcademicData.identityId });
  }

  return {
    checkAcademicEmail,
    validateAcademicEmail,
    confirmAcademicEmail,
    academicData,
    isVerifiedStudent,
    academicStatus,
    seedVerifiedAddress,
  };
}

export type StudentsService = ReturnType<typeof createStudentsService>;
