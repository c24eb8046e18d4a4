// "This machine only" (issue 13, safe defaults; decision 017): the development tools and the demo
// accounts, whose secrets are public, answer loopback clients only, so `npm start` stays a
// one-command demo on a laptop and gives nothing away when the same process is reachable from a
// network. Judged on the socket's address, never on a forwarded header: a header is the client's
// word, and any request that came through a proxy (even one on this machine) is someone else's.
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return Boolean(address) && LOOPBACK.check(address!, isIPv6(address!) ? 'ipv6' : 'ipv4');
}

export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** An onRequest hook for the development tools (mailbox, recent analytics). */
export async function thisMachineOnly(request: FastifyRequest, reply: FastifyReply) {
  if (fromThisMachine(request)) return;
  return reply
    .code(403)
    .header('cache-control', 'no-store')
    .send({
      error: { message: 'The development tools answer only this machine (loopback): open them on the computer the server runs on.' },
    });
}
