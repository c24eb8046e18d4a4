// Newsletter subscriptions (§3, §4, §6, §7; decision 045): the one service GraphQL and the pages call.
// - A signed-in reader whose address is confirmed subscribes at once.
// - Anyone else gets double opt-in: a sign-up is stored and a confirmation email sent; only a POST
//   of the emailed link (id + HMAC) writes the subscriptions, so a mail scanner that opens the link
//   confirms nothing. One reminder 48 hours on when still unconfirmed (a job), then nothing.
// - Every subscribe and unsubscribe appends a consent record (text shown, page, when, how).
// - When an account confirms an address, the subscriptions confirmed for it become the account's
//   (`adoptSubscriptions`, asked by the claims source whenever tokens are minted).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../platform/module.ts';
import { retryAfterSeconds, type LimitStore } from '../../platform/rate-limits.ts';
import { fieldErrorsFromZod, type FieldError } from '../../shared/validation/field-errors.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { Principal } from '../session/permissions.ts';
import { audienceOf, mayReceive, type NewsletterAudience } from './audience.ts';
import {
  confirmationSchema,
  NEWSLETTER_GROUPS,
  newsletterMessages,
  preferencesSchema,
  SIGNUP_CONSENT_TEXT,
  signupSchema,
  UNSUBSCRIBE_ALL_TEXT,
  EMAIL_UNSUBSCRIBE_TEXT,
  PREFERENCES_CONSENT_TEXT,
  type ConsentMethod,
  type NewsletterSubscriptionStatus,
  type Placement,
  type StoredSubscriptionStatus,
} from './newsletter-input.ts';
import {
  newsletterConsents,
  newsletterSignups,
  newsletters,
  newsletterSubscriptions,
  type NewsletterRow,
  type SignupRow,
} from './schema.ts';

/** The job that sends the one reminder of an unconfirmed sign-up. */
export const REMIND_JOB = 'newsletters.remind';
export const REMINDER_AFTER_MS = 48 * 60 * 60_000;
/** How long the emailed link works: past the reminder, with days to spare. */
export const SIGNUP_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Sign-ups per client address per hour; the next is refused (429). */
export const SIGNUP_RATE_LIMIT = { points: 10, durationSeconds: 60 * 60 } as const;
/** Confirmation emails one address receives per day: more are not sent (nobody is flooded through our form). */
export const EMAILS_PER_ADDRESS = { points: 3, durationSeconds: 24 * 60 * 60 } as const;
const CATALOGUE_TTL_MS = 60_000;

export type Newsletter = NewsletterRow & { audience: NewsletterAudience };

/** §3 NewsletterSubscription: a newsletter and the reader's status for it. */
export interface NewsletterSubscription {
  newsletter: Newsletter;
  status: NewsletterSubscriptionStatus;
  /** The reader may subscribe (the audience rule); a subscribed one may always unsubscribe. */
  available: boolean;
}

/** The signed-in reader, from the verified session (GraphQL claims or the page's session user). */
export interface Reader extends Principal {
  userId: string;
  email: string;
  emailVerified: boolean;
}

export type SignupResult =
  | { ok: true; outcome: 'subscribed' | 'confirmation-sent'; newsletterIds: string[] }
  | { ok: false; reason: 'invalid'; fieldErrors: FieldError[] }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number; message: string };

export type ConfirmResult =
  | { ok: true; email: string; newsletters: Newsletter[]; alreadyConfirmed: boolean }
  | { ok: false; reason: 'invalid' | 'expired'; message: string };

export type PreferencesResult = { ok: true; subscriptions: NewsletterSubscription[] } | { ok: false; fieldErrors: FieldError[] };

export const rateLimitedMessage = (seconds: number) =>
  `You have signed up several times in a short time, so this one was not sent. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`;
export const confirmMessages = {
  invalid: 'This confirmation link is not valid. Sign up again and use the link in the newest email.',
  expired: 'This confirmation link has expired. Sign up again and we will send a new one.',
} as const;

