// The one Pothos schema builder (DESIGN §1): every domain adds its types and fields in its own
// `graphql.ts` (src/modules/<domain>/graphql.ts); schema.ts imports them all and builds.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import ScopeAuthPlugin, { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import type { FastifyBaseLogger } from 'fastify';
import { isMember, isOrganisationAdmin, isSignedIn, isSiteAdmin, principalOf } from '../../modules/session/permissions.ts';
import type { VerifiedMainToken } from '../../modules/session/tokens.ts';
import { AuthError, BaseError, UnauthorizedError } from '../../shared/errors.ts';
import type { OrganisationAccount, SeatFigures } from '../../modules/organisations/organisations-service.ts';
import type { Services } from '../services.ts';

export interface GraphQLContext {
  services: Services;
  /** The verified `bof_session` claims, or null for an anonymous (or expired, or tampered) token. */
  user: VerifiedMainToken | null;
  requestId: string;
  /** The client's address (request.ip, following TRUSTED_PROXIES): what per-address limits count. */
  clientAddress: string;
  log: FastifyBaseLogger;
}

/** The context of a field behind any scope: the scope has checked that someone is signed in. */
export type SignedInContext = GraphQLContext & { user: VerifiedMainToken };

/**
 * A field its scope refused answers with the §8 result type, so the client sees what it saw
 * before scopes: AuthError for nobody signed in (it refreshes its token and retries), otherwise
 * UnauthorizedError naming the requester.
 */
function refusal({ user }: GraphQLContext, failure?: AuthFailure): Error {
  return user ? new UnauthorizedError(user.user_id ?? user.sub, organisationOf(failure)) : new AuthError();
}

/** The organisation account an `organisationAdmin` scope was asked about (§8 UnauthorizedError.accountId). */
function organisationOf(failure: AuthFailure | undefined): string | null {
  if (!failure) return null;
  if (failure.kind === AuthScopeFailureType.AuthScope)
    return failure.scope === 'organisationAdmin' && typeof failure.parameter === 'string' ? failure.parameter : null;
  if (failure.kind === AuthScopeFailureType.AnyAuthScopes || failure.kind === AuthScopeFailureType.AllAuthScopes)
    return failure.failures.map(organisationOf).find((id) => id !== null) ?? null;
  return null;
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
    authScopes: ({ user, services }) => {
      const principal = principalOf(user);
      return {
        signedIn: isSignedIn(principal),
        member: isMember(principal),
        siteAdmin: isSiteAdmin(principal),
        // The role is read now, from the database (never from a token): a removed admin loses it at once.
        organisationAdmin: async (accountId: string) =>
          isOrganisationAdmin(principal, user && !principal?.isBofAdmin ? await services.organisations.roleOf(user.sub, accountId) : null),
      };
    },
    unauthorizedError: (_parent, context, _info, result) => refusal(context, result.failure),
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

/**
 * §3 OrganisationAccount and OrganisationAccountSeats, open like the Viewer: organisations'
 * graphql.ts implements them, billing's adds `subscriptions`, `recurlyAccountManagementUrl` and
 * `seats.subscription` with `builder.objectFields`.
 */
export const OrganisationAccountRef = builder.objectRef<OrganisationAccount>('OrganisationAccount');
export const OrganisationAccountSeatsRef = builder.objectRef<SeatFigures & { accountId: string }>('OrganisationAccountSeats');
