// GraphQL for student memberships (issue 7 "Students", §3 UserAcademicData, §7, §8): the check of
// an address (query validateAcademicEmail: is its domain academic? nothing is sent), sending the
// code (mutation validateAcademicEmail) and confirming it (confirmAcademicEmail). Errors are
// members of each field's result union: AuthError (signed out), ZodError (a malformed address,
// code or graduation year, by field), InvalidAcademicEmailError (not a university or college
// address) and AcademicEmailConfirmationError (the code step cannot go ahead; `type` says why).
import { builder, Viewer } from '../../server/graphql/builder.ts';
import { AuthError, ErrorInterface, graphqlTypeOf, InputError } from '../../server/graphql/errors.ts';
import { AppError } from '../../shared/errors.ts';
import { ACADEMIC_EMAIL_ERROR_TYPES, type AcademicEmailErrorType, type UserAcademicData } from './students-service.ts';

export class InvalidAcademicEmailError extends AppError {
  constructor(
    readonly email: string,
    message: string,
  ) {
    super('NOT_ACADEMIC_EMAIL', message);
  }
}

export class AcademicEmailConfirmationError extends AppError {
  constructor(
    readonly type: AcademicEmailErrorType,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super('ACADEMIC_EMAIL_CONFIRMATION', message);
  }
}

builder.objectType(InvalidAcademicEmailError, {
  name: graphqlTypeOf('NOT_ACADEMIC_EMAIL'),
  description:
    'The address is well-formed but not a university or college address (or a personal mailbox provider); `message` says what to use instead.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ email: t.exposeString('email', { description: 'The address as checked: trimmed and lower-cased.' }) }),
});

const AcademicEmailErrorTypeEnum = builder.enumType('AcademicEmailConfirmationErrorType', {
  values: ACADEMIC_EMAIL_ERROR_TYPES,
  description:
    'CODE_RECENTLY_SENT: a code went out less than a minute ago (retryAfterSeconds). NO_PENDING_CODE: no code is waiting. WRONG_CODE: try again. ' +
    'CODE_EXPIRED: older than 30 minutes, or replaced by a newer code. TOO_MANY_ATTEMPTS: 5 wrong codes void it. The last three are cured by asking for a new code.',
});

builder.objectType(AcademicEmailConfirmationError, {
  name: graphqlTypeOf('ACADEMIC_EMAIL_CONFIRMATION'),
  description: 'The code step cannot go ahead; `type` says why and `message` what to do.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    type: t.expose('type', { type: AcademicEmailErrorTypeEnum }),
    retryAfterSeconds: t.exposeInt('retryAfterSeconds', {
      nullable: true,
      description: 'CODE_RECENTLY_SENT: when a new code may be asked for.',
    }),
  }),
});

