// tRPC's building blocks (§7 "Typed RPC-style client"): the per-request context, the error shape
// the browser reads, and the procedures by permission level. Services throw the same AppErrors as
// for GraphQL; here each becomes the tRPC code the one table gives it (src/shared/errors.ts,
// decision 027): AuthError UNAUTHORIZED, InputError BAD_REQUEST …
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isUnstorableTextError, UNSTORABLE_TEXT_MESSAGE } from '../../db/unstorable-text.ts';
import { isMember, isSignedIn, isSiteAdmin, principalOf, type Principal } from '../../modules/session/permissions.ts';
import type { VerifiedMainToken } from '../../modules/session/tokens.ts';
import { AppError, AuthError, InputError, SOMETHING_WENT_WRONG, UnauthorizedError } from '../../shared/errors.ts';
import type { Services } from '../services.ts';
import { isFromOwnSite } from '../same-origin.ts';

export interface TrpcContext {
  services: Services;
  /** The verified main-token claims; null when the token is missing, expired or tampered with. */
  user: VerifiedMainToken | null;
  /** False when the browser says another site sent the request: mutations are refused then. */
  fromOwnSite: boolean;
  requestId: string;
  log: FastifyBaseLogger;
}

export const CROSS_SITE_MESSAGE = 'This request came from another site, so it was not accepted.';

export async function createTrpcContext(
  request: FastifyRequest,
  { services, siteOrigin }: { services: Services; siteOrigin: string },
): Promise<TrpcContext> {
  return {
    services,
    user: await services.session.userFromRequest(request.cookies),
    fromOwnSite: isFromOwnSite(request, siteOrigin),
    requestId: request.id,
    log: request.log,
  };
}

/** The input error behind a tRPC error: ours from a service, or zod's from a procedure's input. */
function inputErrorOf(cause: unknown): InputError | null {
  if (cause instanceof InputError) return cause;
  if (cause instanceof z.ZodError) return InputError.fromZod(cause);
  return null;
}

function codeForDomainError(cause: unknown): TRPC_ERROR_CODE_KEY | null {
  if (cause instanceof AppError) return cause.trpcCode;
  // Text the database refused slipped past a schema: the caller's mistake, not a server fault.
  if (inputErrorOf(cause) || isUnstorableTextError(cause)) return 'BAD_REQUEST';
  return null;
}

const t = initTRPC.context<TrpcContext>().create({
  // Never send stack traces, whatever NODE_ENV says (§8).
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    const input = inputErrorOf(error.cause);
    const unexpected = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      // An unexpected error's own message may describe internals; support finds it by request id.
      message: unexpected
        ? SOMETHING_WENT_WRONG
        : isUnstorableTextError(error.cause)
          ? UNSTORABLE_TEXT_MESSAGE
          : (input?.message ?? shape.message),
      data: {
        ...shape.data,
        ...(input && { fieldErrors: input.fieldErrors }),
        // §8: the client recognises an auth error by its type, within 3 levels (isAuthError).
        ...(error.cause instanceof AuthError && { type: error.cause.type }),
        ...(unexpected && ctx && { requestId: ctx.requestId }),
      },
    };
  },
});

export const router = t.router;

// Outermost: whatever a service or a later middleware throws keeps its domain meaning.
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const { cause } = result.error;
  // Developer context of an expected error goes to the log only; the answer carries its message.
  if (cause instanceof AppError && (cause.details || cause.cause)) ctx.log.info({ err: cause, details: cause.details }, 'request refused');
  const code = codeForDomainError(cause);
  if (!code || code === result.error.code) return result;
  return { ...result, error: new TRPCError({ code, message: result.error.cause!.message, cause: result.error.cause }) };
});

const ownSiteMutations = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && !ctx.fromOwnSite) throw new TRPCError({ code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(ownSiteMutations);

/**
 * A procedure for one permission level (session/permissions.ts). Nobody signed in gets
 * UNAUTHORIZED marked as an AuthError (isAuthError in the browser refreshes and retries); someone
 * signed in without the level gets FORBIDDEN. The verified claims are `ctx.claims`.
 */
function procedureFor(allowed: (principal: Principal) => boolean) {
  return publicProcedure.use(({ ctx, next }) => {
    const principal = principalOf(ctx.user);
    if (!ctx.user || !isSignedIn(principal)) throw new AuthError();
    if (!allowed(principal)) throw new UnauthorizedError(ctx.user.user_id ?? ctx.user.sub);
    return next({ ctx: { claims: ctx.user } });
  });
}

/** signedIn: any verified session user. */
export const signedInProcedure = procedureFor(isSignedIn);
/** member: a membership that opens something. */
export const memberProcedure = procedureFor(isMember);
/** siteAdmin: the site's own staff. */
export const adminProcedure = procedureFor(isSiteAdmin);
