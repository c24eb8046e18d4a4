// Billing for organisations (issue 17): buying a team plan through the one paid-purchase path, and
// what the team's membership page shows (the plan, the seats bought, the renewal, the invoices and
// the card). Who may see or buy for an organisation is decided by the transports through the
// organisationAdmin permission; this service trusts the ids it is given.
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { Currency } from './catalogue.ts';
import {
  EXTRA_SEATS_MESSAGES,
  SEATS_KEY_PREFIX,
  extraSeatsPurchase,
  liveTeamSubscription,
  quoteExtraSeats,
  type ExtraSeatsRequest,
  type ExtraSeatsResult,
} from './extra-seats.ts';
import { cardOf } from './ledger.ts';
import { teamPlanCancellation } from './organisation-cancellation.ts';
import { organisationPlanByCode, TEAM_PLAN } from './organisation-plans.ts';
import { organisationPrice, type OrganisationPrice } from './organisation-pricing.ts';
import {
  organisationPurchase,
  organisationPurchaseInputSchema,
  organisationSubscriptionView,
  orgRefusal,
  type OrganisationPurchaseInput,
  type OrganisationPurchaseResult,
  type OrganisationSeatsPort,
  type OrganisationSubscriptionView,
} from './organisation-purchase.ts';
import { createPaidPurchases, errorReporter, type BillingLog, type ReportError } from './paid-purchase.ts';
import type { BillingProvider, CardSummary } from './provider.ts';
import { keyedPurchaseAnswers } from './purchase-terms.ts';
import { paths } from '../../shared/paths.ts';
import { billingAccounts, billingInvoices, billingSubscriptions } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the team's membership page shows about billing. */
export interface OrganisationBillingOverview {
  /** The current (or last) subscription: the seats bought, the price, the renewal. */
  subscription: OrganisationSubscriptionView | null;
  /** A renewal charge failed and is being retried (dunning): the seats last meanwhile. */
  inDunning: boolean;
  card: CardSummary | null;
  billedTo: {
    companyName: string | null;
    name: string | null;
    addressLine1: string | null;
    city: string | null;
    postalCode: string | null;
    countryCode: string | null;
    vatNumber: string | null;
    contactEmail: string | null;
  };
  /** `kind`: the plan's own (the purchase, a renewal) or seats added mid-term. */
  invoices: { id: string; createdAt: string; total: number; currency: string; state: string; kind: 'plan' | 'seats' }[];
}

export interface OrganisationBillingOptions {
  db: Db;
  provider: BillingProvider;
  organisations: OrganisationSeatsPort;
  mail: Pick<MailService, 'send'>;
  personOf: (identityId: string) => Promise<{ email: string } | null>;
  siteUrl: string;
  now?: () => Date;
  inProgressWaitMs?: number;
  log?: BillingLog;
  onError?: ReportError;
  lifecycle?: { schedule(row: typeof billingSubscriptions.$inferSelect): Promise<void> };
}

