// A fresh copy of the migrated, seeded template for one test file.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { withDatabase } from './global-setup.ts';

/** `url`: where a second process would connect (PostgreSQL only). */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const bytes = await readFile(template.file);
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([bytes]) });
  }
  const name = `atelier_test_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(template.serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${template.template}`);
  const url = withDatabase(template.serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, max: 4 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
