// Gift links (§1, §7 createStoryGift): the one service GraphQL, the gift dialog's action, the story
// page and the gifts page call. A member creates a link for a story; anyone who opens it before it
// expires (or is revoked) reads the whole story; the giver sees how many people opened it.
import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../platform/module.ts';
import { createWriteBehind } from '../../platform/write-behind.ts';
import { paths } from '../../shared/paths.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import type { ContentService } from '../content/content-service.ts';
import type { People } from '../identity/people.ts';
import {
  createGiftSchema,
  giftExpiry,
  giftIdSchema,
  giftMessages,
  giftStatus,
  giftUrl,
  MONTHLY_GIFT_QUOTA,
  quotaExhaustedMessage,
  quotaOf,
  quotaPeriod,
  revokeGiftSchema,
  type GiftQuota,
  type GiftRefusal,
  type GiftSummary,
  type OpenedGift,
} from './gift-rules.ts';
import { storyGiftRedemptions, storyGifts } from './schema.ts';

/** The giver as the transport knows them: from the verified claims (GraphQL) or the session (pages). */
export interface Giver {
  /** The identity id (the main token's `sub`). */
  identityId: string;
  /** The numeric user id as text (the main token's `user_id`). */
  userId: string;
  /** gift-rules.ts mayGift of the giver's claims. */
  isMember: boolean;
}

export type CreateGiftResult =
  | { ok: true; value: { gift: GiftSummary; quota: GiftQuota; reused: boolean } }
  | ({ ok: false } & ({ reason: 'invalid'; fieldErrors: FieldError[] } | GiftRefusal));

export type RevokeGiftResult =
  | { ok: true; value: GiftSummary }
  | { ok: false; reason: 'invalid'; fieldErrors: FieldError[] }
  | { ok: false; reason: 'not_yours'; message: string };

/** An opened gift, with what the page needs to tell the giver from other visitors. */
export interface OpenedGiftWithGiver extends OpenedGift {
  giverUserId: string;
}

/** What a giver is called on the gift banner when their identity has no name. */
export const ANONYMOUS_GIVER = 'A member';

/** The giver's list holds at most this many gifts (newest first): a year of a full quota. */
export const MAX_LISTED_GIFTS = 120;

export interface GiftsServiceOptions {
  db: Db;
  content: Pick<ContentService, 'storySummaries'>;
  /** The identity service (or anything with its people port): the giver's name comes from their traits. */
  identity: { people: Pick<People, 'get'> };
  /** The site's URL, for the absolute links members share. */
  siteUrl: string;
  now?: () => Date;
  /** Where a failure to store redemptions is logged (the module's logger). */
  log?: Pick<Logger, 'error' | 'warn'>;
  /** How long a redemption may wait in memory before it is stored (write-behind.ts). */
  redemptionsIntervalMs?: number;
}

/** A visitor who opened a gift, held until its batch is stored. */
interface PendingRedemption {
  giftId: string;
  visitorHash: string;
  firstSeenAt: Date;
}

export type GiftsService = ReturnType<typeof createGiftsService>;

type GiftRow = typeof storyGifts.$inferSelect;

