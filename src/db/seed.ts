// Demo content: created on first start (when DEMO_CONTENT is on) and by `npm run db:seed`.
import { buildDemoCatalogue, DEMO_ANCHOR } from '../modules/content/demo-content.ts';
import { seedContent } from '../modules/content/seed.ts';
import { seedEvents } from '../modules/events/seed.ts';
import { seedMedia } from '../modules/media/seed.ts';
import { seedNewsletters } from '../modules/newsletters/seed.ts';
import { seedProfiles } from '../modules/profiles/seed.ts';
import type { Db } from './database.ts';

export async function seedDemoContent(db: Db): Promise<void> {
  const catalogue = buildDemoCatalogue();
  const anchor = new Date(DEMO_ANCHOR);
  await db.transaction(async (tx) => {
    await seedMedia(tx, catalogue);
    await seedProfiles(tx, catalogue);
    await seedContent(tx, catalogue, anchor);
    await seedEvents(tx, catalogue, anchor);
    await seedNewsletters(tx, catalogue);
  });
}
