// Start-up steps shared by the server and the database CLI.
import { count } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { seedDemoContent } from '../db/seed.ts';
import { stories } from '../modules/content/schema.ts';

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
  return { seeded: true };
}
