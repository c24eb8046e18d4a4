// Passages for The Brain of Fashion (issue 20 part 2, decision 052): the documents of the search
// index that best match a question, each with only the text this reader may read. The same rule as
// a search (decision 049): a document whose wall key the reader reads whole matches and answers with
// its body; any other matches and answers with its headline and standfirst alone, and says it is
// gated, so the answer can point to it ("members can read more in …") without a word of what is
// behind the wall. The question's words are OR-ed (a question is not a list of required words);
// ranking is ts_rank over what was matched.
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import type { SearchType } from '../../shared/search.ts';
import { searchDocuments } from './schema.ts';
import { rowsOf } from '../../db/rows.ts';

/** One document as a reader may read it. */
export interface Passage {
  kind: SearchType;
  id: string;
  url: string;
  title: string;
  /** Standfirst, subtitle or summary: every reader may read it. */
  description: string;
  /** The whole body when the reader reads the document whole; '' otherwise. */
  body: string;
  /** True when the body is walled for this reader (a story or case study): only title and description are here. */
  gated: boolean;
  /** A story's access (`free`, `registered`, `premium`, `beauty`), from its wall key; null for profiles and events. */
  access: string | null;
  mediaType: string | null;
  publishedAt: string;
  rank: number;
}

/** A person or organisation whose name appears in the passages' readable text. */
export interface NamedProfile {
  kind: 'person' | 'organisation';
  id: string;
  url: string;
  name: string;
}

export interface Passages {
  passages: Passage[];
  named: NamedProfile[];
}

/** A word this reader may match in more documents than this is common: it ranks, it does not choose candidates. */
const COMMON = 300;
/** Candidates ranked on everything the reader may read. */
const CANDIDATES = 100;
/** A question's words counted (in the question's order); the others rank but do not choose candidates. */
const COUNTED = 12;
/** More documents than this holding every word of a question of common words: the newest CANDIDATES of them are the candidates. */
const MANY = 300;

