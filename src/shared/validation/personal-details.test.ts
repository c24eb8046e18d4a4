import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod, messagesByField } from './field-errors.ts';
import {
  completeUserDataSchema,
  emailChangeConfirmationSchema,
  isUserDataComplete,
  personalDetailsMessages,
  personalDetailsSchema,
} from './personal-details.ts';

const complete = {
  firstName: 'Ada',
  lastName: 'Okafor',
  organisationTitle: 'Maison Okafor',
  country: 'FR',
  jobFunction: 'DESIGN',
  jobIndustry: 'LUXURY',
  jobLevel: 'SENIOR',
};

describe('personal details', () => {
  it('needs only the names; empty optional fields from HTML forms mean "not given"', () => {
    expect(personalDetailsSchema.parse({ firstName: ' Ada ', lastName: 'Okafor', country: '', organisationTitle: '' })).toEqual({
      firstName: 'Ada',
      lastName: 'Okafor',
      country: null,
      organisationTitle: null,
    });
  });

  it('words each problem for the person filling the form', () => {
    const result = personalDetailsSchema.safeParse({ firstName: '   ', lastName: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    expect(messagesByField(fieldErrorsFromZod(result.error!))).toEqual({
      firstName: personalDetailsMessages.firstName,
      lastName: personalDetailsMessages.nameTooLong,
    });
  });

  it('one-more-step requires every field', () => {
    const result = completeUserDataSchema.safeParse({ firstName: 'Ada', lastName: 'Okafor', country: '' });
    expect(Object.keys(messagesByField(fieldErrorsFromZod(result.error!))).sort()).toEqual([
      'country',
      'jobFunction',
      'jobIndustry',
      'jobLevel',
      'organisationTitle',
    ]);
    expect(completeUserDataSchema.safeParse(complete).success).toBe(true);
  });

  it('calls user data complete when every one-more-step field has a value', () => {
    expect(isUserDataComplete(complete)).toBe(true);
    expect(isUserDataComplete({ ...complete, jobLevel: ' ' })).toBe(false);
    expect(isUserDataComplete({ ...complete, organisationTitle: null })).toBe(false);
  });

  it('accepts a pasted code with spaces and refuses anything but six digits', () => {
    expect(emailChangeConfirmationSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(emailChangeConfirmationSchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(emailChangeConfirmationSchema.safeParse({ code: 'abcdef' }).success).toBe(false);
  });
});
