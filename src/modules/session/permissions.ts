// Who may do what, decided once (issue 14, decision 027). Four named levels, each a function of
// the verified session claims (membership level and admin are token claims: no database read).
// GraphQL's scopes (server/graphql/builder.ts), tRPC's procedures (server/trpc/trpc.ts) and page
// loaders all ask these functions; no resolver or page writes its own role check.
import { isMemberLevel } from '../../shared/membership.ts';
import type { MainTokenClaims } from './tokens.ts';

/**
 * The facts a permission is decided from. A page's session user (web/auth/session-user.ts) has
 * this shape as it is; the API's verified main token is turned into it by `principalOf`.
 */
export interface Principal {
  readonly membershipLevel: string;
  readonly isBofAdmin: boolean;
  /** The session user of a page says so explicitly; a verified token always is signed in. */
  readonly isLoggedIn?: boolean;
}

type Someone = Principal | null | undefined;

/** The principal of a verified main token (GraphQL and tRPC context), or null for an anonymous request. */
export function principalOf(claims: Pick<MainTokenClaims, 'membership_level' | 'is_bof_admin'> | null | undefined): Principal | null {
  return claims ? { membershipLevel: claims.membership_level, isBofAdmin: claims.is_bof_admin } : null;
}

/** signedIn: a verified session user. */
export function isSignedIn(user: Someone): user is Principal {
  return user !== null && user !== undefined && user.isLoggedIn !== false;
}

/** member: a membership that opens something (not None; a Restricted one opens nothing beyond registration, as the walls say). */
export function isMember(user: Someone): boolean {
  return isSignedIn(user) && isMemberLevel(user.membershipLevel.trim());
}

/** siteAdmin: the site's own staff (`is_bof_admin`). */
export function isSiteAdmin(user: Someone): boolean {
  return isSignedIn(user) && user.isBofAdmin;
}

/**
 * organisationAdmin: may administer an organisation account (§6: its OWNER or an ADMIN of it), or
 * is site staff. The role is not in the tokens: the caller reads it from the database at the moment
 * of asking (organisations' `roleOf`), so a removed admin loses the power at once.
 */
export function isOrganisationAdmin(user: Someone, organisationRole: string | null | undefined): boolean {
  if (!isSignedIn(user)) return false;
  return user.isBofAdmin || organisationRole === 'OWNER' || organisationRole === 'ADMIN';
}
