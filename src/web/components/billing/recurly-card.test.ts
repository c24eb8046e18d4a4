// Recurly.js's errors in our words (decision 039): about the card next to the card, the rest in the form's notice.
import { describe, expect, it } from 'vitest';
import { RECURLY_MESSAGES, recurlyProblem } from './recurly-card.tsx';

describe('recurlyProblem', () => {
  it('puts a wrong number, a past or wrong expiry date and a wrong security code next to the card', () => {
    expect(recurlyProblem({ code: 'validation', fields: ['number', 'cvv'] })).toEqual({
      cardError: RECURLY_MESSAGES.number,
      message: null,
    });
    expect(recurlyProblem({ code: 'validation', fields: ['month', 'year'] })).toEqual({
      cardError: RECURLY_MESSAGES.expiry,
      message: null,
    });
    expect(recurlyProblem({ code: 'invalid-parameter', fields: ['year'] })).toEqual({ cardError: RECURLY_MESSAGES.expiry, message: null });
    expect(recurlyProblem({ code: 'validation', fields: ['cvv'] })).toEqual({ cardError: RECURLY_MESSAGES.cvv, message: null });
  });

  it('asks for the names in the notice, and never shows Recurly’s own text', () => {
    expect(recurlyProblem({ code: 'validation', fields: ['first_name', 'last_name'] })).toEqual({
      cardError: null,
      message: RECURLY_MESSAGES.names,
    });
    expect(recurlyProblem({ code: 'api-timeout' })).toEqual({ cardError: null, message: RECURLY_MESSAGES.unreachable });
    expect(recurlyProblem({ code: 'api-error' })).toEqual({ cardError: null, message: RECURLY_MESSAGES.unreachable });
    expect(recurlyProblem({ code: 'not-configured' })).toEqual({ cardError: null, message: RECURLY_MESSAGES.unchecked });
    expect(recurlyProblem({ code: 'validation', fields: [] })).toEqual({ cardError: null, message: RECURLY_MESSAGES.unchecked });
  });
});
