// Sending newsletter issues (issue 19 part 2, decision 048): a site admin composes an issue of one
// newsletter from chosen stories (or the latest of a topic), previews it as a kind of reader, sends
// themselves a test, schedules it or sends it now. The durable job `newsletters.send_issue` writes
// one delivery row per reader (unique per issue and reader), then claims them in batches and hands
// each to the mail module's pooled SMTP transport, marking it sent as soon as the server accepted
// it. A row a dead runner left claimed becomes `uncertain` and is never sent again: at most once.
// What each reader sees of a story is the walls' one access decision; readers with the same
// decisions share one render, their own links (unsubscribe, click) filled in per reader.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../platform/module.ts';
import { paths } from '../../shared/paths.ts';
import type { ContentService } from '../content/content-service.ts';
import type { FollowsService } from '../follows/follows-service.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { BulkMessage, MailService } from '../mail/mail-service.ts';
import { RECIPIENT_PLACEHOLDER, renderNewsletterIssue, type NewsletterIssueEmailData } from '../mail/templates.ts';
import type { AccessDecision, Reader as WallReader, StoryFacts } from '../walls/access.ts';
import { mayReceive } from './audience.ts';
import type { Newsletter, NewslettersService } from './newsletters-service.ts';
import {
  newsletterDeliveries,
  newsletterIssueClicks,
  newsletterIssues,
  newsletters,
  newsletterSubscriptions,
  newsletterSuppressions,
  type DeliveryRow,
  type DeliveryStatus,
  type IssueRow,
} from './schema.ts';

export const SEND_JOB = 'newsletters.send_issue';
/** Readers claimed at once; a runner that dies leaves at most this many uncertain. */
export const SEND_BATCH = 200;
/** Messages handed to the transport at once (the mail module pools 8 SMTP connections). */
export const SEND_CONCURRENCY = 20;
/** A claimed row older than this was left by a runner that stopped: it becomes `uncertain`. */
export const STALE_CLAIM_MS = 2 * 60_000;
/** A refused hand-off (4xx, or no connection) is tried again, at the job's next tries, this many times in all. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Stories in a PERSONALISED issue, per reader. */
export const PERSONAL_STORIES = 5;
/** Stories "the latest of a topic" takes. */
export const TOPIC_STORIES = 5;

/** The kinds of reader an admin previews an issue as. */
export const PREVIEW_READERS = ['anonymous', 'registered', 'member'] as const;
export type PreviewReader = (typeof PREVIEW_READERS)[number];

const slugList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(/[\s,]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  z.array(z.string().regex(/^[a-z0-9-]{1,200}$/, { error: 'Story addresses are lower-case words joined by hyphens' })).max(20),
);

export const composeSchema = z
  .object({
    newsletterId: z.uuid({ error: 'Choose a newsletter' }),
    subject: z.string({ error: 'Write a subject' }).trim().min(3, { error: 'Write a subject' }).max(200),
    intro: z.string().trim().max(4000).default(''),
    /** Stories by their address (slug), in order; a story's URL is accepted and its slug taken. */
    storySlugs: z.preprocess(
      (value) => (typeof value === 'string' ? value.replace(/https?:\/\/[^\s,]+?\/articles\/([a-z0-9-]+)\/?/g, '$1') : value),
      slugList,
    ),
    /** Or: the latest stories of this topic (slug), when no story is named. */
    topicSlug: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{0,200}$/)
      .default(''),
  })
  .strict();
export type ComposeInput = z.input<typeof composeSchema>;

export const scheduleSchema = z.object({ at: z.coerce.date({ error: 'Give a date and time' }) });

/** A provider's report (webhook or a parsed DSN): a hard bounce or complaint suppresses the address. */
export const bounceReportSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(['bounce', 'complaint']),
        email: z.email(),
        /** Only hard bounces suppress; a soft one (mailbox full) is recorded nowhere. */
        bounceType: z.enum(['hard', 'soft']).default('hard'),
        detail: z.string().max(500).default(''),
      }),
    )
    .min(1)
    .max(1000),
});
export type BounceReport = z.input<typeof bounceReportSchema>;

