// The HTTP server Fastify runs on (its serverFactory), built as Fastify builds its own, with one
// addition: each request is first offered to the page hit path (pages.ts serveHit), which answers
// an anonymous reader's stored page before Fastify parses, routes and hooks it (decision 070).
// Whatever the hit path declines goes to Fastify untouched.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

export type HitPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The settings Fastify hands its serverFactory (its options, defaults filled in). */
interface ServerSettings {
  http?: http.ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * `hitPath()` is read on every request: the pages are registered after Fastify is made, so the
 * server starts with none and answers everything through Fastify until they are.
 */
export function serverWithHitPath(hitPath: () => HitPath | null) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: ServerSettings) => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!hitPath()?.(request, response)) handler(request, response);
    });
    // Fastify's own settings for the server it would have made (lib/server.js getServerInstance).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
