// Ends the lead-in for a member whose email address is not confirmed yet (decision 040): their
// membership opens the story once the address is theirs, so this wall asks for the code, never for
// another purchase. The page is shared by every such reader, so the address is the browser's to
// fill in (from the readable session claims), not the server's.
import { useLocation } from 'react-router';
import { useRootData } from '../lib/root-data.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { useSessionUser } from '../lib/session.ts';

/** The confirmation screen (decision 036), coming back to this story once the code is entered. */
export function confirmEmailUrl(returnTo: string): string {
  return `/user/confirm-email?${new URLSearchParams({ return_to: returnTo })}`;
}

export function ConfirmEmailWall() {
  const root = useRootData();
  const { pathname } = useLocation();
  const email = useSessionUser()?.email;
  const href = confirmEmailUrl(canonicalUrl(root?.config.siteUrl ?? '', pathname));
  return (
    <aside className="wall wall--confirm-email" aria-labelledby="wall-title" data-wall="confirm-email">
      <h2 id="wall-title" className="wall__title">
        Confirm your email address to start reading
      </h2>
      <p>
        Your membership is ready. We sent a six-digit code to{' '}
        {email ? <strong data-testid="wall-email">{email}</strong> : 'your email address'}: enter it to read the whole story.
      </p>
      <p className="wall__actions">
        {/* The confirmation screen starts its own flow (a document load), as the identity screens do. */}
        <a className="button" href={href}>
          Confirm your email address
        </a>
        <span>
          No code? <a href={href}>Send a new code</a>
        </span>
      </p>
    </aside>
  );
}
