import { describe, expect, it } from 'vitest';
import { isUnstorableTextError } from './unstorable-text.ts';

const postgresError = (code: string) => Object.assign(new Error('refused'), { code });

describe('isUnstorableTextError', () => {
  it.each(['22021', '22P05'])('recognises PostgreSQL code %s, also as the cause of a query error', (code) => {
    expect(isUnstorableTextError(postgresError(code))).toBe(true);
    expect(isUnstorableTextError(new Error('Failed query', { cause: postgresError(code) }))).toBe(true);
  });

  it('leaves every other failure a server error', () => {
    expect(isUnstorableTextError(postgresError('23505'))).toBe(false);
    expect(isUnstorableTextError(new Error('connection lost'))).toBe(false);
    expect(isUnstorableTextError(null)).toBe(false);
    expect(isUnstorableTextError('22021')).toBe(false);
  });
});
