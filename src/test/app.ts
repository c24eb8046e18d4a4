// The whole Fastify app on a fresh test database, for HTTP tests through inject().
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { buildApp } from '../server/app.ts';
import { createTestDatabase } from './database.ts';

export async function createTestApp(
  env: Record<string, string> = {},
  {
    passwordParams,
    sameDatabaseAs,
  }: {
    passwordParams?: { memoryCost: number; timeCost: number; parallelism: number };
    /** Another process on that app's database (PostgreSQL only: PGlite has one process); close it before that app. */
    sameDatabaseAs?: { databaseUrl?: string };
  } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SITE_URL: 'https://atelier.test', ...env });
  if (sameDatabaseAs && !sameDatabaseAs.databaseUrl) throw new Error('A second process needs a PostgreSQL test database.');
  const database = sameDatabaseAs?.databaseUrl
    ? { ...(await openDatabase({ kind: 'postgres', url: sameDatabaseAs.databaseUrl, max: 4 })), url: sameDatabaseAs.databaseUrl }
    : await createTestDatabase();
  const app = await buildApp({ config, database, passwordParams, logger: false });
  await app.ready();
  // Tests may look at rows directly (e.g. a story's whole text, to prove it is not sent).
  const extras: { db: Db; /** PostgreSQL only: for a second process on the same database. */ databaseUrl?: string } = {
    db: database.db,
    databaseUrl: database.url,
  };
  return Object.assign(app, extras);
}
