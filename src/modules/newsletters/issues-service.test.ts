// What a refused hand-off to SMTP means for a delivery (decision 048): tried again only when the
// server certainly did not accept it; never again when it might have.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_DELIVERY_ATTEMPTS, statusAfterError } from './issues-service.ts';

const smtp = (responseCode?: number, code?: string) => Object.assign(new Error('refused'), { responseCode, code });

describe('statusAfterError', () => {
  it('tries again after a temporary refusal or no connection, up to the attempts allowed', () => {
    expect(statusAfterError(smtp(451, 'EENVELOPE'), 1)).toBe('pending');
    expect(statusAfterError(smtp(undefined, 'ECONNECTION'), 1)).toBe('pending');
    expect(statusAfterError(smtp(421), MAX_DELIVERY_ATTEMPTS)).toBe('failed');
  });

  it('a permanent refusal, or an address refused before sending, is failed', () => {
    expect(statusAfterError(smtp(550, 'EENVELOPE'), 1)).toBe('failed');
    expect(statusAfterError(z.email().safeParse('nope').error, 1)).toBe('failed');
  });

  it('anything else may have been accepted: uncertain, never sent again', () => {
    expect(statusAfterError(smtp(undefined, 'ETIMEDOUT'), 1)).toBe('uncertain');
    expect(statusAfterError(new Error('socket hang up'), 1)).toBe('uncertain');
  });
});