export function createOrganisationBilling({
  db,
  provider,
  organisations,
  mail,
  personOf,
  siteUrl,
  now = () => new Date(),
  inProgressWaitMs = 20_000,
  log,
  onError: reportError,
  lifecycle,
}: OrganisationBillingOptions) {
  const onError = errorReporter({ log, onError: reportError });
  const paidPurchases = createPaidPurchases({ db, provider, now, inProgressWaitMs, onError });
  const teamPurchase = organisationPurchase({ db, provider, organisations, mail, personOf, siteUrl, now, lifecycle });
  const purchaseUnderKey = paidPurchases.keyed<OrganisationPurchaseResult>(
    keyedPurchaseAnswers<OrganisationPurchaseResult>(
      'team purchase',
      (message) => orgRefusal('TRANSACTION_ERROR', message),
      (result) => result.kind === 'three_d_secure',
    ),
  );

  /**
   * §7 purchaseOrganisationSubscription: a team plan for `seats` people, bought by a signed-in person
   * who becomes the new organisation's OWNER. Idempotent under the buyer's key; one purchase at a
   * time per buyer.
   */
  async function purchaseOrganisationSubscription(raw: OrganisationPurchaseInput): Promise<OrganisationPurchaseResult> {
    const parsed = organisationPurchaseInputSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsFromZod(parsed.error) };
    const input = parsed.data;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(['organisation', input.planCode, input.seats, input.currency.toUpperCase(), input.cardToken]))
      .digest('hex');
    return purchaseUnderKey(teamPurchase, input, {
      identityId: input.identityId,
      key: input.idempotencyKey,
      fingerprint,
      resuming: Boolean(input.threeDSecureActionResultToken),
    });
  }

  const managementUrl = new URL(paths.organisationMemberships(), `${siteUrl}/`).toString();
  const addSeats = extraSeatsPurchase({ db, organisations, mail, now, managementUrl });
  const seatsUnderKey = paidPurchases.keyed<ExtraSeatsResult>(
    keyedPurchaseAnswers<ExtraSeatsResult>(
      'extra seats',
      (message) => orgRefusal('TRANSACTION_ERROR', message),
      () => false,
    ),
  );

  /** What adding `added` seats to the organisation's team plan costs now (the preview before paying), or why it cannot. */
  async function previewExtraSeats(organisationId: string, added: number) {
    return quoteExtraSeats(UUID.test(organisationId) ? await liveTeamSubscription(db, organisationId) : null, added, now());
  }

  /**
   * Adds seats to the organisation's team plan, charged to its card on file for the rest of the term;
   * the caller has checked that the requester may manage the organisation. Idempotent under the key;
   * one purchase at a time per organisation.
   */
  async function purchaseExtraSeats(request: ExtraSeatsRequest): Promise<ExtraSeatsResult> {
    if (!Number.isInteger(request.added) || request.added < 1 || request.added > 1000)
      return orgRefusal('PURCHASE_ERROR', EXTRA_SEATS_MESSAGES.NOTHING);
    if (!UUID.test(request.organisationId)) return orgRefusal('PURCHASE_ERROR', EXTRA_SEATS_MESSAGES.NO_SUBSCRIPTION);
    if (request.idempotencyKey.length < 8 || request.idempotencyKey.length > 255)
      return orgRefusal('TRANSACTION_ERROR', 'A purchase key has 8 to 255 characters.');
    return seatsUnderKey(addSeats, request, {
      identityId: request.organisationId,
      key: request.idempotencyKey,
      fingerprint: createHash('sha256')
        .update(JSON.stringify(['seats', request.organisationId, request.added]))
        .digest('hex'),
      resuming: false,
    });
  }

  /**
   * The demo organisation's team plan (README "Demo accounts"), bought by its owner with the sandbox's
   * test card through the same purchase as any team: the subscription, its paid invoice and the
   * organisation opened by subscriptionStarted. Idempotent: a later start finds it bought.
   */
  async function seedDemoTeam(
    sandbox: {
      tokenize(card: { number: string; month: string; year: string; cvv: string }): Promise<{ ok: true; token: string } | { ok: false }>;
    },
    demo: { organisationId: string; ownerIdentityId: string; title: string; seats: number; firstName: string; lastName: string },
  ): Promise<OrganisationPurchaseResult> {
    const existing = await organisationSubscriptions(demo.organisationId);
    if (existing.length > 0) return { kind: 'success', subscription: existing[0]! };
    const tokenized = await sandbox.tokenize({
      number: '4242424242424242',
      month: '12',
      year: String(now().getUTCFullYear() + 3),
      cvv: '123',
    });
    if (!tokenized.ok) throw new Error('the sandbox refused the demo card');
    const input = organisationPurchaseInputSchema.parse({
      identityId: demo.ownerIdentityId,
      planCode: TEAM_PLAN.code,
      seats: demo.seats,
      currency: 'EUR',
      companyName: demo.title,
      billingInfo: {
        firstName: demo.firstName,
        lastName: demo.lastName,
        addressLine1: 'Strandvägen 7',
        city: 'Stockholm',
        postalCode: '114 51',
        countryCode: 'SE',
      },
      cardToken: tokenized.token,
      idempotencyKey: `demo-team:${demo.organisationId}`,
    });
    return paidPurchases.unkeyed(teamPurchase, { ...input, organisationId: demo.organisationId }, demo.ownerIdentityId);
  }

  /** What a team of `seats` costs in a currency and country (the seat calculator, the payment page's summary); null when checkout does not sell it. */
  function quoteTeamPlan({
    planCode,
    seats,
    currency,
    countryCode,
    vatNumber,
  }: {
    planCode: string;
    seats: number;
    currency: Currency;
    countryCode: string | null;
    vatNumber?: string | null;
  }): OrganisationPrice | null {
    const plan = organisationPlanByCode(planCode);
    return plan ? organisationPrice({ plan, seats, currency, countryCode, vatNumber }) : null;
  }

  /** The organisation's subscriptions, newest first (§3 OrganisationAccount.subscriptions). */
  async function organisationSubscriptions(organisationId: string): Promise<OrganisationSubscriptionView[]> {
    // An id billing never made (not a uuid) has nothing here; asking the uuid column would fail.
    if (!UUID.test(organisationId)) return [];
    const rows = await db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.identityId, organisationId), eq(billingSubscriptions.holderKind, 'organisation')))
      .orderBy(desc(billingSubscriptions.createdAt), sql`${billingSubscriptions.id}`);
    return rows.map(organisationSubscriptionView);
  }

  /** The team's membership page: null for an organisation that never paid (set up by staff, or unknown). */
  async function organisationBillingOverview(organisationId: string): Promise<OrganisationBillingOverview | null> {
    if (!UUID.test(organisationId)) return null;
    const [account] = await db
      .select()
      .from(billingAccounts)
      .where(and(eq(billingAccounts.identityId, organisationId), eq(billingAccounts.holderKind, 'organisation')));
    if (!account) return null;
    const [subscriptions, invoices] = await Promise.all([
      organisationSubscriptions(organisationId),
      db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.accountId, account.id))
        .orderBy(desc(billingInvoices.createdAt), sql`${billingInvoices.id}`),
    ]);
    const subscription = subscriptions.find((row) => row.state === 'ACTIVE' || row.state === 'CANCELED') ?? subscriptions[0] ?? null;
    const [dunning] = subscription
      ? await db
          .select({ isInDunning: billingSubscriptions.isInDunning })
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.id, subscription.id))
      : [];
    return {
      subscription,
      inDunning: dunning?.isInDunning ?? false,
      card: cardOf(account),
      billedTo: {
        companyName: account.companyName,
        name: [account.firstName, account.lastName].filter(Boolean).join(' ') || null,
        addressLine1: account.addressLine1,
        city: account.city,
        postalCode: account.postalCode,
        countryCode: account.countryCode,
        vatNumber: account.vatNumber,
        contactEmail: account.contactEmail,
      },
      invoices: invoices.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        total: row.total,
        currency: row.currency,
        state: row.state,
        kind: row.upgradeKey?.startsWith(SEATS_KEY_PREFIX) ? ('seats' as const) : ('plan' as const),
      })),
    };
  }

  const { cancelTeamPlan, resumeTeamPlan } = teamPlanCancellation({ db, organisations, mail, now, managementUrl, onError });

  return {
    purchaseOrganisationSubscription,
    cancelTeamPlan,
    resumeTeamPlan,
    quoteTeamPlan,
    organisationSubscriptions,
    organisationBillingOverview,
    seedDemoTeam,
    previewExtraSeats,
    purchaseExtraSeats,
    /** The team's membership page: the plan, the seats bought, the invoices and the card. */
    managementUrl,
  };
}

export type OrganisationBilling = ReturnType<typeof createOrganisationBilling>;
