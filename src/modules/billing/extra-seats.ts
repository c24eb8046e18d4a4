// Extra seats bought mid-term for a team (issue 17, decision 043): a preview first (the seats at the
// tier of the new total, prorated by the whole days left in the term, the tax of the organisation's
// billing country), then a purchase kind of the one paid-purchase path that charges the card on file,
// records the invoice and the larger subscription (its next renewal is for every seat), and tells the
// organisations module the new number of seats bought.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { Currency } from './catalogue.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { extraSeatAllowance, organisationPlanByCode, seatTier, type OrganisationPlan } from './organisation-plans.ts';
import { extraSeatsPrice, type ExtraSeatsPrice } from './organisation-pricing.ts';
import {
  orgRefusal,
  organisationSubscriptionView,
  type OrganisationSeatsPort,
  type OrganisationSubscriptionView,
} from './organisation-purchase.ts';
import type { PurchaseKind } from './paid-purchase.ts';
import type { PurchaseErrorType } from './purchase-terms.ts';
import { CARD_ON_FILE_TOKEN } from './provider.ts';
import { billingAccounts, billingInvoices, billingSubscriptions } from './schema.ts';
import { writePaidInvoice } from './ledger.ts';
import { taxAmount } from './tax/index.ts';

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
type AccountRow = typeof billingAccounts.$inferSelect;

export const EXTRA_SEATS_MESSAGES = {
  NO_SUBSCRIPTION: 'This organisation has no active team plan to add seats to.',
  TOO_MANY: 'That many seats are quoted by our memberships team: send us an enquiry.',
  NOTHING: 'Add at least one seat.',
  TERM_ENDING: 'This term ends today: add seats once the plan has renewed.',
  CHALLENGED:
    'Your bank wants to confirm this payment, which adding seats cannot do yet. Update the card on file, or ask us for an invoice.',
} as const;

export interface ExtraSeatsRequest {
  organisationId: string;
  added: number;
  idempotencyKey: string;
}

/** How the invoice (its upgrade key) and the provider's charge of an extra-seats purchase are named. */
export const SEATS_KEY_PREFIX = 'seats:';
const seatsKey = (request: ExtraSeatsRequest) => `${SEATS_KEY_PREFIX}${request.organisationId}:${request.idempotencyKey}`;

export type ExtraSeatsResult =
  /** `charged` is null for a retry that finished an earlier purchase (its receipt says what was charged). */
  | { kind: 'success'; subscription: OrganisationSubscriptionView; charged: ExtraSeatsPrice | null }
  | { kind: 'error'; type: PurchaseErrorType; message: string };

interface ExtraSeatsLine {
  request: ExtraSeatsRequest;
  row: SubscriptionRow;
  plan: OrganisationPlan;
  account: AccountRow;
  price: ExtraSeatsPrice;
}

/** The organisation's live team subscription and its billing account, or null. */
export async function liveTeamSubscription(db: Db, organisationId: string): Promise<{ row: SubscriptionRow; account: AccountRow } | null> {
  // An organisation billing never made (set up by staff, another id) has none; the uuid column cannot be asked about it.
  if (!z.uuid().safeParse(organisationId).success) return null;
  const [found] = await db
    .select({ row: billingSubscriptions, account: billingAccounts })
    .from(billingSubscriptions)
    .innerJoin(billingAccounts, eq(billingAccounts.id, billingSubscriptions.accountId))
    .where(
      and(
        eq(billingSubscriptions.identityId, organisationId),
        eq(billingSubscriptions.holderKind, 'organisation'),
        eq(billingSubscriptions.state, 'ACTIVE'),
      ),
    );
  return found ?? null;
}

/** What adding `added` seats costs now, or why it cannot be bought here. */
export function quoteExtraSeats(
  found: { row: SubscriptionRow; account: AccountRow } | null,
  added: number,
  at: Date,
): { ok: true; price: ExtraSeatsPrice; plan: OrganisationPlan } | { ok: false; message: string; quoted?: true } {
  if (!Number.isInteger(added) || added < 1) return { ok: false, message: EXTRA_SEATS_MESSAGES.NOTHING };
  const plan = found ? organisationPlanByCode(found.row.planCode) : null;
  if (!found || !plan || !found.row.currentPeriodStartedAt || !found.row.currentPeriodEndsAt)
    return { ok: false, message: EXTRA_SEATS_MESSAGES.NO_SUBSCRIPTION };
  const price = extraSeatsPrice({
    plan,
    seatsBefore: found.row.seats ?? 0,
    added,
    currency: found.row.currency as Currency,
    countryCode: found.account.countryCode,
    vatNumber: found.account.vatNumber,
    termStartedAt: found.row.currentPeriodStartedAt,
    termEndsAt: found.row.currentPeriodEndsAt,
    at,
  });
  if (price) return { ok: true, price, plan };
  // Beyond checkout's tiers the team is quoted (the enquiry); otherwise no day of the term is left.
  return seatTier(plan, (found.row.seats ?? 0) + added)
    ? { ok: false, message: EXTRA_SEATS_MESSAGES.TERM_ENDING }
    : { ok: false, message: EXTRA_SEATS_MESSAGES.TOO_MANY, quoted: true };
}

