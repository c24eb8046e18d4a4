// Enquiries (§1 "enquiry flows for media, schools and groups", §2 /contact/… and
// /subscriptions/executive/): the one service the pages call. An enquiry is checked, counted
// against the sender's address, stored, and only then emailed — to the inbox (ENQUIRIES_INBOX)
// and, as an acknowledgement, to the sender — so a mail failure never loses it: a job retries
// whatever was not written to the outbox. A filled honeypot is stored as spam and never emailed.
// Site admins list enquiries and mark them answered or spam.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../platform/module.ts';
import { retryAfterSeconds, type LimitStore } from '../../platform/rate-limits.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { LookupsService } from '../lookups/lookups-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import {
  ENQUIRY_COMPANY_LABELS,
  ENQUIRY_KIND_LABELS,
  ENQUIRY_PAGE_SIZE,
  enquiryFormSchema,
  enquiryKindSchema,
  enquiryMessages,
  enquiryStatusSchema,
  HONEYPOT_FIELD,
  sourcePathSchema,
  type EnquiryKind,
  type EnquiryStatus,
} from './enquiry-input.ts';
import { enquiries, type EnquiryRow } from './schema.ts';

/** Enquiries one address may send per window; the next is refused (429) and nothing is stored. */
export const ENQUIRY_RATE_LIMIT = { points: 10, durationSeconds: 60 * 60 } as const;
export const rateLimitedMessage = (seconds: number) =>
  `You have sent several enquiries in a short time, so this one was not sent. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}, or write to us by email.`;

/** The job that emails an enquiry whose emails were not written when it was stored. */
export const NOTIFY_JOB = 'enquiries.notify';
/** The job waits this long, so it finds the emails the request itself wrote and has nothing to do. */
const NOTIFY_JOB_DELAY_MS = 2 * 60_000;

export type Enquiry = EnquiryRow;

export type SubmitEnquiryResult =
  | { ok: true; id: string; spam: boolean }
  | { ok: false; reason: 'invalid'; fieldErrors: FieldError[] }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number; message: string };

export interface SubmitEnquiryInput {
  kind: EnquiryKind;
  /** The form's fields as posted (strings), honeypot included. */
  fields: Readonly<Record<string, unknown>>;
  /** The page the form was on (path and query). */
  sourcePath: string;
  /** The client's address (request.ip: the connecting one, or as TRUSTED_PROXIES forward it). */
  clientAddress: string;
}

export interface EnquiryListQuery {
  kind?: EnquiryKind | null;
  status?: EnquiryStatus | null;
  /** 1-based. */
  page?: number;
}

export interface EnquiryList {
  items: Enquiry[];
  total: number;
  page: number;
  pageCount: number;
}

export type SetEnquiryStatusResult =
  { ok: true; enquiry: Enquiry } | { ok: false; reason: 'invalid'; fieldErrors: FieldError[] } | { ok: false; reason: 'not_found' };

const setStatusSchema = z.object({ id: z.uuid({ error: 'Choose an enquiry from the list' }), status: enquiryStatusSchema });

export interface EnquiriesServiceDeps {
  db: Db;
  mail: MailService;
  jobs: Pick<JobRunner, 'enqueue'>;
  lookups: Pick<LookupsService, 'isKnown' | 'countries'>;
  limits: LimitStore;
  /** ENQUIRIES_INBOX. */
  inbox: string;
  siteUrl: string;
  log: Pick<Logger, 'error' | 'warn'>;
  now?: () => Date;
}

