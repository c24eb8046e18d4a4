// The graduation-year and code rules of the validation page and the API (no database).
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import { formatMessages } from '../../shared/validation/formats.ts';
import {
  academicCodeSchema,
  academicEmailInputSchema,
  academicMessages,
  graduationYearBounds,
  graduationYearMessage,
  graduationYearSchema,
} from './academic-input.ts';

const JUNE_2026 = new Date('2026-06-15T12:00:00Z');

function errorOf(value: unknown, now = JUNE_2026): string | null {
  const result = graduationYearSchema(now).safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('graduation year', () => {
  it('runs from this year to this year + 8, and the message says so', () => {
    expect(graduationYearBounds(JUNE_2026)).toEqual({ min: 2026, max: 2034 });
    expect(graduationYearMessage(JUNE_2026)).toBe('Enter the year you expect to graduate: a whole number from 2026 to 2034.');
  });

  it.each([2026, 2030, 2034, '2027', ' 2028 '])('accepts %j', (value) => {
    expect(graduationYearSchema(JUNE_2026).parse(value)).toBe(Number(String(value).trim()));
  });

  it.each([2025, 2035, 1999, 2027.5, '2027.5', 'next year', '20 27', Number.NaN, -2026, '-2026'])(
    'refuses %j with the range in the message',
    (value) => {
      expect(errorOf(value)).toBe(graduationYearMessage(JUNE_2026));
    },
  );

  it('asks for the year when none is given', () => {
    expect(errorOf(undefined)).toBe(academicMessages.graduationYearMissing);
    expect(errorOf('')).toBe(academicMessages.graduationYearMissing);
    expect(errorOf('   ')).toBe(academicMessages.graduationYearMissing);
  });

  it('moves with the calendar (UTC): on 1 January the past year closes', () => {
    const newYear = new Date('2027-01-01T00:00:00Z');
    expect(errorOf(2026, newYear)).toBe(graduationYearMessage(newYear));
    expect(errorOf(2035, newYear)).toBeNull();
  });
});

describe('academic email input', () => {
  it('trims and lower-cases the address with the shared email rule', () => {
    expect(academicEmailInputSchema(JUNE_2026).parse({ email: '  Ada.Okafor@OX.ac.uk ', graduationYear: '2028' })).toEqual({
      email: 'ada.okafor@ox.ac.uk',
      graduationYear: 2028,
    });
  });

  it('names each wrong field with its message', () => {
    const result = academicEmailInputSchema(JUNE_2026).safeParse({ email: 'ada@', graduationYear: 2040 });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!).map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['email'], message: formatMessages.email },
      { path: ['graduationYear'], message: graduationYearMessage(JUNE_2026) },
    ]);
  });
});

describe('code', () => {
  it('takes six digits, forgiving the spaces people paste', () => {
    expect(academicCodeSchema.parse({ code: '012345' })).toEqual({ code: '012345' });
    expect(academicCodeSchema.parse({ code: ' 012 345 ' })).toEqual({ code: '012345' });
  });

  it.each(['12345', '1234567', 'abcdef', '', undefined])('refuses %j', (code) => {
    const result = academicCodeSchema.safeParse({ code });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(academicMessages.code);
  });
});
