// The one Pothos schema builder (DESIGN §1): every domain adds its types and fields in its own
// `graphql.ts` (src/modules/<domain>/graphql.ts); schema.ts imports them all and builds.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { FastifyBaseLogger } from 'fastify';
import { isMember, isOrganisationAdmin, isSignedIn, isSiteAdmin, principalOf } from '../../modules/session/permissions.ts';
import type { VerifiedMainToken } from '../../modules/session/tokens.ts';
import { AuthError, BaseError, UnauthorizedError } from '../../shared/errors.ts';
import type { Services } from '../services.ts';

export interface GraphQLContext {
  services: Services;
  /** The verified `bof_session` claims, or null for an anonymous (or expired, or tampered) token. */
  user: VerifiedMainToken | null;
  requestId: string;
  log: FastifyBaseLogger;
}

/** The context of a field behind any scope: the scope has checked that someone is signed in. */
export type SignedInContext = GraphQLContext & { user: VerifiedMainToken };

/**
 * A field its scope refused answers with the §8 result type, so the client sees what it saw
 * before scopes: AuthError for nobody signed in (it refreshes its token and retries), otherwise
 * UnauthorizedError naming the requester.
 */
function refusal({ user }: GraphQLContext): Error {
  return user ? new UnauthorizedError(user.user_id ?? user.sub) : new AuthError();
}

/** Query limits (§ "depth, cost and alias limits"); generous for the screens, small enough to stop abuse. */
export const QUERY_LIMITS = { depth: 10, breadth: 60, complexity: 1000, aliases: 15 } as const;

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { DateTime: { Input: Date; Output: Date | string } };
  DefaultFieldNullability: false;
  // The named permission levels (decision 027), decided by session/permissions.ts.
  AuthScopes: { signedIn: boolean; member: boolean; siteAdmin: boolean; organisationAdmin: string };
  AuthContexts: { signedIn: SignedInContext; member: SignedInContext; siteAdmin: SignedInContext; organisationAdmin: SignedInContext };
}>({
  // The errors plugin comes first so that it wraps scope-auth: a refused scope's error becomes a
  // member of the field's result union like any error the resolver throws.
  plugins: [ErrorsPlugin, ScopeAuthPlugin, DataloaderPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  // Errors come back as members of each field's result union (§8), not in `errors`; every union
  // has BaseError, the refusal any operation may answer with.
  errors: { directResult: true, defaultTypes: [BaseError] },
  scopeAuth: {
    // Once per request, from the verified token: the claims hold the membership level and admin.
    authScopes: ({ user }) => {
      const principal = principalOf(user);
      return {
        signedIn: isSignedIn(principal),
        member: isMember(principal),
        siteAdmin: isSiteAdmin(principal),
        organisationAdmin: (organisationId: string) => isOrganisationAdmin(principal, organisationId),
      };
    },
    unauthorizedError: (_parent, context) => refusal(context),
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    limit: { depth: QUERY_LIMITS.depth, breadth: QUERY_LIMITS.breadth, complexity: QUERY_LIMITS.complexity },
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO 8601 string');
    return date;
  },
});

/** What every Viewer field resolves from: the verified session claims (each field loads what it needs). */
export interface ViewerSource {
  claims: VerifiedMainToken;
}

/**
 * The signed-in person (§3 Viewer), open: `viewer` is accounts' query, and each module adds the
 * fields it owns with `builder.objectFields(Viewer, …)` in its own graphql.ts.
 */
export const Viewer = builder.objectRef<ViewerSource>('Viewer').implement({ description: 'The signed-in person.' });
