// Sessions that really end (issue 13): the product tokens act only beside the identity session
// they were minted from, while it is active. A genuine bof_session next to a made-up, another
// person's or an ended identity session cookie is an AuthError on GraphQL and UNAUTHORIZED on
// tRPC; logout, "sign out of other sessions", a password change and an administrator's
// revocation end API access at once — on PostgreSQL in every process on the database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { billingCancellations } from '../billing/schema.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { createTestApp } from '../../test/app.ts';
import { freshCookie, graphql, signIn } from '../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
});
afterAll(async () => {
  await app.close();
});

const VIEWER = `query { viewer { __typename ... on Viewer { userData { userId } } ... on AuthError { message } } }`;
const CANCEL = `mutation Cancel($input: CancelSubscriptionInput!) { cancelSubscription(input: $input) { __typename ... on CancellationResult { action } ... on AuthError { message } } }`;

const viewer = async (target: App, cookie: string) =>
  (await graphql(target, VIEWER, { cookie, refreshStaleTokens: false })).data!.viewer as {
    __typename: string;
    userData?: { userId: string };
  };
async function userData(target: App, cookie: string) {
  const response = await target.inject({ method: 'GET', url: '/trpc/account.userData', headers: { cookie } });
  return response.json<{ result?: { data: { userId: string } }; error?: { data: { code: string } } }>();
}

/** The person's cookies with the identity session cookie replaced. */
const withIdentityCookie = (person: Person, value: string) =>
  person.cookie.replace(/ory_kratos_session=[^;]+/, `ory_kratos_session=${value}`);

/** Signs a browser out the way the account menu does: the logout URL, then following it. */
async function logOut(target: App, person: Person) {
  const flow = await target.inject({
    method: 'GET',
    url: '/identity/self-service/logout/browser',
    headers: { cookie: person.cookie, accept: 'application/json' },
  });
  const { logout_token: token } = flow.json<{ logout_token: string }>();
  const done = await target.inject({
    method: 'GET',
    url: `/identity/self-service/logout?token=${token}`,
    headers: { cookie: person.cookie, accept: 'application/json' },
  });
  expect(done.statusCode).toBe(204);
}

async function expectSignedOut(target: App, cookie: string) {
  expect((await viewer(target, cookie)).__typename).toBe('AuthError');
  expect((await userData(target, cookie)).error?.data.code).toBe('UNAUTHORIZED');
}

async function expectSignedIn(target: App, person: Person, cookie = person.cookie) {
  expect(await viewer(target, cookie)).toEqual({ __typename: 'Viewer', userData: { userId: person.userId } });
  expect((await userData(target, cookie)).result?.data.userId).toBe(person.userId);
}

