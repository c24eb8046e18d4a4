// Organisation accounts over HTTP (GraphQL through inject) on a fresh database — PGlite, or
// PostgreSQL with TEST_DATABASE_URL: the lifecycle billing drives, adding people (seats and
// invitations), roles and the one-OWNER rule, removal ending the membership at the next token,
// claiming an invitation through unclaimed_membership_account_id (domains: domains.int.test.ts),
// and every refusal (§8 UnauthorizedError, SeatAllocationError, ZodError, BaseError).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import * as kit from '../../test/organisations.ts';
import { outbox } from '../mail/schema.ts';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const YEAR = 365 * 24 * 3_600_000;
const { ADD, ACCOUNT, USERS, CHANGE_ROLE, REMOVE, PROFILE } = kit;
const tokensFor = (token: string) => kit.tokensFor(app, token);
const newOrganisation = (options?: Parameters<typeof kit.newOrganisation>[1]) => kit.newOrganisation(app, options);
const add = (cookie: string, accountId: string, emails: string[], role?: string) => kit.add(app, cookie, accountId, emails, role);
const seatOf = (cookie: string, accountId: string, email: string) => kit.seatOf(app, cookie, accountId, email);

describe('the lifecycle billing drives', () => {
  it('starts an account with the buyer as OWNER holding a seat and the group membership; idempotent', async () => {
    const { owner, accountId } = await newOrganisation();
    const again = await app.services.organisations.subscriptionStarted({
      accountId,
      ownerIdentityId: owner.identityId,
      title: 'Another title',
      primaryContactEmail: owner.email,
      purchasedSeats: 9,
      membershipLevel: 'Premium',
      planCode: null,
      status: 'ActiveRenewing',
      termEndsAt: null,
    });
    expect(again.title).toBe('Maison Test');
    expect(await app.services.organisations.seatSummary(accountId)).toEqual({
      allocatedSeats: 1,
      extraSeatsUsed: 0,
      purchasedSeats: 5,
      purchasedSeatsRemaining: 4,
      totalSeatsAvailable: 5,
      totalSeatsRemaining: 4,
    });
    const { claims, cookie } = await tokensFor(owner.identitySessionToken);
    expect(claims).toMatchObject({ membership_level: 'Premium', membership_type: 'Group' });
    const { data } = await graphql(app, PROFILE, { cookie });
    expect(data!.viewer.userProfile).toMatchObject({
      membershipGroupAccountId: accountId,
      membershipGroupAccountTitle: 'Maison Test',
      membershipGroupStatus: 'ActiveRenewing',
    });
    expect(data!.viewer.organisationAccounts).toEqual([{ accountId, title: 'Maison Test', user: { role: 'OWNER' } }]);
    const account = await graphql(app, ACCOUNT, { cookie, variables: { accountId } });
    expect(account.errors).toBeUndefined();
    expect(account.data!.organisationAccount).toMatchObject({ owner: { email: owner.email, role: 'OWNER' }, seats: { allocatedSeats: 1 } });
  });

  it('moves every seat’s term with the organisation’s, and ends them all when it expires (admins still see it)', async () => {
    const { owner, accountId } = await newOrganisation();
    const member = await signIn(app);
    await add(owner.cookie, accountId, [member.email]);
    const termEndsAt = new Date(Date.now() + 2 * YEAR);
    await app.services.organisations.subscriptionTermChanged(accountId, { status: 'ActiveCanceled', termEndsAt });
    const held = await app.services.memberships.currentMembership(member.identityId);
    expect(held).toMatchObject({ status: 'ActiveCanceled', groupAccountId: accountId, endsAt: termEndsAt });

    await app.services.organisations.subscriptionEnded(accountId);
    expect((await tokensFor(member.identitySessionToken)).claims).toMatchObject({ membership_level: 'None', membership_type: 'None' });
    const { cookie } = await tokensFor(owner.identitySessionToken);
    const account = await graphql(app, ACCOUNT, { cookie, variables: { accountId } });
    expect(account.data!.organisationAccount).toMatchObject({ __typename: 'OrganisationAccount', status: 'Expired' });
    const refused = await add(cookie, accountId, ['late@maison.example']);
    expect(refused).toMatchObject({ __typename: 'BaseError' });
  });

  it('a member who holds their own plan keeps it; the claims carry the better; removal falls back to their own', async () => {
    const { owner, accountId } = await newOrganisation();
    const reader = await signIn(app);
    await app.services.memberships.grant({
      identityId: reader.identityId,
      level: 'Standard',
      type: 'Individual',
      source: 'subscription',
      planCode: 'individuals_standard_yearly_trial_v1',
    });
    const added = await add(owner.cookie, accountId, [reader.email]);
    expect((await tokensFor(reader.identitySessionToken)).claims).toMatchObject({ membership_level: 'Premium', membership_type: 'Group' });
    const [told] = await app.db.select().from(outbox).where(eq(outbox.to, reader.email)).orderBy(desc(outbox.createdAt));
    expect(told!.text).toContain('Your own membership keeps running');
    expect(await app.services.memberships.currentMembership(reader.identityId, 'individual')).toMatchObject({
      level: 'Standard',
      status: 'ActiveRenewing',
    });
    const removed = await graphql(app, REMOVE, {
      cookie: owner.cookie,
      variables: { accountId, accountUserId: added.results[0].accountUserId },
    });
    expect(removed.data!.removeUserFromOrganisationAccount.__typename).toBe('RemovedOrganisationAccountUser');
    expect((await tokensFor(reader.identitySessionToken)).claims).toMatchObject({
      membership_level: 'Standard',
      membership_type: 'Individual',
    });
  });
});

