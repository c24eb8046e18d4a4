// Stores what the collector receives: good events (deduplicated on the tracker's event id) and
// bad rows with their reason. A database failure is thrown, never swallowed, so the route answers
// 5xx and the tracker sends the batch again (DESIGN §2: nothing is lost).
import type { Db } from '../../db/database.ts';
import { decodeEvent, type CollectorRequest } from './collector.ts';
import { readDashboardAggregates, type DashboardAggregates } from './dashboard.ts';
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

export function createAnalyticsService({ db }: { db: Db }) {
  /** Decodes each tracker-protocol event and stores the batch in one transaction. */
  async function collect(events: readonly unknown[], options: CollectOptions): Promise<CollectResult> {
    const { source, collectorTstamp = new Date(), ...request } = options;
    const good: AnalyticsEventRow[] = [];
    const bad: AnalyticsBadRowInsert[] = [];
    for (const event of events) {
      const decoded = decodeEvent(event, { ...request, collectorTstamp });
      if (decoded.ok) good.push(decoded.row);
      else bad.push({ reason: storableText(decoded.reason), raw: rawText(event), source, receivedAt: collectorTstamp });
    }
    const inserted = await db.transaction(async (tx) => {
      let count = 0;
      for (const rows of chunks(good)) {
        const stored = await tx
          .insert(analyticsEvents)
          .values(rows)
          .onConflictDoNothing({ target: analyticsEvents.eventId })
          .returning({ eventId: analyticsEvents.eventId });
        count += stored.length;
      }
      for (const rows of chunks(bad)) await tx.insert(analyticsBadRows).values(rows);
      return count;
    });
    return { stored: inserted, duplicates: good.length - inserted, bad: bad.length };
  }

  /** Keeps a payload whose envelope could not be read (not JSON, wrong schema, no events). */
  async function recordBadPayload({ raw, reason, source }: { raw: unknown; reason: string; source: CollectorSource }): Promise<void> {
    await db.insert(analyticsBadRows).values({ reason: storableText(reason), raw: rawText(raw), source });
  }

  /** The admin dashboard's aggregates for the last `days` days (dashboard.ts). */
  function dashboard(options: { days: number; now?: Date }): Promise<DashboardAggregates> {
    return readDashboardAggregates(db, options);
  }

  return { collect, recordBadPayload, dashboard };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

// A 64 KB body can hold ~2000 tiny events; chunks keep each insert under PostgreSQL's 65535 parameters.
const CHUNK = 500;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
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