export interface IssueNumbers {
  recipients: number;
  delivered: number;
  pending: number;
  uncertain: number;
  failed: number;
  bounced: number;
  unsubscribed: number;
  clicks: number;
}

export interface IssueSummary {
  issue: IssueRow;
  newsletter: Pick<Newsletter, 'newsletterId' | 'title' | 'newsletterGroup'>;
  numbers: IssueNumbers;
}

export type ComposeResult = { ok: true; issue: IssueRow } | { ok: false; fieldErrors: { field: string; message: string }[] };

/** What the sender needs to know of a subscriber who has an account. */
export interface AccountReader {
  email: string;
  emailVerified: boolean;
  isSiteAdmin: boolean;
  membershipLevel: string;
  membershipType: string;
}

export interface IssuesServiceDeps {
  db: Db;
  mail: Pick<MailService, 'deliverBulk'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  content: Pick<ContentService, 'readStory' | 'listLatest' | 'storySummaries'>;
  /** The walls' one access decision, for a reader who is not on a page. */
  walls: { emailAccess(reader: WallReader, story: StoryFacts): AccessDecision };
  follows: Pick<FollowsService, 'recommendedStories'>;
  /** An account's address and membership by its user id (identity's people and memberships). */
  accounts: { readerOf(userId: string): Promise<AccountReader | null> };
  subscriptions: Pick<NewslettersService, 'catalogue' | 'unsubscribeSubscription'>;
  secret: string;
  siteUrl: string;
  productName: string;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
  now?: () => Date;
  concurrency?: number;
  batchSize?: number;
}

/** The story as one kind of reader gets it in an email. */
type EmailStory = NewsletterIssueEmailData['stories'][number];

/**
 * What a failed hand-off means: the server refused it for now (4xx) or there was no connection —
 * it was not accepted, so it may be tried again; refused for good (5xx) — failed; anything else
 * (the connection dropped after the message was sent) — uncertain, never sent again.
 */
export function statusAfterError(error: unknown, attempts: number): DeliveryStatus {
  if (error instanceof z.ZodError) return 'failed'; // refused before anything was sent (the address)
  const e = error as { responseCode?: number; code?: string };
  const notAccepted = (e.responseCode !== undefined && e.responseCode < 500) || e.code === 'ECONNECTION' || e.code === 'EDNS';
  if (notAccepted) return attempts < MAX_DELIVERY_ATTEMPTS ? 'pending' : 'failed';
  if (e.responseCode !== undefined) return 'failed';
  return 'uncertain';
}

