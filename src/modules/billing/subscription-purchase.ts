// A new subscription as a purchase kind (paid-purchase.ts): what the path charges for a plan (the
// plan's price in the buyer's currency with their country's tax, or a zero-amount card check for a
// trial), the subscription, its paid invoice, the transaction and the card on file it records, the
// membership it grants and the receipt it sends.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import { heldMembership } from '../memberships/terms.ts';
import { addInterval, planByCode, type Currency, type Plan } from './catalogue.ts';
import { cardOnFile, ensurePersonAccount, writePaidInvoice } from './ledger.ts';
import { formatDay, formatMoney, taxLabel } from './money.ts';
import { threeDSecureAnswer, type PurchaseKind } from './paid-purchase.ts';
import { planGrant } from './plan-grant.ts';
import { parseCurrency, subscriptionPrice, type SubscriptionPrice } from './pricing.ts';
import type { BillingProvider, CardSummary } from './provider.ts';
import {
  PURCHASE_MESSAGES,
  subscriptionView,
  type Buyer,
  type Purchase,
  type PurchasedSubscription,
  type PurchaseErrorType,
  type PurchaseResult,
} from './purchase-terms.ts';
import { billingAccounts, billingSubscriptions } from './schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
type AccountRow = typeof billingAccounts.$inferSelect;

export interface SubscriptionRequest {
  buyer: Buyer;
  input: Purchase;
}

interface SubscriptionLine {
  input: Purchase;
  plan: Plan;
  price: SubscriptionPrice;
  currency: Currency;
  isTrial: boolean;
  amount: number;
  account: AccountRow;
}

export const refusal = (
  type: PurchaseErrorType,
  message: string = PURCHASE_MESSAGES[type as keyof typeof PURCHASE_MESSAGES],
): PurchaseResult => ({ kind: 'error', type, message });

export interface SubscriptionPurchaseOptions {
  db: Db;
  provider: Pick<BillingProvider, 'name' | 'createCustomer'>;
  memberships: Pick<MembershipsService, 'currentMembership' | 'grant'>;
  mail: Pick<MailService, 'send'>;
  personOf: (identityId: string) => Promise<{ email: string; firstName: string | null; lastName: string | null } | null>;
  siteUrl: string;
  now: () => Date;
  lifecycle?: { schedule(row: SubscriptionRow): Promise<void> };
  /** Why this person may not buy this plan now (subscriptions-service.ts), asked inside the member's claim. */
  purchaseRefusal: (identityId: string, plan: Plan, buyer: Buyer) => Promise<PurchaseErrorType | null>;
}

