// Uncaught errors and unhandled rejections become application_error events (SPEC §8), message cut
// to 2048 and stack to 8192 characters, except the known noisy script errors.
import { LIMITS } from '../../shared/analytics/limits.ts';
import type { EventPayloads } from '../../shared/analytics/events.ts';

/** §8: errors browsers, extensions and autofill raise that say nothing about our code. */
export const NOISY_ERRORS: readonly RegExp[] = [
  // Cross-origin script errors: the browser hides everything but this text.
  /^script error\.?$/i,
  // Address autofill of some browsers destructuring a missing object.
  /destructure property ['"]?address['"]?/i,
  // In-app browsers' autofill bridge calling a handler the page never defined.
  /_?autofillcallbackhandler/i,
  /illegal invocation/i,
  // Chrome's two wordings and Safari's, of reading a property of undefined.
  /cannot read propert(?:y|ies) (?:'[^']*' )?of undefined/i,
  /undefined is not an object \(evaluating/i,
];

export function isNoisyError(message: string): boolean {
  return NOISY_ERRORS.some((pattern) => pattern.test(message.trim()));
}

export function applicationErrorPayload(error: unknown, fallbackMessage = ''): EventPayloads['application_error'] {
  const message =
    error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : fallbackMessage || safeString(error);
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  return {
    message: (message || 'Unknown error').slice(0, LIMITS.errorMessage),
    ...(stack ? { stack: stack.slice(0, LIMITS.errorStack) } : {}),
  };
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '';
  }
}

type Report = (payload: EventPayloads['application_error']) => void;

/** Listens on the window; returns the function that stops listening. */
export function installErrorReporting(win: Window, report: Report): () => void {
  const onError = (event: ErrorEvent) => {
    const payload = applicationErrorPayload(event.error ?? event.message, event.message);
    if (!isNoisyError(payload.message) && !isNoisyError(event.message ?? '')) report(payload);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const payload = applicationErrorPayload(event.reason);
    if (!isNoisyError(payload.message)) report(payload);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
