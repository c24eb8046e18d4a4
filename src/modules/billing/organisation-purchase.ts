// A team plan as a purchase kind (paid-purchase.ts, issue 17): seats of the team plan for a
// company, charged to the company's card through the one paid-purchase path. The holder of what
// is bought is the new organisation account (schema.ts `holder_kind`): its billing account (company,
// address, VAT number, where invoices go), its subscription with the seats, the paid invoice. The
// buyer becomes the organisation's OWNER (organisations.subscriptionStarted). docs/decisions/043.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { safeText } from '../../shared/validation/formats.ts';
import type { FieldError } from '../../shared/validation/field-errors.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { OrganisationsService } from '../organisations/organisations-service.ts';
import { addInterval } from './catalogue.ts';
import { keyedUuid } from './idempotency.ts';
import { cardOnFile, writePaidInvoice } from './ledger.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { extraSeatAllowance, organisationPlanByCode, type OrganisationPlan } from './organisation-plans.ts';
import { organisationPrice, type OrganisationPrice } from './organisation-pricing.ts';
import { threeDSecureAnswer, type PurchaseKind } from './paid-purchase.ts';
import { parseCurrency } from './pricing.ts';
import type { BillingProvider, CardSummary } from './provider.ts';
import { PURCHASE_MESSAGES, type PurchaseErrorType } from './purchase-terms.ts';
import { billingAccounts, billingSubscriptions } from './schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
type AccountRow = typeof billingAccounts.$inferSelect;

/** What billing asks of the organisations module (its service, wired in server/services.ts). */
export type OrganisationSeatsPort = Pick<
  OrganisationsService,
  'subscriptionStarted' | 'seatsPurchased' | 'subscriptionTermChanged' | 'subscriptionEnded'
>;

const MAX_TEXT = 'Use at most 255 characters.';

export const organisationPurchaseInputSchema = z.object({
  identityId: z.uuid(),
  planCode: safeText().trim().min(1, 'Choose a plan.').max(100),
  seats: z.coerce.number({ error: 'Enter how many seats.' }).int('Enter a whole number of seats.'),
  currency: safeText().trim().min(1, 'Choose a currency.').max(10),
  companyName: safeText().trim().min(1, 'Enter your company’s name.').max(255, MAX_TEXT),
  billingInfo: z.object({
    firstName: safeText().trim().min(1, 'Enter your first name.').max(100, 'Use at most 100 characters.'),
    lastName: safeText().trim().min(1, 'Enter your last name.').max(100, 'Use at most 100 characters.'),
    addressLine1: safeText().trim().min(1, 'Enter the company’s address.').max(255, MAX_TEXT),
    city: safeText().trim().min(1, 'Enter the city.').max(100, 'Use at most 100 characters.'),
    postalCode: safeText().trim().max(20, 'Use at most 20 characters.').nullish(),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Choose your country.'),
    vatNumber: safeText()
      .trim()
      .max(20, 'A VAT number has at most 20 characters.')
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase() || null)
      .nullish(),
  }),
  cardToken: safeText().trim().min(1, 'Enter your card details.').max(200),
  idempotencyKey: safeText().trim().min(8, 'A purchase key has at least 8 characters.').max(255),
  threeDSecureActionResultToken: safeText().trim().min(1).max(200).nullish(),
});
export type OrganisationPurchaseInput = z.input<typeof organisationPurchaseInputSchema>;
export type OrganisationPurchase = z.output<typeof organisationPurchaseInputSchema>;

/** §3 OrganisationSubscription (id, accountId, planCode, title, isTrial, price) with its seats and dates. JSON-safe. */
export interface OrganisationSubscriptionView {
  id: string;
  /** The organisation account's id (§3 OrganisationAccount.accountId). */
  accountId: string;
  planCode: string;
  title: string;
  isTrial: boolean;
  seats: number;
  state: string;
  currentPeriodStartedAt: string | null;
  currentPeriodEndsAt: string | null;
  price: Omit<OrganisationPrice, 'seats' | 'pricePerSeat'> & { pricePerSeat: number };
}

export type OrganisationPurchaseResult =
  | { kind: 'success'; subscription: OrganisationSubscriptionView }
  | { kind: 'error'; type: PurchaseErrorType; message: string }
  | ReturnType<typeof threeDSecureAnswer>
  | { kind: 'invalid'; fieldErrors: FieldError[] };

export const orgRefusal = (type: PurchaseErrorType, message: string = PURCHASE_MESSAGES[type as keyof typeof PURCHASE_MESSAGES]) => ({
  kind: 'error' as const,
  type,
  message,
});

export function organisationSubscriptionView(row: SubscriptionRow): OrganisationSubscriptionView {
  const seats = row.seats ?? 0;
  return {
    id: row.id,
    accountId: row.identityId,
    planCode: row.planCode,
    title: organisationPlanByCode(row.planCode)?.title ?? row.planCode,
    isTrial: row.isTrial,
    seats,
    state: row.state,
    currentPeriodStartedAt: row.currentPeriodStartedAt?.toISOString() ?? null,
    currentPeriodEndsAt: row.currentPeriodEndsAt?.toISOString() ?? null,
    price: {
      currency: row.currency as OrganisationPrice['currency'],
      pricePerSeat: seats > 0 ? Math.round(row.itemPrice / seats) : 0,
      itemPrice: row.itemPrice,
      taxAmount: row.taxAmount,
      fullPrice: row.fullPrice,
      taxInfo: row.taxInfo,
    },
  };
}

