// Text parameters of every UTF-8 width reach the database byte for byte (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). PGlite writes each parameter's length before its bytes, counted by our patch
// (decision 071): a wrong count would cut the text or break the message.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './database.ts';
import { rowsOf } from './rows.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** One, two, three and four UTF-8 bytes a character (the last a surrogate pair in JavaScript). */
const WIDTHS = ['a', 'é', '€', '👗'];

describe('text parameters', () => {
  it('stores short and long text of every UTF-8 width exactly, with its byte length', async () => {
    const texts = [
      ...WIDTHS,
      WIDTHS.join(''),
      'Ünïcödé — “smart” 👗 and plain',
      // Long enough to span many protocol buffer growths, mixing every width.
      Array.from({ length: 20_000 }, (_, i) => WIDTHS[i % WIDTHS.length]).join(''),
      '👗'.repeat(5_000) + 'end',
    ];
    for (const text of texts) {
      const [row] = rowsOf<{ text: string; bytes: number }>(
        await database.db.execute(sql`select ${text}::text as text, octet_length(${text}::text) as bytes`),
      );
      expect(row!.text === text, `round trip of ${text.slice(0, 12)}… (${text.length} UTF-16 units)`).toBe(true);
      expect(Number(row!.bytes)).toBe(Buffer.byteLength(text));
    }
  });
});
