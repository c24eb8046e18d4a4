// Writes the demo catalogue's newsletters into the newsletters module's tables. Idempotent: rows are
// keyed by stable ids; an existing row keeps its flags and gets the schedule, topic and order the
// catalogue gives (added after the first seeds).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { newsletters } from '../../modules/newsletters/schema.ts';

export async function seedNewsletters(db: Db, catalogue: DemoCatalogue): Promise<void> {
  await db
    .insert(newsletters)
    .values(
      catalogue.newsletters.map((n, position) => ({
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
        frequency: n.frequency,
        topicSlug: n.topicSlug ?? null,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: newsletters.newsletterId,
      set: { frequency: sql`excluded.frequency`, topicSlug: sql`excluded.topic_slug`, position: sql`excluded.position` },
    });
}