describe('adding people', () => {
  it('gives a seat to someone with an account and an invitation to anyone else, answering each address', async () => {
    const { owner, accountId } = await newOrganisation({ purchasedSeats: 4 });
    const colleague = await signIn(app, { first: 'Cora', last: 'Colleague' });
    const result = await add(owner.cookie, accountId, [
      colleague.email,
      'New.Hire@Maison.example',
      'not-an-email',
      colleague.email.toUpperCase(),
    ]);
    expect(result.results.map((r: { outcome: string; reason: string | null }) => [r.outcome, r.reason])).toEqual([
      ['added', null],
      ['invited', null],
      ['refused', 'INVALID_EMAIL'],
      ['refused', 'DUPLICATE'],
    ]);
    expect(result.seats).toMatchObject({ allocatedSeats: 3, purchasedSeatsRemaining: 1 });
    const again = await add(owner.cookie, accountId, [colleague.email, 'new.hire@maison.example']);
    expect(again.results.map((r: { outcome: string }) => r.outcome)).toEqual(['already_member', 'already_invited']);
    const mails = await app.db.select().from(outbox).where(eq(outbox.to, 'new.hire@maison.example')).orderBy(desc(outbox.createdAt));
    expect(mails[0]).toMatchObject({ template: 'organisation_seat' });
    expect(mails[0]!.text).toContain('/user/register/');
    expect((await tokensFor(colleague.identitySessionToken)).claims).toMatchObject({
      membership_level: 'Premium',
      membership_type: 'Group',
    });
  });

  it('refuses with SeatAllocationError: INVALID_SEAT_REQUEST and NO_SEATS_REMAINING; the first addresses get the last seats', async () => {
    const { owner, accountId } = await newOrganisation({ purchasedSeats: 3 });
    expect(await add(owner.cookie, accountId, [])).toMatchObject({ type: 'INVALID_SEAT_REQUEST' });
    expect(await add(owner.cookie, accountId, ['nope', 'also nope'])).toMatchObject({ type: 'INVALID_SEAT_REQUEST' });
    expect(await add(owner.cookie, accountId, ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'])).toMatchObject({
      type: 'INVALID_SEAT_REQUEST',
    });
    const partly = await add(owner.cookie, accountId, ['a@x.example', 'b@x.example', 'c@x.example']);
    expect(partly.results.map((r: { outcome: string }) => r.outcome)).toEqual(['invited', 'invited', 'refused']);
    expect(partly.results[2].reason).toBe('NO_SEATS_REMAINING');
    expect(await add(owner.cookie, accountId, ['e@x.example'])).toMatchObject({
      __typename: 'SeatAllocationError',
      type: 'NO_SEATS_REMAINING',
    });
  });

  it('uses the plan’s extra seats with an alert to the owner, then refuses', async () => {
    const { owner, accountId } = await newOrganisation({ purchasedSeats: 2, extraSeatAllowance: 1 });
    const result = await add(owner.cookie, accountId, ['x1@extra.example', 'x2@extra.example']);
    expect(result.seats).toMatchObject({ allocatedSeats: 3, extraSeatsUsed: 1, totalSeatsAvailable: 3, totalSeatsRemaining: 0 });
    const [alert] = await app.db.select().from(outbox).where(eq(outbox.to, owner.email)).orderBy(desc(outbox.createdAt));
    expect(alert).toMatchObject({ template: 'organisation_seat' });
    expect(alert!.subject).toContain('extra');
    expect(await add(owner.cookie, accountId, ['x3@extra.example'])).toMatchObject({ type: 'NO_SEATS_REMAINING' });
  });

  it('answers UnauthorizedError { accountId, requesterUserId } to a USER and to a stranger; AuthError when signed out', async () => {
    const { owner, accountId } = await newOrganisation();
    const user = await signIn(app);
    await add(owner.cookie, accountId, [user.email]);
    const { cookie: userCookie } = await tokensFor(user.identitySessionToken);
    expect(await add(userCookie, accountId, ['z@x.example'])).toEqual({
      __typename: 'UnauthorizedError',
      accountId,
      requesterUserId: user.userId,
      message: expect.any(String),
    });
    const stranger = await signIn(app);
    expect(await add(stranger.cookie, accountId, ['z@x.example'])).toMatchObject({
      __typename: 'UnauthorizedError',
      accountId,
      requesterUserId: stranger.userId,
    });
    const account = await graphql(app, ACCOUNT, { cookie: stranger.cookie, variables: { accountId } });
    expect(account.data!.organisationAccount).toEqual({
      __typename: 'UnauthorizedError',
      deniedAccountId: accountId,
      requesterUserId: stranger.userId,
    });
    const signedOut = await graphql(app, ADD, { variables: { input: { accountId, emails: ['z@x.example'] } } });
    expect(signedOut.data!.addUsersToOrganisationAccount.__typename).toBe('AuthError');
    // A USER sees only their own seat.
    const users = await graphql(app, USERS, { cookie: userCookie, variables: { accountId } });
    expect(users.data!.organisationAccountUsers).toMatchObject({ total: 1, items: [{ email: user.email, role: 'USER' }] });
  });

  it('lists with search, role filter and paging; refuses a bad filter with ZodError', async () => {
    const { owner, accountId } = await newOrganisation({ purchasedSeats: 10 });
    const people = await Promise.all(['Ann', 'Bea', 'Cleo'].map((first) => signIn(app, { first, last: 'Lister' })));
    await add(
      owner.cookie,
      accountId,
      people.map((p) => p.email),
    );
    const all = await graphql(app, USERS, { cookie: owner.cookie, variables: { accountId } });
    expect(all.data!.organisationAccountUsers.total).toBe(4);
    const bea = await graphql(app, USERS, { cookie: owner.cookie, variables: { accountId, filter: { search: 'bea' } } });
    expect(bea.data!.organisationAccountUsers.items.map((u: { firstName: string }) => u.firstName)).toEqual(['Bea']);
    const owners = await graphql(app, USERS, { cookie: owner.cookie, variables: { accountId, filter: { role: 'OWNER' } } });
    expect(owners.data!.organisationAccountUsers.total).toBe(1);
    const page = await graphql(app, USERS, { cookie: owner.cookie, variables: { accountId, filter: { limit: 2, offset: 2 } } });
    expect(page.data!.organisationAccountUsers).toMatchObject({ total: 4 });
    expect(page.data!.organisationAccountUsers.items).toHaveLength(2);
    const bad = await graphql(app, USERS, { cookie: owner.cookie, variables: { accountId, filter: { limit: 0, search: 'a\u0000' } } });
    expect(bad.data!.organisationAccountUsers.__typename).toBe('ZodError');
  });
});