describe('the identity session behind the token', () => {
  it('must be the one the token was minted from: a made-up, another person’s or an ended one is refused', async () => {
    const ada = await signIn(app);
    const ben = await signIn(app);
    await expectSignedIn(app, ada);
    const { token: adaElsewhere, session } = await app.services.identity.sessions.create({
      identityId: ada.identityId,
      method: 'password',
      device: {},
    });
    await app.services.identity.sessions.revoke(session.id);
    for (const value of ['x', ben.identitySessionToken, adaElsewhere, 'ory_st_' + 'A'.repeat(43)])
      await expectSignedOut(app, withIdentityCookie(ada, value));
    // Ben's own tokens still work with his cookie: nothing above touched his session.
    await expectSignedIn(app, ben);
  });

  it('ends with a logout: the old cookies can neither read the account nor cancel the subscription', async () => {
    const { person, subscriptionId } = await member();
    await expectSignedIn(app, person);
    await logOut(app, person);
    await expectSignedOut(app, person.cookie);
    const cancel = await graphql(app, CANCEL, {
      cookie: person.cookie,
      variables: { input: { subscriptionId, reason: 'TOO_EXPENSIVE' } },
      refreshStaleTokens: false,
    });
    expect(cancel.data!.cancelSubscription).toEqual({ __typename: 'AuthError', message: 'You need to sign in to do that.' });
    expect(await app.db.select().from(billingCancellations).where(eq(billingCancellations.subscriptionId, subscriptionId))).toEqual([]);
  });

  it('ends for other devices when a member signs out of other sessions or changes the password', async () => {
    const phone = await signIn(app);
    const laptop = await secondDevice(phone);
    await expectSignedIn(app, laptop);
    const signOutOthers = await app.inject({
      method: 'DELETE',
      url: '/identity/sessions',
      headers: { 'x-session-token': phone.identitySessionToken },
    });
    expect(signOutOthers.json()).toEqual({ count: 1 });
    await expectSignedOut(app, laptop.cookie);
    await expectSignedIn(app, phone);

    const tablet = await secondDevice(phone);
    await expectSignedIn(app, tablet);
    const flow = await app.inject({
      method: 'GET',
      url: '/identity/self-service/settings/api',
      headers: { 'x-session-token': phone.identitySessionToken },
    });
    const changed = await app.inject({
      method: 'POST',
      url: `/identity/self-service/settings?flow=${flow.json<{ id: string }>().id}`,
      headers: { 'x-session-token': phone.identitySessionToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ method: 'password', password: 'correct horse battery staple 1970' }),
    });
    expect(changed.json<{ state: string }>().state).toBe('success');
    await expectSignedOut(app, tablet.cookie);
    await expectSignedIn(app, phone);
  });

  it('ends when an administrator revokes every session of the identity', async () => {
    const person = await signIn(app);
    await expectSignedIn(app, person);
    expect(await app.services.identity.sessions.revokeAll(person.identityId)).toBe(1);
    await expectSignedOut(app, person.cookie);
  });
});

describe.skipIf(inject('databaseTemplate').kind !== 'postgres')('two processes on one PostgreSQL database', () => {
  let other: App;
  beforeAll(async () => {
    other = await createTestApp({}, { sameDatabaseAs: app, passwordParams: ARGON2_TEST_PARAMS });
  });
  afterAll(async () => {
    await other.close();
  });

  it('a logout through one ends API access through the other at once', async () => {
    const person = await signIn(app);
    // The other process has checked this session and keeps the answer for a while.
    await expectSignedIn(other, person);
    await expectSignedIn(other, person);
    const heard = new Promise<void>((resolve) => {
      const stop = other.services.identity.sessionChanges.subscribe(() => {
        stop();
        resolve();
      });
    });
    await logOut(app, person);
    await heard;
    await expectSignedOut(other, person.cookie);
  });
});

let keys = 0;
/** A signed-in member with an active subscription (paid with a sandbox card). */
async function member() {
  const person = await signIn(app);
  const card = await app.services.billing.sandbox!.tokenize({ number: '4242424242424242', month: '12', year: '2040', cvv: '123' });
  if (!card.ok) throw new Error(JSON.stringify(card.errors));
  const result = await app.services.billing.purchaseIndividualSubscription({
    identityId: person.identityId,
    planCode: 'individuals_standard_yearly_trial_v1',
    currency: 'GBP',
    cardToken: card.token,
    billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
    idempotencyKey: `session-end-${Date.now()}-${keys++}`,
  });
  if (result.kind !== 'success') throw new Error(JSON.stringify(result));
  // The purchase made the tokens from before it stale (decision 046), as the browser's would be.
  return { person: { ...person, cookie: await freshCookie(app, person.identitySessionToken) }, subscriptionId: result.subscription.id };
}

/** The same person signed in on another device: a second identity session and its own tokens. */
async function secondDevice(person: Person): Promise<Person> {
  const { token } = await app.services.identity.sessions.create({ identityId: person.identityId, method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  return {
    ...person,
    identitySessionToken: token,
    cookie: `ory_kratos_session=${token}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`,
  };
}