export function createPassageReader({
  db,
  readableKeys,
  ensureIndexed,
  plannerSettings,
}: {
  db: Db;
  readableKeys: (user: SessionUser | null) => Promise<string[]>;
  ensureIndexed: () => Promise<void>;
  /** The search statement's planner settings (decision 053): GIN bitmaps, never a vector read back to match. */
  plannerSettings: SQL;
}) {
  /**
   * The `limit` documents that best answer `query` for this reader, and the profiles named in
   * their readable text. Nothing here is read from a document's body unless the reader reads it whole.
   */
  return async function passages({ query, user, limit }: { query: string; user: SessionUser | null; limit: number }): Promise<Passages> {
    const words = query.slice(0, 1024);
    if (!/\p{L}|\p{N}/u.test(words)) return { passages: [], named: [] };
    await ensureIndexed();
    const keys = await readableKeys(user);
    return db.transaction(async (tx) => {
      await tx.execute(plannerSettings);
      return read(tx, words, keys, limit);
    });
  };

  async function read(tx: Pick<Db, 'select' | 'execute'>, words: string, keys: string[], limit: number): Promise<Passages> {
    const d = searchDocuments;
    const readable = inArray(d.wallKey, keys);
    // What this reader may match, as in a search (decision 049): a body only where they read it whole.
    // Open text first: a body's vector is read back only for a row whose open text does not match and
    // whose body the reader reads (decision 058); the two GIN indexes give the rows (a bitmap OR).
    const matches = (tsquery: SQL) => sql`(${d.openVector} @@ ${tsquery} or (${readable} and ${d.fullVector} @@ ${tsquery}))`;
    const capped = (tsquery: SQL, cap: number) => sql`(select count(*) from (select 1 from ${d} where ${matches(tsquery)} limit ${cap}) x)`;
    // The question's words (PostgreSQL's English stems, stop words out), each with how many
    // documents this reader may match it in, counted up to COMMON: a question is not a list of
    // required words, and "brand" would bring half the index while "Ekholm" brings what is asked about.
    // Only the first COUNTED words are counted; the rest rank but do not choose (decision 058).
    const counted = await tx
      .select({
        lexeme: sql<string>`w.lexeme`,
        n: sql<number | null>`case when w.i <= ${COUNTED} then (${capped(sql`w.q`, COMMON + 1)})::int end`,
      })
      .from(
        sql`(select lexeme, quote_literal(lexeme)::tsquery as q,
                    row_number() over (order by nullif(position(lexeme in lower(${words})), 0) nulls last, lexeme) as i
             from unnest(tsvector_to_array(to_tsvector('english', ${words}))) as lexeme) w`,
      );
    // A word not counted is taken as common: it ranks, and it is one of "all the words".
    const found = counted.filter((row) => row.n === null || Number(row.n) > 0);
    if (found.length === 0) return { passages: [], named: [] };
    const any = (list: { lexeme: string }[]) => sql`${list.map((row) => literal(row.lexeme)).join(' | ')}::tsquery`;
    const all = sql`${found.map((row) => literal(row.lexeme)).join(' & ')}::tsquery`;
    // Candidates: the documents holding any of the question's uncommon words; when every word is
    // common, those holding them all; else the rarest one's. Then ranked on every word of it.
    const rare = found.filter((row) => row.n !== null && Number(row.n) <= COMMON);
    const rarest = [...found].sort((a, b) => Number(a.n ?? Infinity) - Number(b.n ?? Infinity)).slice(0, 1);
    const ranked = async (tsquery: SQL) =>
      tx
        .select({ kind: d.kind, sourceId: d.sourceId })
        .from(d)
        .where(matches(tsquery))
        .orderBy(desc(sql`ts_rank(${d.openVector}, ${tsquery})`), desc(d.publishedAt))
        .limit(CANDIDATES);
    // Every word common and thousands of documents holding them all: the newest of those, read newest
    // first from the date index (a body's vector read only where the open text does not match).
    const newest = async (tsquery: SQL) => {
      await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true)`);
      const rows = await tx
        .select({ kind: d.kind, sourceId: d.sourceId })
        .from(d)
        .where(matches(tsquery))
        .orderBy(desc(d.publishedAt))
        .limit(CANDIDATES);
      await tx.execute(sql`select set_config('enable_bitmapscan', 'on', true)`);
      return rows;
    };
    const everyWord = async () => {
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select ${capped(all, MANY + 1)}::int as n`));
      return Number(row!.n) > MANY ? newest(all) : ranked(all);
    };
    let pool = rare.length > 0 ? await ranked(any(rare)) : await everyWord();
    if (pool.length === 0) pool = await ranked(any(rarest));
    if (pool.length === 0) return { passages: [], named: [] };
    const tsquery = any(found);
    const rank = sql<number>`ts_rank(case when ${readable} then ${d.fullVector} else ${d.openVector} end, ${tsquery})`;
    const rows = await tx
      .select({
        kind: d.kind,
        sourceId: d.sourceId,
        url: d.url,
        title: d.title,
        description: d.description,
        body: sql<string>`case when ${readable} then ${d.body} else '' end`,
        whole: sql<boolean>`${readable}`,
        wallKey: d.wallKey,
        mediaType: d.mediaType,
        publishedAt: d.publishedAt,
        rank,
      })
      .from(d)
      .where(or(...pool.map((c) => and(eq(d.kind, c.kind), eq(d.sourceId, c.sourceId)))))
      .orderBy(desc(rank), desc(d.publishedAt), d.sourceId)
      .limit(limit);
    const passages: Passage[] = rows.map((row) => ({
      kind: row.kind,
      id: row.sourceId,
      url: row.url,
      title: row.title,
      description: row.description,
      body: row.body,
      gated: !row.whole && row.kind !== 'person' && row.kind !== 'organisation',
      access: /^story:([a-z]+):/.exec(row.wallKey)?.[1] ?? null,
      mediaType: row.mediaType,
      publishedAt: new Date(row.publishedAt).toISOString(),
      rank: Number(row.rank),
    }));
    const text = passages.map((p) => `${p.title}\n${p.description}\n${p.body}`).join('\n');
    const named = (
      await tx
        .select({ kind: d.kind, id: d.sourceId, url: d.url, name: d.title })
        .from(d)
        .where(and(inArray(d.kind, ['person', 'organisation']), sql`length(${d.title}) >= 4 and strpos(${text}, ${d.title}) > 0`))
        .orderBy(d.title)
    ).map((row) => ({ ...row, kind: row.kind as NamedProfile['kind'] }));
    return { passages, named };
  }
}

/** A lexeme quoted for tsquery input (a bound parameter cast to tsquery, never SQL text). */
function literal(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
