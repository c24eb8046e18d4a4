// GraphQL over HTTP at the configured path (§7): queries by GET or POST, mutations by POST only,
// a CSRF header on anything a browser could send without a preflight, depth/cost/alias limits,
// introspection off in production, and no stack trace ever leaving the server (§8).
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { useCSRFPrevention as csrfPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection as disableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { isUnstorableTextError, UNSTORABLE_TEXT_MESSAGE } from '../../db/unstorable-text.ts';
import type { Services } from '../services.ts';
import type { GraphQLContext } from './builder.ts';
import { QUERY_LIMITS } from './builder.ts';
import { SOMETHING_WENT_WRONG } from './errors.ts';
import { schema } from './schema.ts';

/** The header our GraphQL client sends on every call (the §7 "custom header"); see useCSRFPrevention. */
export const GRAPHQL_CSRF_HEADER = 'x-atelier-csrf';

export interface GraphQLRouteOptions {
  path: string;
  services: Services;
  siteOrigin: string;
  production: boolean;
}

export async function registerGraphQL(app: FastifyInstance, { path, services, siteOrigin, production }: GraphQLRouteOptions) {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>({
    schema,
    graphqlEndpoint: path,
    graphiql: false,
    landingPage: false,
    logging: false,
    // Cookies carry the session: only our own pages may call with credentials.
    cors: {
      origin: siteOrigin,
      credentials: true,
      allowedHeaders: ['content-type', GRAPHQL_CSRF_HEADER, 'x-app-version', 'x-app-name', 'x-captcha-token'],
    },
    // A backstop: unexpected errors are already replaced (and logged) by hideUnexpectedErrors.
    maskedErrors: { errorMessage: SOMETHING_WENT_WRONG },
    context: async ({ req }) => ({
      services,
      user: await services.session.userFromRequest(req.cookies),
      requestId: req.id,
      clientAddress: req.ip,
      log: req.log,
    }),
    plugins: [
      csrfPrevention({ requestHeaders: [GRAPHQL_CSRF_HEADER] }),
      maxAliasesPlugin({ n: QUERY_LIMITS.aliases, exposeLimits: true }),
      // Introspection included (the complexity plugin only weighs the schema's own fields).
      maxDepthPlugin({ n: QUERY_LIMITS.depth, exposeLimits: true, flattenFragments: true, ignoreIntrospection: false }),
      ...(production ? [disableIntrospection()] : []),
      hideUnexpectedErrors(),
    ],
  });

  app.route({
    url: path,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (request, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.header('cache-control', 'private, no-store');
      reply.status(response.status);
      // A JSON answer is sent whole, so its length is known and compression's threshold applies:
      // streamed, even a 300-byte answer went through a brotli stream (9 % of a member's query, issue 15).
      // Anything else (an event stream) stays a stream.
      if (/json/.test(response.headers.get('content-type') ?? '')) return reply.send(Buffer.from(await response.arrayBuffer()));
      return reply.send(response.body);
    },
  });
}

/**
 * Errors a resolver did not mean to show (a bug, a lost database connection) are logged with the
 * request id and replaced by 'Something went wrong!' carrying that id, so support can find the log.
 * GraphQL's own errors (a bad query, a limit) are the caller's to read and pass through.
 */
function hideUnexpectedErrors(): Plugin<GraphQLContext> {
  return {
    onExecute() {
      return {
        onExecuteDone({ args, result, setResult }) {
          if (Symbol.asyncIterator in result) return;
          const single = result as ExecutionResult;
          if (!single.errors?.length) return;
          const context = args.contextValue as GraphQLContext;
          setResult({
            ...single,
            errors: single.errors.map((error) => {
              const cause = error.originalError;
              if (!cause || cause instanceof GraphQLError) return error;
              // Text the database refused slipped past a schema: the caller's mistake, not a server fault.
              if (isUnstorableTextError(cause))
                return new GraphQLError(UNSTORABLE_TEXT_MESSAGE, {
                  path: error.path,
                  nodes: error.nodes,
                  extensions: { code: 'BAD_USER_INPUT' },
                });
              context.log.error({ err: cause, path: error.path }, 'graphql resolver failed');
              return new GraphQLError(SOMETHING_WENT_WRONG, {
                path: error.path,
                nodes: error.nodes,
                extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: context.requestId },
              });
            }),
          });
        },
      };
    },
  };
}
