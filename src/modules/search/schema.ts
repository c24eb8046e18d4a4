// The search module's own tables (issue 20, decision 049): one row per searchable document, copied
// from the module that owns it (content's stories, profiles' people and organisations) through that
// module's service, never read from its tables. PostgreSQL does the matching: two weighted
// tsvectors generated from the row (what every reader may read; and that plus the gated body), GIN
// indexes on both, and a vocabulary of readable words with a trigram index for typo tolerance.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchDetails, SearchType } from '../../shared/search.ts';
import { customType, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Weights: the headline or name (A), the standfirst or subtitle (B), bylines and topics (C), the body (D). */
const weighted = (column: string, weight: 'A' | 'B' | 'C' | 'D'): SQL =>
  sql.raw(`setweight(to_tsvector('english'::regconfig, coalesce(${column}, '')), '${weight}')`);
const openText = sql`${weighted('title', 'A')} || ${weighted('description', 'B')} || ${weighted('names', 'C')}`;

/** Numbers the documents as they are first written: their sample bucket comes from it. */
export const searchDocumentsSampleSeq = pgSequence('search_documents_sample_seq');

export const searchDocuments = pgTable(
  'search_documents',
  {
    /** The type filter's value (shared/search.ts): story, case_study, person, organisation, event. */
    kind: text('kind').$type<SearchType>().notNull(),
    /** The owning module's id (a story id, a profile id). */
    sourceId: text('source_id').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    /** A story's standfirst, a profile's subtitle or summary: every reader may read it. */
    description: text('description').notNull(),
    /** Bylines, topic names, a profile's location: matched, never shown as a snippet. */
    names: text('names').notNull().default(''),
    /** The whole text: a story's body (gated unless `wallKey` opens it), a profile's editorial description. */
    body: text('body').notNull().default(''),
    /**
     * Who may read `body`: `open` for everyone (profiles), or a story's `story:<access>:<primary topic>`,
     * which the walls decision answers per reader (search-service.ts `readableKeys`).
     */
    wallKey: text('wall_key').notNull(),
    /** Topic slugs (the topic filter); the first is the primary topic. */
    topics: text('topics').array().notNull().default([]),
    primaryTopicName: text('primary_topic_name'),
    mediaType: text('media_type'),
    imageKey: text('image_key'),
    /** An event's start; otherwise the last publish. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /**
     * Values a surface may scope a search to, as `name:value` (`bof500`, `bof500-class:2024`,
     * `category:DESIGNER`, `nationality:FR` on a person): `/bof500/search/` searches within them.
     */
    facets: text('facets').array().notNull().default([]),
    /** What a result shows beyond the common fields, by kind (shared/search.ts `SearchDetails`): never matched. */
    details: jsonb('details').$type<SearchDetails>(),
    /**
     * A sample bucket (0–1023), given at the first write: a search matching thousands of documents
     * counts its filters over a few buckets' documents and scales up (decision 058). Sixteen documents
     * written one after the other share a bucket, so a sample reads few heap pages; which sixteen get
     * which bucket is a hash of their place in the sequence, so a few buckets spread over the index.
     */
    sample: integer('sample')
      .notNull()
      .default(sql`(hashint8(nextval('search_documents_sample_seq') / 16) & 1023)`),
    openVector: tsvector('open_vector').generatedAlwaysAs(openText),
    fullVector: tsvector('full_vector').generatedAlwaysAs(sql`${openText} || ${weighted('body', 'D')}`),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.sourceId] }),
    // With the sample bucket (btree_gin), so a sampled search's matches come from one index scan.
    index('search_documents_open_idx').using('gin', t.openVector, t.sample),
    index('search_documents_full_idx').using('gin', t.fullVector, t.sample),
    index('search_documents_topics_idx').using('gin', t.topics),
    index('search_documents_facets_idx').using('gin', t.facets),
    index('search_documents_published_idx').on(t.publishedAt),
  ],
);

/** Words every reader may read (titles, standfirsts, names, open bodies): where a misspelt word finds its correction. */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/** Which version of the documents' shape the index holds; a different one is rebuilt at first use (search-service.ts). */
export const searchIndexState = pgTable('search_index_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
});
