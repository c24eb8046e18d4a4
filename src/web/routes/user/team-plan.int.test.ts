// The team plan managed on /user/organisations/memberships/ over HTTP (issue 17), as a browser
// without JavaScript sends it: "Add seats" previews the prorated price on a GET, then pays with the
// card on file on a POST under the preview's key (a double submit buys once) and the page shows the
// new total and the invoice; a USER or a stranger is refused (403) and sees none of it; the OWNER
// cancels at the term's end (the seats keep working, the page says until when) and resumes; an ADMIN
// may add seats but not cancel. On a fake clock, a cancelled team reaches its term end and every
// seat ends.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingAccounts, billingInvoices, billingSubscriptions, sandboxBillingPayments } from '../../../modules/billing/schema.ts';
import { createTestApp } from '../../../test/app.ts';
import { signIn } from '../../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;
const PLAN = '/user/organisations/memberships/';

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: 'https://atelier.test' });
});
afterAll(async () => {
  vi.useRealTimers();
  await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** React's server render separates adjacent text with comments; the page's text without them. */
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;|&#39;/g, "'");
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
/** A form post; to `url` when it is not the page itself (a form posts to the page's URL, its query included). */
const post = (cookie: string, fields: Record<string, string>, url = PLAN) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A team of `seats` bought with the sandbox's card by a new OWNER, with an ADMIN and a USER on it. */
async function team(seats = 5, card = '4242424242424242') {
  const owner = await signIn(app, { first: 'Olive', last: 'Owner' });
  const tokenized = await app.services.billing.sandbox!.tokenize({ number: card, month: '12', year: '2040', cvv: '123' });
  if (!tokenized.ok) throw new Error('tokenize failed');
  const bought = await app.services.billing.organisations.purchaseOrganisationSubscription({
    identityId: owner.identityId,
    planCode: 'organisations_bundle_volume_yearly_v1',
    seats,
    currency: 'GBP',
    companyName: 'Maison Plan',
    billingInfo: { firstName: 'Olive', lastName: 'Owner', addressLine1: '1 Savile Row', city: 'London', countryCode: 'GB' },
    cardToken: tokenized.token,
    idempotencyKey: `team-plan-${randomUUID()}`,
  });
  if (bought.kind !== 'success') throw new Error(`purchase failed: ${JSON.stringify(bought)}`);
  const accountId = bought.subscription.accountId;
  const admin = await signIn(app, { first: 'Adam', last: 'Admin' });
  const user = await signIn(app, { first: 'Una', last: 'User' });
  const asOwner = { identityId: owner.identityId, userId: owner.userId, isSiteAdmin: false };
  await app.services.organisations.addUsers(asOwner, accountId, [admin.email], 'ADMIN');
  await app.services.organisations.addUsers(asOwner, accountId, [user.email], 'USER');
  const page = (who: Person, params: Record<string, string> = {}) =>
    get(`${PLAN}?${new URLSearchParams({ account: accountId, ...params })}`, who.cookie);
  return { owner, admin, user, accountId, subscriptionId: bought.subscription.id, page };
}

/** The hidden key of the preview's "Pay" form. */
const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)![1]!;

async function payments(accountId: string) {
  const [account] = await app.db.select().from(billingAccounts).where(eq(billingAccounts.identityId, accountId));
  const [invoices, charges] = await Promise.all([
    app.db.select().from(billingInvoices).where(eq(billingInvoices.accountId, account!.id)),
    app.db.select().from(sandboxBillingPayments).where(eq(sandboxBillingPayments.customerId, account!.providerCustomerId)),
  ]);
  return { invoices: invoices.length, charges: charges.length };
}

async function claimsOf(identityId: string) {
  const { token } = await app.services.identity.sessions.create({ identityId, method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  return JSON.parse(Buffer.from(issued!.main.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('Add seats', () => {
  it('previews the prorated price, pays once for a double submit, and shows the new total and the invoice', async () => {
    const { owner, accountId, page } = await team(5);
    const before = text((await page(owner)).body);
    expect(before).toContain('Add seats');
    expect(before).toContain('You have 5 seats.');
    expect(before).not.toContain('Charged today');

    const preview = text((await page(owner, { seats: '2' })).body);
    expect(preview).toContain('2 more seats: 7 in all');
    // 7 seats are in the 2–9 tier (£390 a seat a year); the whole term is left, so the whole year is charged, VAT on top.
    expect(preview).toContain('£390.00 a seat a year before tax, the price for 7 seats');
    expect(preview).toContain('<dt>20 % VAT</dt><dd>£156.00</dd>');
    expect(preview).toContain('<dt>Charged today</dt><dd><strong>£936.00</strong></dd>');
    expect(preview).toContain('Visa ending 4242');
    expect(preview).toContain('Pay £936.00');
    expect(await payments(accountId)).toEqual({ invoices: 1, charges: 1 });

    const key = keyOf(preview);
    const pay = { intent: 'add-seats', accountId, seats: '2', idempotencyKey: key };
    const [first, second] = [await post(owner.cookie, pay), await post(owner.cookie, pay)];
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${PLAN}?account=${accountId}&added=2`);
    }
    expect(await payments(accountId)).toEqual({ invoices: 2, charges: 2 });

    const after = text((await get(first.headers.location as string, owner.cookie)).body);
    expect(after).toContain('2 seats added: your plan now has 7 seats. The invoice is below.');
    expect(after).toMatch(/of 7 seats used/);
    expect(after).toContain('<td>Seats added</td><td>£936.00</td><td>Paid</td>');
    expect(after).toContain('<td>Team plan</td>');
    expect((await app.services.organisations.seatSummary(accountId)).purchasedSeats).toBe(7);

    // The seats invoice's receipt says what it was for.
    const [seatsInvoice] = await app.db.select().from(billingInvoices).where(eq(billingInvoices.total, 93_600));
    const receipt = text((await page(owner, { receipt: seatsInvoice!.id })).body);
    expect(receipt).toContain('Seats added to the ');
  });

  it('lets an ADMIN add seats too, and answers bad input and a team beyond checkout as form errors, charging nothing', async () => {
    const { admin, accountId, page } = await team(5);
    const typo = text((await page(admin, { seats: 'two' })).body);
    expect(typo).toContain('Enter how many seats to add: a whole number, 1 or more.');
    expect(typo).not.toContain('Charged today');
    const quoted = text((await page(admin, { seats: '60' })).body);
    expect(quoted).toContain('quoted by our memberships team');
    expect(quoted).toContain('<a href="/subscriptions/executive/#enquiry" data-discover="true">Send us an enquiry</a>');

    const bad = await post(admin.cookie, { intent: 'add-seats', accountId, seats: '0', idempotencyKey: randomUUID() });
    expect(bad.statusCode).toBe(400);
    expect(text(bad.body)).toContain('Enter how many seats to add');
    const beyond = await post(admin.cookie, { intent: 'add-seats', accountId, seats: '60', idempotencyKey: randomUUID() });
    expect(beyond.statusCode).toBe(422);
    expect(text(beyond.body)).toContain('quoted by our memberships team');
    expect(await payments(accountId)).toEqual({ invoices: 1, charges: 1 });

    const key = keyOf(text((await page(admin, { seats: '1' })).body));
    const paid = await post(admin.cookie, { intent: 'add-seats', accountId, seats: '1', idempotencyKey: key });
    expect(paid.statusCode).toBe(302);
    expect((await app.services.organisations.seatSummary(accountId)).purchasedSeats).toBe(6);
  });

  it('shows a card on file that is declined as the form’s error, beside the preview, adding nothing', async () => {
    // The sandbox's card that works when entered and then declines as the card on file.
    const { owner, accountId, page } = await team(5, '4000000000000341');
    const key = keyOf(text((await page(owner, { seats: '2' })).body));
    const previewed = `${PLAN}?${new URLSearchParams({ account: accountId, seats: '2' })}`;
    const declined = await post(owner.cookie, { intent: 'add-seats', accountId, seats: '2', idempotencyKey: key }, previewed);
    expect(declined.statusCode).toBe(422);
    const html = text(declined.body);
    expect(html).toMatch(/<p class="form-message form-message--error" role="alert">[^<]*declined[^<]*<\/p>/i);
    expect(html).toContain('2 more seats: 7 in all');
    expect((await app.services.organisations.seatSummary(accountId)).purchasedSeats).toBe(5);
    expect((await payments(accountId)).invoices).toBe(1);
  });

  it('refuses a USER and a stranger (403) and shows them none of it', async () => {
    const { owner, user, accountId, page } = await team(5);
    const stranger = await signIn(app, { first: 'Sid' });
    const key = keyOf(text((await page(owner, { seats: '2' })).body));
    for (const person of [user, stranger]) {
      const refused = await post(person.cookie, { intent: 'add-seats', accountId, seats: '2', idempotencyKey: key });
      expect(refused.statusCode).toBe(403);
      expect(text(refused.body)).toContain('Only the organisation’s owner and admins can do that.');
    }
    const seen = text((await page(user, { seats: '2' })).body);
    expect(seen).toContain('Your seat');
    expect(seen).not.toContain('Add seats');
    expect(seen).not.toContain('Cancel the team plan');
    expect(await payments(accountId)).toEqual({ invoices: 1, charges: 1 });
  });
});

describe('Cancel and resume the team plan', () => {
  it('lets the OWNER cancel at the term end (seats keep working, the page says until when) and resume', async () => {
    const { owner, user, accountId, subscriptionId, page } = await team(5);
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));
    const endsOn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      row!.currentPeriodEndsAt!,
    );
    expect(text((await page(owner)).body)).toContain(`href="${PLAN}?account=${accountId}&amp;cancel=1"`);
    const confirm = text((await page(owner, { cancel: '1' })).body);
    expect(confirm).toContain('Cancel the team plan?');
    expect(confirm).toContain(`Every seat keeps working until ${endsOn}`);

    const cancelled = await post(owner.cookie, { intent: 'cancel-plan', accountId });
    expect(cancelled.statusCode).toBe(302);
    expect(cancelled.headers.location).toBe(`${PLAN}?account=${accountId}&done=cancelled`);
    const after = text((await get(cancelled.headers.location as string, owner.cookie)).body);
    expect(after).toContain(`Your team plan is cancelled. Every seat keeps working until ${endsOn}; nothing more will be charged.`);
    expect(after).toContain(`Cancelled: every seat works until ${endsOn}`);
    expect(after).toContain(`Ends on ${endsOn}`);
    expect(after).toContain('Resume the team plan');
    // No seats are sold on a cancelled plan.
    expect(after).not.toContain('See the price');
    expect((await post(owner.cookie, { intent: 'add-seats', accountId, seats: '1', idempotencyKey: randomUUID() })).statusCode).toBe(422);
    // The seats still work, marked cancelled, until the term ends.
    expect(await app.services.memberships.currentMembership(user.identityId, 'group')).toMatchObject({
      level: 'Premium',
      status: 'ActiveCanceled',
    });
    expect(await claimsOf(user.identityId)).toMatchObject({ membership_level: 'Premium' });
    // A second cancellation is refused in words.
    const again = await post(owner.cookie, { intent: 'cancel-plan', accountId });
    expect(again.statusCode).toBe(422);
    expect(text(again.body)).toContain('This organisation has no active team plan to cancel.');

    const resumed = await post(owner.cookie, { intent: 'resume-plan', accountId });
    expect(resumed.statusCode).toBe(302);
    const back = text((await get(resumed.headers.location as string, owner.cookie)).body);
    expect(back).toContain(`Your team plan is back on: it renews on ${endsOn}.`);
    expect(back).toContain(`Renews on ${endsOn}`);
    expect(back).toContain('See the price');
    expect(await app.services.memberships.currentMembership(user.identityId, 'group')).toMatchObject({ status: 'ActiveRenewing' });
    const [state] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));
    expect(state).toMatchObject({ state: 'ACTIVE', expiresAt: null, canceledAt: null });
  });

  it('shows an ADMIN the state but not the buttons, and refuses their cancellation (403)', async () => {
    const { admin, user, accountId, subscriptionId, page } = await team(5);
    const seen = text((await page(admin, { cancel: '1' })).body);
    expect(seen).toContain('Renews on ');
    expect(seen).toContain('Only the organisation’s owner can cancel or resume the plan.');
    expect(seen).not.toContain('Cancel the team plan');
    for (const person of [admin, user]) {
      const refused = await post(person.cookie, { intent: 'cancel-plan', accountId });
      expect(refused.statusCode).toBe(403);
      expect(text(refused.body)).toContain('Only the organisation’s owner can cancel or resume its team plan.');
    }
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));
    expect(row!.state).toBe('ACTIVE');
  });

  it('answers the OWNER of a team set up by staff (an id billing never made) in words, never a 500', async () => {
    const owner = await signIn(app, { first: 'Sam', last: 'Staff' });
    const accountId = `staff-made-${Date.now()}`;
    await app.services.organisations.subscriptionStarted({
      accountId,
      ownerIdentityId: owner.identityId,
      title: 'Maison Granted',
      primaryContactEmail: owner.email,
      purchasedSeats: 3,
      membershipLevel: 'Premium',
      planCode: null,
      status: 'ActiveRenewing',
      termEndsAt: new Date(Date.now() + 365 * 86_400_000),
    });
    const page = text((await get(`${PLAN}?account=${accountId}&seats=2`, owner.cookie)).body);
    expect(page).not.toContain('Add seats');
    expect(page).not.toContain('Cancel the team plan');
    const answers = await Promise.all([
      post(owner.cookie, { intent: 'cancel-plan', accountId }),
      post(owner.cookie, { intent: 'resume-plan', accountId }),
      post(owner.cookie, { intent: 'add-seats', accountId, seats: '2', idempotencyKey: randomUUID() }),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([422, 422, 422]);
    expect(text(answers[0]!.body)).toContain('This organisation has no active team plan to cancel.');
  });

  it('ends every seat when a cancelled team plan reaches its term end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2033-02-01T09:00:00Z'));
    const { owner, user, accountId, subscriptionId } = await team(3);
    expect((await post(owner.cookie, { intent: 'cancel-plan', accountId })).statusCode).toBe(302);
    const [row] = await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId));

    // The day before the end, the seats still work; after it, the period-end job expires the plan and every seat.
    vi.setSystemTime(new Date(row!.currentPeriodEndsAt!.getTime() - 86_400_000));
    await app.services.jobs.runDue();
    expect(await claimsOf(user.identityId)).toMatchObject({ membership_level: 'Premium' });
    vi.setSystemTime(new Date(row!.currentPeriodEndsAt!.getTime() + 1000));
    await app.services.jobs.runDue();
    const [ended] = await app.db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.id, subscriptionId), eq(billingSubscriptions.state, 'EXPIRED')));
    expect(ended).toBeDefined();
    expect((await app.services.organisations.account(accountId))?.status).toBe('Expired');
    expect(await claimsOf(user.identityId)).toMatchObject({ membership_level: 'None' });
    expect(await claimsOf(owner.identityId)).toMatchObject({ membership_level: 'None' });
    expect(await payments(accountId)).toEqual({ invoices: 1, charges: 1 });
  });
});
