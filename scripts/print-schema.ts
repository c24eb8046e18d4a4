// Writes the GraphQL schema to schema.graphql (committed; src/server/graphql/graphql.int.test.ts keeps it current).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printedSchema } from '../src/server/graphql/schema.ts';

await writeFile(path.resolve(import.meta.dirname, '../schema.graphql'), printedSchema());
console.log('wrote schema.graphql');
