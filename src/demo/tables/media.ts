import type { Db } from '../../db/database.ts';
import type { ArtSpec, DemoCatalogue } from '../content/demo-types.ts';
import { mediaAssets } from './schema.ts';

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
