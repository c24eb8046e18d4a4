// Stores what the collector receives: good events (deduplicated on the tracker's event id) and
// bad rows with their reason, in batches gathered from concurrent requests (group commit). A
// database failure is thrown, never swallowed, so the route answers 5xx and the tracker sends the
// batch again (DESIGN §2: nothing is lost).
import { randomUUID } from 'node:crypto';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EventName, EventPayloads } from '../../shared/analytics/events.ts';
import { decodeEvent, type CollectorRequest } from './collector.ts';
import { readDashboardAggregates, type DashboardAggregates } from './dashboard.ts';
import { readProfileNumbers, type ProfileNumbers } from './profile-numbers.ts';
import { serverEvent } from './server-events.ts';
import { analyticsBadRows, analyticsEvents, type AnalyticsBadRowInsert, type AnalyticsEventRow } from './schema.ts';

export type CollectorSource = 'post' | 'get';

export interface CollectOptions extends Omit<CollectorRequest, 'collectorTstamp'> {
  source: CollectorSource;
  /** Defaults to now; one time for the whole batch. */
  collectorTstamp?: Date;
}

export interface CollectResult {
  /** New events stored. */
  stored: number;
  /** Good events whose event id was already stored (a resent batch). */
  duplicates: number;
  /** Events kept as bad rows. */
  bad: number;
}

/** One request's decoded events, waiting for the batch it joined to be committed. */
interface Waiting {
  good: AnalyticsEventRow[];
  bad: AnalyticsBadRowInsert[];
  done: (stored: number) => void;
  failed: (error: unknown) => void;
}

export interface AnalyticsServiceOptions {
  db: Db;
  /** A batch takes the requests waiting, up to this many events (a request is never split). */
  maxBatchEvents?: number;
}

export function createAnalyticsService({ db, maxBatchEvents = 5_000 }: AnalyticsServiceOptions) {
  // Group commit (decision 031): the requests that arrive while a batch is being stored wait
  // together, and go to the database as the next batch — one transaction, multi-row inserts. A
  // request is answered once its batch is committed, so an acknowledged event is never lost.
  let waiting: Waiting[] = [];
  let committing: Promise<void> | null = null;
  let scheduled = false;

  function schedule() {
    if (scheduled || committing) return;
    scheduled = true;
    // After the I/O of this turn: requests whose bodies arrived together share the first batch too.
    setImmediate(() => {
      scheduled = false;
      commitNext();
    });
  }

  function commitNext() {
    if (committing || waiting.length === 0) return;
    let events = 0;
    let taken = 0;
    while (taken < waiting.length && (taken === 0 || events + waiting[taken]!.good.length <= maxBatchEvents)) {
      events += waiting[taken]!.good.length + waiting[taken]!.bad.length;
      taken += 1;
    }
    const batch = waiting.slice(0, taken);
    waiting = waiting.slice(taken);
    committing = commit(batch).finally(() => {
      committing = null;
      if (waiting.length > 0) commitNext();
    });
  }

  /** Stores a batch; when it fails, each request's part alone, so one request's problem costs only that request. */
  async function commit(batch: Waiting[]): Promise<void> {
    let stored: number[];
    try {
      stored = await store(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.failed(error);
        return;
      }
      await Promise.all(
        batch.map(async (request) => {
          try {
            request.done((await store([request]))[0]!);
          } catch (alone) {
            request.failed(alone);
          }
        }),
      );
      return;
    }
    batch.forEach((request, i) => request.done(stored[i]!));
  }

  /**
   * One transaction for the batch; how many new events each request stored (a resent event id is
   * not new). Resends are rare, so the batch is first inserted plainly: checking each event id
   * before inserting it (`on conflict do nothing`) searched the primary key twice per event, 15 %
   * of PostgreSQL's time. An event id already stored, or sent twice in the batch, makes that insert
   * fail whole; then the batch is stored again, skipping the ids already there.
   */
  async function store(batch: Waiting[]): Promise<number[]> {
    try {
      await insertBatch(batch, { skipStored: false });
      return batch.map((request) => request.good.length);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const inserted = await insertBatch(batch, { skipStored: true });
    // An event id stored by this batch counts for the first request that sent it.
    const unclaimed = new Set(inserted);
    return batch.map((request) =>
      request.good.reduce((count, row) => {
        return unclaimed.delete(row.eventId!) ? count + 1 : count;
      }, 0),
    );
  }

  /** Inserts the batch's events and bad rows in one transaction; with `skipStored`, the ids it stored. */
  async function insertBatch(batch: Waiting[], { skipStored }: { skipStored: boolean }): Promise<string[]> {
    const good = batch.flatMap((request) => request.good);
    const bad = batch.flatMap((request) => request.bad);
    return db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const rows of chunks(good, EVENTS_PER_STATEMENT)) {
        const insert = tx.insert(analyticsEvents).select(selectEvents(rows));
        if (skipStored) {
          const stored = await insert
            .onConflictDoNothing({ target: analyticsEvents.eventId })
            .returning({ eventId: analyticsEvents.eventId });
          for (const row of stored) ids.push(row.eventId);
        } else await insert;
      }
      for (const rows of chunks(bad, CHUNK)) await tx.insert(analyticsBadRows).values(rows);
      return ids;
    });
  }

  /** Decodes each tracker-protocol event and stores them with the batch being gathered; resolves once committed. */
  async function collect(events: readonly unknown[], options: CollectOptions): Promise<CollectResult> {
    const { source, collectorTstamp = new Date(), ...known } = options;
    const request: CollectorRequest = { ...known, collectorTstamp };
    const good: AnalyticsEventRow[] = [];
    const bad: AnalyticsBadRowInsert[] = [];
    for (const event of events) {
      const decoded = decodeEvent(event, request);
      if (decoded.ok) {
        // An event the tracker sent without an id gets one here, so each stored id names its request.
        decoded.row.eventId ??= randomUUID();
        good.push(decoded.row);
      } else bad.push({ reason: storableText(decoded.reason), raw: rawText(event), source, receivedAt: collectorTstamp });
    }
    if (good.length === 0 && bad.length === 0) return { stored: 0, duplicates: 0, bad: 0 };
    const stored = await new Promise<number>((done, failed) => {
      waiting.push({ good, bad, done, failed });
      schedule();
    });
    return { stored, duplicates: good.length - stored, bad: bad.length };
  }

  /**
   * Stores an event the server witnessed (server-events.ts), with the batch being gathered; resolves
   * once committed. Anonymous as the collector understands it: the user id only.
   */
  async function recordServerEvent<N extends EventName>(name: N, payload: EventPayloads[N], who: { userId: string | null; at?: Date }) {
    return collect([serverEvent(name, payload, who)], { source: 'post', ip: null, userAgent: null, anonymous: true, networkUserId: null });
  }

  /** Keeps a payload whose envelope could not be read (not JSON, wrong schema, no events). */
  async function recordBadPayload({ raw, reason, source }: { raw: unknown; reason: string; source: CollectorSource }): Promise<void> {
    await db.insert(analyticsBadRows).values({ reason: storableText(reason), raw: rawText(raw), source });
  }

  /** The admin dashboard's aggregates for the last `days` days (dashboard.ts). */
  function dashboard(options: { days: number; now?: Date }): Promise<DashboardAggregates> {
    return readDashboardAggregates(db, options);
  }

  /** The partner hub's numbers for an organisation's profiles over the last `days` days (profile-numbers.ts). */
  function profileNumbers(options: {
    profileIds: readonly string[];
    jobUrls: readonly string[];
    days: number;
    now?: Date;
  }): Promise<ProfileNumbers[]> {
    return readProfileNumbers(db, options);
  }

  /** Waits for the batches under way (the module's onClose: every request was answered by then). */
  async function close(): Promise<void> {
    while (committing || waiting.length > 0) {
      commitNext();
      await committing?.catch(() => {});
    }
  }

  return { collect, recordServerEvent, recordBadPayload, dashboard, profileNumbers, close };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

