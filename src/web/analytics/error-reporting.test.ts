import { describe, expect, it, vi } from 'vitest';
import { validateEvent } from '../../shared/analytics/events.ts';
import { applicationErrorPayload, installErrorReporting, isNoisyError } from './error-reporting.ts';

describe('application errors (§8)', () => {
  it('skips the known noisy script errors', () => {
    for (const message of [
      'Script error.',
      'script error',
      "TypeError: Cannot destructure property 'address' of '(intermediate value)' as it is undefined.",
      'ReferenceError: _AutofillCallbackHandler is not defined',
      "TypeError: Failed to execute 'fetch' on 'Window': Illegal invocation",
      "TypeError: Cannot read properties of undefined (reading 'length')",
      "Cannot read property 'x' of undefined",
      "TypeError: undefined is not an object (evaluating 'a.b')",
    ]) {
      expect(isNoisyError(message), message).toBe(true);
    }
    expect(isNoisyError('TypeError: story.authors is not iterable')).toBe(false);
    expect(isNoisyError("Cannot read properties of null (reading 'x')")).toBe(false);
  });

  it('cuts the message to 2048 and the stack to 8192 characters', () => {
    const error = new Error('m'.repeat(3000));
    error.stack = 's'.repeat(9000);
    const payload = applicationErrorPayload(error);
    expect(payload.message).toHaveLength(2048);
    expect(payload.stack).toHaveLength(8192);
    expect(validateEvent('application_error', payload).ok).toBe(true);
  });

  it('describes non-Error rejections', () => {
    expect(applicationErrorPayload('plain text')).toEqual({ message: 'plain text' });
    expect(applicationErrorPayload({ toString: () => 'an object' })).toEqual({ message: 'an object' });
    expect(applicationErrorPayload(undefined)).toEqual({ message: 'undefined' });
  });

  it('reports window errors and unhandled rejections, not the noisy ones', () => {
    const target = new EventTarget();
    const report = vi.fn();
    const stop = installErrorReporting(target as unknown as Window, report);
    const error = new Error('checkout exploded');
    target.dispatchEvent(Object.assign(new Event('error'), { error, message: error.message }));
    target.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'Script error.' }));
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new TypeError("Cannot read properties of undefined (reading 'id')") }),
    );
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('fetch failed') }));
    expect(report.mock.calls.map(([payload]) => payload.message)).toEqual(['checkout exploded', 'fetch failed']);
    stop();
    target.dispatchEvent(Object.assign(new Event('error'), { error, message: error.message }));
    expect(report).toHaveBeenCalledTimes(2);
  });
});
