// Team plans over HTTP (issue 17, §7 purchaseOrganisationSubscription): a signed-in person buys
// seats for a new organisation through the one paid-purchase path and becomes its OWNER with a
// Premium seat; the price is the volume tier × seats plus the buyer's tax (reverse charge for an EU
// business); a retry under the key charges once; every §8 answer; only the OWNER and ADMINs see the
// subscription. The lifecycle on a fake clock: the team renews at the stored price, and when its
// card fails past dunning every seat's membership ends.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { outbox } from '../mail/schema.ts';
import { planByCode } from './catalogue.ts';
import { DUNNING_RETRY_DAYS } from './lifecycle.ts';
import { billingAccounts, billingInvoices, billingSubscriptions, billingTransactions, sandboxBillingPayments } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;
const DAY = 86_400_000;
const TEAM = 'organisations_bundle_volume_yearly_v1';
const CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  threeDS: '4000000000003220',
  declinesLater: '4000000000000341',
} as const;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function tokenize(number: string) {
  const tokenized = await app.services.billing.sandbox!.tokenize({ number, month: '12', year: '2040', cvv: '123' });
  if (!tokenized.ok) throw new Error('tokenize failed');
  return tokenized.token;
}

const PURCHASE = /* GraphQL */ `
  mutation Buy($input: PurchaseOrganisationSubscriptionInput!) {
    purchaseOrganisationSubscription(input: $input) {
      __typename
      ... on OrganisationSubscription {
        id
        accountId
        planCode
        title
        isTrial
        seats
        state
        pricePerSeat
        currentPeriodEndsAt
        price {
          currency
          itemPrice
          taxAmount
          fullPrice
          taxInfo {
            rate
            region
            type
          }
        }
      }
      ... on SubscriptionPurchaseError {
        type
        message
      }
      ... on ThreeDSecureError {
        threeDSecureActionToken
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on AuthError {
        message
      }
    }
  }
`;

let keys = 0;
async function buyTeam(
  person: Person | null,
  {
    seats = 5,
    currency = 'GBP',
    card = CARDS.success as string,
    token,
    key,
    resultToken,
    billingInfo,
    plan = TEAM,
  }: {
    seats?: number;
    currency?: string;
    card?: string;
    token?: string;
    key?: string;
    resultToken?: string;
    billingInfo?: Record<string, string>;
    plan?: string;
  } = {},
) {
  const input = {
    planCode: plan,
    seats,
    currency,
    companyName: 'Maison Verte',
    billingInfo: billingInfo ?? {
      firstName: 'Ada',
      lastName: 'Okafor',
      addressLine1: '1 Savile Row',
      city: 'London',
      postalCode: 'W1S 3PR',
      countryCode: 'GB',
    },
    cardToken: token ?? (await tokenize(card)),
    idempotencyKey: key ?? `team-key-${Date.now()}-${keys++}`,
    ...(resultToken ? { threeDSecureActionResultToken: resultToken } : {}),
  };
  const response = await graphql(app, PURCHASE, { variables: { input }, cookie: person?.cookie });
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return { result: response.data!.purchaseOrganisationSubscription, input };
}

const ACCOUNT = /* GraphQL */ `
  query Account($accountId: String!) {
    organisationAccount(accountId: $accountId) {
      __typename
      ... on OrganisationAccount {
        title
        status
        primaryContactEmail
        owner {
          email
          role
        }
        recurlyAccountManagementUrl
        subscriptions {
          id
          seats
        }
        seats {
          purchasedSeats
          allocatedSeats
          purchasedSeatsRemaining
          totalSeatsRemaining
          subscription {
            id
            seats
          }
        }
      }
    }
  }
`;