describe('roles and removal', () => {
  it('keeps one OWNER: an ADMIN cannot touch the OWNER, the OWNER hands the role on, nobody removes the OWNER', async () => {
    const { owner, accountId } = await newOrganisation();
    const admin = await signIn(app);
    const user = await signIn(app);
    await add(owner.cookie, accountId, [admin.email], 'ADMIN');
    await add(owner.cookie, accountId, [user.email]);
    const { cookie: adminCookie } = await tokensFor(admin.identitySessionToken);
    const ownerSeat = await seatOf(owner.cookie, accountId, owner.email);
    const userSeat = await seatOf(owner.cookie, accountId, user.email);
    const adminSeat = await seatOf(owner.cookie, accountId, admin.email);

    const demote = await graphql(app, CHANGE_ROLE, {
      cookie: adminCookie,
      variables: { accountId, accountUserId: ownerSeat, role: 'USER' },
    });
    expect(demote.data!.changeOrganisationAccountUserRole).toMatchObject({ __typename: 'UnauthorizedError', accountId });
    const grab = await graphql(app, CHANGE_ROLE, {
      cookie: adminCookie,
      variables: { accountId, accountUserId: adminSeat, role: 'OWNER' },
    });
    expect(grab.data!.changeOrganisationAccountUserRole).toMatchObject({ __typename: 'UnauthorizedError', accountId });
    const self = await graphql(app, CHANGE_ROLE, {
      cookie: owner.cookie,
      variables: { accountId, accountUserId: ownerSeat, role: 'ADMIN' },
    });
    expect(self.data!.changeOrganisationAccountUserRole).toMatchObject({ __typename: 'BaseError' });
    const removeOwner = await graphql(app, REMOVE, { cookie: owner.cookie, variables: { accountId, accountUserId: ownerSeat } });
    expect(removeOwner.data!.removeUserFromOrganisationAccount).toMatchObject({ __typename: 'BaseError' });

    const promote = await graphql(app, CHANGE_ROLE, {
      cookie: adminCookie,
      variables: { accountId, accountUserId: userSeat, role: 'ADMIN' },
    });
    expect(promote.data!.changeOrganisationAccountUserRole).toMatchObject({ role: 'ADMIN' });
    const transfer = await graphql(app, CHANGE_ROLE, {
      cookie: owner.cookie,
      variables: { accountId, accountUserId: adminSeat, role: 'OWNER' },
    });
    expect(transfer.data!.changeOrganisationAccountUserRole).toMatchObject({ role: 'OWNER' });
    const owners = await graphql(app, USERS, { cookie: adminCookie, variables: { accountId, filter: { role: 'OWNER' } } });
    expect(owners.data!.organisationAccountUsers.items.map((u: { email: string }) => u.email)).toEqual([admin.email]);
    expect(await app.services.organisations.roleOf(owner.identityId, accountId)).toBe('ADMIN');
  });

  it('a removed admin loses the power at once, and the next token has no membership', async () => {
    const { owner, accountId } = await newOrganisation();
    const admin = await signIn(app);
    await add(owner.cookie, accountId, [admin.email], 'ADMIN');
    const { cookie: adminCookie, claims } = await tokensFor(admin.identitySessionToken);
    expect(claims).toMatchObject({ membership_level: 'Premium' });
    const seat = await seatOf(owner.cookie, accountId, admin.email);
    await graphql(app, REMOVE, { cookie: owner.cookie, variables: { accountId, accountUserId: seat } });
    // The old token still says Premium; the admin power is read from the database.
    expect(await add(adminCookie, accountId, ['after@x.example'])).toMatchObject({ __typename: 'UnauthorizedError', accountId });
    expect((await tokensFor(admin.identitySessionToken)).claims).toMatchObject({ membership_level: 'None', membership_type: 'None' });
  });
});

