// Writes the demo catalogue's newsletters into the newsletters module's tables. Idempotent: rows are keyed by stable ids
// and existing rows are left alone.
import type { Db } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { newsletters } from '../../modules/newsletters/schema.ts';

export async function seedNewsletters(db: Db, catalogue: DemoCatalogue): Promise<void> {
  await db
    .insert(newsletters)
    .values(
      catalogue.newsletters.map((n) => ({
        newsletterId: stableUuid('newsletter', n.slug),
        slug: n.slug,
        title: n.title,
        description: n.description,
        author: n.author,
        newsletterGroup: n.group,
        isExecutive: n.isExecutive,
        isProfessional: n.isProfessional,
        isTopic: n.isTopic,
        isVisibleOnOMS: n.isVisibleOnOMS,
        isPreselectedOnOMS: n.isPreselectedOnOMS,
      })),
    )
    .onConflictDoNothing();
}