/** The organisation account a purchase makes: the same for a retry under the same key, different for another key. */
export function organisationAccountIdFor(buyerIdentityId: string, idempotencyKey: string): string {
  return keyedUuid('organisation-account', buyerIdentityId, idempotencyKey);
}

export interface OrganisationLine {
  input: OrganisationPurchase;
  plan: OrganisationPlan;
  price: OrganisationPrice;
  organisationId: string;
  buyerEmail: string;
  account: AccountRow;
}

export interface OrganisationPurchaseOptions {
  db: Db;
  provider: Pick<BillingProvider, 'name' | 'createCustomer'>;
  organisations: Pick<OrganisationSeatsPort, 'subscriptionStarted'>;
  mail: Pick<MailService, 'send'>;
  personOf: (identityId: string) => Promise<{ email: string; emailVerified?: boolean } | null>;
  siteUrl: string;
  now: () => Date;
  lifecycle?: { schedule(row: SubscriptionRow): Promise<void> };
}

/** What the team purchase kind is asked: the buyer's request, and (the demo seed only) the organisation's id to use. */
export type OrganisationPurchaseRequest = OrganisationPurchase & { organisationId?: string };

export function organisationPurchase({
  db,
  provider,
  organisations,
  mail,
  personOf,
  siteUrl,
  now,
  lifecycle,
}: OrganisationPurchaseOptions): PurchaseKind<OrganisationPurchaseRequest, OrganisationLine, SubscriptionRow, OrganisationPurchaseResult> {
  /** The organisation's billing account, made once (a retry finds it) and brought up to date with the details given. */
  async function ensureAccount(organisationId: string, input: OrganisationPurchase, buyerEmail: string): Promise<AccountRow> {
    const { billingInfo } = input;
    const details = {
      firstName: billingInfo.firstName,
      lastName: billingInfo.lastName,
      countryCode: billingInfo.countryCode,
      postalCode: billingInfo.postalCode || null,
      companyName: input.companyName,
      addressLine1: billingInfo.addressLine1,
      city: billingInfo.city,
      vatNumber: billingInfo.vatNumber ?? null,
      contactEmail: buyerEmail,
      updatedAt: now(),
    };
    const [existing] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, organisationId));
    if (existing) {
      await db.update(billingAccounts).set(details).where(eq(billingAccounts.id, existing.id));
      return { ...existing, ...details };
    }
    const id = randomUUID();
    const { customerId } = await provider.createCustomer({
      accountId: id,
      email: buyerEmail,
      firstName: billingInfo.firstName,
      lastName: billingInfo.lastName,
    });
    const [inserted] = await db
      .insert(billingAccounts)
      .values({
        id,
        identityId: organisationId,
        holderKind: 'organisation',
        provider: provider.name,
        providerCustomerId: customerId,
        ...details,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: billingAccounts.identityId })
      .returning();
    if (inserted) return inserted;
    const [winner] = await db.select().from(billingAccounts).where(eq(billingAccounts.identityId, organisationId));
    return winner!;
  }

  async function start({ input, plan, buyerEmail }: Pick<OrganisationLine, 'input' | 'plan' | 'buyerEmail'>, row: SubscriptionRow) {
    await organisations.subscriptionStarted({
      accountId: row.identityId,
      ownerIdentityId: input.identityId,
      title: input.companyName,
      primaryContactEmail: buyerEmail,
      purchasedSeats: row.seats!,
      membershipLevel: plan.membershipLevel,
      planCode: plan.code,
      extraSeatAllowance: extraSeatAllowance(plan, row.seats!),
      status: 'ActiveRenewing',
      termEndsAt: row.currentPeriodEndsAt!,
    });
  }

  async function sendReceipt(line: OrganisationLine, row: SubscriptionRow, card: CardSummary) {
    const { price, plan } = line;
    const tax = taxLabel(price.taxInfo);
    const lines = [
      { label: 'Plan', value: `${plan.title} (yearly), for ${line.input.companyName}` },
      { label: 'Seats', value: `${price.seats} × ${formatMoney(price.pricePerSeat, price.currency)}` },
      { label: 'Subtotal', value: formatMoney(price.itemPrice, price.currency) },
      ...(tax ? [{ label: tax, value: formatMoney(price.taxAmount, price.currency) }] : []),
      { label: 'Charged today', value: formatMoney(price.fullPrice, price.currency) },
      { label: 'Card', value: `${card.cardType} ending ${card.lastFour}` },
    ];
    const note = `Your team’s membership renews on ${formatDay(row.currentPeriodEndsAt!)} at ${formatMoney(price.fullPrice, price.currency)} a year for ${price.seats} seats, unless you cancel before. Add your colleagues on your team page.`;
    await mail.send({
      to: line.buyerEmail,
      template: 'receipt',
      data: { planTitle: `${plan.title} membership`, lines, note, link: new URL('/user/organisations/users/', `${siteUrl}/`).toString() },
    });
  }

  return {
    async decide(input) {
      const organisationId = input.organisationId ?? organisationAccountIdFor(input.identityId, input.idempotencyKey);
      const plan = organisationPlanByCode(input.planCode);
      const invalid = (path: string, code: string, message: string) => ({
        kind: 'answer' as const,
        result: { kind: 'invalid' as const, fieldErrors: [{ path: [path], code, message }] },
        store: false,
      });
      if (!plan) return invalid('planCode', 'unknown_plan', 'There is no such team plan.');

      // A retry of a purchase that charged and recorded, then failed later (the organisation, the receipt): finish it.
      const [made] = await db
        .select()
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.identityId, organisationId), eq(billingSubscriptions.purchaseKey, input.idempotencyKey)));
      const buyer = await personOf(input.identityId);
      if (!buyer) return { kind: 'answer', result: orgRefusal('PURCHASE_ERROR', 'Sign in again to buy a team plan.'), store: false };
      if (made) {
        await start({ input, plan, buyerEmail: buyer.email }, made);
        return { kind: 'answer', result: { kind: 'success', subscription: organisationSubscriptionView(made) }, store: true };
      }

      if (input.seats < plan.minSeats || input.seats > plan.maxSeats)
        return invalid(
          'seats',
          'seats_out_of_range',
          input.seats > plan.maxSeats
            ? `Teams of more than ${plan.maxSeats} are quoted by our team: send us an enquiry.`
            : `A team plan has at least ${plan.minSeats} seats.`,
        );
      const currency = parseCurrency(input.currency);
      if (!currency) return { kind: 'answer', result: orgRefusal('INVALID_CURRENCY'), store: false };
      const price = organisationPrice({
        plan,
        seats: input.seats,
        currency,
        countryCode: input.billingInfo.countryCode,
        vatNumber: input.billingInfo.vatNumber,
      })!;
      const account = await ensureAccount(organisationId, input, buyer.email);
      return {
        kind: 'charge',
        line: { input, plan, price, organisationId, buyerEmail: buyer.email, account },
        charge: {
          accountId: account.id,
          customerId: account.providerCustomerId,
          token: input.cardToken,
          amount: price.fullPrice,
          currency,
          transactionKind: 'purchase',
          providerKey: `organisation:${input.identityId}:${input.idempotencyKey}`,
          threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? null,
        },
      };
    },

    async record({ input, plan, price, organisationId, account }, { transactionId, card, at }) {
      const periodEndsAt = addInterval(at, plan.interval);
      try {
        return await db.transaction(async (tx) => {
          const subscriptionId = randomUUID();
          const invoiceId = randomUUID();
          const [subscription] = await tx
            .insert(billingSubscriptions)
            .values({
              id: subscriptionId,
              accountId: account.id,
              identityId: organisationId,
              holderKind: 'organisation',
              seats: price.seats,
              planCode: plan.code,
              state: 'ACTIVE',
              currency: price.currency,
              itemPrice: price.itemPrice,
              taxAmount: price.taxAmount,
              fullPrice: price.fullPrice,
              taxInfo: price.taxInfo,
              isTrial: false,
              purchaseKey: input.idempotencyKey,
              activatedAt: at,
              currentPeriodStartedAt: at,
              currentPeriodEndsAt: periodEndsAt,
              currentTermEndsAt: periodEndsAt,
              activeInvoiceId: invoiceId,
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          await writePaidInvoice(
            tx,
            {
              id: invoiceId,
              accountId: account.id,
              subscriptionId,
              currency: price.currency,
              subtotal: price.itemPrice,
              taxAmount: price.taxAmount,
              total: price.fullPrice,
              taxInfo: price.taxInfo,
              createdAt: at,
            },
            { kind: 'purchase', providerReference: transactionId },
          );
          await tx.update(billingAccounts).set(cardOnFile(card, at)).where(eq(billingAccounts.id, account.id));
          return subscription!;
        });
      } catch (error) {
        // The same organisation's subscription was recorded by a request that raced this one.
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async fulfil(line, row) {
      await start(line, row);
      await lifecycle?.schedule(row);
    },

    receipt: (line, row, { card }) => sendReceipt(line, row, card),

    paid: (_line, row) => ({ kind: 'success', subscription: organisationSubscriptionView(row) }),

    unpaid({ input, account }, outcome) {
      switch (outcome.status) {
        case 'three_d_secure_required':
          return threeDSecureAnswer(account.id, input.cardToken, outcome, PURCHASE_MESSAGES.THREE_D_SECURE);
        case 'declined':
        case 'insufficient_funds':
          return orgRefusal('PURCHASE_ERROR', outcome.message);
        case 'error':
          return orgRefusal('TRANSACTION_ERROR', outcome.message);
      }
    },

    lost: (_line, givenBack) => orgRefusal('TRANSACTION_ERROR', `This team plan was bought by another request meanwhile. ${givenBack}`),
  };
}
