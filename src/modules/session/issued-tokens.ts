// Its own file so resolve-user.ts can name it without importing session-service.ts (which imports resolve-user.ts).
import type { SessionUser } from '../../shared/auth/session-user.ts';
import type { MainTokenClaims, MintedToken } from './tokens.ts';

/** What the auth endpoint (or a first page load) sets as cookies. */
export interface IssuedTokens {
  main: MintedToken;
  paywall: MintedToken;
  claims: MainTokenClaims;
  /** The session user (§3) the two tokens describe. */
  user: SessionUser;
  /**
   * How long the browser keeps the cookies: the identity session's remaining life. Longer than
   * the tokens on purpose: an expired token left in the cookie tells the browser auth layer to
   * refresh (§4), where a vanished cookie would read as signed out after a laptop sleeps.
   */
  cookieMaxAgeSeconds: number;
}
