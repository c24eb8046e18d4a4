// Listening without Fastify's "Server listening at …" lines: with HOST=0.0.0.0 it names every
// interface, 127.0.0.1 first, and a reader who opens that address is on another site than
// SITE_URL (cookies, sign-in). The servers log one address themselves: the site URL.
import type { FastifyInstance } from 'fastify';

export async function listenQuietly(app: FastifyInstance, options: { host: string; port: number }): Promise<void> {
  // Ready first (its hooks start the jobs and may log), so only the listening lines are held back.
  await app.ready();
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await app.listen(options);
  } finally {
    app.log.level = level;
  }
}