const UserAcademicDataType = builder.objectRef<UserAcademicData>('UserAcademicData').implement({
  description: "A student's academic address and its verification (student memberships).",
  fields: (t) => ({
    userId: t.exposeString('userId'),
    email: t.exposeString('email'),
    emailVerified: t.exposeBoolean('emailVerified'),
    emailVerificationCode: t.string({
      nullable: true,
      description: 'Always null: the code is only ever in the email sent to the address.',
      resolve: () => null,
    }),
    emailVerifiedDateTime: t.expose('emailVerifiedDateTime', { type: 'DateTime', nullable: true }),
    graduationYear: t.exposeInt('graduationYear', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

// Students' Viewer field (the Viewer is open: server/graphql/builder.ts).
builder.objectFields(Viewer, (t) => ({
  userAcademicData: t.field({
    type: UserAcademicDataType,
    nullable: true,
    description: 'The academic address a student entered and whether it is verified; null until they enter one.',
    resolve: ({ claims }, _args, { services }) => services.students.academicData(claims.sub),
  }),
}));

const AcademicEmailType = builder.objectRef<{ email: string; domain: string; institution: string | null }>('AcademicEmail').implement({
  description: 'An address whose domain belongs to a university or college.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'Trimmed and lower-cased.' }),
    domain: t.exposeString('domain'),
    institutionName: t.exposeString('institution', {
      nullable: true,
      description: 'The institution the dataset names for the domain, when it names one.',
    }),
  }),
});

const AcademicEmailValidationType = builder
  .objectRef<{ academicData: UserAcademicData; codeSent: boolean; codeExpiresAt: Date | null }>('AcademicEmailValidation')
  .implement({
    description: 'The academic address is saved; a code was emailed to it, unless it was already verified.',
    fields: (t) => ({
      academicData: t.expose('academicData', { type: UserAcademicDataType }),
      codeSent: t.exposeBoolean('codeSent', {
        description: 'False when the address was already verified (only the graduation year changed).',
      }),
      codeExpiresAt: t.expose('codeExpiresAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the emailed code stops working (30 minutes).',
      }),
    }),
  });

const ValidateAcademicEmailInput = builder.inputType('ValidateAcademicEmailInput', {
  // Optional at the GraphQL level so that the shared zod schema, not the parser, words the errors.
  fields: (t) => ({
    email: t.string({ description: 'The address the university or college gave the student.' }),
    graduationYear: t.int({ description: 'The year the student expects to graduate: this year to this year + 8.' }),
  }),
});

builder.queryField('validateAcademicEmail', (t) =>
  t.field({
    type: AcademicEmailType,
    description: 'Whether an address belongs to a university or college. A check only: nothing is stored and no code is sent.',
    errors: { types: [InputError, InvalidAcademicEmailError], union: { name: 'ValidateAcademicEmailCheckResult' } },
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, { email }, { services }) => {
      const result = await services.students.checkAcademicEmail({ email: email.slice(0, 320) });
      switch (result.kind) {
        case 'academic':
          return result;
        case 'invalid':
          throw new InputError(result.fieldErrors);
        case 'not_academic':
          throw new InvalidAcademicEmailError(result.email, result.message);
      }
    },
  }),
);

builder.mutationFields((t) => ({
  validateAcademicEmail: t.withAuth({ signedIn: true }).field({
    type: AcademicEmailValidationType,
    description:
      'Saves the academic address and graduation year and emails a 6-digit code to the address (valid 30 minutes). Call again for a new code, at most once a minute.',
    errors: {
      types: [AuthError, InputError, InvalidAcademicEmailError, AcademicEmailConfirmationError],
      union: { name: 'ValidateAcademicEmailResult' },
    },
    args: { input: t.arg({ type: ValidateAcademicEmailInput, required: true }) },
    resolve: async (_root, { input }, { user, services }) => {
      const result = await services.students.validateAcademicEmail({
        identityId: user.sub,
        email: input.email,
        graduationYear: input.graduationYear,
      });
      switch (result.kind) {
        case 'code_sent':
          return { academicData: result.academicData, codeSent: true, codeExpiresAt: result.codeExpiresAt };
        case 'already_verified':
          return { academicData: result.academicData, codeSent: false, codeExpiresAt: null };
        case 'invalid':
          throw new InputError(result.fieldErrors);
        case 'not_academic':
          throw new InvalidAcademicEmailError(result.email, result.message);
        case 'refused':
          throw new AcademicEmailConfirmationError(result.type, result.message, result.retryAfterSeconds);
      }
    },
  }),
  confirmAcademicEmail: t.withAuth({ signedIn: true }).field({
    type: UserAcademicDataType,
    description: 'Confirms the academic address with the code emailed to it: the student may then buy a student plan.',
    errors: { types: [AuthError, InputError, AcademicEmailConfirmationError], union: { name: 'ConfirmAcademicEmailResult' } },
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_root, { code }, { user, services }) => {
      const result = await services.students.confirmAcademicEmail({ identityId: user.sub, code: code.slice(0, 64) });
      switch (result.kind) {
        case 'verified':
          return result.academicData;
        case 'invalid':
          throw new InputError(result.fieldErrors);
        case 'refused':
          throw new AcademicEmailConfirmationError(result.type, result.message, result.retryAfterSeconds);
      }
    },
  }),
}));
