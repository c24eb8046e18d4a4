// The baseline every benchmark divides by: a bare Fastify route in a process of its own (plain
// JavaScript, no loader), as the site runs in its own process. Started by bench/measure.ts
// startBaseline; prints "ready" once listening and closes on SIGTERM.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

const bare = Fastify();
bare.get('/', async () => 'ok');
// The same route answering N bytes (incompressible, made once): a page's bytes cost the client and
// the loopback the same whoever sends them, so a page is also compared with a bare route sending as much.
const bodies = new Map();
bare.get('/bytes/:size', async (request, reply) => {
  const size = Math.min(Number(request.params.size) || 0, 1 << 20);
  if (!bodies.has(size)) bodies.set(size, randomBytes(size));
  return reply.type('text/html; charset=utf-8').send(bodies.get(size));
});
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  bare.close().then(() => process.exit(0));
});