export function extraSeatsPurchase({
  db,
  organisations,
  mail,
  now,
  managementUrl,
}: {
  db: Db;
  organisations: Pick<OrganisationSeatsPort, 'seatsPurchased'>;
  mail: Pick<MailService, 'send'>;
  now: () => Date;
  /** The team's membership page, linked from the receipt. */
  managementUrl: string;
}): PurchaseKind<ExtraSeatsRequest, ExtraSeatsLine, SubscriptionRow, ExtraSeatsResult> {
  return {
    async decide(request) {
      const found = await liveTeamSubscription(db, request.organisationId);
      // A retry of a purchase that recorded its invoice, then failed later: finish it.
      if (found) {
        const [done] = await db
          .select({ id: billingInvoices.id })
          .from(billingInvoices)
          .where(eq(billingInvoices.upgradeKey, seatsKey(request)));
        if (done) {
          const plan = organisationPlanByCode(found.row.planCode);
          await organisations.seatsPurchased(
            request.organisationId,
            found.row.seats!,
            plan ? extraSeatAllowance(plan, found.row.seats!) : undefined,
          );
          return {
            kind: 'answer',
            result: { kind: 'success', subscription: organisationSubscriptionView(found.row), charged: null },
            store: true,
          };
        }
      }
      const quote = quoteExtraSeats(found, request.added, now());
      if (!quote.ok) return { kind: 'answer', result: orgRefusal('PURCHASE_ERROR', quote.message), store: false };
      const { row, account } = found!;
      return {
        kind: 'charge',
        line: { request, row, plan: quote.plan, account, price: quote.price },
        charge: {
          accountId: account.id,
          customerId: account.providerCustomerId,
          token: CARD_ON_FILE_TOKEN,
          amount: quote.price.fullPrice,
          currency: quote.price.currency,
          transactionKind: 'purchase',
          providerKey: seatsKey(request),
          challengeRecordedAs: { code: 'authentication_required', message: 'The card needs the cardholder to authenticate.' },
        },
      };
    },

    async record({ request, row, plan, account, price }, { transactionId, at }) {
      // The next renewal is for every seat, at the tier of the new total.
      const tier = seatTier(plan, price.seatsAfter)!;
      const itemPrice = tier.pricePerSeat[price.currency] * price.seatsAfter;
      const renewalTax = taxAmount(itemPrice, row.taxInfo.rate);
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(billingSubscriptions)
          .set({ seats: price.seatsAfter, itemPrice, taxAmount: renewalTax, fullPrice: itemPrice + renewalTax, updatedAt: at })
          .where(
            and(eq(billingSubscriptions.id, row.id), eq(billingSubscriptions.state, 'ACTIVE'), eq(billingSubscriptions.seats, row.seats!)),
          )
          .returning();
        // Renewed, expired or grown by another purchase meanwhile: the path refunds the charge.
        if (!updated) return null;
        const invoiceId = randomUUID();
        await writePaidInvoice(
          tx,
          {
            id: invoiceId,
            accountId: account.id,
            subscriptionId: row.id,
            currency: price.currency,
            subtotal: price.itemPrice,
            taxAmount: price.taxAmount,
            total: price.fullPrice,
            taxInfo: price.taxInfo,
            // The key a retry finds it by (the column is the invoices' purchase key for changes to a subscription).
            upgradeKey: seatsKey(request),
            createdAt: at,
          },
          { kind: 'purchase', providerReference: transactionId },
        );
        return updated;
      });
    },

    async fulfil({ request, plan }, updated) {
      await organisations.seatsPurchased(request.organisationId, updated.seats!, extraSeatAllowance(plan, updated.seats!));
    },

    async receipt({ account, price, row }, _updated, { card }) {
      if (!account.contactEmail) return;
      const tax = taxLabel(price.taxInfo);
      await mail.send({
        to: account.contactEmail,
        template: 'receipt',
        data: {
          planTitle: 'Team seats',
          lines: [
            { label: 'Seats added', value: `${price.seats} (now ${price.seatsAfter})` },
            { label: `${price.daysRemaining} of ${price.termDays} days`, value: formatMoney(price.itemPrice, price.currency) },
            ...(tax ? [{ label: tax, value: formatMoney(price.taxAmount, price.currency) }] : []),
            { label: 'Charged today', value: formatMoney(price.fullPrice, price.currency) },
            { label: 'Card', value: `${card.cardType} ending ${card.lastFour}` },
          ],
          note: `Your team plan renews on ${formatDay(row.currentPeriodEndsAt!)} for ${price.seatsAfter} seats.`,
          link: managementUrl,
        },
      });
    },

    paid: (line, updated) => ({ kind: 'success', subscription: organisationSubscriptionView(updated), charged: line.price }),

    unpaid(_line, outcome) {
      if (outcome.status === 'three_d_secure_required') return orgRefusal('PURCHASE_ERROR', EXTRA_SEATS_MESSAGES.CHALLENGED);
      return orgRefusal(outcome.status === 'error' ? 'TRANSACTION_ERROR' : 'PURCHASE_ERROR', outcome.message);
    },

    lost: (_line, givenBack) =>
      orgRefusal('TRANSACTION_ERROR', `The team plan changed while the seats were being bought, so they were not added. ${givenBack}`),
  };
}
