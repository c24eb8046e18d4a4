// The demo catalogue, written into the modules' tables: on first start (when DEMO_CONTENT is on,
// server/boot.ts) and by `npm run db:seed` (db/cli.ts). One transaction, idempotent by stable ids.
import type { Db } from '../db/database.ts';
import { buildDemoCatalogue, DEMO_ANCHOR } from './catalogue/build-catalogue.ts';
import { seedContent } from './tables/content.ts';
import { seedEvents } from './tables/events.ts';
import { seedMedia } from './tables/media.ts';
import { seedNewsletters } from './tables/newsletters.ts';
import { seedProfiles } from './tables/profiles.ts';

/**
 * The day the events count from: the day the demo is first written, at the anchor's time of day.
 * Stories keep their fixed anchor, but an event 12 days after a fixed date is over 12 days later,
 * and a fresh `npm start` would have nothing coming and no tickets to sell.
 */
export function eventsAnchor(now: Date): Date {
  const anchor = new Date(DEMO_ANCHOR);
  anchor.setUTCFullYear(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return anchor;
}

export async function seedDemoContent(db: Db, now = new Date()): Promise<void> {
  const catalogue = buildDemoCatalogue();
  const anchor = new Date(DEMO_ANCHOR);
  await db.transaction(async (tx) => {
    await seedMedia(tx, catalogue);
    await seedProfiles(tx, catalogue, anchor);
    await seedContent(tx, catalogue, anchor);
    await seedEvents(tx, catalogue, eventsAnchor(now));
    await seedNewsletters(tx, catalogue);
  });
}
