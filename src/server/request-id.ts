// A request's id: the caller's X-Request-ID when it is a sane one (a proxy's, to follow a request
// across hosts), else a new UUID. Fastify's genReqId and the page hit path (pages.ts) both use it.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