// A 64 KB body can hold ~2000 tiny events; chunks keep each bad-row insert under PostgreSQL's 65535 parameters.
const CHUNK = 500;
/** Events go as one array parameter a column, whatever their number; this bounds the text of one statement. */
const EVENTS_PER_STATEMENT = 2_000;
function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const EVENT_COLUMNS = Object.entries(getTableColumns(analyticsEvents)) as [keyof AnalyticsEventRow, PgColumn][];
const isJson = (column: PgColumn) => column.getSQLType() === 'jsonb';
/** The jsonb columns (data, contexts, fields): sent together as one JSON array of rows. */
const JSON_KEYS = EVENT_COLUMNS.filter(([, column]) => isJson(column)).map(([key]) => key);
/** The other columns, each sent as one array parameter: its key and its array type (`::uuid[]`, `::text[]`, …). */
const ARRAY_COLUMNS = EVENT_COLUMNS.filter(([, column]) => !isJson(column)).map(
  ([key, column]) => [key, sql.raw(`::${column.getSQLType()}[]`)] as const,
);
/** What `select` lists, in the table's order: `u.c<i>` from the arrays, `j.v-><i>` from the JSON rows. */
const SELECTED = sql.raw(
  EVENT_COLUMNS.map(([key, column]) =>
    isJson(column) ? `nullif(j.v->${JSON_KEYS.indexOf(key)}, 'null')` : `u.c${ARRAY_COLUMNS.findIndex(([arrayKey]) => arrayKey === key)}`,
  ).join(', '),
);
const ARRAY_NAMES = sql.raw(ARRAY_COLUMNS.map((_, i) => `c${i}`).join(', '));

/**
 * A batch in 24 parameters and one short statement (decisions 054, 067): each plain column as one
 * array read back by `unnest` (PostgreSQL parses an array of the column's type for about 30 % less
 * CPU than a JSON array of whole rows, decision 031), and the three jsonb columns as one JSON array of
 * `[data, contexts, fields]` read by `jsonb_array_elements`, joined on the row's position. JSON inside
 * an array literal would have every quote in it escaped: that was two thirds of the collector's time
 * building a batch. Every column is sent (the service fills event id, contexts, fields and collector
 * time), so no column default is needed; a JSON null is SQL NULL (data of a page ping, say, is an
 * object, never JSON null).
 */
function selectEvents(rows: readonly AnalyticsEventRow[]): SQL {
  const arrays = ARRAY_COLUMNS.map(([key, type]) => sql`${arrayLiteral(rows, key)}${type}`);
  const json = JSON.stringify(rows.map((row) => JSON_KEYS.map((key) => row[key] ?? null)));
  return sql`select ${SELECTED} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${ARRAY_NAMES}, n) join jsonb_array_elements(${json}::jsonb) with ordinality as j(v, n) on j.n = u.n`;
}

/** Text PostgreSQL accepts: JSON for values, the body as received otherwise. */
function rawText(raw: unknown): string {
  return storableText(typeof raw === 'string' ? raw : raw === undefined ? '' : (JSON.stringify(raw) ?? String(raw)));
}

/** NUL and unpaired surrogates written as JSON escapes (\u0000, \ud800): a reason may quote what was sent. */
function storableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding NUL is the point
  return text.replace(/\u0000|\p{Cs}/gu, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
