// Student verification over HTTP (issue 7 "Students"): the validateAcademicEmail check (query),
// sending the code (mutation validateAcademicEmail), confirming it (confirmAcademicEmail), the
// viewer's userAcademicData, and billing's student eligibility — on a fresh copy of the migrated
// database, with the code read from the mail outbox as the student reads it from their inbox.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { latestCode } from '../../test/identity-client.ts';
import { formatMessages } from '../../shared/validation/formats.ts';
import { planByCode } from '../billing/catalogue.ts';
import { outbox } from '../mail/schema.ts';
import { academicMessages, graduationYearMessage } from './academic-input.ts';
import { userAcademicData } from './schema.ts';
import { ACADEMIC_EMAIL_MESSAGES } from './students-service.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const CHECK = /* GraphQL */ `
  query Check($email: String!) {
    validateAcademicEmail(email: $email) {
      __typename
      ... on AcademicEmail {
        email
        domain
        institutionName
      }
      ... on InvalidAcademicEmailError {
        message
        email
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          code
          message
        }
      }
    }
  }
`;

const VALIDATE = /* GraphQL */ `
  mutation Validate($input: ValidateAcademicEmailInput!) {
    validateAcademicEmail(input: $input) {
      __typename
      ... on AcademicEmailValidation {
        codeSent
        codeExpiresAt
        academicData {
          userId
          email
          emailVerified
          emailVerificationCode
          emailVerifiedDateTime
          graduationYear
          createdAt
          updatedAt
        }
      }
      ... on InvalidAcademicEmailError {
        message
        email
      }
      ... on AcademicEmailConfirmationError {
        message
        type
        retryAfterSeconds
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          code
          message
        }
      }
      ... on AuthError {
        message
      }
    }
  }
`;

const CONFIRM = /* GraphQL */ `
  mutation Confirm($code: String!) {
    confirmAcademicEmail(code: $code) {
      __typename
      ... on UserAcademicData {
        userId
        email
        emailVerified
        emailVerificationCode
        emailVerifiedDateTime
        graduationYear
      }
      ... on AcademicEmailConfirmationError {
        message
        type
        retryAfterSeconds
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          code
          message
        }
      }
      ... on AuthError {
        message
      }
    }
  }
`;

const VIEWER = /* GraphQL */ `
  query {
    viewer {
      ... on Viewer {
        userAcademicData {
          userId
          email
          emailVerified
          emailVerificationCode
          emailVerifiedDateTime
          graduationYear
        }
      }
    }
  }
