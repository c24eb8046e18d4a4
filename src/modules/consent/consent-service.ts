// Records cookie-consent decisions and reads them back as proof (SPEC §1, §4). The browser's
// decision is already in its cookie; this is the server-side trail.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';
import type { Db } from '../../db/database.ts';
// The script's own constants (it installs nothing outside a browser), so both sides agree.
import { CONSENT_ACTIONS, CONSENT_CATEGORIES, CONSENT_VARIANTS } from './browser/cookie-consent.ts';
import { consentRecords, type ConsentRecordRow } from './schema.ts';

/** One decision as the browser sends it (cookie-consent.js `consentRecord`). */
export const recordConsentInput = z.strictObject({
  consentId: z.uuid(),
  userId: safeText().trim().min(1).max(255).nullable(),
  categories: z
    .array(z.enum(CONSENT_CATEGORIES))
    .max(CONSENT_CATEGORIES.length)
    .refine((list) => new Set(list).size === list.length, { message: 'Each category once' }),
  action: z.enum(CONSENT_ACTIONS),
  variant: z.enum(CONSENT_VARIANTS),
  bannerVersion: safeText().trim().min(1).max(64),
});
export type RecordConsentInput = z.infer<typeof recordConsentInput>;

export interface ConsentRecord {
  id: string;
  consentId: string;
  userId: string | null;
  categories: string[];
  action: string;
  variant: string;
  bannerVersion: string;
  recordedAt: Date;
}

export function createConsentService({ db }: { db: Db }) {
  async function recordConsent(input: RecordConsentInput): Promise<ConsentRecord> {
    const [row] = await db.insert(consentRecords).values(input).returning();
    return toRecord(row!);
  }

  /** A browser's or a user's decisions, newest first: the proof of what was agreed and when. */
  async function listConsentRecords({
    consentId,
    userId,
    limit = 50,
  }: {
    consentId?: string;
    userId?: string;
    limit?: number;
  }): Promise<ConsentRecord[]> {
    const filters: SQL[] = [];
    if (consentId) filters.push(eq(consentRecords.consentId, consentId));
    if (userId) filters.push(eq(consentRecords.userId, userId));
    if (filters.length === 0) throw new Error('listConsentRecords needs a consentId or a userId');
    const rows = await db
      .select()
      .from(consentRecords)
      .where(and(...filters))
      .orderBy(desc(consentRecords.recordedAt))
      .limit(limit);
    return rows.map(toRecord);
  }

  return { recordConsent, listConsentRecords };
}

function toRecord(row: ConsentRecordRow): ConsentRecord {
  return {
    id: row.id,
    consentId: row.consentId,
    userId: row.userId,
    categories: row.categories,
    action: row.action,
    variant: row.variant,
    bannerVersion: row.bannerVersion,
    recordedAt: row.recordedAt,
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
