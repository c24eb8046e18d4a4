// PostgreSQL array literals ('{"a","b",NULL}'), for sending a column of many rows as one parameter:
// `insert … select * from unnest($1::uuid[], $2::jsonb[], …)` (decision 054). Both drivers pass a
// string parameter through as it is, and PostgreSQL parses it as the array type the cast names.

/**
 * The array literal of `key` over `rows`. Values: null or undefined (NULL), strings, numbers,
 * booleans, dates (ISO 8601, for timestamptz) and anything else as JSON (for json and jsonb).
 */
export function arrayLiteral<Row, Key extends keyof Row>(rows: readonly Row[], key: Key): string {
  let literal = '{';
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) literal += ',';
    literal += element(rows[i]![key]);
  }
  return `${literal}}`;
}

function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return `"${value.toISOString()}"`;
  return quote(JSON.stringify(value));
}

const SPECIAL = /["\\]/;
const SPECIALS = /["\\]/g;

/** Every element is quoted, so "NULL", spaces, commas and braces stay text; quotes and backslashes are escaped. */
function quote(text: string): string {
  return `"${SPECIAL.test(text) ? text.replace(SPECIALS, '\\$&') : text}"`;
}
