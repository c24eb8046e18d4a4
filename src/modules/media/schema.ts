// Images the resizer can serve. Demo art is drawn from a spec; uploads come later.
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ArtSpec } from './art/art-spec.ts';

export const mediaAssets = pgTable('media_assets', {
  key: text('key').primaryKey(),
  kind: text('kind').$type<'art'>().notNull(),
  art: jsonb('art').$type<ArtSpec>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