export function createGiftsService({
  db,
  content,
  identity,
  siteUrl,
  now = () => new Date(),
  log = console,
  redemptionsIntervalMs,
}: GiftsServiceOptions) {
  // Redemptions are written behind the story page (decision 031).
  const redemptions = createWriteBehind<PendingRedemption>({
    flush: storeRedemptions,
    intervalMs: redemptionsIntervalMs,
    log,
    name: 'gift redemptions',
  });

  /**
   * A batch of redemptions in one transaction: the new (gift, visitor) rows in one insert (a
   * visitor already counted, in the batch or before, is skipped), then each gift's count raised by
   * the rows it gained, gifts in id order so concurrent batches lock them in the same order.
   */
  async function storeRedemptions(batch: PendingRedemption[]): Promise<void> {
    const unique = new Map<string, PendingRedemption>();
    for (const item of batch) {
      const key = `${item.giftId}\n${item.visitorHash}`;
      if (!unique.has(key)) unique.set(key, item);
    }
    const values = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(storyGiftRedemptions)
        .values(values)
        .onConflictDoNothing()
        .returning({ giftId: storyGiftRedemptions.giftId });
      const gained = new Map<string, number>();
      for (const { giftId } of inserted) gained.set(giftId, (gained.get(giftId) ?? 0) + 1);
      for (const [giftId, n] of [...gained].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        await tx
          .update(storyGifts)
          .set({ redemptionCount: sql`${storyGifts.redemptionCount} + ${n}` })
          .where(eq(storyGifts.giftId, giftId));
    });
  }

  async function giverName(identityId: string): Promise<string> {
    const person = await identity.people.get(identityId);
    const full = [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ');
    return full || ANONYMOUS_GIVER;
  }

  /** Gifts as their giver sees them; stories are read in one statement whatever the number of gifts. */
  async function summaries(rows: readonly GiftRow[]): Promise<GiftSummary[]> {
    const storyIds = [...new Set(rows.map((row) => row.storyId))];
    const stories = new Map((await content.storySummaries(storyIds)).map((story) => [story.id, story]));
    const at = now();
    return rows.map((row) => {
      const story = stories.get(row.storyId);
      return {
        giftId: row.giftId,
        storyId: row.storyId,
        story: story ? { slug: story.slug, headline: story.headline } : null,
        url: story ? giftUrl(siteUrl, paths.story(story.slug), row.giftId) : null,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        revokedAt: row.revokedAt?.toISOString() ?? null,
        redemptionCount: row.redemptionCount,
        status: giftStatus(row, at),
      };
    });
  }

  async function usedThisMonth(giverIdentityId: string, at: Date, tx: Db = db): Promise<number> {
    const { start, end } = quotaPeriod(at);
    const [row] = await tx
      .select({ n: count() })
      .from(storyGifts)
      .where(and(eq(storyGifts.giverIdentityId, giverIdentityId), gte(storyGifts.createdAt, start), lt(storyGifts.createdAt, end)));
    return row?.n ?? 0;
  }

  /**
   * Before the giver sees counts: the redemptions this process holds are stored (one insert, when
   * there are any). A store that fails leaves them for the retry; the list is still shown.
   */
  async function settleRedemptions(): Promise<void> {
    if (redemptions.pending().length > 0) await redemptions.flush().catch(() => {});
  }

  async function quota({ giverIdentityId }: { giverIdentityId: string }): Promise<GiftQuota> {
    const at = now();
    return quotaOf(await usedThisMonth(giverIdentityId, at), at);
  }

  return {
    quota,

    /**
     * A gift link for a story. Members only, MONTHLY_GIFT_QUOTA per calendar month (UTC). Asking
     * again for a story the giver already has a live link to returns that link and uses nothing, so
     * a resent form or a second click does not spend the allowance.
     */
    async createGift({ giver, storyId }: { giver: Giver; storyId: unknown }): Promise<CreateGiftResult> {
      const parsed = createGiftSchema.safeParse({ storyId });
      if (!parsed.success) return { ok: false, reason: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
      if (!giver.isMember) return { ok: false, reason: 'not_member', message: giftMessages.notMember };
      const [story] = await content.storySummaries([parsed.data.storyId]);
      if (!story)
        return { ok: false, reason: 'invalid', fieldErrors: [{ path: ['storyId'], code: 'not_found', message: giftMessages.notFound }] };

      const at = now();
      const outcome = await db.transaction(async (tx) => {
        // One giver's gifts are created one at a time, so two quick requests cannot both take the last one.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`story_gifts:${giver.identityId}`}))`);
        const [live] = await tx
          .select()
          .from(storyGifts)
          .where(
            and(
              eq(storyGifts.giverIdentityId, giver.identityId),
              eq(storyGifts.storyId, story.id),
              isNull(storyGifts.revokedAt),
              gt(storyGifts.expiresAt, at),
            ),
          )
          .orderBy(desc(storyGifts.createdAt))
          .limit(1);
        const used = await usedThisMonth(giver.identityId, at, tx);
        if (live) return { kind: 'created' as const, row: live, used, reused: true };
        if (used >= MONTHLY_GIFT_QUOTA) return { kind: 'exhausted' as const, quota: quotaOf(used, at) };
        const [row] = await tx
          .insert(storyGifts)
          .values({
            storyId: story.id,
            giverIdentityId: giver.identityId,
            giverUserId: giver.userId,
            createdAt: at,
            expiresAt: giftExpiry(at),
          })
          .returning();
        return { kind: 'created' as const, row: row!, used: used + 1, reused: false };
      });
      if (outcome.kind === 'exhausted')
        return { ok: false, reason: 'quota_exhausted', message: quotaExhaustedMessage(outcome.quota), quota: outcome.quota };
      const [gift] = await summaries([outcome.row]);
      return { ok: true, value: { gift: gift!, quota: quotaOf(outcome.used, at), reused: outcome.reused } };
    },

    /** The gift a link names, if it opens this story now: null when unknown, expired, revoked or for another story. */
    async openGift({ giftId, storyId }: { giftId: string; storyId: string }): Promise<OpenedGiftWithGiver | null> {
      const parsed = giftIdSchema.safeParse(giftId);
      if (!parsed.success) return null;
      const [row] = await db
        .select()
        .from(storyGifts)
        .where(
          and(
            eq(storyGifts.giftId, parsed.data),
            eq(storyGifts.storyId, storyId),
            isNull(storyGifts.revokedAt),
            gt(storyGifts.expiresAt, now()),
          ),
        );
      if (!row) return null;
      return {
        giftId: row.giftId,
        giverName: await giverName(row.giverIdentityId),
        giverUserId: row.giverUserId,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Someone other than the giver opened the gift. Counted once per visitor (`visitorKey`, hashed
     * with the gift id here, so what is stored cannot be matched across gifts). Held in memory and
     * stored with the next batch (and at shutdown): the page never waits for it.
     */
    recordRedemption({ giftId, visitorKey }: { giftId: string; visitorKey: string }): void {
      const parsed = giftIdSchema.safeParse(giftId);
      if (!parsed.success) return;
      const visitorHash = createHash('sha256').update(`${parsed.data}\n${visitorKey}`).digest('base64url');
      redemptions.add({ giftId: parsed.data, visitorHash, firstSeenAt: now() });
    },

    /** Stores the redemptions held in memory now. */
    flushRedemptions: () => redemptions.flush(),

    /** Stores what is held and stops the timer: the module's onClose. */
    close: () => redemptions.close(),

    /** Stops a gift link opening its story. Only its giver may; revoking twice is fine. */
    async revokeGift({ giverIdentityId, giftId }: { giverIdentityId: string; giftId: unknown }): Promise<RevokeGiftResult> {
      const parsed = revokeGiftSchema.safeParse({ giftId });
      if (!parsed.success) return { ok: false, reason: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
      await settleRedemptions();
      const [row] = await db.select().from(storyGifts).where(eq(storyGifts.giftId, parsed.data.giftId));
      if (!row)
        return { ok: false, reason: 'invalid', fieldErrors: [{ path: ['giftId'], code: 'not_found', message: giftMessages.giftId }] };
      if (row.giverIdentityId !== giverIdentityId) return { ok: false, reason: 'not_yours', message: giftMessages.notYours };
      if (!row.revokedAt)
        await db
          .update(storyGifts)
          .set({ revokedAt: now() })
          .where(and(eq(storyGifts.giftId, row.giftId), isNull(storyGifts.revokedAt)));
      const [revoked] = await db.select().from(storyGifts).where(eq(storyGifts.giftId, row.giftId));
      const [gift] = await summaries([revoked!]);
      return { ok: true, value: gift! };
    },

    /** The giver's gift links, newest first, with their stories and how many people opened each. */
    async listGifts({ giverIdentityId }: { giverIdentityId: string }): Promise<GiftSummary[]> {
      await settleRedemptions();
      const rows = await db
        .select()
        .from(storyGifts)
        .where(eq(storyGifts.giverIdentityId, giverIdentityId))
        .orderBy(desc(storyGifts.createdAt))
        .limit(MAX_LISTED_GIFTS);
      return summaries(rows);
    },
  };
}
