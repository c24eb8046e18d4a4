// People and organisations with public profiles (§3 PersonProfile, OrganisationProfile).
// The first wave stores the facts the demo needs; the profile issue adds the rest.
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const personProfiles = pgTable('person_profiles', {
  profileId: uuid('profile_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  subtitle: text('subtitle').notNull(),
  summary: text('summary').notNull(),
  location: text('location').notNull(),
  nationalities: text('nationalities').array().notNull(),
  category: text('category').notNull(),
  yearBorn: integer('year_born'),
  thumbnailKey: text('thumbnail_key'),
  format: text('format').$type<'DEFAULT' | 'PREMIUM' | 'SEO'>().notNull().default('DEFAULT'),
});

export const organisationProfiles = pgTable('organisation_profiles', {
  profileId: uuid('profile_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  organisationIndustry: text('organisation_industry').notNull(),
  organisationSize: text('organisation_size').notNull(),
  organisationType: text('organisation_type').notNull(),
  ownershipType: text('ownership_type').notNull(),
  yearEstablished: integer('year_established'),
  thumbnailKey: text('thumbnail_key'),
  format: text('format').$type<'DEFAULT' | 'PREMIUM' | 'SEO'>().notNull().default('DEFAULT'),
});