export function subscriptionPurchase({
  db,
  provider,
  memberships,
  mail,
  personOf,
  siteUrl,
  now,
  lifecycle,
  purchaseRefusal,
}: SubscriptionPurchaseOptions): PurchaseKind<SubscriptionRequest, SubscriptionLine, SubscriptionRow, PurchaseResult> {
  const ensureAccount = (identityId: string, billing: Purchase['billingInfo']) =>
    ensurePersonAccount({ db, provider, personOf, now }, identityId, billing);

  async function grantFor(row: SubscriptionRow, plan: Plan) {
    await memberships.grant(
      planGrant(plan, {
        identityId: row.identityId,
        status: row.isTrial ? 'ActiveTrial' : 'ActiveRenewing',
        startsAt: row.activatedAt ?? now(),
        endsAt: row.currentPeriodEndsAt,
      }),
    );
  }

  async function sendReceipt(identityId: string, subscription: PurchasedSubscription, plan: Plan, card: CardSummary) {
    const person = await personOf(identityId);
    if (!person) return;
    const { price } = subscription;
    const tax = taxLabel(price.taxInfo);
    const per = plan.interval === 'year' ? 'a year' : 'a month';
    const lines = [
      { label: 'Plan', value: `${plan.title} (${plan.interval === 'year' ? 'yearly' : 'monthly'})` },
      { label: 'Price', value: formatMoney(price.itemPrice, price.currency) },
      ...(tax ? [{ label: tax, value: formatMoney(price.taxAmount, price.currency) }] : []),
      { label: 'Charged today', value: formatMoney(subscription.isTrial ? 0 : price.fullPrice, price.currency) },
      { label: 'Card', value: `${card.cardType} ending ${card.lastFour}` },
    ];
    const note = subscription.isTrial
      ? `Your free trial ends on ${formatDay(subscription.trialEndsAt!)}. Then ${formatMoney(price.fullPrice, price.currency)} ${per}, unless you cancel before.`
      : `Your membership renews on ${formatDay(subscription.currentPeriodEndsAt!)} at ${formatMoney(price.fullPrice, price.currency)} ${per}, unless you cancel before.`;
    await mail.send({ to: person.email, template: 'receipt', data: { planTitle: plan.title, lines, note, link: `${siteUrl}/` } });
  }

  return {
    async decide({ buyer, input }) {
      const { identityId } = input;
      const plan = planByCode(input.planCode);

      // A retry of a purchase that charged and recorded, then failed later (granting, the receipt): finish it.
      const [made] = await db
        .select()
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.identityId, identityId), eq(billingSubscriptions.purchaseKey, input.idempotencyKey)));
      if (made && plan) {
        const held = heldMembership(await memberships.currentMembership(identityId, 'individual'));
        if (held.planCode !== plan.code) await grantFor(made, plan);
        return { kind: 'answer', result: { kind: 'success', subscription: subscriptionView(made, plan) }, store: true };
      }

      if (!plan || (buyer === 'student') !== (plan.audience === 'student')) {
        const message = !plan
          ? 'There is no such plan.'
          : buyer === 'student'
            ? 'This is not a student plan.'
            : 'Student plans are bought on the student page.';
        return {
          kind: 'answer',
          result: { kind: 'invalid', fieldErrors: [{ path: ['planCode'], code: 'unknown_plan', message }] },
          store: false,
        };
      }
      const currency = parseCurrency(input.currency);
      if (!currency) return { kind: 'answer', result: refusal('INVALID_CURRENCY'), store: false };
      const refused = await purchaseRefusal(identityId, plan, buyer);
      if (refused) return { kind: 'answer', result: refusal(refused), store: false };

      const isTrial = plan.trialDays > 0;
      const price = subscriptionPrice({ plan, currency, countryCode: input.billingInfo.countryCode });
      const amount = isTrial ? 0 : price.fullPrice;
      const account = await ensureAccount(identityId, input.billingInfo);
      return {
        kind: 'charge',
        line: { input, plan, price, currency, isTrial, amount, account },
        charge: {
          accountId: account.id,
          customerId: account.providerCustomerId,
          token: input.cardToken,
          amount,
          currency,
          transactionKind: isTrial ? 'verify' : 'purchase',
          providerKey: `${identityId}:${input.idempotencyKey}`,
          threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? null,
        },
      };
    },

    async record({ input, plan, price, currency, isTrial, amount, account }, { transactionId, card, at }) {
      const trialEndsAt = isTrial ? new Date(at.getTime() + plan.trialDays * 86_400_000) : null;
      const periodEndsAt = trialEndsAt ?? addInterval(at, plan.interval);
      try {
        return await db.transaction(async (tx) => {
          const subscriptionId = randomUUID();
          const invoiceId = randomUUID();
          const [subscription] = await tx
            .insert(billingSubscriptions)
            .values({
              id: subscriptionId,
              accountId: account.id,
              identityId: input.identityId,
              planCode: plan.code,
              state: 'ACTIVE',
              currency,
              itemPrice: price.itemPrice,
              taxAmount: price.taxAmount,
              fullPrice: price.fullPrice,
              taxInfo: price.taxInfo,
              isTrial,
              purchaseKey: input.idempotencyKey,
              activatedAt: at,
              trialStartedAt: isTrial ? at : null,
              trialEndsAt,
              currentPeriodStartedAt: at,
              currentPeriodEndsAt: periodEndsAt,
              currentTermEndsAt: periodEndsAt,
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
              currency,
              subtotal: isTrial ? 0 : price.itemPrice,
              taxAmount: isTrial ? 0 : price.taxAmount,
              total: amount,
              taxInfo: price.taxInfo,
              createdAt: at,
            },
            { kind: isTrial ? 'verify' : 'purchase', providerReference: transactionId },
          );
          await tx.update(billingSubscriptions).set({ activeInvoiceId: invoiceId }).where(eq(billingSubscriptions.id, subscriptionId));
          await tx.update(billingAccounts).set(cardOnFile(card, at)).where(eq(billingAccounts.id, account.id));
          return { ...subscription!, activeInvoiceId: invoiceId };
        });
      } catch (error) {
        // An active subscription made outside this member's purchase claim (an admin, the demo seed) got there first.
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async fulfil({ plan }, row) {
      await grantFor(row, plan);
      await lifecycle?.schedule(row);
    },

    receipt: ({ plan }, row, { card }) => sendReceipt(row.identityId, subscriptionView(row, plan), plan, card),

    paid: ({ plan }, row) => ({ kind: 'success', subscription: subscriptionView(row, plan) }),

    unpaid({ input, account }, outcome) {
      switch (outcome.status) {
        case 'three_d_secure_required':
          return threeDSecureAnswer(account.id, input.cardToken, outcome, PURCHASE_MESSAGES.THREE_D_SECURE);
        case 'declined':
        case 'insufficient_funds':
          return refusal('PURCHASE_ERROR', outcome.message);
        case 'error':
          return refusal('TRANSACTION_ERROR', outcome.message);
      }
    },

    lost: (_line, givenBack) => refusal('ALREADY_HAS_MEMBERSHIP', `${PURCHASE_MESSAGES.ALREADY_HAS_MEMBERSHIP} ${givenBack}`),
  };
}
