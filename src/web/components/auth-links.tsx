// The sign-in and register buttons (masthead, walls, banners) and the wall's email-code sign-up go
// through the browser auth client's §4 journeys: login() stores where to come back to and opens a
// fresh login flow, register() does the same for the registration screen, customRegistration()
// starts a code registration for the typed address. Before the client has loaded (no JavaScript
// yet) each is a plain link or form to the same screen, which starts its own flow.
import { useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { AuthFlowError } from '../auth/auth-errors.ts';
import type { AuthClient } from '../auth/auth-client.ts';
import { browserAuthStarting } from '../lib/session.ts';
import { withReturnTo } from '../routes/user/user-paths.ts';
import { paths } from '../../shared/paths.ts';

/** A plain left click, which the journey may take over (a new tab or window keeps the link). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Where to come back to: the caller's choice, else this page — except the sign-in screens
 * themselves (/user/…), which would only start another sign-in: those come back to the home page.
 */
function comeBackTo(redirectTo: string | undefined): { redirectTo?: string } {
  if (redirectTo) return { redirectTo };
  return window.location.pathname.startsWith('/user/') ? { redirectTo: '/' } : {};
}

/** Runs `journey` with the auth client when it is there; otherwise the link does its plain job. */
function throughClient(event: MouseEvent<HTMLAnchorElement>, journey: (client: AuthClient) => Promise<void> | void) {
  const auth = browserAuthStarting();
  if (!auth || !isPlainClick(event)) return;
  event.preventDefault();
  const fallback = event.currentTarget.href;
  // A journey that cannot start (network, provider) still gets the reader to the screen.
  void auth.then(journey).catch(() => window.location.assign(fallback));
}

interface AuthLinkProps {
  className?: string;
  children: ReactNode;
  /** Where to land afterwards; default the current page (§4 login redirect storage). */
  redirectTo?: string;
  /** Runs first, e.g. an analytics event. */
  onClick?: () => void;
}

export function SignInLink({ className, children, redirectTo, onClick }: AuthLinkProps) {
  return (
    <a
      href={withReturnTo(paths.login(), redirectTo)}
      className={className}
      onClick={(event) => {
        onClick?.();
        throughClient(event, (client) => client.login(comeBackTo(redirectTo)));
      }}
    >
      {children}
    </a>
  );
}

export function RegisterLink({ className, children, redirectTo, onClick }: AuthLinkProps) {
  return (
    <a
      href={withReturnTo(paths.register(), redirectTo)}
      className={className}
      onClick={(event) => {
        onClick?.();
        throughClient(event, (client) => client.register(comeBackTo(redirectTo)));
      }}
    >
      {children}
    </a>
  );
}

/**
 * "Or sign up with a code": the address goes to a code registration (customRegistration), then the
 * registration screen asks for the emailed code. New accounts pass through one-more-step on their
 * way back here (decision 009). Without the client the form opens the registration screen.
 */
export function CodeRegistrationForm({ returnTo }: { returnTo: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const next = withReturnTo('/user/one-more-step/', returnTo);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const auth = browserAuthStarting();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!auth || !email) return;
    event.preventDefault();
    setProblem(null);
    setSending(true);
    try {
      const client = await auth;
      await client.customRegistration({ email, redirectTo: new URL(next, window.location.href).href });
    } catch (error) {
      setProblem(error instanceof AuthFlowError ? error.message : 'Something went wrong!');
      setSending(false);
    }
  }

  return (
    <form
      method="get"
      action={paths.register()}
      className="wall__code"
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Sign up with a code"
    >
      <input type="hidden" name="return_to" value={returnTo} />
      <label htmlFor="wall-code-email" className="field__label">
        Or sign up with your email address: we’ll send you a code
      </label>
      <div className="wall__code-row">
        <input
          id="wall-code-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          className="field__input"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'wall-code-problem' : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={sending}>
          {sending ? 'Sending…' : 'Email me a code'}
        </button>
      </div>
      {problem && (
        <p id="wall-code-problem" className="field__message field__message--error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
