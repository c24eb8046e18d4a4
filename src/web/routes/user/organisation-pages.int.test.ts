// The team admin's pages over HTTP (a browser without JavaScript: plain form posts): /user/organisations/users/
// — add one, many, a CSV with a bad line; resend and revoke an invitation; change a role; remove
// with a confirmation step; a domain added, confirmed by its emailed code and disabled — and
// /user/organisations/memberships/ with the plan, invoice and receipt of a team bought through
// billing. A USER and a stranger are refused on every action; someone with no organisation gets the
// page about team plans, and the offer to join when a seat waits for their address.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../modules/mail/schema.ts';
import { organisationInvitations } from '../../../modules/organisations/schema.ts';
import { createTestApp } from '../../../test/app.ts';
import { signIn } from '../../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;
const SITE = 'https://atelier.test';
const USERS = '/user/organisations/users/';
const PLAN = '/user/organisations/memberships/';
const YEAR = 365 * 24 * 3_600_000;
const REFUSED = 'Only the organisation’s owner and admins can do that.';

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
});
afterAll(async () => {
  await app.close();
});

/** React's server render separates adjacent text with comments; the page's text without them. */
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;|&#39;/g, "'");

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });

const post = (url: string, cookie: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A multipart post with a CSV file, as the "Add people" form sends it. */
function postCsv(url: string, cookie: string, fields: Record<string, string>, csv: string) {
  const boundary = `----atelier${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="team.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
  );
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'text/html', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${parts.join('')}--${boundary}--\r\n`,
  });
}

async function newOrganisation(purchasedSeats = 6) {
  const owner = await signIn(app, { first: 'Olive', last: 'Owner' });
  const accountId = randomUUID();
  await app.services.organisations.subscriptionStarted({
    accountId,
    ownerIdentityId: owner.identityId,
    title: 'Maison Page',
    primaryContactEmail: owner.email,
    purchasedSeats,
    membershipLevel: 'Premium',
    planCode: 'organisations_bundle_volume_yearly_v1',
    status: 'ActiveRenewing',
    termEndsAt: new Date(Date.now() + YEAR),
  });
  const at = `${USERS}?account=${accountId}`;
  return { owner, accountId, at, act: (who: Person, fields: Record<string, string>) => post(at, who.cookie, { accountId, ...fields }) };
}

async function seatOf(accountId: string, person: Person) {
  const asOwner = (await app.services.organisations.accountsOf(person.identityId)).find((account) => account.accountId === accountId);
  if (!asOwner) return null;
  const { items } = await app.services.organisations.users(
    { identityId: person.identityId, userId: person.userId, isSiteAdmin: false },
    accountId,
    { search: person.email },
  );
  return items[0] ?? null;
}