export interface NewslettersServiceDeps {
  db: Db;
  mail: Pick<MailService, 'send'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  limits: LimitStore;
  /** Signs the emailed links (the app's secret). */
  secret: string;
  siteUrl: string;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
  now?: () => Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createNewslettersService({ db, mail, jobs, limits, secret, siteUrl, log, now = () => new Date() }: NewslettersServiceDeps) {
  const perAddress = limits.limiter({ name: 'newsletters-signup', ...SIGNUP_RATE_LIMIT });
  const perEmail = limits.limiter({ name: 'newsletters-email', ...EMAILS_PER_ADDRESS });
  const site = siteUrl.replace(/\/$/, '');
  let cached: { at: number; rows: Newsletter[] } | null = null;

  /** Every newsletter, in the preference centre's order; kept a minute (stories' pages read it). */
  async function catalogue(): Promise<Newsletter[]> {
    if (cached && Date.now() - cached.at < CATALOGUE_TTL_MS) return cached.rows;
    const rows = await db.select().from(newsletters).orderBy(asc(newsletters.position), asc(newsletters.title));
    const order = (group: string) => NEWSLETTER_GROUPS.indexOf(group as never);
    const sorted = rows
      .map((row) => ({ ...row, audience: audienceOf(row) }))
      .sort((a, b) => order(a.newsletterGroup) - order(b.newsletterGroup));
    cached = { at: Date.now(), rows: sorted };
    return sorted;
  }

  /** The newsletters a sign-up form offers: the default ones for everyone, and a topic's own. */
  async function offered({ topicSlug }: { topicSlug?: string | null } = {}): Promise<Newsletter[]> {
    const all = await catalogue();
    const open = all.filter((n) => n.audience === 'everyone');
    const topic = topicSlug ? open.filter((n) => n.topicSlug === topicSlug) : [];
    return [...topic, ...open.filter((n) => n.isPreselectedOnOMS && !topic.includes(n))];
  }

  function linkToken(signupId: string): string {
    return createHmac('sha256', secret).update(`newsletter-signup:${signupId}`).digest('base64url');
  }
  const confirmLink = (signupId: string) =>
    `${site}/user/newsletters/confirm/?${new URLSearchParams({ signup: signupId, token: linkToken(signupId) })}`;

  async function statusesOf(userId: string): Promise<Map<string, StoredSubscriptionStatus>> {
    const rows = await db
      .select({ newsletterId: newsletterSubscriptions.newsletterId, status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.userId, userId));
    return new Map(rows.map((row) => [row.newsletterId, row.status]));
  }

  /** §7 newsletterSubscriptions: every newsletter the reader may have or has, with its status. */
  async function subscriptionsOf(reader: Principal & { userId: string }): Promise<NewsletterSubscription[]> {
    const [all, statuses] = await Promise.all([catalogue(), statusesOf(reader.userId)]);
    return all
      .map((newsletter) => ({
        newsletter,
        status: statuses.get(newsletter.newsletterId) ?? ('none' as const),
        available: mayReceive(newsletter, reader),
      }))
      .filter((entry) => entry.available || entry.status === 'subscribed');
  }

  /**
   * Sets one subscription's status and appends its consent record. Writing the status it already
   * has records nothing (a resent form changes nothing).
   */
  async function setStatus(
    tx: Tx,
    who: { userId: string; email?: null } | { userId?: null; email: string },
    newsletterId: string,
    status: StoredSubscriptionStatus,
    consent: { method: ConsentMethod; consentText: string; sourcePath: string; placement: Placement; requestedAt: Date },
  ): Promise<boolean> {
    const at = now();
    const where = who.userId
      ? and(eq(newsletterSubscriptions.userId, who.userId), eq(newsletterSubscriptions.newsletterId, newsletterId))
      : and(
          eq(newsletterSubscriptions.email, who.email!),
          isNull(newsletterSubscriptions.userId),
          eq(newsletterSubscriptions.newsletterId, newsletterId),
        );
    const [existing] = await tx.select().from(newsletterSubscriptions).where(where).for('update');
    if (existing?.status === status) return false;
    if (!existing && status === 'unsubscribed') return false;
    let id = existing?.id;
    if (existing) {
      await tx.update(newsletterSubscriptions).set({ status, updatedAt: at }).where(eq(newsletterSubscriptions.id, existing.id));
    } else {
      id = randomUUID();
      const inserted = await tx
        .insert(newsletterSubscriptions)
        .values({ id, newsletterId, userId: who.userId ?? null, email: who.email ?? null, status, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      // Another request wrote the same row a moment ago: theirs stands.
      if (inserted.length === 0) return false;
    }
    await tx.insert(newsletterConsents).values({ id: randomUUID(), subscriptionId: id!, status, ...consent, confirmedAt: at });
    return true;
  }

  /** Newsletter ids the reader named that exist and are for them; an error naming the first that is not. */
  async function checkChosen(
    ids: string[],
    reader: Principal | null,
  ): Promise<{ ok: true; chosen: Newsletter[] } | { ok: false; fieldErrors: FieldError[] }> {
    const byId = new Map((await catalogue()).map((n) => [n.newsletterId, n]));
    const chosen: Newsletter[] = [];
    for (const [index, id] of ids.entries()) {
      const newsletter = byId.get(id);
      if (!newsletter)
        return {
          ok: false,
          fieldErrors: [{ path: ['newsletterIds', String(index)], code: 'unknown', message: newsletterMessages.unknownNewsletter }],
        };
      if (!mayReceive(newsletter, reader))
        return {
          ok: false,
          fieldErrors: [{ path: ['newsletterIds', String(index)], code: 'not_for_reader', message: newsletterMessages.notForYou }],
        };
      chosen.push(newsletter);
    }
    return { ok: true, chosen };
  }

  /**
   * §7 subscribeEmailToNewsletters. `reader` is the signed-in reader (null when anonymous). Their own
   * confirmed address subscribes at once; any other address (or an unconfirmed one) is sent the
   * confirmation email. A filled honeypot gets the same answer and nothing is stored or sent.
   */
  async function subscribeEmail(input: {
    email: unknown;
    newsletterIds?: unknown;
    sourcePath?: unknown;
    placement?: unknown;
    honeypot?: unknown;
    reader: Reader | null;
    clientAddress: string;
  }): Promise<SignupResult> {
    const parsed = signupSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const { email, sourcePath, placement } = parsed.data;
    const { reader } = input;
    const ids = parsed.data.newsletterIds.length > 0 ? parsed.data.newsletterIds : (await offered()).map((n) => n.newsletterId);
    if (ids.length === 0)
      return {
        ok: false,
        reason: 'invalid',
        fieldErrors: [{ path: ['newsletterIds'], code: 'too_small', message: newsletterMessages.newsletters }],
      };
    const ownAddress = reader !== null && reader.emailVerified && reader.email.trim().toLowerCase() === email;
    const checked = await checkChosen(ids, ownAddress ? reader : null);
    if (!checked.ok) return { ok: false, reason: 'invalid', fieldErrors: checked.fieldErrors };
    const newsletterIds = checked.chosen.map((n) => n.newsletterId);

    const seconds = await retryAfterSeconds(perAddress.consume(input.clientAddress));
    if (seconds > 0) return { ok: false, reason: 'rate_limited', retryAfterSeconds: seconds, message: rateLimitedMessage(seconds) };
    const honeypot = input.honeypot;
    if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null) {
      log.info({ placement }, 'newsletter sign-up with the honeypot filled: ignored');
      return { ok: true, outcome: 'confirmation-sent', newsletterIds };
    }

    const requestedAt = now();
    if (ownAddress) {
      await db.transaction(async (tx) => {
        for (const id of newsletterIds)
          await setStatus(tx, { userId: reader.userId }, id, 'subscribed', {
            method: 'signed-in',
            consentText: SIGNUP_CONSENT_TEXT,
            sourcePath,
            placement,
            requestedAt,
          });
      });
      return { ok: true, outcome: 'subscribed', newsletterIds };
    }

    // Past its daily emails an address is sent nothing more; the answer is the same.
    if ((await retryAfterSeconds(perEmail.consume(email))) > 0) {
      log.info({ placement }, 'newsletter confirmation not sent: the address had its emails for today');
      return { ok: true, outcome: 'confirmation-sent', newsletterIds };
    }
    const id = randomUUID();
    await db.insert(newsletterSignups).values({
      id,
      email,
      newsletterIds,
      consentText: SIGNUP_CONSENT_TEXT,
      sourcePath,
      placement,
      createdAt: requestedAt,
      expiresAt: new Date(requestedAt.getTime() + SIGNUP_LIFETIME_MS),
    });
    await jobs.enqueue(
      REMIND_JOB,
      { id },
      { runAt: new Date(requestedAt.getTime() + REMINDER_AFTER_MS), dedupeKey: `${REMIND_JOB}:${id}` },
    );
    await sendConfirmation({ id, email, newsletterIds }, false);
    return { ok: true, outcome: 'confirmation-sent', newsletterIds };
  }

  async function sendConfirmation(signup: Pick<SignupRow, 'id' | 'email' | 'newsletterIds'>, reminder: boolean) {
    const byId = new Map((await catalogue()).map((n) => [n.newsletterId, n]));
    const titles = signup.newsletterIds.flatMap((id) => byId.get(id)?.title ?? []);
    await mail.send({
      to: signup.email,
      template: 'newsletter_confirmation',
      data: { newsletters: titles.length > 0 ? titles : ['our newsletters'], link: confirmLink(signup.id), reminder },
    });
  }

  /** The job: the one reminder, only while unconfirmed and unexpired. Marked before sending: never two. */
  async function remind(signupId: string): Promise<boolean> {
    const at = now();
    const [signup] = await db
      .update(newsletterSignups)
      .set({ remindedAt: at })
      .where(
        and(
          eq(newsletterSignups.id, signupId),
          isNull(newsletterSignups.remindedAt),
          isNull(newsletterSignups.confirmedAt),
          gt(newsletterSignups.expiresAt, at),
        ),
      )
      .returning();
    if (!signup) return false;
    await sendConfirmation(signup, true);
    return true;
  }

  /** §7 confirmAnonUserToNewsletterSubscription: the emailed link, POSTed. Using it twice is fine. */
  async function confirmSignup(input: { signupId: unknown; token: unknown }): Promise<ConfirmResult> {
    const parsed = confirmationSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: 'invalid', message: confirmMessages.invalid };
    const { signupId, token } = parsed.data;
    const expected = Buffer.from(linkToken(signupId));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, reason: 'invalid', message: confirmMessages.invalid };
    const result = await db.transaction(async (tx) => {
      const [signup] = await tx.select().from(newsletterSignups).where(eq(newsletterSignups.id, signupId)).for('update');
      if (!signup) return { ok: false as const, reason: 'invalid' as const, message: confirmMessages.invalid };
      if (signup.confirmedAt) return { ok: true as const, signup, alreadyConfirmed: true };
      const at = now();
      if (signup.expiresAt <= at) return { ok: false as const, reason: 'expired' as const, message: confirmMessages.expired };
      await tx.update(newsletterSignups).set({ confirmedAt: at }).where(eq(newsletterSignups.id, signupId));
      for (const newsletterId of signup.newsletterIds)
        await setStatus(tx, { email: signup.email }, newsletterId, 'subscribed', {
          method: 'double-opt-in',
          consentText: signup.consentText,
          sourcePath: signup.sourcePath,
          placement: signup.placement,
          requestedAt: signup.createdAt,
        });
      return { ok: true as const, signup, alreadyConfirmed: false };
    });
    if (!result.ok) return result;
    const byId = new Map((await catalogue()).map((n) => [n.newsletterId, n]));
    return {
      ok: true,
      email: result.signup.email,
      newsletters: result.signup.newsletterIds.flatMap((id) => byId.get(id) ?? []),
      alreadyConfirmed: result.alreadyConfirmed,
    };
  }

