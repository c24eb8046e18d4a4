// Newsletters (§3 Newsletter; groups from §4).
import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const newsletters = pgTable('newsletters', {
  newsletterId: uuid('newsletter_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  author: text('author').notNull(),
  newsletterGroup: text('newsletter_group').$type<'DAILY' | 'WEEKLY' | 'PERSONALISED'>().notNull(),
  isExecutive: boolean('is_executive').notNull().default(false),
  isProfessional: boolean('is_professional').notNull().default(false),
  isTopic: boolean('is_topic').notNull().default(false),
  isVisibleOnOMS: boolean('is_visible_on_oms').notNull().default(true),
  isPreselectedOnOMS: boolean('is_preselected_on_oms').notNull().default(false),
});