describe('/user/organisations/users/', () => {
  it('sends a signed-out reader to sign in and come back', async () => {
    const response = await app.inject({ method: 'GET', url: USERS, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(302);
    expect(new URL(response.headers.location as string, SITE).pathname).toBe('/user/login/');
  });

  it('tells someone with no organisation what team plans are, on both pages', async () => {
    const reader = await signIn(app);
    for (const page of [USERS, PLAN]) {
      const response = await get(page, reader.cookie);
      expect(response.statusCode).toBe(200);
      const html = text(response.body);
      expect(html).toContain('You are not on a team plan');
      expect(html).toContain('href="/subscriptions/groups/"');
      expect(html).not.toContain('Add people');
      expect(response.headers['cache-control'] ?? '').not.toMatch(/public/);
    }
  });

  it('shows the OWNER the seats and people; adds one, many and a CSV, telling which lines were refused', async () => {
    const { owner, accountId, at, act } = await newOrganisation(6);
    const page = text((await get(at, owner.cookie)).body);
    expect(page).toContain('Maison Page');
    expect(page).toMatch(/team-figures__number">1<\/span><span class="team-figures__of"> of 6 seats used/);
    expect(page).toContain('5 seats left to give');
    expect(page).toContain(owner.email);

    const colleague = await signIn(app, { first: 'Cora', last: 'Lee' });
    const one = text((await act(owner, { intent: 'add', emails: colleague.email, role: 'USER' })).body);
    expect(one).toContain('1 person added.');
    expect(one).toContain('Cora Lee');
    expect(await seatOf(accountId, colleague)).toMatchObject({ role: 'USER' });

    const many = text(
      (await act(owner, { intent: 'add', emails: 'ana@maison.example, not-an-address\nben@maison.example', role: 'USER' })).body,
    );
    expect(many).toContain('2 invitations sent, 1 not added.');
    expect(many).toMatch(/<strong>not-an-address<\/strong>: not an email address/);
    expect(many).toContain('ana@maison.example');

    const csv = text(
      (
        await postCsv(
          at,
          owner.cookie,
          { intent: 'add', accountId, emails: '', role: 'ADMIN' },
          'name,email\nDee,dee@maison.example\nBad,bad@@maison\n',
        )
      ).body,
    );
    expect(csv).toContain('1 invitation sent, 1 not added.');
    expect(csv).toMatch(/<strong>bad@@maison<\/strong>: not an email address/);

    // 6 seats: owner, Cora, three invitations = 5; two more asked, one given.
    const full = text((await act(owner, { intent: 'add', emails: 'eve@maison.example\nfay@maison.example' })).body);
    expect(full).toContain('1 invitation sent, 1 not added.');
    expect(full).toMatch(/<strong>fay@maison.example<\/strong>: no seat left/);
    const none = text((await act(owner, { intent: 'add', emails: 'gus@maison.example' })).body);
    expect(none).toContain('Every seat is taken. Buy more seats or remove someone first.');
    const empty = text((await act(owner, { intent: 'add', emails: '  ' })).body);
    expect(empty).toContain('Enter at least one email address, or choose a CSV file.');

    // Search and filter.
    const searched = text((await get(`${at}&q=cora`, owner.cookie)).body);
    expect(searched).toContain('Cora Lee');
    expect(searched).not.toContain('Olive Owner');
    const invited = text((await get(`${at}&show=invited`, owner.cookie)).body);
    expect(invited).toContain('dee@maison.example');
    expect(invited).not.toContain('Cora Lee');
  });

  it('pages the people 25 at a time', async () => {
    const { owner, accountId, at } = await newOrganisation(30);
    const people = await Promise.all(Array.from({ length: 26 }, (_, i) => signIn(app, { first: 'Pat', last: `Page${i}` })));
    await app.services.organisations.addUsers(
      { identityId: owner.identityId, userId: owner.userId, isSiteAdmin: false },
      accountId,
      people.map((person) => person.email),
    );
    const first = text((await get(at, owner.cookie)).body);
    expect(first).toContain('27 people · page 1 of 2');
    expect(first.match(/class="team-table__name"/g)).toHaveLength(25);
    const next = /href="([^"]+)"[^>]*>Next</.exec(first)![1]!.replace(/&amp;/g, '&');
    const second = text((await get(next, owner.cookie)).body);
    expect(second).toContain('page 2 of 2');
    expect(second.match(/class="team-table__name"/g)).toHaveLength(2);
    expect(second).toContain('>Previous<');
  });

  it('resends and revokes an invitation', async () => {
    const { owner, accountId, at, act } = await newOrganisation();
    await act(owner, { intent: 'add', emails: 'hal@maison.example' });
    const [invitation] = await app.db.select().from(organisationInvitations).where(eq(organisationInvitations.accountId, accountId));
    const soon = text((await act(owner, { intent: 'resend', invitationId: invitation!.id })).body);
    expect(soon).toContain('less than a minute ago');
    await app.db
      .update(organisationInvitations)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(organisationInvitations.id, invitation!.id));
    const resent = text((await act(owner, { intent: 'resend', invitationId: invitation!.id })).body);
    expect(resent).toContain('The invitation was sent again.');
    const mails = await app.db.select().from(outbox).where(eq(outbox.to, 'hal@maison.example'));
    expect(mails).toHaveLength(2);
    const revoked = text((await act(owner, { intent: 'revoke', invitationId: invitation!.id })).body);
    expect(revoked).toContain('The invitation is revoked');
    expect(text((await get(`${at}&show=invited`, owner.cookie)).body)).toContain('No invitations waiting.');
  });

  it('changes a role, hands ownership on, and removes someone after a confirmation step', async () => {
    const { owner, accountId, at, act } = await newOrganisation();
    const colleague = await signIn(app, { first: 'Ivo', last: 'Ma' });
    await act(owner, { intent: 'add', emails: colleague.email });
    const seat = (await seatOf(accountId, colleague))!;

    const promoted = text((await act(owner, { intent: 'role', accountUserId: seat.accountUserId, role: 'ADMIN' })).body);
    expect(promoted).toContain(`${colleague.email} is now an admin.`);

    // The ADMIN cannot demote the OWNER.
    const ownerSeat = (await seatOf(accountId, owner))!;
    const demote = text((await act(colleague, { intent: 'role', accountUserId: ownerSeat.accountUserId, role: 'USER' })).body);
    expect(demote).toContain(REFUSED);

    // The confirmation step: a GET shows it, the post removes.
    const confirm = text((await get(`${at}&remove=${seat.accountUserId}`, owner.cookie)).body);
    expect(confirm).toContain('Remove Ivo Ma?');
    const removed = await act(owner, { intent: 'remove', accountUserId: seat.accountUserId });
    expect(removed.statusCode).toBe(302);
    expect(removed.headers.location).toBe(`${USERS}?account=${accountId}&removed=1`);
    expect(await seatOf(accountId, colleague)).toBeNull();
    expect(text((await get(removed.headers.location as string, owner.cookie)).body)).toContain('They are removed');

    // Ownership handed on: the old OWNER becomes an ADMIN.
    const heir = await signIn(app, { first: 'Jo', last: 'Heir' });
    await act(owner, { intent: 'add', emails: heir.email, role: 'ADMIN' });
    const heirSeat = (await seatOf(accountId, heir))!;
    const handed = text((await act(owner, { intent: 'role', accountUserId: heirSeat.accountUserId, role: 'OWNER' })).body);
    expect(handed).toContain(`${heir.email} is now the owner; you are an admin.`);
    expect(await app.services.organisations.roleOf(owner.identityId, accountId)).toBe('ADMIN');
  });

  it('adds a domain, confirms it with the emailed code, and disables it', async () => {
    const { owner, accountId, at, act } = await newOrganisation();
    const domain = `maison${Date.now()}.example`;
    const free = text((await act(owner, { intent: 'domain-add', address: 'olive@gmail.com' })).body);
    expect(free).toContain('Personal email providers such as gmail.com cannot be added');
    const added = text((await act(owner, { intent: 'domain-add', address: `olive@${domain}` })).body);
    expect(added).toContain(`We emailed a code to olive@${domain}.`);
    expect(added).toContain('Waiting for the code');
    const [domainRow] = await app.services.organisations.domains(
      { identityId: owner.identityId, userId: owner.userId, isSiteAdmin: false },
      accountId,
    );
    const wrong = text((await act(owner, { intent: 'domain-confirm', domainId: domainRow!.domainId, code: '000000x' })).body);
    expect(wrong).toContain('That code is not right.');
    const [mail] = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, `olive@${domain}`))
      .orderBy(desc(outbox.createdAt));
    const code = /Confirmation code: (\d{6})/.exec(mail!.text)![1]!;
    const confirmed = text((await act(owner, { intent: 'domain-confirm', domainId: domainRow!.domainId, code })).body);
    expect(confirmed).toContain(`${domain} is verified`);
    const disabled = text((await act(owner, { intent: 'domain-disable', domainId: domainRow!.domainId })).body);
    expect(disabled).toContain(`${domain} is disabled`);
    expect(text((await get(at, owner.cookie)).body)).toMatch(/Disabled, since/);
  });

  it('shows a USER only their own seat, and refuses a USER and a stranger on every action', async () => {
    const { owner, accountId, at, act } = await newOrganisation();
    const member = await signIn(app, { first: 'Uma', last: 'User' });
    const stranger = await signIn(app);
    await act(owner, { intent: 'add', emails: `${member.email}\nkim@maison.example` });
    const ownerSeat = (await seatOf(accountId, owner))!;
    const [invitation] = await app.db.select().from(organisationInvitations).where(eq(organisationInvitations.accountId, accountId));
    const domain = `user${Date.now()}.example`;

    const own = text((await get(at, member.cookie)).body);
    expect(own).toContain('Your seat');
    expect(own).toContain('Maison Page');
    expect(own).toContain(`mailto:${owner.email}`);
    expect(own).not.toContain('Add people');
    expect(own).not.toContain('kim@maison.example');
    expect(text((await get(PLAN, member.cookie)).body)).toContain('Your seat');

    const actions: Record<string, string>[] = [
      { intent: 'add', emails: 'lou@maison.example' },
      { intent: 'resend', invitationId: invitation!.id },
      { intent: 'revoke', invitationId: invitation!.id },
      { intent: 'role', accountUserId: ownerSeat.accountUserId, role: 'USER' },
      { intent: 'remove', accountUserId: ownerSeat.accountUserId },
      { intent: 'domain-add', address: `uma@${domain}` },
      { intent: 'domain-confirm', domainId: randomUUID(), code: '123456' },
      { intent: 'domain-disable', domainId: randomUUID() },
    ];
    for (const person of [member, stranger]) {
      for (const fields of actions) {
        const response = await act(person, fields);
        expect(response.statusCode, `${fields.intent}`).toBe(200);
        expect(text(response.body), `${fields.intent}`).toContain(REFUSED);
      }
    }
    // Nothing changed.
    expect(await app.services.organisations.roleOf(owner.identityId, accountId)).toBe('OWNER');
    const still = await app.db.select().from(organisationInvitations).where(eq(organisationInvitations.accountId, accountId));
    expect(still.every((row) => row.revokedAt === null)).toBe(true);
  });

  it('offers a seat waiting for the address, and Join claims it', async () => {
    const { owner, accountId, act } = await newOrganisation();
    const email = `newcomer${Date.now()}@maison.example`;
    await act(owner, { intent: 'add', emails: email });
    const newcomer = await signIn(app, { email });
    const offer = text((await get(USERS, newcomer.cookie)).body);
    expect(offer).toContain('Maison Page</strong> has given you a seat');
    const joined = await post(USERS, newcomer.cookie, { intent: 'claim', accountId });
    expect(text(joined.body)).toContain('You have joined Maison Page: your seat is ready.');
    expect(await app.services.organisations.roleOf(newcomer.identityId, accountId)).toBe('USER');
    // The session was minted again: its cookies are on the answer.
    expect(String(joined.headers['set-cookie'])).toContain('bof_session=');
  });
});

