// npm run db:migrate | db:seed | db:reset
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openConfiguredDatabase } from '../server/boot.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { seedDemoContent } from '../demo/seed.ts';

const command = process.argv[2];

async function run() {
  const config = loadConfig();
  if (command === 'reset') {
    if (config.database.kind === 'pglite') {
      // Not under a running server: the lock refuses while one holds the directory.
      const lock = lockDataDir(config.database.dataDir);
      try {
        await rm(path.resolve(config.database.dataDir, 'pglite'), { recursive: true, force: true });
      } finally {
        lock.release();
      }
    } else {
      const database = await openConfiguredDatabase(config);
      await database.db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public`);
      await database.close();
    }
  }
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
  if (command === 'seed' || command === 'reset') {
    await seedDemoContent(database.db);
    console.log('demo content in place');
  }
  await database.close();
}

if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error('usage: db:migrate | db:seed | db:reset');
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
