// The §8 error model as GraphQL types. A resolver throws one of these classes; the errors plugin
// returns it as a member of the field's result union. Anything else is unexpected: it is logged
// with the request id and the client sees only 'Something went wrong!' (see yoga.ts).
import type { z } from 'zod';
import { AuthError } from '../../modules/session/resolve-user.ts';
import { fieldErrorsFromZod, type FieldError, type Validated } from '../../shared/validation/field-errors.ts';
import { builder } from './builder.ts';

export { AuthError };

export const SOMETHING_WENT_WRONG = 'Something went wrong!';

/** A failure the user can act on, with a message in their terms. */
export class BaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaseError';
  }
}

/** The signed-in user may not act on this account (or another user's data). */
export class UnauthorizedError extends Error {
  constructor(
    readonly requesterUserId: string,
    readonly accountId: string | null = null,
    message = 'You are not allowed to do that.',
  ) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/** Input refused by the shared zod schemas: one entry per problem, named by its path. */
export class InputError extends Error {
  constructor(
    readonly fieldErrors: FieldError[],
    message = 'Please check the highlighted fields.',
  ) {
    super(message);
    this.name = 'ZodError';
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

export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'Every error result has a message to show the user.',
  fields: (t) => ({ message: t.exposeString('message') }),
});

builder.objectType(AuthError, {
  name: 'AuthError',
  description: 'The operation needs a signed-in user; the client refreshes the session token and retries once.',
  interfaces: [ErrorInterface],
});

builder.objectType(BaseError, {
  name: 'BaseError',
  interfaces: [ErrorInterface],
});

builder.objectType(UnauthorizedError, {
  name: 'UnauthorizedError',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    accountId: t.exposeString('accountId', { nullable: true }),
    requesterUserId: t.exposeString('requesterUserId'),
  }),
});

const FieldErrorType = builder.objectRef<FieldError>('ZodFieldError').implement({
  fields: (t) => ({
    path: t.exposeStringList('path'),
    code: t.exposeString('code'),
    message: t.exposeString('message'),
  }),
});

builder.objectType(InputError, {
  name: 'ZodError',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    fieldErrors: t.field({ type: [FieldErrorType], resolve: (error) => error.fieldErrors }),
  }),
});

/** The errors any signed-in operation can return. */
export const USER_ERRORS = [AuthError, BaseError] as const;
/** … and those of an operation with input. */
export const USER_INPUT_ERRORS = [AuthError, BaseError, InputError] as const;
