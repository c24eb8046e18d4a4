// tRPC over HTTP at the configured path (§7, DESIGN §1): batched, GET for queries, POST for
// mutations (tRPC refuses a mutation over GET), answers never stored by shared caches.
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { TRPC_MAX_BATCH_SIZE } from './limits.ts';
import { appRouter, type AppRouter } from './router.ts';
import { createTrpcContext } from './trpc.ts';

export interface TrpcRouteOptions {
  /** Path prefix, e.g. /trpc. */
  prefix: string;
  services: Services;
  siteOrigin: string;
}

export async function registerTrpc(app: FastifyInstance, { prefix, services, siteOrigin }: TrpcRouteOptions) {
  const trpcOptions: FastifyHandlerOptions<AppRouter, FastifyRequest, FastifyReply> = {
    router: appRouter,
    allowBatching: true,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: ({ req }) => createTrpcContext(req, { services, siteOrigin }),
    // Answers depend on the reader's cookies.
    responseMeta: () => ({ headers: { 'cache-control': 'private, no-store' } }),
    onError({ error, path, req }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
    },
  };

  // fastifyTRPCPlugin would route `${prefix}/:path`, and Fastify caps a parameter at 100
  // characters: a batch of a few procedure names would not be found. A wildcard has no cap.
  await app.register(async (scope) => {
    // tRPC parses the body itself, so a malformed one gets tRPC's error shape (this scope only).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.route<{ Params: { '*': string } }>({
      url: `${prefix}/*`,
      method: ['GET', 'POST'],
      handler: (req, res) => fastifyRequestHandler({ ...trpcOptions, req, res, path: req.params['*'] }),
    });
  });
}
