// Tables owned by the mail module: the outbox, one row per email the product sends.
// The row is written before delivery is tried, so a message is never lost to a failing server.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EmailTemplate } from './templates.ts';

/** A file sent with a message; `cid` makes it an inline image the HTML names as `cid:<cid>`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  cid?: string;
}

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Recipient, lower-cased (see CONTEXT.md). */
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** A template's name, or `newsletter_issue` for a newsletter issue written by deliverBulk. */
    template: text('template').$type<EmailTemplate | 'newsletter_issue'>().notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The template variables (code or link, expiry), for the dev mailbox and tests. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Files sent with the message (a calendar file, inline images named by content id), base64. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_to_created_at_idx').on(table.to, table.createdAt),
    // retryFailed() reads only the few undelivered rows; keep that scan off the sent history.
    index('outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.status} <> 'sent'`),
    check('outbox_status_check', sql`${table.status} in ('queued', 'sent', 'failed')`),
  ],
);
