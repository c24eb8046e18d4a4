// Array literals read back by the database itself (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// what goes in through `unnest` is what comes out, however awkward the text.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { arrayLiteral } from './array-literal.ts';
import type { Database } from './database.ts';
import { rowsOf } from './rows.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const AWKWARD = [
  'plain',
  '',
  'NULL',
  'null',
  '"quoted"',
  'back\\slash \\" and \\\\',
  '{braces}, commas, and spaces ',
  ' leading space',
  'line\nbreak\ttab\rreturn',
  'Ünïcödé — “smart” 👗',
];

describe('arrayLiteral', () => {
  it('round-trips text, JSON, timestamps, integers and nulls through unnest', async () => {
    const at = new Date('2026-12-01T21:15:30.123Z');
    const rows = [
      ...AWKWARD.map((text, i) => ({ text, json: { text, list: [text, i], nested: { '"key"': text } }, at, n: i })),
      { text: null, json: null, at: null, n: null },
    ];
    const result = await database.db.execute(sql`
      select t, j, a, n from unnest(
        ${arrayLiteral(rows, 'text')}::text[], ${arrayLiteral(rows, 'json')}::jsonb[],
        ${arrayLiteral(rows, 'at')}::timestamptz[], ${arrayLiteral(rows, 'n')}::integer[]
      ) with ordinality as u(t, j, a, n, i) order by i`);
    const list = rowsOf<{ t: string | null; j: unknown; a: Date | string | null; n: number | null }>(result);
    expect(list.map((row) => row.t)).toEqual(rows.map((row) => row.text));
    expect(list.map((row) => row.j)).toEqual(rows.map((row) => row.json));
    expect(list.map((row) => (row.a === null ? null : new Date(row.a).toISOString()))).toEqual(
      rows.map((row) => row.at?.toISOString() ?? null),
    );
    expect(list.map((row) => row.n)).toEqual(rows.map((row) => row.n));
  });

  it('writes an empty array for no rows', () => {
    expect(arrayLiteral([] as { a: string }[], 'a')).toBe('{}');
  });
});
