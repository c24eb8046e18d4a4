import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_ERRORS, AppError, AuthError, BaseError, InputError, parseInput, UnauthorizedError } from './errors.ts';

describe('the one error vocabulary', () => {
  it('gives each general error its code, and the code its status, tRPC code and §8 type', () => {
    const cases = [
      [new AuthError(), 'UNAUTHENTICATED', 401, 'UNAUTHORIZED', 'AuthError'],
      [new UnauthorizedError('7'), 'FORBIDDEN', 403, 'FORBIDDEN', 'UnauthorizedError'],
      [new InputError([]), 'INVALID_INPUT', 400, 'BAD_REQUEST', 'ZodError'],
      [new BaseError('No.'), 'REFUSED', 422, 'UNPROCESSABLE_CONTENT', 'BaseError'],
    ] as const;
    for (const [error, code, httpStatus, trpcCode, graphqlType] of cases) {
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(code);
      expect([error.httpStatus, error.trpcCode, error.name]).toEqual([httpStatus, trpcCode, graphqlType]);
      expect(APP_ERRORS[code].graphqlType).toBe(graphqlType);
    }
  });

  it('keeps developer context apart from the message the user sees', () => {
    const cause = new Error('provider said 502');
    const error = new BaseError('We could not reach the bank. Try again.', { cause, details: { accountId: 'a1' } });
    expect(error.message).toBe('We could not reach the bank. Try again.');
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ accountId: 'a1' });
    expect(JSON.stringify({ message: error.message })).not.toContain('502');
  });

  it('words the AuthError as before, and turns zod issues into field errors', () => {
    expect(new AuthError().message).toBe('You need to sign in to do that.');
    expect(new AuthError().type).toBe('AuthError');
    expect(() => parseInput(z.object({ n: z.number() }), { n: 'x' })).toThrow(InputError);
  });
});
