// What every React Router loader and action receives from the server (getLoadContext).
import type { PublicConfig } from '../config/config.ts';
import type { Services } from './services.ts';
import type { SessionUser } from '../shared/auth/session-user.ts';
import type { PageFacts } from './page-decision.ts';
import type { KeptOnServer } from '../web/lib/prerendered-data.ts';

export interface AppLoadContextValue {
  config: PublicConfig & { careers: { jobsUrl: string; contactUrl: string } };
  services: Services;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  requestId: string;
  /** The client's address: the connecting one, or as a proxy named in TRUSTED_PROXIES forwards it. */
  clientAddress: string;
  /** The signed-in reader (§3 session user, from the verified bof_session), or null when anonymous. */
  user: SessionUser | null;
  /**
   * What the page's access decision learnt before the render (page-decision.ts): whether the render
   * is shared by every reader with the same decision (then loaders put nothing personal in it), and
   * on a story page the story as this reader may see it. Null when nothing was decided (tests).
   */
  page: PageFacts | null;
  /**
   * On a document render, the values loaders keep on the server because only parts the browser
   * keeps as the server wrote them show them (web/lib/prerendered-data.ts); null on a data request.
   * Set by pages.ts.
   */
  keptOnServer: KeptOnServer;
  /**
   * Mints the product session tokens again and sets them on the response: an action that changes
   * a claim (user data completed, email changed) calls it so the next page already sees the change.
   */
  refreshSession(): Promise<SessionUser | null>;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppLoadContextValue {}
}
