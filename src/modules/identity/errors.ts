// Kratos's error envelope: {error: {id, code, status, message, reason, details}} plus extras.
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export class IdentityError extends Error {
  constructor(
    readonly code: number,
    readonly id: string | undefined,
    message: string,
    readonly reason?: string,
    readonly details?: Record<string, unknown>,
    /** Fields beside `error` in the body (use_flow_id, redirect_browser_to …). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJson() {
    return {
      error: {
        ...(this.id ? { id: this.id } : {}),
        code: this.code,
        status: STATUS_TEXT[this.code] ?? 'Error',
        message: this.message,
        ...(this.reason ? { reason: this.reason } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
      ...this.extra,
    };
  }
}

export const identityErrors = {
  notFound: (what = 'The requested resource could not be found') => new IdentityError(404, undefined, what),
  /** Kratos's answer when the two codes of a session token exchange give no session. */
  noExchangedSession: () =>
    new IdentityError(404, undefined, 'The requested resource could not be found', 'no session yet for this "code"'),
  sessionInactive: () =>
    new IdentityError(
      401,
      'session_inactive',
      'request does not have a valid authentication session',
      'No active session was found in this request.',
    ),
  sessionAlreadyAvailable: () =>
    new IdentityError(
      400,
      'session_already_available',
      'A valid session was detected and thus self-service is not possible.',
      'A valid session was detected and thus self-service is not possible.',
    ),
  sessionRefreshRequired: (redirectTo: string) =>
    new IdentityError(
      403,
      'session_refresh_required',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      undefined,
      undefined,
      { redirect_browser_to: redirectTo },
    ),
  csrf: (rejectReason: string) =>
    new IdentityError(
      403,
      'security_csrf_violation',
      'the request was rejected to protect you from Cross-Site-Request-Forgery',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
      {
        docs: 'https://www.ory.sh/kratos/docs/debug/csrf',
        hint: 'The anti-CSRF cookie was found but the CSRF token was not included in the HTTP request body (csrf_token) nor in the HTTP Header (X-CSRF-Token).',
        reject_reason: rejectReason,
      },
    ),
  flowExpired: (expiredAt: Date, useFlowId?: string, redirectTo?: string) => {
    const since = Date.now() - expiredAt.getTime();
    return new IdentityError(
      410,
      'self_service_flow_expired',
      'self-service flow expired',
      'The self-service flow has expired. Please start again.',
      redirectTo ? { redirect_to: redirectTo } : undefined,
      {
        expired_at: expiredAt.toISOString(),
        since: since * 1_000_000, // Go durations are nanoseconds
        ...(useFlowId ? { use_flow_id: useFlowId } : {}),
      },
    );
  },
  locationChange: (redirectTo: string) =>
    new IdentityError(
      422,
      'browser_location_change_required',
      'browser location change required',
      'In order to complete this flow please redirect the browser to: ' + redirectTo,
      undefined,
      { redirect_browser_to: redirectTo },
    ),
  returnToForbidden: () =>
    new IdentityError(
      400,
      'self_service_flow_return_to_forbidden',
      'Requested return_to URL is not allowed.',
      'The requested return_to URL is not on the list of allowed URLs.',
    ),
  badRequest: (reason: string) => new IdentityError(400, undefined, 'The request was malformed or contained invalid parameters', reason),
  forbidden: (reason: string) => new IdentityError(403, undefined, 'The requested action was forbidden', reason),
  /** A settings flow read or submitted with another identity's session. */
  identityMismatch: () =>
    new IdentityError(
      403,
      'security_identity_mismatch',
      'Requested identity does not match the identity of the session.',
      'The request was made for another identity and has been blocked for security reasons.',
    ),
  tooManyRequests: (seconds: number) =>
    new IdentityError(429, undefined, 'Too many requests', `Please wait ${seconds} seconds before trying again.`),
  apiFlowWithBrowser: () =>
    new IdentityError(
      400,
      undefined,
      'The request was malformed or contained invalid parameters',
      'API-based flows must not be submitted with cookies or an Origin header.',
    ),
} as const;