/** Cookies for the person signed in now (the fake clock has moved past the sign-in's tokens). */
async function cookieNow(identityId: string) {
  const { token } = await app.services.identity.sessions.create({ identityId, method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  return `ory_kratos_session=${token}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`;
}

async function claimsOf(identityId: string) {
  const { token } = await app.services.identity.sessions.create({ identityId, method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  return JSON.parse(Buffer.from(issued!.main.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('purchaseOrganisationSubscription', () => {
  it('sells 5 seats at the 2–9 tier with UK VAT, makes the buyer OWNER with a Premium seat, and sends the receipt', async () => {
    const buyer = await signIn(app);
    const { result } = await buyTeam(buyer);
    expect(result).toMatchObject({
      __typename: 'OrganisationSubscription',
      planCode: TEAM,
      title: 'Team',
      isTrial: false,
      seats: 5,
      state: 'ACTIVE',
      pricePerSeat: 39000,
      price: { currency: 'GBP', itemPrice: 195000, taxAmount: 39000, fullPrice: 234000, taxInfo: { rate: 0.2, type: 'VAT' } },
    });
    expect(new Date(result.currentPeriodEndsAt).getTime() - Date.now()).toBeGreaterThan(364 * DAY);

    const account = await graphql(app, ACCOUNT, { variables: { accountId: result.accountId }, cookie: buyer.cookie });
    expect(account.data!.organisationAccount).toMatchObject({
      __typename: 'OrganisationAccount',
      title: 'Maison Verte',
      status: 'ActiveRenewing',
      primaryContactEmail: buyer.email,
      owner: { email: buyer.email, role: 'OWNER' },
      recurlyAccountManagementUrl: 'https://atelier.test/user/organisations/memberships/',
      subscriptions: [{ id: result.id, seats: 5 }],
      // One extra seat beyond the five bought is allowed (one in ten, rounded up: decision 042).
      seats: {
        purchasedSeats: 5,
        allocatedSeats: 1,
        purchasedSeatsRemaining: 4,
        totalSeatsRemaining: 5,
        subscription: { id: result.id, seats: 5 },
      },
    });
    expect(await claimsOf(buyer.identityId)).toMatchObject({ membership_level: 'Premium', membership_type: 'Group' });

    // The organisation holds the records, not the buyer: their own account page stays empty.
    const [billingAccount] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, result.accountId));
    expect(billingAccount).toMatchObject({
      holderKind: 'organisation',
      companyName: 'Maison Verte',
      city: 'London',
      contactEmail: buyer.email,
    });
    expect(await app.services.billing.individualAccount(buyer.identityId)).toBeNull();
    const [invoice] = await app.db.select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, result.id));
    expect(invoice).toMatchObject({ state: 'paid', subtotal: 195000, taxAmount: 39000, total: 234000 });

    const receipts = (await app.db.select().from(outbox).where(eq(outbox.to, buyer.email))).filter((row) => row.template === 'receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('5 × £390.00');
    expect(receipts[0]!.text).toContain('Visa ending 4242');
  });

  it('reverse-charges an EU business with a valid VAT number and prices 12 seats at the 10–24 tier', async () => {
    const buyer = await signIn(app);
    const { result } = await buyTeam(buyer, {
      seats: 12,
      currency: 'EUR',
      billingInfo: {
        firstName: 'Jonas',
        lastName: 'Weber',
        addressLine1: 'Friedrichstraße 10',
        city: 'Berlin',
        countryCode: 'DE',
        vatNumber: 'DE 136 695 976',
      },
    });
    expect(result).toMatchObject({
      pricePerSeat: 40000,
      price: { itemPrice: 480000, taxAmount: 0, fullPrice: 480000, taxInfo: { rate: 0, region: 'DE', type: 'reverse_charge' } },
    });
  });

  it('charges once for a retried request, and refuses another request under the same key', async () => {
    const buyer = await signIn(app);
    const token = await tokenize(CARDS.success);
    const key = `team-retry-${Date.now()}`;
    const first = await buyTeam(buyer, { token, key });
    const again = await buyTeam(buyer, { token, key });
    expect(again.result.id).toBe(first.result.id);
    const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, first.result.accountId));
    const charged = await app.db
      .select()
      .from(billingTransactions)
      .where(and(eq(billingTransactions.accountId, account!.id), eq(billingTransactions.kind, 'purchase')));
    expect(charged).toHaveLength(1);
    const other = await buyTeam(buyer, { token, key, seats: 6 });
    expect(other.result).toMatchObject({ __typename: 'SubscriptionPurchaseError', type: 'TRANSACTION_ERROR' });
  });

  it('answers every refusal in §8 words, charging nothing', async () => {
    const buyer = await signIn(app);
    expect((await buyTeam(null)).result).toMatchObject({ __typename: 'AuthError' });
    expect((await buyTeam(buyer, { seats: 1 })).result).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['seats'], message: 'A team plan has at least 2 seats.' }],
    });
    const large = await buyTeam(buyer, { seats: 60 });
    expect(large.result.__typename).toBe('ZodError');
    expect(large.result.fieldErrors[0].message).toContain('quoted by our team');
    expect((await buyTeam(buyer, { plan: 'individuals_premium_yearly_v1' })).result).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['planCode'] }],
    });
    expect((await buyTeam(buyer, { currency: 'JPY' })).result).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      type: 'INVALID_CURRENCY',
    });
    expect((await buyTeam(buyer, { card: CARDS.declined })).result).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      type: 'PURCHASE_ERROR',
    });
    const bad = await buyTeam(buyer, {
      billingInfo: { firstName: 'A\u0000da', lastName: '', addressLine1: 'x', city: 'y', countryCode: 'GB' },
    });
    expect(bad.result.__typename).toBe('ZodError');
    expect(bad.result.fieldErrors.map((error: { path: string[] }) => error.path.join('.'))).toEqual(
      expect.arrayContaining(['billingInfo.firstName', 'billingInfo.lastName']),
    );
    expect(await app.services.organisations.accountsOf(buyer.identityId)).toEqual([]);
  });

  it('asks for the bank’s check on a 3-D Secure card, then finishes the same purchase with its result', async () => {
    const buyer = await signIn(app);
    const token = await tokenize(CARDS.threeDS);
    const key = `team-3ds-${Date.now()}`;
    const challenged = await buyTeam(buyer, { token, key });
    expect(challenged.result.__typename).toBe('ThreeDSecureError');
    const answered = await app.inject({
      method: 'POST',
      url: `/_sandbox/billing/3ds/${encodeURIComponent(challenged.result.threeDSecureActionToken)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ result: 'succeeded' }),
    });
    const { resultToken } = JSON.parse(answered.body) as { resultToken: string };
    const finished = await buyTeam(buyer, { token, key, resultToken });
    expect(finished.result).toMatchObject({ __typename: 'OrganisationSubscription', seats: 5 });
  });

  it('shows the subscription to the OWNER only: a seat holder sees their seat, not the billing', async () => {
    const buyer = await signIn(app);
    const { result } = await buyTeam(buyer);
    const colleague = await signIn(app, { first: 'Una' });
    const owner = { identityId: buyer.identityId, userId: buyer.identityId, isSiteAdmin: false };
    await app.services.organisations.addUsers(owner, result.accountId, [colleague.email], 'USER');
    const seen = await graphql(app, ACCOUNT, { variables: { accountId: result.accountId }, cookie: colleague.cookie });
    expect(seen.data!.organisationAccount).toMatchObject({
      __typename: 'OrganisationAccount',
      recurlyAccountManagementUrl: null,
      subscriptions: [],
      seats: { subscription: null },
    });
  });
});

const PREVIEW = /* GraphQL */ `
  query Preview($accountId: String!, $seats: Int!) {
    organisationSeatsPreview(accountId: $accountId, seats: $seats) {
      __typename
      ... on OrganisationSeatsPreview {
        added
        seatsAfter
        daysRemaining
        termDays
        pricePerSeat
        price {
          itemPrice
          taxAmount
          fullPrice
        }
      }
      ... on SubscriptionPurchaseError {
        message
      }
      ... on UnauthorizedError {
        accountId
      }
    }
  }
`;
const ADD_SEATS = /* GraphQL */ `
  mutation AddSeats($input: PurchaseOrganisationSeatsInput!) {
    purchaseOrganisationSeats(input: $input) {
      __typename
      ... on OrganisationSubscription {
        seats
        price {
          itemPrice
          fullPrice
        }
      }
      ... on SubscriptionPurchaseError {
        message
      }
      ... on UnauthorizedError {
        accountId
      }
    }
  }
`;

describe('extra seats mid-term', () => {
  it('previews the prorated price, charges the card on file once, and grows the seats and the next renewal', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-01-01T09:00:00Z'));
    const buyer = await signIn(app);
    const { result } = await buyTeam(buyer, { seats: 8 });
    // 146 of the term's days are left (a 366-day term: 2032 is a leap year).
    vi.setSystemTime(new Date('2032-08-08T09:00:00Z'));
    const owner = { cookie: await cookieNow(buyer.identityId) };

    const preview = await graphql(app, PREVIEW, { variables: { accountId: result.accountId, seats: 3 }, cookie: owner.cookie });
    const shown = preview.data!.organisationSeatsPreview;
    // 8 + 3 = 11 seats: the 10–24 tier, £345 a seat a year; 3 × 34500 × 146 / 366 = 41287 (rounded), VAT 20 %.
    expect(shown).toMatchObject({ __typename: 'OrganisationSeatsPreview', added: 3, seatsAfter: 11, pricePerSeat: 34500, termDays: 366 });
    expect(shown.price.itemPrice).toBe(Math.round((3 * 34500 * shown.daysRemaining) / 366));
    expect(shown.price.taxAmount).toBe(Math.round(shown.price.itemPrice * 0.2));

    const input = { accountId: result.accountId, seats: 3, idempotencyKey: `seats-${result.accountId}` };
    const bought = await graphql(app, ADD_SEATS, { variables: { input }, cookie: owner.cookie });
    // The next renewal is for 11 seats at the 10–24 tier.
    expect(bought.data!.purchaseOrganisationSeats).toMatchObject({
      __typename: 'OrganisationSubscription',
      seats: 11,
      price: { itemPrice: 11 * 34500 },
    });
    const again = await graphql(app, ADD_SEATS, { variables: { input }, cookie: owner.cookie });
    expect(again.data!.purchaseOrganisationSeats).toMatchObject({ seats: 11 });

    const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, result.accountId));
    const paid = await app.db.select().from(billingInvoices).where(eq(billingInvoices.accountId, account!.id));
    expect(paid.map((invoice) => invoice.total).sort((a, b) => a - b)).toEqual([shown.price.fullPrice, 8 * 39000 * 1.2]);
    expect(await app.services.organisations.seatSummary(result.accountId)).toMatchObject({ purchasedSeats: 11, totalSeatsAvailable: 13 });
  });

  it('refuses a USER, a stranger, zero seats and a team beyond checkout, charging nothing', async () => {
    const buyer = await signIn(app);
    const { result } = await buyTeam(buyer, { seats: 45 });
    const colleague = await signIn(app, { first: 'Una' });
    const asOwner = { identityId: buyer.identityId, userId: buyer.identityId, isSiteAdmin: false };
    await app.services.organisations.addUsers(asOwner, result.accountId, [colleague.email], 'USER');
    const stranger = await signIn(app, { first: 'Mila' });
    const input = (seats: number) => ({ input: { accountId: result.accountId, seats, idempotencyKey: `seats-${Date.now()}-${seats}` } });
    for (const person of [colleague, stranger])
      expect((await graphql(app, ADD_SEATS, { variables: input(2), cookie: person.cookie })).data!.purchaseOrganisationSeats).toMatchObject(
        {
          __typename: 'UnauthorizedError',
          accountId: result.accountId,
        },
      );
    expect((await graphql(app, ADD_SEATS, { variables: input(0), cookie: buyer.cookie })).data!.purchaseOrganisationSeats).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      message: 'Add at least one seat.',
    });
    const beyond = await graphql(app, PREVIEW, { variables: { accountId: result.accountId, seats: 5 }, cookie: buyer.cookie });
    expect(beyond.data!.organisationSeatsPreview.message).toContain('quoted');
    expect((await app.services.organisations.seatSummary(result.accountId)).purchasedSeats).toBe(45);
  });
});

describe('a member with their own plan who joins a team', () => {
  it('keeps their plan (reads the better of the two), can still cancel it, and may buy one while holding a seat', async () => {
    const buyer = await signIn(app);
    const { result } = await buyTeam(buyer);
    const member = await signIn(app, { first: 'Ines' });
    const own = await app.services.billing.purchaseIndividualSubscription({
      identityId: member.identityId,
      planCode: 'individuals_standard_monthly_v1',
      currency: 'GBP',
      billingInfo: { firstName: 'Ines', lastName: 'Okafor', countryCode: 'GB' },
      cardToken: await tokenize(CARDS.success),
      idempotencyKey: `own-plan-${member.identityId}`,
    });
    expect(own.kind).toBe('success');
    const owner = { identityId: buyer.identityId, userId: buyer.identityId, isSiteAdmin: false };
    await app.services.organisations.addUsers(owner, result.accountId, [member.email], 'USER');
    // The seat (Premium) opens more than their own Standard plan: the token carries the seat.
    expect(await claimsOf(member.identityId)).toMatchObject({ membership_level: 'Premium', membership_type: 'Group' });

    // Cancelling their own plan marks their own membership canceled, not the seat.
    const subscriptionId = own.kind === 'success' ? own.subscription.id : '';
    const cancelled = await app.services.billing.cancellation.cancel({
      identityId: member.identityId,
      subscriptionId,
      reason: 'TOO_EXPENSIVE',
    });
    expect(cancelled.ok).toBe(true);
    expect(await app.services.memberships.currentMembership(member.identityId, 'individual')).toMatchObject({
      level: 'Standard',
      status: 'ActiveCanceled',
    });
    expect(await app.services.memberships.currentMembership(member.identityId, 'group')).toMatchObject({ level: 'Premium', type: 'Group' });

    // A seat holder without a plan of their own may buy one (the seat is not theirs to keep).
    const colleague = await signIn(app, { first: 'Una' });
    await app.services.organisations.addUsers(owner, result.accountId, [colleague.email], 'USER');
    expect(await app.services.billing.purchaseRefusal(colleague.identityId, planByCode('individuals_premium_yearly_v1')!)).toBeNull();
  });
});

describe('a team subscription’s lifecycle', () => {
  const clock = { set: (at: Date) => vi.setSystemTime(at) };

  it('renews at the stored price for all seats, then ends every seat when the card keeps failing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2031-03-01T09:00:00Z');
    clock.set(start);
    const buyer = await signIn(app);
    const { result } = await buyTeam(buyer, { card: CARDS.declinesLater, seats: 3 });
    expect(result.__typename).toBe('OrganisationSubscription');
    const colleague = await signIn(app, { first: 'Una' });
    const owner = { identityId: buyer.identityId, userId: buyer.identityId, isSiteAdmin: false };
    await app.services.organisations.addUsers(owner, result.accountId, [colleague.email], 'USER');
    expect(await claimsOf(colleague.identityId)).toMatchObject({ membership_level: 'Premium' });

    const row = async () => (await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, result.id)))[0]!;
    const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, result.accountId));
    const payments = async () =>
      (await app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.customerId, account!.providerCustomerId)))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((payment) => [payment.status, payment.amount]);

    // The first renewal is declined (this card declines after its first charge): dunning keeps every seat.
    const periodEnd = (await row()).currentPeriodEndsAt!;
    clock.set(new Date(periodEnd.getTime() + 1000));
    await app.services.jobs.runDue();
    expect(await payments()).toEqual([
      ['succeeded', 3 * 39000 * 1.2],
      ['declined', 3 * 39000 * 1.2],
    ]);
    expect((await row()).isInDunning).toBe(true);
    // The team's membership page says so (organisationBillingOverview.inDunning).
    expect((await app.services.billing.organisations.organisationBillingOverview(result.accountId))?.inDunning).toBe(true);
    expect(await claimsOf(colleague.identityId)).toMatchObject({ membership_level: 'Premium' });

    // Every retry fails: the subscription expires and both seats end.
    for (const days of DUNNING_RETRY_DAYS) {
      clock.set(new Date(periodEnd.getTime() + days * DAY + 1000));
      await app.services.jobs.runDue();
    }
    expect((await row()).state).toBe('EXPIRED');
    expect(await claimsOf(colleague.identityId)).toMatchObject({ membership_level: 'None' });
    expect(await claimsOf(buyer.identityId)).toMatchObject({ membership_level: 'None' });
    const notices = (await app.db.select().from(outbox).where(eq(outbox.to, buyer.email)))
      .filter((mail) => mail.template === 'membership_notice')
      .map((mail) => (mail.data as { notice: string }).notice);
    expect(notices).toContain('expired');
  });
});
