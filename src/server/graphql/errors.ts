// The §8 error model as GraphQL types. The classes are the app's one error vocabulary
// (src/shared/errors.ts, decision 027); here each becomes the result type APP_ERRORS names for its
// code. A resolver throws one; the errors plugin returns it as a member of the field's result
// union (BaseError is in every union: the builder's default type). Anything else is unexpected:
// it is logged with the request id and the client sees only 'Something went wrong!' (see yoga.ts).
import {
  APP_ERRORS,
  AuthError,
  BaseError,
  InputError,
  parseInput,
  SOMETHING_WENT_WRONG,
  UnauthorizedError,
  type AppErrorCode,
} from '../../shared/errors.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';
import { builder } from './builder.ts';

export { AuthError, BaseError, InputError, parseInput, SOMETHING_WENT_WRONG, UnauthorizedError };

/** The GraphQL result type of an error code: the one table decides it. */
export function graphqlTypeOf(code: AppErrorCode): string {
  return APP_ERRORS[code].graphqlType;
}

export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'Every error result has a message to show the user.',
  fields: (t) => ({ message: t.exposeString('message') }),
});

builder.objectType(AuthError, {
  name: graphqlTypeOf('UNAUTHENTICATED'),
  description: 'The operation needs a signed-in user; the client refreshes the session token and retries once.',
  interfaces: [ErrorInterface],
});

builder.objectType(BaseError, {
  name: graphqlTypeOf('REFUSED'),
  interfaces: [ErrorInterface],
});

builder.objectType(UnauthorizedError, {
  name: graphqlTypeOf('FORBIDDEN'),
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
  name: graphqlTypeOf('INVALID_INPUT'),
  interfaces: [ErrorInterface],
  fields: (t) => ({
    fieldErrors: t.field({ type: [FieldErrorType], resolve: (error) => error.fieldErrors }),
  }),
});

/** The errors any signed-in operation can return (BaseError is every field's default). */
export const USER_ERRORS = [AuthError] as const;
/** … and those of an operation with input. */
export const USER_INPUT_ERRORS = [AuthError, InputError] as const;
