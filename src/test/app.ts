// The whole Fastify app on a fresh test database, for HTTP tests through inject().
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { buildApp } from '../server/app.ts';
import { createTestDatabase } from './database.ts';

export async function createTestApp(env: Record<string, string> = {}, { passwordParams }: { passwordParams?: { memoryCost: number; timeCost: number; parallelism: number } } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SITE_URL: 'https://atelier.test', ...env });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, passwordParams, logger: false });
  await app.ready();
  // Tests may look at rows directly (e.g. a story's whole text, to prove it is not sent).
  return Object.assign(app, { db: database.db });
}
