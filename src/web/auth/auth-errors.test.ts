import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLOW_ERROR_MESSAGE,
  DEFAULT_REGISTRATION_MESSAGE,
  flowErrorMessage,
  readIdentityError,
  toAuthFlowError,
} from './auth-errors.ts';
import { identityError, kratosError } from './auth-test-fakes.ts';

describe('§8 identity flow messages', () => {
  it("formats other flow errors as '[error id] message', default 'An error occurred'", () => {
    expect(flowErrorMessage({ id: 'self_service_flow_expired', message: 'The flow has expired' })).toBe(
      '[self_service_flow_expired] The flow has expired',
    );
    expect(flowErrorMessage({ id: 'security_csrf_violation', message: null })).toBe('[security_csrf_violation] An error occurred');
    expect(flowErrorMessage({ id: null, message: null })).toBe(DEFAULT_FLOW_ERROR_MESSAGE);
    expect(flowErrorMessage({ id: null, message: 'Failed to fetch' })).toBe(DEFAULT_FLOW_ERROR_MESSAGE);
  });

  it("names session_already_available and session_inactive 'Session already available' and 'Session is inactive'", () => {
    expect(flowErrorMessage({ id: 'session_already_available', message: 'x' })).toBe('Session already available');
    expect(flowErrorMessage({ id: 'session_inactive', message: 'x' }, { registration: true })).toBe('Session is inactive');
  });

  it('uses the default registration message when the server gives no message or a fetch-error text', () => {
    expect(flowErrorMessage({ id: null, message: null }, { registration: true })).toBe(DEFAULT_REGISTRATION_MESSAGE);
    for (const text of ['Failed to fetch', 'TypeError: fetch failed', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      expect(flowErrorMessage({ id: null, message: text }, { registration: true })).toBe(DEFAULT_REGISTRATION_MESSAGE);
    }
    expect(flowErrorMessage({ id: 'x', message: 'Registration is closed' }, { registration: true })).toBe('Registration is closed');
  });

  it('reads status, id, message and redirect_browser_to from the SDK error without consuming the body', async () => {
    const error = kratosError(422, 'browser_location_change_required', 'Needs a redirect', { redirect_browser_to: 'https://idp.test/' });
    expect(await readIdentityError(error)).toEqual({
      status: 422,
      id: 'browser_location_change_required',
      message: 'Needs a redirect',
      redirectBrowserTo: 'https://idp.test/',
    });
    expect(error.response.bodyUsed).toBe(false);
    expect(await readIdentityError(identityError(502, 'not json'))).toEqual({
      status: 502,
      id: null,
      message: null,
      redirectBrowserTo: null,
    });
    expect(
      await readIdentityError(identityError(400, { ui: { messages: [{ id: 4000007, text: 'exists already', type: 'error' }] } })),
    ).toMatchObject({ message: 'exists already' });
  });

  it('keeps the original error as the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    expect(await toAuthFlowError(cause, { registration: true })).toMatchObject({
      message: DEFAULT_REGISTRATION_MESSAGE,
      cause,
      id: null,
      status: null,
    });
  });
});