describe('removal reaches the removed person’s next request (decision 046)', () => {
  it('their tokens from before are refused by the API and replaced on the next page, without the membership', async () => {
    const { owner, accountId } = await newOrganisation();
    const member = await signIn(app);
    await add(owner.cookie, accountId, [member.email]);
    const before = await tokensFor(member.identitySessionToken);
    expect(before.claims).toMatchObject({ membership_level: 'Premium', membership_type: 'Group' });
    expect((await graphql(app, PROFILE, { cookie: before.cookie })).data!.viewer.userProfile).toMatchObject({
      membershipGroupAccountId: accountId,
    });

    const ownerNow = await tokensFor(owner.identitySessionToken);
    const seat = await seatOf(owner.cookie, accountId, member.email);
    await graphql(app, REMOVE, { cookie: owner.cookie, variables: { accountId, accountUserId: seat } });

    // The same cookies, well inside the token's ten minutes: the API no longer takes them
    // (the browser answers an AuthError with a refresh), and a page mints new ones.
    const refused = await graphql(app, ADD, {
      cookie: before.cookie,
      variables: { input: { accountId, emails: ['after@x.example'] } },
      refreshStaleTokens: false,
    });
    expect(refused.data!.addUsersToOrganisationAccount.__typename).toBe('AuthError');
    const page = await app.inject({ method: 'GET', url: '/legal/', headers: { cookie: before.cookie } });
    expect(page.statusCode).toBe(200);
    const minted = page.cookies.find((cookie) => cookie.name === 'bof_session');
    expect(minted?.value).toBeTruthy();
    expect(decodeJwt(minted!.value)).toMatchObject({ membership_level: 'None', membership_type: 'None' });
    // Someone else's tokens (the owner's) are untouched.
    const ownerAfter = await graphql(app, PROFILE, { cookie: ownerNow.cookie, refreshStaleTokens: false });
    expect(ownerAfter.data!.viewer.userProfile).toMatchObject({ membershipGroupAccountId: accountId });
  });
});

