// Builds one migrated database with the demo content, once per test run (DESIGN §2, STYLE:
// "a fresh database per test file made by copying a migrated template").
// PGlite: the template is a dumped data directory each file restores in under a second.
// PostgreSQL (TEST_DATABASE_URL): the template is a database each file copies with CREATE DATABASE … TEMPLATE.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/database.ts';
import { seedDemoContent } from '../demo/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; serverUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `atelier_template_${process.pid}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${template}`);
    await admin.unsafe(`create database ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, template), max: 2 });
    await database.migrate();
    await seedDemoContent(database.db);
    await database.close();
    project.provide('databaseTemplate', { kind: 'postgres', serverUrl, template });
    return async () => {
      // Drop copies a crashed run left behind, then the template.
      const leftovers = await admin<
        { datname: string }[]
      >`select datname from pg_database where datname like ${`atelier_test_${process.pid}_%`}`;
      for (const { datname } of leftovers) await admin.unsafe(`drop database if exists ${datname} with (force)`);
      await admin.unsafe(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoContent(database.db);
  const dump = await dumpPglite(database);
  await database.close();
  const file = path.resolve('.cache/test-template.tar');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', file });
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
