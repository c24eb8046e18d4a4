// The baseline every benchmark divides by: a bare Fastify route in a process of its own (plain
// JavaScript, no loader), as the site runs in its own process. Started by bench/measure.ts
// startBaseline; prints "ready" once listening and closes on SIGTERM.
import Fastify from 'fastify';

const bare = Fastify();
bare.get('/', async () => 'ok');
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  bare.close().then(() => process.exit(0));
});
