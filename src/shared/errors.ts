// The one error vocabulary (issue 14, decision 027). A failure the caller can act on is an
// AppError with a code from APP_ERRORS; that one table says what each code becomes on each
// transport: the HTTP status, the tRPC code and the §8 GraphQL result type. Anything that is not an
// AppError is a bug: logged with the request id, answered 'Something went wrong!'.
//
// An AppError carries two kinds of text, kept apart: `message` is for the person using the site and
// is sent; `cause` and `details` are for developers and are only ever logged (the transports send
// the message and the type's own fields, never these).
//
// It lives in src/shared so that services, page halves and the transports may all throw and read it
// without importing src/server (decision 023's layer rules); nothing here depends on a transport.
import type { z } from 'zod';
import { fieldErrorsFromZod, type FieldError, type Validated } from './validation/field-errors.ts';

export const SOMETHING_WENT_WRONG = 'Something went wrong!';

/**
 * The tRPC codes the table uses, spelled as @trpc/server does (src/shared may not import it;
 * server/trpc/trpc.ts fails to compile if one of these is not a tRPC code).
 */
export type TrpcErrorCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'PAYMENT_REQUIRED' | 'UNPROCESSABLE_CONTENT';

interface ErrorMapping {
  /** The status an HTTP route answers with. */
  httpStatus: number;
  /** The code a tRPC procedure answers with. */
  trpcCode: TrpcErrorCode;
  /** The §8 result-union member a GraphQL field answers with (its name in schema.graphql). */
  graphqlType: string;
  /** The message when the thrower gives none. */
  defaultMessage: string;
}

/**
 * Every code, and what it becomes on each transport. Add a code here, and a class for it when
 * GraphQL needs its own result type with fields; never map a code somewhere else.
 */
export const APP_ERRORS = {
  /** No signed-in user (no, expired or tampered token): the client refreshes its token and retries once (§8). */
  UNAUTHENTICATED: {
    httpStatus: 401,
    trpcCode: 'UNAUTHORIZED',
    graphqlType: 'AuthError',
    defaultMessage: 'You need to sign in to do that.',
  },
  /** Signed in, but this person may not do this (another person's data, a level they do not have). */
  FORBIDDEN: {
    httpStatus: 403,
    trpcCode: 'FORBIDDEN',
    graphqlType: 'UnauthorizedError',
    defaultMessage: 'You are not allowed to do that.',
  },
  /** Input the shared zod schemas refuse; `fieldErrors` names each problem by its path. */
  INVALID_INPUT: {
    httpStatus: 400,
    trpcCode: 'BAD_REQUEST',
    graphqlType: 'ZodError',
    defaultMessage: 'Please check the highlighted fields.',
  },
  /** Refused for a reason the message explains (nothing to cancel, an allowance used up …). */
  REFUSED: { httpStatus: 422, trpcCode: 'UNPROCESSABLE_CONTENT', graphqlType: 'BaseError', defaultMessage: SOMETHING_WENT_WRONG },
  /** A membership purchase refused or not charged; the error's `type` says why (§8). */
  PURCHASE_REFUSED: {
    httpStatus: 422,
    trpcCode: 'UNPROCESSABLE_CONTENT',
    graphqlType: 'SubscriptionPurchaseError',
    defaultMessage: 'The purchase did not go through.',
  },
  /** Event tickets refused or not charged (sold out, not on sale …); the error's `type` says why. */
  TICKETS_REFUSED: {
    httpStatus: 422,
    trpcCode: 'UNPROCESSABLE_CONTENT',
    graphqlType: 'TicketPurchaseError',
    defaultMessage: 'The tickets were not bought.',
  },
  /** An upgrade refused or not charged; the error's `type` says why. */
  UPGRADE_REFUSED: {
    httpStatus: 422,
    trpcCode: 'UNPROCESSABLE_CONTENT',
    graphqlType: 'SubscriptionUpgradeError',
    defaultMessage: 'The upgrade did not go through.',
  },
  /** The card's bank wants the buyer to authenticate (3-D Secure) before it charges. */
  THREE_D_SECURE_REQUIRED: {
    httpStatus: 402,
    trpcCode: 'PAYMENT_REQUIRED',
    graphqlType: 'ThreeDSecureError',
    defaultMessage: 'Your bank needs you to confirm this payment.',
  },
  /** Seats cannot be given as asked (§8 SeatAllocationError: INVALID_SEAT_REQUEST or NO_SEATS_REMAINING). */
  SEAT_ALLOCATION: {
    httpStatus: 422,
    trpcCode: 'UNPROCESSABLE_CONTENT',
    graphqlType: 'SeatAllocationError',
    defaultMessage: 'There are not enough seats for that.',
  },
  /** A well-formed address that is not a university or college address. */
  NOT_ACADEMIC_EMAIL: {
    httpStatus: 422,
    trpcCode: 'UNPROCESSABLE_CONTENT',
    graphqlType: 'InvalidAcademicEmailError',
    defaultMessage: 'Use the address your university or college gave you.',
  },
  /** The academic-email code step cannot go ahead; the error's `type` says why. */
  ACADEMIC_EMAIL_CONFIRMATION: {
    httpStatus: 422,
    trpcCode: 'UNPROCESSABLE_CONTENT',
    graphqlType: 'AcademicEmailConfirmationError',
    defaultMessage: 'The code could not be confirmed.',
  },
} as const satisfies Record<string, ErrorMapping>;

