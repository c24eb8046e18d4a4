// GET /_dev/analytics/recent.json: the newest good events and bad rows, so browser tests (and a
// developer) can see what the collector stored. The caller registers it only outside production.
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { analyticsBadRows, analyticsEvents } from './schema.ts';

export const ANALYTICS_DEV_PATH = '/_dev/analytics/recent.json';

const query = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

/** Newest first. */
export async function readRecentAnalytics(db: Db, limit: number) {
  const [events, badRows] = await Promise.all([
    db
      .select({
        eventId: analyticsEvents.eventId,
        appId: analyticsEvents.appId,
        event: analyticsEvents.event,
        eventName: analyticsEvents.eventName,
        schema: analyticsEvents.schema,
        data: analyticsEvents.data,
        trackerVersion: analyticsEvents.trackerVersion,
        userId: analyticsEvents.userId,
        domainUserid: analyticsEvents.domainUserid,
        domainSessionid: analyticsEvents.domainSessionid,
        domainSessionidx: analyticsEvents.domainSessionidx,
        pageUrl: analyticsEvents.pageUrl,
        pageReferrer: analyticsEvents.pageReferrer,
        collectorTstamp: analyticsEvents.collectorTstamp,
      })
      .from(analyticsEvents)
      .orderBy(desc(analyticsEvents.collectorTstamp))
      .limit(limit),
    db.select().from(analyticsBadRows).orderBy(desc(analyticsBadRows.receivedAt)).limit(limit),
  ]);
  return { events, badRows };
}

export function registerAnalyticsDevRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(ANALYTICS_DEV_PATH, async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: { message: 'limit must be a whole number from 1 to 500' } });
    const recent = await readRecentAnalytics(db, parsed.data.limit);
    return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(recent);
  });
}