export function createEnquiriesService({
  db,
  mail,
  jobs,
  lookups,
  limits,
  inbox,
  siteUrl,
  log,
  now = () => new Date(),
}: EnquiriesServiceDeps) {
  const limiter = limits.limiter({ name: 'enquiries', ...ENQUIRY_RATE_LIMIT });
  const countryTitles = new Map(lookups.countries().map((country) => [country.key, country.title]));

  /** The rows the inbox's email shows, in the admin list's words. */
  function detailLines(row: Enquiry): { label: string; value: string }[] {
    const lines: [string, string | number | null][] = [
      ['Name', row.name],
      ['Email', row.email],
      [ENQUIRY_COMPANY_LABELS[row.kind], row.company],
      ['Job title', row.jobTitle],
      ['Country', row.country ? (countryTitles.get(row.country) ?? row.country) : null],
      ['Team size', row.teamSize],
      ['Sent from', row.sourcePath],
    ];
    return lines.filter(([, value]) => value !== null && value !== '').map(([label, value]) => ({ label, value: String(value) }));
  }

  /**
   * Writes whichever of the two emails is not yet in the outbox (idempotent: the job and the
   * request may both call it). A delivery failure is the mail module's to retry; a throw here
   * (the outbox could not be written) leaves the mark unset for the job.
   */
  async function notify(id: string): Promise<void> {
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
    if (!row || row.status === 'spam') return;
    if (!row.inboxNotifiedAt) {
      await mail.send({
        to: inbox,
        template: 'enquiry_received',
        data: {
          kindLabel: ENQUIRY_KIND_LABELS[row.kind],
          replyTo: row.email,
          lines: detailLines(row),
          message: row.message ?? '',
          link: `${siteUrl}/admin/enquiries/?kind=${row.kind}`,
        },
      });
      await db.update(enquiries).set({ inboxNotifiedAt: now() }).where(eq(enquiries.id, id));
    }
    if (!row.acknowledgedAt) {
      await mail.send({
        to: row.email,
        template: 'enquiry_acknowledgement',
        data: { kindLabel: ENQUIRY_KIND_LABELS[row.kind], link: `${siteUrl}/` },
      });
      await db.update(enquiries).set({ acknowledgedAt: now() }).where(eq(enquiries.id, id));
    }
  }

  async function submit({ kind, fields, sourcePath, clientAddress }: SubmitEnquiryInput): Promise<SubmitEnquiryResult> {
    const parsedKind = enquiryKindSchema.safeParse(kind);
    if (!parsedKind.success) return { ok: false, reason: 'invalid', fieldErrors: fieldErrorsFromZod(parsedKind.error) };
    const parsed = enquiryFormSchema(parsedKind.data).safeParse(fields);
    if (!parsed.success) return { ok: false, reason: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const details = parsed.data;
    if (details.country && !lookups.isKnown('country', details.country))
      return {
        ok: false,
        reason: 'invalid',
        fieldErrors: [{ path: ['country'], code: 'unknown_key', message: enquiryMessages.unknownCountry }],
      };
    const source = sourcePathSchema.safeParse(sourcePath);
    if (!source.success) return { ok: false, reason: 'invalid', fieldErrors: fieldErrorsFromZod(source.error) };

    // Counted only once the enquiry would be stored: correcting a field costs nothing.
    const seconds = await retryAfterSeconds(limiter.consume(clientAddress));
    if (seconds > 0) return { ok: false, reason: 'rate_limited', retryAfterSeconds: seconds, message: rateLimitedMessage(seconds) };

    const honeypot = fields[HONEYPOT_FIELD];
    const spam = typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null;
    const id = randomUUID();
    await db.insert(enquiries).values({
      id,
      kind: parsedKind.data,
      status: spam ? 'spam' : 'new',
      spamReason: spam ? 'honeypot' : null,
      name: details.name,
      email: details.email,
      company: details.company ?? null,
      jobTitle: details.jobTitle ?? null,
      country: details.country ?? null,
      teamSize: details.teamSize ?? null,
      message: details.message ?? null,
      sourcePath: source.data,
      createdAt: now(),
    });
    if (spam) return { ok: true, id, spam };

    // Stored: from here on nothing the sender did is lost. The job is the safety net.
    try {
      await jobs.enqueue(NOTIFY_JOB, { id }, { runAt: new Date(now().getTime() + NOTIFY_JOB_DELAY_MS), dedupeKey: `${NOTIFY_JOB}:${id}` });
    } catch (error) {
      log.error({ err: error, enquiryId: id }, 'could not schedule the enquiry emails’ retry');
    }
    try {
      await notify(id);
    } catch (error) {
      log.warn({ err: error, enquiryId: id }, 'enquiry stored; its emails will be retried by a job');
    }
    return { ok: true, id, spam };
  }

  async function list({ kind = null, status = null, page = 1 }: EnquiryListQuery = {}): Promise<EnquiryList> {
    const conditions: SQL[] = [];
    if (kind) conditions.push(eq(enquiries.kind, kind));
    if (status) conditions.push(eq(enquiries.status, status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(enquiries).where(where);
    const pageCount = Math.max(1, Math.ceil(total / ENQUIRY_PAGE_SIZE));
    const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
    const items = await db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(ENQUIRY_PAGE_SIZE)
      .offset((current - 1) * ENQUIRY_PAGE_SIZE);
    return { items, total, page: current, pageCount };
  }

  /** A site admin marks an enquiry answered, spam, or new again. The caller checks who may. */
  async function setStatus(input: { id: unknown; status: unknown; changedBy: string }): Promise<SetEnquiryStatusResult> {
    const parsed = setStatusSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const [row] = await db
      .update(enquiries)
      .set({ status: parsed.data.status, statusChangedAt: now(), statusChangedBy: input.changedBy })
      .where(eq(enquiries.id, parsed.data.id))
      .returning();
    return row ? { ok: true, enquiry: row } : { ok: false, reason: 'not_found' };
  }

  async function get(id: string): Promise<Enquiry | null> {
    if (!z.uuid().safeParse(id).success) return null;
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
    return row ?? null;
  }

  return { submit, notify, list, setStatus, get, countryTitle: (key: string) => countryTitles.get(key) ?? key };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