export type AppErrorCode = keyof typeof APP_ERRORS;

export interface AppErrorOptions {
  /** The error behind this one, for the log. */
  cause?: unknown;
  /** Developer context (ids, provider answers …): logged, never sent. */
  details?: Record<string, unknown>;
}

/** A failure the caller can act on. `message` is user-facing; `cause` and `details` are only logged. */
export class AppError extends Error {
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string = APP_ERRORS[code].defaultMessage,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
    this.name = APP_ERRORS[code].graphqlType;
  }

  get httpStatus(): number {
    return APP_ERRORS[this.code].httpStatus;
  }

  get trpcCode(): TrpcErrorCode {
    return APP_ERRORS[this.code].trpcCode;
  }
}

/**
 * An AppError, also one from another copy of this file: the page build bundles its own, so a
 * service's error reaches a page action as an instance of the other class. Its code tells.
 */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError || (error instanceof Error && 'code' in error && String(error.code) in APP_ERRORS);
}

// The four general result types of §8. Domain result types with fields of their own (purchase,
// upgrade, 3-D Secure, academic email) are AppError subclasses beside their module's GraphQL.

/**
 * §8 AuthError: the request needs a signed-in user and has none. GraphQL returns it as the
 * `AuthError` result type, tRPC as UNAUTHORIZED with `data.type` 'AuthError', HTTP as 401.
 */
export class AuthError extends AppError {
  /** What the browser's isAuthError looks for (§8: an object up to 3 levels deep with this type). */
  readonly type = 'AuthError';
  readonly statusCode = 401;
  constructor(message: string = APP_ERRORS.UNAUTHENTICATED.defaultMessage, options?: AppErrorOptions) {
    super('UNAUTHENTICATED', message, options);
  }
}

/** §8 BaseError: refused, with a message in the user's terms (the GraphQL default result type). */
export class BaseError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('REFUSED', message, options);
  }
}

/** §8 UnauthorizedError: the signed-in user may not act on this account (or another user's data). */
export class UnauthorizedError extends AppError {
  constructor(
    readonly requesterUserId: string,
    readonly accountId: string | null = null,
    message: string = APP_ERRORS.FORBIDDEN.defaultMessage,
    options?: AppErrorOptions,
  ) {
    super('FORBIDDEN', message, options);
  }
}

/** §8 ZodError: input refused by the shared zod schemas, one entry per problem, named by its path. */
export class InputError extends AppError {
  constructor(
    readonly fieldErrors: FieldError[],
    message: string = APP_ERRORS.INVALID_INPUT.defaultMessage,
    options?: AppErrorOptions,
  ) {
    super('INVALID_INPUT', message, options);
  }

  static fromZod(error: z.ZodError): InputError {
    return new InputError(fieldErrorsFromZod(error));
  }

  /** The value of a service's Validated answer, or this error with its field errors. */
  static unwrap<T>(result: Validated<T>): T {
    if (!result.ok) throw new InputError(result.fieldErrors);
    return result.value;
  }
}

/** Parses input with a shared schema; an InputError (GraphQL `ZodError`) when it does not fit. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw InputError.fromZod(result.error);
  return result.data;
}
