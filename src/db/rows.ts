// `db.execute` answers differently on the two drivers; modules read its rows through this.

/** Rows of `db.execute`: postgres.js answers an array, PGlite an object holding `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