export function createIssuesService(deps: IssuesServiceDeps) {
  const { db, mail, jobs, content, walls, follows, accounts, subscriptions, secret, siteUrl, productName, log } = deps;
  const now = deps.now ?? (() => new Date());
  const concurrency = deps.concurrency ?? SEND_CONCURRENCY;
  const batchSize = deps.batchSize ?? SEND_BATCH;
  const site = siteUrl.replace(/\/$/, '');

  // ---- tokens: one per delivery, for its unsubscribe and click links ----
  const sign = (deliveryId: string) => createHmac('sha256', secret).update(`newsletter-delivery:${deliveryId}`).digest('base64url');
  const tokenFor = (deliveryId: string) => `${deliveryId}.${sign(deliveryId)}`;
  function deliveryOf(token: unknown): string | null {
    if (typeof token !== 'string') return null;
    const [id, mac] = token.split('.');
    if (!id || !mac || !z.uuid().safeParse(id).success) return null;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
  /** The bounce webhook's bearer token: derived from the app's secret, shown to site admins. */
  const webhookToken = createHmac('sha256', secret).update('newsletter-bounce-webhook').digest('base64url');

  const unsubscribeUrl = (token: string) => `${site}/user/newsletters/unsubscribe/?t=${token}`;
  const oneClickUrl = (token: string) => `${site}/newsletters/unsubscribe/one-click/?t=${token}`;
  const clickUrl = (token: string, slug: string) => `${site}/newsletters/r/?t=${token}&s=${encodeURIComponent(slug)}`;

  async function newsletterOf(newsletterId: string): Promise<Newsletter | null> {
    return (await subscriptions.catalogue()).find((n) => n.newsletterId === newsletterId) ?? null;
  }

  // ---- composing ----
  async function compose(input: unknown, createdBy: string): Promise<ComposeResult> {
    const parsed = composeSchema.safeParse(input);
    if (!parsed.success)
      return { ok: false, fieldErrors: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'form'), message: i.message })) };
    const { newsletterId, subject, intro, topicSlug } = parsed.data;
    const newsletter = await newsletterOf(newsletterId);
    if (!newsletter) return { ok: false, fieldErrors: [{ field: 'newsletterId', message: 'Choose a newsletter' }] };
    let slugs = [...new Set(parsed.data.storySlugs)];
    if (slugs.length === 0 && topicSlug) slugs = (await content.listLatest({ limit: TOPIC_STORIES, topicSlug })).map((s) => s.slug);
    const personal = newsletter.newsletterGroup === 'PERSONALISED';
    if (!personal && slugs.length === 0)
      return { ok: false, fieldErrors: [{ field: 'storySlugs', message: 'Name at least one story, or a topic with stories' }] };
    const missing: string[] = [];
    for (const slug of slugs) if (!(await content.readStory({ slug, decide: () => FULL }))) missing.push(slug);
    if (missing.length)
      return { ok: false, fieldErrors: [{ field: 'storySlugs', message: `No story at ${missing.map((m) => `“${m}”`).join(', ')}` }] };
    const at = now();
    const [issue] = await db
      .insert(newsletterIssues)
      .values({
        id: randomUUID(),
        newsletterId,
        subject,
        intro,
        storySlugs: slugs,
        state: 'draft',
        createdBy,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return { ok: true, issue: issue! };
  }

  async function get(issueId: string): Promise<IssueRow | null> {
    if (!z.uuid().safeParse(issueId).success) return null;
    const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    return row ?? null;
  }

  // ---- what a reader gets ----
  const FULL: AccessDecision = { kind: 'full', reason: 'admin', countsTowardMeter: false };

  function wallReaderOf(reader: AccountReader | null): WallReader {
    return reader
      ? {
          kind: 'signed-in',
          membershipLevel: reader.membershipLevel,
          membershipType: reader.membershipType,
          isAdmin: reader.isSiteAdmin,
          emailVerified: reader.emailVerified,
        }
      : { kind: 'anonymous', meterRead: [] };
  }

  /** The story as this reader may see it: lead-in paragraphs when open to them; the wall's words otherwise. */
  async function emailStory(slug: string, reader: WallReader, link: (slug: string) => string): Promise<EmailStory | null> {
    const page = await content.readStory({ slug, decide: (facts) => walls.emailAccess(reader, facts) });
    if (!page) return null;
    const { story, access } = page;
    const open = access.kind === 'full';
    const paragraphs = open
      ? story.body
          .filter((block) => block.type === 'paragraph')
          .slice(0, 2)
          .map((block) => block.text)
      : [];
    const wall =
      access.kind === 'wall'
        ? access.variant.text
        : access.kind === 'confirm-email'
          ? 'Confirm your email address to read the whole story with your membership.'
          : null;
    return { headline: story.headline, standfirst: story.standfirst, kicker: story.topic.name, url: link(slug), paragraphs, wall };
  }

  /** Which stories a reader gets: the issue's, or (PERSONALISED) their own from follows and reading. */
  async function storySlugsFor(issue: IssueRow, newsletter: Newsletter, userId: string | null): Promise<string[]> {
    if (newsletter.newsletterGroup !== 'PERSONALISED') return issue.storySlugs;
    if (!userId) return issue.storySlugs;
    const picked = await follows.recommendedStories({ userId, first: PERSONAL_STORIES });
    return picked.map((s) => s.slug);
  }

  /** The decisions a reader gets for these stories: readers with the same key share one render. */
  async function groupKey(slugs: string[], reader: WallReader): Promise<string> {
    const decisions: string[] = [];
    for (const slug of slugs) {
      const page = await content.readStory({ slug, decide: (facts) => walls.emailAccess(reader, facts) });
      decisions.push(!page ? 'gone' : page.access.kind === 'wall' ? `wall:${page.access.variant.id}` : page.access.kind);
    }
    return `${slugs.join(',')}|${decisions.join(',')}`;
  }

  async function render(
    issue: IssueRow,
    newsletter: Newsletter,
    slugs: string[],
    reader: WallReader,
    { token, test = false }: { token: string; test?: boolean },
  ) {
    const stories: EmailStory[] = [];
    for (const slug of slugs) {
      const story = await emailStory(slug, reader, (s) => clickUrl(token, s));
      if (story) stories.push(story);
    }
    return renderNewsletterIssue({
      productName,
      siteUrl: site,
      newsletterTitle: newsletter.title,
      subject: issue.subject,
      intro: issue.intro,
      stories,
      unsubscribeUrl: unsubscribeUrl(token),
      preferencesUrl: `${site}${paths.newsletters()}`,
      test,
    });
  }

  const PREVIEW_AS: Record<PreviewReader, AccountReader | null> = {
    anonymous: null,
    registered: { email: '', emailVerified: true, isSiteAdmin: false, membershipLevel: 'None', membershipType: 'None' },
    member: { email: '', emailVerified: true, isSiteAdmin: false, membershipLevel: 'Standard', membershipType: 'Individual' },
  };

  /** The issue as a kind of reader would receive it (links go to the stories without counting). */
  async function preview({ issueId, as, userId }: { issueId: string; as: PreviewReader; userId: string | null }) {
    const issue = await get(issueId);
    if (!issue) return null;
    const newsletter = (await newsletterOf(issue.newsletterId))!;
    const slugs = await storySlugsFor(issue, newsletter, userId);
    return render(issue, newsletter, slugs, wallReaderOf(PREVIEW_AS[as]), { token: 'preview' });
  }

  /** A test to the admin's own address, as the kind of reader chosen; no delivery row, nothing counted. */
  async function sendTest({ issueId, as, to, userId }: { issueId: string; as: PreviewReader; to: string; userId: string | null }) {
    const issue = await get(issueId);
    if (!issue) return false;
    const newsletter = (await newsletterOf(issue.newsletterId))!;
    const slugs = await storySlugsFor(issue, newsletter, userId);
    const rendered = await render(issue, newsletter, slugs, wallReaderOf(PREVIEW_AS[as]), { token: 'preview', test: true });
    await mail.deliverBulk({ to, ...rendered, headers: { 'Auto-Submitted': 'auto-generated' } });
    return true;
  }

  // ---- scheduling ----
  /** Schedules a draft (or moves a scheduled issue); "send now" is a schedule for now. */
  async function schedule({ issueId, at }: { issueId: string; at: Date }): Promise<IssueRow | null> {
    const [row] = await db
      .update(newsletterIssues)
      .set({ state: 'scheduled', scheduledAt: at, updatedAt: now() })
      .where(and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.state, ['draft', 'scheduled'])))
      .returning();
    if (!row) return null;
    await jobs.enqueue(SEND_JOB, { issueId }, { runAt: at, dedupeKey: `${SEND_JOB}:${issueId}:${at.toISOString()}`, maxAttempts: 20 });
    return row;
  }

  /** A scheduled issue goes back to draft (its job finds it so and does nothing). */
  async function unschedule(issueId: string): Promise<IssueRow | null> {
    const [row] = await db
      .update(newsletterIssues)
      .set({ state: 'draft', scheduledAt: null, updatedAt: now() })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.state, 'scheduled')))
      .returning();
    return row ?? null;
  }

  // ---- sending ----
  /**
   * Starts an issue that is due: in one transaction its state becomes `sending` and a delivery row
   * is written for every reader subscribed now, for whom the newsletter still is (the audience
   * rule), whose address is not suppressed. Readers who subscribe later are not added on a resume.
   */
  async function start(issue: IssueRow, newsletter: Newsletter): Promise<boolean> {
    const subscribers = await db
      .select({
        id: newsletterSubscriptions.id,
        userId: newsletterSubscriptions.userId,
        email: newsletterSubscriptions.email,
      })
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.newsletterId, newsletter.newsletterId), eq(newsletterSubscriptions.status, 'subscribed')));
    const rows: (typeof newsletterDeliveries.$inferInsert)[] = [];
    const suppressed = new Set((await db.select({ email: newsletterSuppressions.email }).from(newsletterSuppressions)).map((r) => r.email));
    for (const subscriber of subscribers) {
      if (subscriber.userId) {
        const reader = await accounts.readerOf(subscriber.userId);
        if (!reader?.emailVerified) continue;
        const principal = { membershipLevel: reader.membershipLevel, isBofAdmin: reader.isSiteAdmin };
        const email = reader.email.toLowerCase();
        if (!mayReceive(newsletter, principal) || suppressed.has(email)) continue;
        rows.push(deliveryRow(issue.id, subscriber.id, `user:${subscriber.userId}`, email, subscriber.userId));
      } else if (subscriber.email && mayReceive(newsletter, null) && !suppressed.has(subscriber.email)) {
        rows.push(deliveryRow(issue.id, subscriber.id, `email:${subscriber.email}`, subscriber.email, null));
      }
    }
    return db.transaction(async (tx) => {
      const [started] = await tx
        .update(newsletterIssues)
        .set({ state: 'sending', startedAt: now(), updatedAt: now() })
        .where(and(eq(newsletterIssues.id, issue.id), eq(newsletterIssues.state, 'scheduled')))
        .returning({ id: newsletterIssues.id });
      if (!started) return false;
      for (let i = 0; i < rows.length; i += 1000)
        await tx
          .insert(newsletterDeliveries)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
      return true;
    });
  }

  function deliveryRow(issueId: string, subscriptionId: string, readerKey: string, email: string, userId: string | null) {
    return { id: randomUUID(), issueId, subscriptionId, readerKey, email, userId, status: 'pending' as const };
  }

  /** Claims up to a batch of pending rows: `sending`, stamped, in one statement. */
  async function claim(issueId: string): Promise<DeliveryRow[]> {
    const due = db
      .select({ id: newsletterDeliveries.id })
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.status, 'pending')))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(newsletterDeliveries)
      .set({ status: 'sending', claimedAt: now(), attempts: sql`${newsletterDeliveries.attempts} + 1` })
      .where(inArray(newsletterDeliveries.id, due))
      .returning();
  }

  async function mark(id: string, status: DeliveryStatus, lastError: string | null = null) {
    await db
      .update(newsletterDeliveries)
      .set({ status, lastError, sentAt: status === 'sent' ? now() : null })
      .where(and(eq(newsletterDeliveries.id, id), eq(newsletterDeliveries.status, 'sending')));
  }

  function personalised(html: string, text: string, token: string) {
    return { html: html.replaceAll(RECIPIENT_PLACEHOLDER, token), text: text.replaceAll(RECIPIENT_PLACEHOLDER, token) };
  }

  /** Sends what is due of an issue; the job's handler. Safe to run again at any point. */
  async function runSend(issueId: string): Promise<'not-due' | 'sent'> {
    let issue = await get(issueId);
    if (!issue || issue.state === 'draft' || issue.state === 'sent') return 'not-due';
    const newsletter = await newsletterOf(issue.newsletterId);
    if (!newsletter) return 'not-due';
    if (issue.state === 'scheduled') {
      if (!issue.scheduledAt || issue.scheduledAt.getTime() > now().getTime()) return 'not-due';
      await start(issue, newsletter);
      issue = (await get(issueId))!;
      if (issue.state !== 'sending') return 'not-due';
    }
    // Rows a runner that stopped had claimed: maybe sent, maybe not. Never again (at most once).
    await db
      .update(newsletterDeliveries)
      .set({ status: 'uncertain', lastError: 'the sending process stopped while this was being handed over' })
      .where(
        and(
          eq(newsletterDeliveries.issueId, issueId),
          eq(newsletterDeliveries.status, 'sending'),
          lt(newsletterDeliveries.claimedAt, new Date(now().getTime() - STALE_CLAIM_MS)),
        ),
      );
    const renders = new Map<string, Promise<{ subject: string; html: string; text: string }>>();
    const readers = new Map<string, Promise<AccountReader | null>>();
    const keys = new Map<string, Promise<{ slugs: string[]; key: string }>>();
    const personal = newsletter.newsletterGroup === 'PERSONALISED';
    let refusedForNow = false;
    /** The message for one reader: their group's render with their own links, and the list headers. */
    const messageFor = async (row: DeliveryRow): Promise<BulkMessage> => {
      const token = tokenFor(row.id);
      let account: AccountReader | null = null;
      if (row.userId) {
        if (!readers.has(row.userId)) readers.set(row.userId, accounts.readerOf(row.userId));
        account = await readers.get(row.userId)!;
      }
      const reader = wallReaderOf(account);
      // Readers of the same kind share their decisions (an issue's stories are the same for all but
      // a PERSONALISED one's): worked out once per kind.
      const kind = personal ? `user:${row.userId}` : JSON.stringify(reader);
      if (!keys.has(kind))
        keys.set(
          kind,
          storySlugsFor(issue, newsletter, row.userId).then(async (slugs) => ({ slugs, key: await groupKey(slugs, reader) })),
        );
      const { slugs, key } = await keys.get(kind)!;
      if (!renders.has(key)) renders.set(key, render(issue, newsletter, slugs, reader, { token: RECIPIENT_PLACEHOLDER }));
      const rendered = await renders.get(key)!;
      return {
        to: row.email,
        subject: rendered.subject,
        ...personalised(rendered.html, rendered.text, token),
        headers: {
          'List-Unsubscribe': `<${oneClickUrl(token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': `${newsletter.title} <${newsletter.slug}.${new URL(site).hostname}>`,
          Precedence: 'bulk',
          'X-Entity-Ref-ID': row.id,
        },
      };
    };
    for (;;) {
      const batch = await claim(issueId);
      if (batch.length === 0) break;
      let next = 0;
      const work = async () => {
        while (next < batch.length) {
          const row = batch[next++]!;
          let message: BulkMessage;
          try {
            message = await messageFor(row);
          } catch (error) {
            // Nothing was handed over: the issue could not be made for this reader (a story gone…).
            await mark(row.id, 'failed', error instanceof Error ? error.message.slice(0, 500) : String(error));
            log.error({ deliveryId: row.id, err: String(error) }, 'newsletter delivery could not be rendered');
            continue;
          }
          try {
            await mail.deliverBulk(message);
          } catch (error) {
            const status = statusAfterError(error, row.attempts);
            if (status === 'pending') refusedForNow = true;
            await mark(row.id, status, error instanceof Error ? error.message.slice(0, 500) : String(error));
            if (status !== 'pending') log.warn({ deliveryId: row.id, err: String(error) }, `newsletter delivery ${status}`);
            continue;
          }
          await mark(row.id, 'sent');
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, work));
      // The server refused for now (or could not be reached): the job tries again after its backoff,
      // rather than spending every reader's attempts in a few seconds.
      if (refusedForNow) throw new Error(`issue ${issueId}: the mail server refused for now; will try again`);
    }
    // Done when nothing is pending or in another runner's hands.
    const [open] = await db
      .select({ n: count() })
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, issueId), inArray(newsletterDeliveries.status, ['pending', 'sending'])));
    if ((open?.n ?? 0) > 0) throw new Error(`issue ${issueId}: deliveries still in another runner's hands; will look again`);
    await db
      .update(newsletterIssues)
      .set({ state: 'sent', sentAt: now(), updatedAt: now() })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.state, 'sending')));
    return 'sent';
  }

  // ---- after sending: unsubscribes, clicks, bounces ----
  /** The delivery a link's token names, with its issue's newsletter title, or null. */
  async function linkTarget(token: unknown) {
    const id = deliveryOf(token);
    if (!id) return null;
    const [row] = await db
      .select({ delivery: newsletterDeliveries, newsletterTitle: newsletters.title })
      .from(newsletterDeliveries)
      .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterDeliveries.issueId))
      .innerJoin(newsletters, eq(newsletters.newsletterId, newsletterIssues.newsletterId))
      .where(eq(newsletterDeliveries.id, id));
    return row ?? null;
  }

  /** One-click unsubscribe (RFC 8058) or the page's button: the token is the proof, no sign-in. */
  async function unsubscribe(token: unknown): Promise<{ ok: true; newsletterTitle: string } | { ok: false }> {
    const target = await linkTarget(token);
    if (!target) return { ok: false };
    const { delivery } = target;
    await subscriptions.unsubscribeSubscription({
      subscriptionId: delivery.subscriptionId,
      sourcePath: `/newsletters/issues/${delivery.issueId}`,
    });
    await db
      .update(newsletterDeliveries)
      .set({ unsubscribedAt: now() })
      .where(and(eq(newsletterDeliveries.id, delivery.id), isNull(newsletterDeliveries.unsubscribedAt)));
    return { ok: true, newsletterTitle: target.newsletterTitle };
  }

  /**
   * A click on a story link: counted on the issue always (a number, nobody named); on the reader's
   * delivery only when their browser allowed analytics (the consent cookie). Where it goes is
   * always one of our story pages, so the link cannot send anyone elsewhere.
   */
  async function click({ token, slug, analyticsAllowed }: { token: unknown; slug: unknown; analyticsAllowed: boolean }): Promise<string> {
    const story = typeof slug === 'string' && /^[a-z0-9-]{1,200}$/.test(slug) ? slug : null;
    const to = story ? paths.story(story) : paths.home();
    const id = deliveryOf(token);
    if (!id || !story) return to;
    const [delivery] = await db
      .select({ issueId: newsletterDeliveries.issueId })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.id, id));
    if (!delivery) return to;
    await db
      .insert(newsletterIssueClicks)
      .values({ issueId: delivery.issueId, clicks: 1 })
      .onConflictDoUpdate({ target: newsletterIssueClicks.issueId, set: { clicks: sql`${newsletterIssueClicks.clicks} + 1` } });
    if (analyticsAllowed)
      await db
        .update(newsletterDeliveries)
        .set({ clicks: sql`${newsletterDeliveries.clicks} + 1` })
        .where(eq(newsletterDeliveries.id, id));
    return to;
  }

  /** A provider's bounce and complaint events: hard bounces and complaints suppress the address. */
  async function reportBounces(input: unknown): Promise<{ ok: true; suppressed: number } | { ok: false; message: string }> {
    const parsed = bounceReportSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
    let suppressed = 0;
    for (const event of parsed.data.events) {
      if (event.type === 'bounce' && event.bounceType === 'soft') continue;
      const email = event.email.toLowerCase();
      const inserted = await db
        .insert(newsletterSuppressions)
        .values({ email, reason: event.type === 'complaint' ? 'complaint' : 'hard-bounce', detail: event.detail, createdAt: now() })
        .onConflictDoNothing()
        .returning({ email: newsletterSuppressions.email });
      suppressed += inserted.length;
      // The newest delivery to the address is the one that bounced (for the issue's numbers).
      if (event.type === 'bounce') {
        const [latest] = await db
          .select({ id: newsletterDeliveries.id })
          .from(newsletterDeliveries)
          .where(and(eq(newsletterDeliveries.email, email), eq(newsletterDeliveries.status, 'sent')))
          .orderBy(desc(newsletterDeliveries.sentAt))
          .limit(1);
        if (latest) await db.update(newsletterDeliveries).set({ status: 'bounced' }).where(eq(newsletterDeliveries.id, latest.id));
      }
    }
    return { ok: true, suppressed };
  }

  async function isSuppressed(email: string): Promise<boolean> {
    const [row] = await db.select().from(newsletterSuppressions).where(eq(newsletterSuppressions.email, email.toLowerCase()));
    return Boolean(row);
  }

  // ---- numbers ----
  async function numbersOf(issueIds: string[]): Promise<Map<string, IssueNumbers>> {
    const result = new Map<string, IssueNumbers>();
    for (const id of issueIds)
      result.set(id, { recipients: 0, delivered: 0, pending: 0, uncertain: 0, failed: 0, bounced: 0, unsubscribed: 0, clicks: 0 });
    if (issueIds.length === 0) return result;
    const rows = await db
      .select({
        issueId: newsletterDeliveries.issueId,
        status: newsletterDeliveries.status,
        n: count(),
        unsubscribed: sql<number>`count(${newsletterDeliveries.unsubscribedAt})::int`,
      })
      .from(newsletterDeliveries)
      .where(inArray(newsletterDeliveries.issueId, issueIds))
      .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.status);
    for (const row of rows) {
      const n = result.get(row.issueId)!;
      n.recipients += row.n;
      n.unsubscribed += Number(row.unsubscribed);
      if (row.status === 'sent') n.delivered += row.n;
      else if (row.status === 'pending' || row.status === 'sending') n.pending += row.n;
      else if (row.status === 'bounced') n.bounced += row.n;
      else if (row.status === 'uncertain') n.uncertain += row.n;
      else n.failed += row.n;
    }
    const clicks = await db.select().from(newsletterIssueClicks).where(inArray(newsletterIssueClicks.issueId, issueIds));
    for (const row of clicks) result.get(row.issueId)!.clicks = row.clicks;
    return result;
  }

  /** Every issue, newest first, with its newsletter and numbers (the admin list, analytics). */
  async function list({ limit = 50, state, issueId }: { limit?: number; state?: IssueRow['state']; issueId?: string } = {}): Promise<
    IssueSummary[]
  > {
    const rows = await db
      .select({
        issue: newsletterIssues,
        newsletter: { newsletterId: newsletters.newsletterId, title: newsletters.title, newsletterGroup: newsletters.newsletterGroup },
      })
      .from(newsletterIssues)
      .innerJoin(newsletters, eq(newsletters.newsletterId, newsletterIssues.newsletterId))
      .where(and(state ? eq(newsletterIssues.state, state) : undefined, issueId ? eq(newsletterIssues.id, issueId) : undefined))
      .orderBy(desc(newsletterIssues.createdAt), asc(newsletterIssues.id))
      .limit(limit);
    const numbers = await numbersOf(rows.map((r) => r.issue.id));
    return rows.map((r) => ({ ...r, numbers: numbers.get(r.issue.id)! }));
  }

  return {
    compose,
    get,
    list,
    numbersOf,
    preview,
    sendTest,
    schedule,
    unschedule,
    runSend,
    unsubscribe,
    linkTarget,
    click,
    reportBounces,
    isSuppressed,
    webhookToken: () => webhookToken,
    /** For tests: the token an issue's links carry for a delivery. */
    tokenFor,
  };
}

export type IssuesService = ReturnType<typeof createIssuesService>;