  /**
   * §7 updateNewsletterSubscriptions: a signed-in reader's switches. Subscribing needs a confirmed
   * address and a newsletter that is for them; unsubscribing is always allowed.
   */
  async function updatePreferences(input: {
    reader: Reader;
    subscriptions: unknown;
    sourcePath?: unknown;
    placement?: unknown;
  }): Promise<PreferencesResult> {
    const parsed = preferencesSchema.safeParse(input);
    if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsFromZod(parsed.error) };
    const { reader } = input;
    const byId = new Map((await catalogue()).map((n) => [n.newsletterId, n]));
    for (const [index, change] of parsed.data.subscriptions.entries()) {
      const newsletter = byId.get(change.newsletterId);
      const path = ['subscriptions', String(index), 'newsletterId'];
      if (!newsletter) return { ok: false, fieldErrors: [{ path, code: 'unknown', message: newsletterMessages.unknownNewsletter }] };
      if (change.status === 'subscribed' && !reader.emailVerified)
        return { ok: false, fieldErrors: [{ path, code: 'unconfirmed_address', message: newsletterMessages.confirmAddress }] };
      if (change.status === 'subscribed' && !mayReceive(newsletter, reader))
        return { ok: false, fieldErrors: [{ path, code: 'not_for_reader', message: newsletterMessages.notForYou }] };
    }
    const requestedAt = now();
    await db.transaction(async (tx) => {
      for (const change of parsed.data.subscriptions)
        await setStatus(tx, { userId: reader.userId }, change.newsletterId, change.status, {
          method: change.status === 'subscribed' ? 'signed-in' : 'withdrawn',
          consentText: PREFERENCES_CONSENT_TEXT,
          sourcePath: parsed.data.sourcePath,
          placement: parsed.data.placement,
          requestedAt,
        });
    });
    return { ok: true, subscriptions: await subscriptionsOf(reader) };
  }

  /** "Unsubscribe from all": every subscribed newsletter of the reader, one consent record each. */
  async function unsubscribeAll({ reader, sourcePath = '/user/newsletters/' }: { reader: Reader; sourcePath?: string }) {
    const requestedAt = now();
    const statuses = await statusesOf(reader.userId);
    await db.transaction(async (tx) => {
      for (const [newsletterId, status] of statuses)
        if (status === 'subscribed')
          await setStatus(tx, { userId: reader.userId }, newsletterId, 'unsubscribed', {
            method: 'withdrawn',
            consentText: UNSUBSCRIBE_ALL_TEXT,
            sourcePath,
            placement: 'preferences',
            requestedAt,
          });
    });
    return subscriptionsOf(reader);
  }

  /**
   * The subscriptions confirmed for an address before it had an account become the account's, once
   * the account's address is confirmed. Where the account already has a row for a newsletter, the
   * later decision wins and the anonymous row (its consents moved) goes.
   */
  async function adoptSubscriptions({ userId, email }: { userId: string; email: string }): Promise<number> {
    const address = email.trim().toLowerCase();
    const waiting = await db
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.email, address), isNull(newsletterSubscriptions.userId)))
      .limit(1);
    if (waiting.length === 0) return 0;
    return db.transaction(async (tx) => {
      const anonymous = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(and(eq(newsletterSubscriptions.email, address), isNull(newsletterSubscriptions.userId)))
        .for('update');
      const own = new Map(
        (
          await tx
            .select()
            .from(newsletterSubscriptions)
            .where(
              and(
                eq(newsletterSubscriptions.userId, userId),
                inArray(
                  newsletterSubscriptions.newsletterId,
                  anonymous.map((row) => row.newsletterId),
                ),
              ),
            )
            .for('update')
        ).map((row) => [row.newsletterId, row]),
      );
      for (const row of anonymous) {
        const mine = own.get(row.newsletterId);
        if (!mine) {
          await tx.update(newsletterSubscriptions).set({ userId }).where(eq(newsletterSubscriptions.id, row.id));
          continue;
        }
        if (row.updatedAt > mine.updatedAt && row.status !== mine.status)
          await tx
            .update(newsletterSubscriptions)
            .set({ status: row.status, updatedAt: row.updatedAt })
            .where(eq(newsletterSubscriptions.id, mine.id));
        await tx.update(newsletterConsents).set({ subscriptionId: mine.id }).where(eq(newsletterConsents.subscriptionId, row.id));
        await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, row.id));
      }
      log.info({ userId, count: anonymous.length }, 'newsletter subscriptions confirmed by email became the account’s');
      return anonymous.length;
    });
  }

  /**
   * One subscription ends from an issue's unsubscribe link (decision 048): no sign-in, the link's
   * signed token named it. A consent record `withdrawn` from `placement` email. False when it was
   * already unsubscribed (a second click records nothing).
   */
  async function unsubscribeSubscription({ subscriptionId, sourcePath }: { subscriptionId: string; sourcePath: string }): Promise<boolean> {
    const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriptionId));
    if (!row) return false;
    const who = row.userId ? { userId: row.userId } : { email: row.email! };
    return db.transaction((tx) =>
      setStatus(tx, who, row.newsletterId, 'unsubscribed', {
        method: 'withdrawn',
        consentText: EMAIL_UNSUBSCRIBE_TEXT,
        sourcePath,
        placement: 'email',
        requestedAt: now(),
      }),
    );
  }

  /** The consent records of a reader's subscriptions, newest last (for support and for tests). */
  async function consentsOf(userId: string) {
    return db
      .select({ consent: newsletterConsents, newsletterId: newsletterSubscriptions.newsletterId })
      .from(newsletterConsents)
      .innerJoin(newsletterSubscriptions, eq(newsletterSubscriptions.id, newsletterConsents.subscriptionId))
      .where(eq(newsletterSubscriptions.userId, userId))
      .orderBy(asc(newsletterConsents.confirmedAt));
  }

  return {
    catalogue,
    offered,
    subscriptionsOf,
    subscribeEmail,
    confirmSignup,
    remind,
    updatePreferences,
    unsubscribeAll,
    adoptSubscriptions,
    unsubscribeSubscription,
    consentsOf,
    /** Forget the cached catalogue (the demo seed and tests write newsletters). */
    forgetCatalogue: () => {
      cached = null;
    },
  };
}

export type NewslettersService = ReturnType<typeof createNewslettersService>;
