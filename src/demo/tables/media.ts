// Registers the demo catalogue's images in the media module's table, so the resizer can draw them.
// Idempotent: rows are keyed by the art key and existing rows are left alone.
import type { Db } from '../../db/database.ts';
import type { ArtSpec } from '../../modules/media/art/art-spec.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { mediaAssets } from '../../modules/media/schema.ts';

/** Registers every demo image so the resizer can draw it. */
export async function seedMedia(db: Db, catalogue: DemoCatalogue): Promise<void> {
  const art: ArtSpec[] = [
    ...catalogue.authors.map((a) => a.portrait),
    ...catalogue.stories.flatMap((s) => [s.hero.art, ...s.body.flatMap((b) => (b.type === 'image' ? [b.art] : []))]),
    ...catalogue.people.map((p) => p.portrait),
    ...catalogue.organisations.map((o) => o.logo),
    ...catalogue.events.map((e) => e.thumbnail),
  ];
  for (let i = 0; i < art.length; i += 200) {
    await db
      .insert(mediaAssets)
      .values(art.slice(i, i + 200).map((spec) => ({ key: spec.key, kind: 'art' as const, art: spec })))
      .onConflictDoNothing();
  }
}
