// The database handle every module receives. PGlite (embedded, in-process) by default,
// PostgreSQL over postgres.js when a URL is given; the same drizzle API and migrations on both.
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock.ts';

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
   * `onRelisten` runs when a lost connection was replaced and listens again (PostgreSQL): whatever
   * was sent in between was missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onRelisten?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions = { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string; max?: number };

/**
 * Extensions every PGlite instance loads when it is created (PGlite has no shared library folder;
 * a migration's `CREATE EXTENSION` finds only what was loaded here). PostgreSQL ships them itself.
 * pg_trgm: the search module's typo tolerance (decision 049); btree_gin: its sample bucket in the
 * vectors' GIN indexes (decision 058).
 */
const PGLITE_EXTENSIONS: PGliteOptions['extensions'] = { pg_trgm, btree_gin };

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
      listen: async (channel, onPayload, onRelisten) => {
        let listened = false;
        const { unlisten } = await client.listen(channel, onPayload, () => {
          if (listened) onRelisten?.();
          listened = true;
        });
        return unlisten;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (!options.dataDir) return pgliteDatabase(new PGlite({ loadDataDir: options.loadDataDir, extensions: PGLITE_EXTENSIONS }));
  // Before PGlite touches the directory: a second process must not open it (decision 017).
  const lock = lockDataDir(options.dataDir);
  try {
    const dataDir = await initialisedPgliteDir(options.dataDir);
    const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir, extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    return pgliteDatabase(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

function pgliteDatabase(client: PGlite, afterClose: () => void = () => {}): Database {
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
    close: async () => {
      try {
        await client.close();
      } finally {
        afterClose();
      }
    },
  };
}

/**
 * The PGlite directory under dataDir, created whole or not at all. PGlite's first start copies a
 * fresh cluster file by file and only then counts the directory as a database; a process killed
 * half-way through left one that never opened again. So it is made under a temporary name and
 * renamed into place once closed; a leftover temporary directory is a start that died: redone.
 */
async function initialisedPgliteDir(dataDir: string): Promise<string> {
  const final = path.resolve(dataDir, 'pglite');
  if (existsSync(path.join(final, 'PG_VERSION'))) return final;
  const draft = `${final}.initialising`;
  await rm(draft, { recursive: true, force: true });
  const fresh = new PGlite({ dataDir: draft, extensions: PGLITE_EXTENSIONS });
  await fresh.waitReady;
  await fresh.close();
  await rm(final, { recursive: true, force: true });
  await rename(draft, final);
  return final;
}

/** Snapshot of an in-memory PGlite database, for test templates. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
