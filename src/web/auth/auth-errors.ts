// Turning identity-provider failures into the §8 messages. The SDK throws a ResponseError whose
// response holds a Kratos error envelope `{ error: { id, message, ... }, redirect_browser_to? }`
// or, for a 400 on submit, the flow itself with its ui.messages.

export const DEFAULT_REGISTRATION_MESSAGE = 'An error has occurred. Please try to login or register again.';
export const DEFAULT_FLOW_ERROR_MESSAGE = 'An error occurred';
export const SESSION_ALREADY_AVAILABLE_MESSAGE = 'Session already available';
export const SESSION_INACTIVE_MESSAGE = 'Session is inactive';

export const SESSION_ALREADY_AVAILABLE = 'session_already_available';
export const SESSION_INACTIVE = 'session_inactive';
export const BROWSER_LOCATION_CHANGE_REQUIRED = 'browser_location_change_required';

// What browsers, Node and the Ory SDK say when the request never got an answer. Such text means
// nothing to a reader, so the default message is shown instead.
const FETCH_ERROR_TEXTS = [
  'failed to fetch',
  'fetch failed',
  'networkerror',
  'network request failed',
  'load failed',
  'the request failed and the interceptors did not return an alternative response',
];

/** What could be learnt from a failed identity call. */
export interface IdentityErrorDetails {
  /** HTTP status when the server answered. */
  status: number | null;
  /** Kratos error id, e.g. session_already_available. */
  id: string | null;
  /** The server's message, or the thrown error's message when there was no answer. */
  message: string | null;
  /** Where the browser must go (422 browser_location_change_required). */
  redirectBrowserTo: string | null;
}

/** An identity flow failure carrying its §8 user-facing message; `cause` is the original error. */
export class AuthFlowError extends Error {
  override readonly name = 'AuthFlowError';
  readonly id: string | null;
  readonly status: number | null;

  constructor(message: string, details: Pick<IdentityErrorDetails, 'id' | 'status'>, options?: { cause?: unknown }) {
    super(message, options);
    this.id = details.id;
    this.status = details.status;
  }
}

export function isFetchErrorText(message: string): boolean {
  const lower = message.toLowerCase();
  return FETCH_ERROR_TEXTS.some((text) => lower.includes(text));
}

interface ResponseLike {
  status: number;
  clone(): { json(): Promise<unknown> };
}

// Duck-typed rather than `instanceof ResponseError` so a second copy of the SDK in the bundle,
// or a test double, is still understood.
function responseOf(error: unknown): ResponseLike | null {
  if (typeof error !== 'object' || error === null || !('response' in error)) return null;
  const response = (error as { response: unknown }).response;
  if (typeof response !== 'object' || response === null) return null;
  const candidate = response as Partial<ResponseLike>;
  return typeof candidate.status === 'number' && typeof candidate.clone === 'function' ? (candidate as ResponseLike) : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function readIdentityError(error: unknown): Promise<IdentityErrorDetails> {
  const response = responseOf(error);
  if (!response) {
    return { status: null, id: null, message: error instanceof Error ? nonEmpty(error.message) : null, redirectBrowserTo: null };
  }
  let body: Record<string, unknown> | null = null;
  try {
    // A clone, so whoever catches the error next can still read the body.
    body = record(await response.clone().json());
  } catch {
    body = null;
  }
  const envelope = record(body?.error);
  const uiMessages = record(body?.ui)?.messages;
  const firstUiMessage = Array.isArray(uiMessages) ? nonEmpty(record(uiMessages[0])?.text) : null;
  return {
    status: response.status,
    id: nonEmpty(envelope?.id),
    message: nonEmpty(envelope?.message) ?? nonEmpty(envelope?.reason) ?? firstUiMessage,
    redirectBrowserTo: nonEmpty(body?.redirect_browser_to),
  };
}

/** The §8 user-facing message for a failed identity call. */
export function flowErrorMessage(details: Pick<IdentityErrorDetails, 'id' | 'message'>, { registration = false } = {}): string {
  if (details.id === SESSION_ALREADY_AVAILABLE) return SESSION_ALREADY_AVAILABLE_MESSAGE;
  if (details.id === SESSION_INACTIVE) return SESSION_INACTIVE_MESSAGE;
  const message = details.message && !isFetchErrorText(details.message) ? details.message : null;
  if (registration) return message ?? DEFAULT_REGISTRATION_MESSAGE;
  const text = message ?? DEFAULT_FLOW_ERROR_MESSAGE;
  return details.id ? `[${details.id}] ${text}` : text;
}

export async function toAuthFlowError(error: unknown, options: { registration?: boolean } = {}): Promise<AuthFlowError> {
  if (error instanceof AuthFlowError) return error;
  const details = await readIdentityError(error);
  return new AuthFlowError(flowErrorMessage(details, options), details, { cause: error });
}