`;

const year = new Date().getUTCFullYear();
let counter = 0;
/** A fresh Oxford address per call: the outbox is shared by the whole file. */
const oxford = () => `student.${Date.now().toString(36)}${counter++}@ox.ac.uk`;

async function validate(person: Person | null, input: Record<string, unknown>) {
  const { data, errors } = await graphql(app, VALIDATE, { cookie: person?.cookie, variables: { input } });
  expect(errors).toBeUndefined();
  return data!.validateAcademicEmail;
}

async function confirm(person: Person | null, code: string) {
  const { data, errors } = await graphql(app, CONFIRM, { cookie: person?.cookie, variables: { code } });
  expect(errors).toBeUndefined();
  return data!.confirmAcademicEmail;
}

async function academicDataOf(person: Person) {
  return (await graphql(app, VIEWER, { cookie: person.cookie })).data?.viewer.userAcademicData;
}

async function emailsTo(address: string) {
  return app.db.select().from(outbox).where(eq(outbox.to, address)).orderBy(desc(outbox.createdAt));
}

/** A code certain to be wrong: the emailed one with its last digit changed. */
const wrong = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

async function ageCode(person: Person, { sentSecondsAgo, expired = false }: { sentSecondsAgo: number; expired?: boolean }) {
  await app.db
    .update(userAcademicData)
    .set({ codeSentAt: new Date(Date.now() - sentSecondsAgo * 1000), ...(expired ? { codeExpiresAt: new Date(Date.now() - 1000) } : {}) })
    .where(eq(userAcademicData.identityId, person.identityId));
}

describe('query validateAcademicEmail (a check only)', () => {
  it('answers anyone whether an address is academic, naming the institution, and sends nothing', async () => {
    const email = oxford();
    const { data } = await graphql(app, CHECK, { variables: { email: `  ${email.toUpperCase()} ` } });
    expect(data?.validateAcademicEmail).toEqual({
      __typename: 'AcademicEmail',
      email,
      domain: 'ox.ac.uk',
      institutionName: 'University of Oxford',
    });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it('refuses a personal or unknown address with InvalidAcademicEmailError in the user’s terms', async () => {
    expect((await graphql(app, CHECK, { variables: { email: 'ada@gmail.com' } })).data?.validateAcademicEmail).toEqual({
      __typename: 'InvalidAcademicEmailError',
      email: 'ada@gmail.com',
      message:
        'gmail.com is a personal email provider. Use the address your university or college gave you, such as name@ox.ac.uk or name@mit.edu.',
    });
    expect((await graphql(app, CHECK, { variables: { email: 'ada@maison-okafor.com' } })).data?.validateAcademicEmail).toMatchObject({
      __typename: 'InvalidAcademicEmailError',
      message:
        'We don’t recognise maison-okafor.com as a university or college address. Use the email address your university or college gave you.',
    });
  });

  it('answers a malformed address with a ZodError on email', async () => {
    expect((await graphql(app, CHECK, { variables: { email: 'ada@ox' } })).data?.validateAcademicEmail).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['email'], message: formatMessages.email }],
    });
  });
});

describe('mutations need a signed-in person', () => {
  it('answers an anonymous caller with AuthError', async () => {
    expect(await validate(null, { email: oxford(), graduationYear: year + 1 })).toMatchObject({ __typename: 'AuthError' });
    expect(await confirm(null, '123456')).toMatchObject({ __typename: 'AuthError' });
  });
});

describe('validating and confirming an academic address', () => {
  it('emails a code, stores only its hash, confirms it, and makes the person a verified student', async () => {
    const person = await signIn(app);
    const email = oxford();
    const studentPlan = planByCode('students_standard_yearly_v1')!;
    expect(await app.services.billing.purchaseRefusal(person.identityId, studentPlan)).toBe('INELIGIBLE_FOR_STUDENT_MEMBERSHIP');

    const sent = await validate(person, { email, graduationYear: year + 2 });
    expect(sent).toMatchObject({
      __typename: 'AcademicEmailValidation',
      codeSent: true,
      academicData: {
        userId: person.userId,
        email,
        emailVerified: false,
        emailVerificationCode: null,
        emailVerifiedDateTime: null,
        graduationYear: year + 2,
      },
    });
    const minutesLeft = (Date.parse(sent.codeExpiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    // The email: the academic template, to the academic address, a 6-digit code, 30 minutes.
    const [message] = await emailsTo(email);
    expect(message).toMatchObject({
      template: 'academic_email_code',
      subject: 'Confirm your academic email address for Atelier',
      data: { expiresInMinutes: 30 },
    });
    const code = await latestCode(app.db, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(message!.subject).not.toContain(code);
    expect(message!.text).toContain('expires in 30 minutes');

    // The row keeps a 64-hex hash, never the code; the viewer never sees either.
    const [row] = await app.db.select().from(userAcademicData).where(eq(userAcademicData.identityId, person.identityId));
    expect(row!.verificationCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await academicDataOf(person)).toMatchObject({ email, emailVerified: false, emailVerificationCode: null });
    expect(await app.services.students.isVerifiedStudent(person.identityId)).toBe(false);

    expect(await confirm(person, wrong(code))).toEqual({
      __typename: 'AcademicEmailConfirmationError',
      type: 'WRONG_CODE',
      message: ACADEMIC_EMAIL_MESSAGES.wrongCode(4),
      retryAfterSeconds: null,
    });
    const confirmed = await confirm(person, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(confirmed).toMatchObject({
      __typename: 'UserAcademicData',
      userId: person.userId,
      email,
      emailVerified: true,
      emailVerificationCode: null,
      graduationYear: year + 2,
    });
    expect(Math.abs(Date.parse(confirmed.emailVerifiedDateTime) - Date.now())).toBeLessThan(60_000);
    expect(await academicDataOf(person)).toMatchObject({ email, emailVerified: true, emailVerificationCode: null });
    expect(await app.services.students.isVerifiedStudent(person.identityId)).toBe(true);
    expect(await app.services.billing.purchaseRefusal(person.identityId, studentPlan)).toBeNull();

    // Sending the same code again (a double click) gives the same answer; the hash is gone.
    expect(await confirm(person, code)).toMatchObject({ __typename: 'UserAcademicData', emailVerified: true });
    const [after] = await app.db.select().from(userAcademicData).where(eq(userAcademicData.identityId, person.identityId));
    expect(after!.verificationCodeHash).toBeNull();
  });

  it('answers wrong input with ZodError paths and the graduation-year range, storing and sending nothing', async () => {
    const person = await signIn(app);
    const result = await validate(person, { email: 'not-an-address', graduationYear: year - 1 });
    expect(result.__typename).toBe('ZodError');
    expect(result.fieldErrors).toEqual([
      { path: ['email'], code: expect.any(String), message: formatMessages.email },
      { path: ['graduationYear'], code: expect.any(String), message: graduationYearMessage() },
    ]);
    expect((await validate(person, { email: oxford(), graduationYear: year + 9 })).fieldErrors).toEqual([
      { path: ['graduationYear'], code: expect.any(String), message: graduationYearMessage() },
    ]);
    expect((await validate(person, { email: oxford() })).fieldErrors).toEqual([
      { path: ['graduationYear'], code: expect.any(String), message: academicMessages.graduationYearMissing },
    ]);
    expect(await confirm(person, '12ab')).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['code'], message: academicMessages.code }],
    });
    expect(await academicDataOf(person)).toBeNull();
  });

  it('refuses a non-academic address with InvalidAcademicEmailError and sends nothing', async () => {
    const person = await signIn(app);
    const email = `ada.${Date.now()}@outlook.com`;
    expect(await validate(person, { email, graduationYear: year + 1 })).toMatchObject({
      __typename: 'InvalidAcademicEmailError',
      email,
      message: expect.stringContaining('personal email provider'),
    });
    expect(await emailsTo(email)).toHaveLength(0);
    expect(await academicDataOf(person)).toBeNull();
  });

  it('sends at most one code a minute; a new code replaces the old one', async () => {
    const person = await signIn(app);
    const email = oxford();
    await validate(person, { email, graduationYear: year + 1 });
    const first = await latestCode(app.db, email);

    const again = await validate(person, { email, graduationYear: year + 1 });
    expect(again).toMatchObject({ __typename: 'AcademicEmailConfirmationError', type: 'CODE_RECENTLY_SENT' });
    expect(again.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(again.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(again.message).toBe(ACADEMIC_EMAIL_MESSAGES.recentlySent(again.retryAfterSeconds));
    // Per person, whatever the address: a second address within the minute waits too.
    expect(await validate(person, { email: oxford(), graduationYear: year + 1 })).toMatchObject({ type: 'CODE_RECENTLY_SENT' });
    expect(await emailsTo(email)).toHaveLength(1);

    await ageCode(person, { sentSecondsAgo: 61 });
    expect(await validate(person, { email, graduationYear: year + 1 })).toMatchObject({
      __typename: 'AcademicEmailValidation',
      codeSent: true,
    });
    expect(await emailsTo(email)).toHaveLength(2);
    const second = await latestCode(app.db, email);
    if (second !== first) expect(await confirm(person, first)).toMatchObject({ type: 'WRONG_CODE' });
    expect(await confirm(person, second)).toMatchObject({ __typename: 'UserAcademicData', emailVerified: true });
  });

  it('voids a code after five wrong tries, even against guesses sent at once', async () => {
    const person = await signIn(app);
    const email = oxford();
    await validate(person, { email, graduationYear: year + 3 });
    const code = await latestCode(app.db, email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(person, wrong(code))));
    expect(answers.filter((answer) => answer.type === 'WRONG_CODE')).toHaveLength(4);
    expect(answers.filter((answer) => answer.type === 'TOO_MANY_ATTEMPTS')).toHaveLength(4);
    expect(await confirm(person, code)).toEqual({
      __typename: 'AcademicEmailConfirmationError',
      type: 'TOO_MANY_ATTEMPTS',
      message: ACADEMIC_EMAIL_MESSAGES.tooManyAttempts,
      retryAfterSeconds: null,
    });
    expect(await app.services.students.isVerifiedStudent(person.identityId)).toBe(false);

    // The cure is a new code.
    await ageCode(person, { sentSecondsAgo: 61 });
    await validate(person, { email, graduationYear: year + 3 });
    expect(await confirm(person, await latestCode(app.db, email))).toMatchObject({ emailVerified: true });
  });

  it('refuses an expired code, and a confirmation with no code sent', async () => {
    const person = await signIn(app);
    expect(await confirm(person, '123456')).toEqual({
      __typename: 'AcademicEmailConfirmationError',
      type: 'NO_PENDING_CODE',
      message: ACADEMIC_EMAIL_MESSAGES.noPendingCode,
      retryAfterSeconds: null,
    });
    const email = oxford();
    await validate(person, { email, graduationYear: year });
    const code = await latestCode(app.db, email);
    await ageCode(person, { sentSecondsAgo: 31 * 60, expired: true });
    expect(await confirm(person, code)).toEqual({
      __typename: 'AcademicEmailConfirmationError',
      type: 'CODE_EXPIRED',
      message: ACADEMIC_EMAIL_MESSAGES.expired,
      retryAfterSeconds: null,
    });
  });

  it('keeps a verified address without a new code, and a new address starts over', async () => {
    const person = await signIn(app);
    const email = oxford();
    await validate(person, { email, graduationYear: year + 1 });
    await confirm(person, await latestCode(app.db, email));
    await ageCode(person, { sentSecondsAgo: 61 });

    expect(await validate(person, { email, graduationYear: year + 4 })).toMatchObject({
      codeSent: false,
      codeExpiresAt: null,
      academicData: { email, emailVerified: true, graduationYear: year + 4 },
    });
    expect(await emailsTo(email)).toHaveLength(1);

    const other = `ada.${Date.now()}@mit.edu`;
    expect(await validate(person, { email: other, graduationYear: year + 4 })).toMatchObject({
      codeSent: true,
      academicData: { email: other, emailVerified: false },
    });
    expect(await app.services.students.isVerifiedStudent(person.identityId)).toBe(false);
  });

  it('stops counting a student whose graduation year has passed', async () => {
    const person = await signIn(app);
    const email = oxford();
    await validate(person, { email, graduationYear: year });
    await confirm(person, await latestCode(app.db, email));
    expect(await app.services.students.isVerifiedStudent(person.identityId)).toBe(true);
    await app.db
      .update(userAcademicData)
      .set({ graduationYear: year - 1 })
      .where(eq(userAcademicData.identityId, person.identityId));
    expect(await app.services.students.isVerifiedStudent(person.identityId)).toBe(false);
    expect(await app.services.students.academicStatus(person.identityId)).toMatchObject({ step: 'email', problem: 'graduated' });
  });

  it("never mixes one person's academic data into another's", async () => {
    const ada = await signIn(app);
    const ben = await signIn(app);
    await validate(ada, { email: oxford(), graduationYear: year + 1 });
    expect(await academicDataOf(ben)).toBeNull();
    expect(await confirm(ben, await latestCode(app.db, (await academicDataOf(ada)).email))).toMatchObject({ type: 'NO_PENDING_CODE' });
  });
});
