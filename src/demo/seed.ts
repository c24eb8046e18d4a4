// The demo catalogue, written into the modules' tables: on first start (when DEMO_CONTENT is on,
// server/boot.ts) and by `npm run db:seed` (db/cli.ts). One transaction, idempotent by stable ids.
import type { Db } from '../db/database.ts';
import { buildDemoCatalogue, DEMO_ANCHOR } from './catalogue/build-catalogue.ts';
import { seedContent } from './tables/content.ts';
import { seedEvents } from './tables/events.ts';
import { seedMedia } from './tables/media.ts';
import { seedNewsletters } from './tables/newsletters.ts';
import { seedProfiles } from './tables/profiles.ts';

export async function seedDemoContent(db: Db): Promise<void> {
  const catalogue = buildDemoCatalogue();
  const anchor = new Date(DEMO_ANCHOR);
  await db.transaction(async (tx) => {
    await seedMedia(tx, catalogue);
    await seedProfiles(tx, catalogue, anchor);
    await seedContent(tx, catalogue, anchor);
    await seedEvents(tx, catalogue, anchor);
    await seedNewsletters(tx, catalogue);
  });
}