describe('invitations and claiming', () => {
  it('carries unclaimed_membership_account_id for a confirmed address, and claimSeat turns it into a seat', async () => {
    const { owner, accountId } = await newOrganisation();
    const email = `invitee${Date.now()}@maison.example`;
    await add(owner.cookie, accountId, [email]);
    const invitee = await signIn(app, { email });
    const before = await tokensFor(invitee.identitySessionToken);
    expect(before.claims).toMatchObject({ unclaimed_membership_account_id: accountId, membership_level: 'None' });
    const CLAIM = `mutation($accountId: String!) { claimOrganisationSeat(accountId: $accountId) { __typename ... on ClaimedOrganisationSeat { role } ... on Error { message } } }`;
    const claimed = await graphql(app, CLAIM, { cookie: before.cookie, variables: { accountId } });
    expect(claimed.data!.claimOrganisationSeat).toEqual({ __typename: 'ClaimedOrganisationSeat', role: 'USER' });
    const after = await tokensFor(invitee.identitySessionToken);
    expect(after.claims).toMatchObject({ unclaimed_membership_account_id: null, membership_level: 'Premium', membership_type: 'Group' });
    expect(await app.services.organisations.seatSummary(accountId)).toMatchObject({ allocatedSeats: 2 });
    const again = await graphql(app, CLAIM, { cookie: after.cookie, variables: { accountId: randomUUID() } });
    expect(again.data!.claimOrganisationSeat.__typename).toBe('BaseError');
  });

  it('resends (not twice a minute) and revokes an invitation, freeing its seat', async () => {
    const { owner, accountId } = await newOrganisation({ purchasedSeats: 2 });
    const { results } = await add(owner.cookie, accountId, ['wait@maison.example']);
    const RESEND = `mutation($a: String!, $i: String!) { resendOrganisationAccountInvitation(accountId: $a, invitationId: $i) { __typename ... on Error { message } } }`;
    const REVOKE = `mutation($a: String!, $i: String!) { revokeOrganisationAccountInvitation(accountId: $a, invitationId: $i) { __typename } }`;
    const resent = await graphql(app, RESEND, { cookie: owner.cookie, variables: { a: accountId, i: results[0].invitationId } });
    expect(resent.data!.resendOrganisationAccountInvitation.__typename).toBe('BaseError');
    const revoked = await graphql(app, REVOKE, { cookie: owner.cookie, variables: { a: accountId, i: results[0].invitationId } });
    expect(revoked.data!.revokeOrganisationAccountInvitation.__typename).toBe('RemovedOrganisationAccountUser');
    expect(await app.services.organisations.seatSummary(accountId)).toMatchObject({ allocatedSeats: 1 });
  });
});

describe('more seats and unconfirmed addresses', () => {
  it('seatsPurchased raises the purchased seats and the figures follow', async () => {
    const { accountId } = await newOrganisation({ purchasedSeats: 2 });
    expect(await app.services.organisations.seatsPurchased(accountId, 7)).toMatchObject({ purchasedSeats: 7, purchasedSeatsRemaining: 6 });
  });

  it('offers no claim to an unconfirmed address, and claimSeat asks to confirm it first', async () => {
    const { owner, accountId } = await newOrganisation();
    const email = `unconfirmed${Date.now()}@maison.example`;
    await add(owner.cookie, accountId, [email]);
    const { identities, sessions } = app.services.identity;
    const person = await identities.create({ traits: { email, name: { first: 'Una', last: 'Confirmed' } }, verified: false });
    const { token } = await sessions.create({ identityId: person.identity.id, method: 'password', device: {} });
    // Added again now that the account exists: still an invitation, as the address is unconfirmed.
    expect((await add(owner.cookie, accountId, [email])).results[0].outcome).toBe('already_invited');
    const { claims, cookie } = await tokensFor(token);
    expect(claims).toMatchObject({ unclaimed_membership_account_id: null });
    const CLAIM = `mutation($accountId: String!) { claimOrganisationSeat(accountId: $accountId) { __typename ... on Error { message } } }`;
    const refused = await graphql(app, CLAIM, { cookie, variables: { accountId } });
    expect(refused.data!.claimOrganisationSeat).toEqual({
      __typename: 'BaseError',
      message: 'Confirm your email address first, then claim your seat.',
    });
  });
});
