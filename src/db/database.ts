// The database handle every module receives. PGlite (embedded, in-process) by default,
// PostgreSQL over postgres.js when a URL is given; the same drizzle API and migrations on both.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  migrate(): Promise<void>;
  /** Round trip to the database; used by /readyz. */
  ping(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel`, from any process on this database (PostgreSQL
   * LISTEN; on PGlite only this process can notify). Resolves once listening; the result stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; max?: number };

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const client = postgres(options.url, { max: options.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client);
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await client`select 1`;
      },
      listen: async (channel, onPayload) => {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir ? path.resolve(options.dataDir, 'pglite') : undefined,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client);
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/** Snapshot of an in-memory PGlite database, for test templates. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
