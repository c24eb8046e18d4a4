// Start-up steps shared by the server and the database CLI.
import { count } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { seedDemoAccounts, seedDemoContent } from '../db/seed.ts';
import { seedDemoAnalytics } from '../modules/analytics/demo-events.ts';
import { stories } from '../modules/content/schema.ts';
import type { Services } from './services.ts';

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(config.database.kind === 'postgres' ? { kind: 'postgres', url: config.database.url } : { kind: 'pglite', dataDir: config.database.dataDir });
}

/** Migrations always; demo content when enabled and the site has no stories yet. */
export async function prepareDatabase(database: Database, config: Config): Promise<{ seeded: boolean }> {
  await database.migrate();
  if (!config.demoContent) return { seeded: false };
  const [row] = await database.db.select({ n: count() }).from(stories);
  if ((row?.n ?? 0) > 0) return { seeded: false };
  await seedDemoContent(database.db);
  if (config.appEnv !== 'prod') await seedDemoAnalytics(database.db, { siteUrl: config.siteUrl });
  return { seeded: true };
}

/**
 * The demo accounts (README) go with the demo content, never in prod. They need the services
 * (identity, accounts, memberships), so this runs once the app is built. Checked on every start:
 * a database seeded before they existed gets them too; accounts that exist are left alone.
 */
export async function prepareDemoAccounts(database: Database, services: Services, config: Config): Promise<{ created: string[] }> {
  if (!config.demoContent || config.appEnv === 'prod') return { created: [] };
  return { created: await seedDemoAccounts(database.db, services) };
}
