// People and organisations with public profiles (§3 PersonProfile, OrganisationProfile, Project,
// FeaturedOrganisationProfile). Decision 044: the profile rows are what the public sees (the last
// publish); `profile_sources` holds the draft an editor changes, and a publish copies it over.
// Projects are edited in `profile_projects` and copied into the public row's details on publish.
// Lookup values (category, industry, size, type, ownership, countries) are lookups keys.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrganisationDetails, PersonDetails, ProfileSourceDocument, ProjectAsset } from './profile-types.ts';

export const PROFILE_FORMATS = ['DEFAULT', 'PREMIUM', 'SEO'] as const;
export type ProfileFormat = (typeof PROFILE_FORMATS)[number];

export const FEATURED_CATEGORIES = ['HOMEPAGE_COMPONENT', 'ORGANISATION_INDEX'] as const;
export type FeaturedCategory = (typeof FEATURED_CATEGORIES)[number];

export const personProfiles = pgTable(
  'person_profiles',
  {
    profileId: uuid('profile_id').primaryKey(),
    slug: text('slug').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    subtitle: text('subtitle').notNull(),
    summary: text('summary').notNull(),
    location: text('location').notNull(),
    /** Country keys (lookups). */
    nationalities: text('nationalities').array().notNull(),
    /** A PersonCategory key (lookups). */
    category: text('category').notNull(),
    yearBorn: integer('year_born'),
    thumbnailKey: text('thumbnail_key'),
    format: text('format').$type<ProfileFormat>().notNull().default('DEFAULT'),
    /** The person the profile belongs to (they edit it); null: kept by the newsroom. */
    identityId: uuid('identity_id'),
    /** How many times it was published; 0: never (no public page). */
    version: integer('version').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    details: jsonb('details').$type<PersonDetails>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('person_profiles_identity_idx').on(t.identityId),
    index('person_profiles_category_idx').on(t.category),
    check('person_profiles_format_check', sql`${t.format} in ('DEFAULT', 'PREMIUM', 'SEO')`),
  ],
);

export const organisationProfiles = pgTable(
  'organisation_profiles',
  {
    profileId: uuid('profile_id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    city: text('city').notNull(),
    /** A country key (lookups), the headquarters' country. */
    country: text('country').notNull(),
    organisationIndustry: text('organisation_industry').notNull(),
    organisationSize: text('organisation_size').notNull(),
    organisationType: text('organisation_type').notNull(),
    ownershipType: text('ownership_type').notNull(),
    yearEstablished: integer('year_established'),
    thumbnailKey: text('thumbnail_key'),
    format: text('format').$type<ProfileFormat>().notNull().default('DEFAULT'),
    /** The organisation account (organisations module) whose OWNER and ADMINs edit it; null: the newsroom's. */
    accountId: text('account_id'),
    version: integer('version').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    details: jsonb('details').$type<OrganisationDetails>().notNull().default({}),
  },
  (t) => [
    index('organisation_profiles_account_idx').on(t.accountId),
    index('organisation_profiles_filters_idx').on(t.organisationIndustry, t.country, t.organisationSize),
    check('organisation_profiles_format_check', sql`${t.format} in ('DEFAULT', 'PREMIUM', 'SEO')`),
  ],
);

/** The draft of a profile (decision 044). Absent until the first edit: the public row is the draft then. */
export const profileSources = pgTable(
  'profile_sources',
  {
    profileId: uuid('profile_id').primaryKey(),
    kind: text('kind').$type<'person' | 'organisation'>().notNull(),
    document: jsonb('document').$type<ProfileSourceDocument>().notNull(),
    /** Bumped by every edit; a publish records which revision it copied. */
    revision: integer('revision').notNull().default(1),
    publishedRevision: integer('published_revision').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByIdentityId: uuid('updated_by_identity_id'),
  },
  (t) => [check('profile_sources_kind_check', sql`${t.kind} in ('person', 'organisation')`)],
);

/** §3 Project: the editable list; the public one is the copy in the profile's details at the last publish. */
export const profileProjects = pgTable(
  'profile_projects',
  {
    projectId: uuid('project_id').primaryKey(),
    profileId: uuid('profile_id').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    thumbnailKey: text('thumbnail_key'),
    assets: jsonb('assets').$type<ProjectAsset[]>().notNull().default([]),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profile_projects_slug_idx').on(t.profileId, t.slug),
    index('profile_projects_profile_idx').on(t.profileId, t.position),
  ],
);

/** §3 FeaturedOrganisationProfile: shown on the home page or the organisations index from `startDate`. */
export const featuredOrganisationProfiles = pgTable(
  'featured_organisation_profiles',
  {
    profileId: uuid('profile_id').notNull(),
    category: text('category').$type<FeaturedCategory>().notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    creatorUserId: text('creator_user_id'),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.category] }),
    check('featured_organisation_profiles_category_check', sql`${t.category} in ('HOMEPAGE_COMPONENT', 'ORGANISATION_INDEX')`),
  ],
);