describe('/user/organisations/memberships/', () => {
  it('shows the OWNER of a team bought through billing the plan, seats, card, billed-to and invoice with its receipt', async () => {
    const buyer = await signIn(app, { first: 'Bea', last: 'Buyer' });
    const tokenized = await app.services.billing.sandbox!.tokenize({ number: '4242424242424242', month: '12', year: '2040', cvv: '123' });
    if (!tokenized.ok) throw new Error('tokenize failed');
    const bought = await app.services.billing.organisations.purchaseOrganisationSubscription({
      identityId: buyer.identityId,
      planCode: 'organisations_bundle_volume_yearly_v1',
      seats: 5,
      currency: 'GBP',
      companyName: 'Maison Bought',
      billingInfo: {
        firstName: 'Bea',
        lastName: 'Buyer',
        addressLine1: '1 Savile Row',
        city: 'London',
        postalCode: 'W1S 3PR',
        countryCode: 'GB',
      },
      cardToken: tokenized.token,
      idempotencyKey: `team-page-${randomUUID()}`,
    });
    if (bought.kind !== 'success') throw new Error(`purchase failed: ${JSON.stringify(bought)}`);
    const accountId = bought.subscription.accountId;
    const page = text((await get(`${PLAN}?account=${accountId}`, buyer.cookie)).body);
    expect(page).toContain('Premium for every seat');
    expect(page).toMatch(/team-figures__number">1<\/span><span class="team-figures__of"> of 5 seats used/);
    expect(page).toMatch(/Renews on /);
    expect(page).toContain('Visa ending 4242, expires 12/2040');
    expect(page).toContain('1 Savile Row');
    expect(page).toContain('Paid');
    const link = /href="(\/user\/organisations\/memberships\/\?account=[^"]+receipt=[^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
    const receipt = text((await get(link, buyer.cookie)).body);
    expect(receipt).toContain('Receipt ');
    expect(receipt).toContain('5 seats');
    expect(receipt).toContain('Maison Bought');

    // Someone else cannot read the receipt.
    const stranger = await signIn(app);
    expect((await get(link, stranger.cookie)).statusCode).toBe(404);
  });
});

describe('/user/organisations/memberships/ without billing', () => {
  it('shows an organisation set up without a purchase (an id billing never made) its seats, and nothing to pay', async () => {
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
      termEndsAt: new Date(Date.now() + YEAR),
    });
    const page = await get(`${PLAN}?account=${accountId}`, owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(text(page.body)).toContain('This team plan was set up by our staff: there is nothing to pay here.');
    expect(text(page.body)).toMatch(/team-figures__number">1<\/span><span class="team-figures__of"> of 3 seats used/);
    expect((await get(`${PLAN}?account=${accountId}&receipt=${randomUUID()}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('/user/membership/ for a team', () => {
  it('shows a seat holder the organisation behind their membership, and offers a waiting seat with Join', async () => {
    const { owner, accountId, act } = await newOrganisation();
    const member = await signIn(app, { first: 'Mo', last: 'Seat' });
    await act(owner, { intent: 'add', emails: member.email });
    const page = text((await get('/user/membership/', member.cookie)).body);
    expect(page).toContain('<dt>Through</dt><dd>Maison Page (Active)</dd>');
    expect(page).toContain('href="/user/organisations/users/"');
    expect(page).not.toContain('Manage your team');
    expect(text((await get('/user/membership/', owner.cookie)).body)).toContain('Manage your team');

    const email = `waiting${Date.now()}@maison.example`;
    await act(owner, { intent: 'add', emails: email });
    const newcomer = await signIn(app, { email });
    const offer = text((await get('/user/membership/', newcomer.cookie)).body);
    expect(offer).toContain('Maison Page</strong> has given you a seat');
    const joined = await post('/user/membership/?index', newcomer.cookie, { intent: 'claim', accountId });
    expect(text(joined.body)).toContain('You have joined Maison Page: your seat is ready.');
    expect(String(joined.headers['set-cookie'])).toContain('bof_session=');
    expect(await app.services.organisations.roleOf(newcomer.identityId, accountId)).toBe('USER');
  });
});
