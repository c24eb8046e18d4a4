// Memberships on a fresh copy of the seeded database: terms granted and replaced over time, the
// membership facts in the main token, viewer.userProfile, and the demo accounts signing in.
import { decodeJwt } from 'jose';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_GROUP_ACCOUNT_ID, DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { createMembershipsService } from './memberships-service.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let created: string[];

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
  created = await seedDemoAccounts(app.db, app.services);
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;
const PROFILE = /* GraphQL */ `
  query Profile {
    viewer {
      ... on Viewer {
        userProfile {
          membershipGroupAccountId
          membershipGroupAccountTitle
          membershipGroupStatus
          membershipLevel
          membershipPlan
          membershipType
        }
      }
    }
  }
`;

/** A password sign-in through the identity API, as a native app makes it: the identity session token. */
async function passwordSignIn(identifier: string, password: string): Promise<string> {
  const flow = (
    await app.inject({ method: 'GET', url: '/identity/self-service/login/api', headers: { accept: 'application/json' } })
  ).json<{ id: string }>();
  const response = await app.inject({
    method: 'POST',
    url: `/identity/self-service/login?flow=${flow.id}`,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    payload: { method: 'password', identifier, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ session_token: string }>().session_token;
}

/** The main token's claims and the cookies a browser would hold after the auth endpoint. */
async function tokensFor(identitySessionToken: string) {
  const issued = await app.services.session.refreshTokens({ identitySessionToken });
  if (!issued) throw new Error('no tokens');
  return {
    claims: decodeJwt(issued.main.token),
    cookie: `ory_kratos_session=${identitySessionToken}; bof_session=${issued.main.token}; blaize_jwt=${issued.paywall.token}`,
  };
}

describe('grant and the current membership', () => {
  // A clock of our own, so terms can start and end while the test watches.
  let clock = new Date('2026-03-01T09:00:00Z');
  const service = () => createMembershipsService({ db: app.db, now: () => clock });

  it('has none for someone never granted one (§4 None), and claims None/None', async () => {
    const person = await signIn(app);
    expect(await service().currentMembership(person.identityId)).toBeNull();
    expect(await service().claimsSource.claimsFor(person.identityId)).toEqual({ membershipLevel: 'None', membershipType: 'None' });
  });

  it('runs a trial until its end, then reads Expired and claims None/None', async () => {
    const person = await signIn(app);
    const trial = await service().grant({
      identityId: person.identityId,
      level: 'Standard',
      type: 'Individual',
      status: 'ActiveTrial',
      source: 'subscription',
      planCode: 'individuals_standard_yearly_trial_v1',
      endsAt: new Date(clock.getTime() + 14 * 24 * HOUR),
    });
    expect(trial).toMatchObject({
      status: 'ActiveTrial',
      level: 'Standard',
      planCode: 'individuals_standard_yearly_trial_v1',
      startsAt: clock,
    });
    expect(await service().claimsSource.claimsFor(person.identityId)).toEqual({
      membershipLevel: 'Standard',
      membershipType: 'Individual',
    });
    clock = new Date(trial.endsAt!.getTime());
    expect(await service().currentMembership(person.identityId)).toMatchObject({ id: trial.id, status: 'Expired', level: 'Standard' });
    expect(await service().claimsSource.claimsFor(person.identityId)).toEqual({ membershipLevel: 'None', membershipType: 'None' });
  });

  it('replaces the current term with a new grant and keeps the old one as history', async () => {
    const person = await signIn(app);
    const standard = await service().grant({
      identityId: person.identityId,
      level: 'Standard',
      type: 'Individual',
      source: 'subscription',
    });
    const upgradeAt = new Date(clock.getTime() + HOUR);
    clock = upgradeAt;
    const premium = await service().grant({
      identityId: person.identityId,
      level: 'Premium',
      type: 'Individual',
      source: 'subscription',
      planCode: 'individuals_premium_yearly_v1',
    });
    expect(await service().currentMembership(person.identityId)).toMatchObject({
      id: premium.id,
      status: 'ActiveRenewing',
      level: 'Premium',
    });
    expect((await service().history(person.identityId)).map(({ id, level, status, endsAt }) => ({ id, level, status, endsAt }))).toEqual([
      { id: premium.id, level: 'Premium', status: 'ActiveRenewing', endsAt: null },
      { id: standard.id, level: 'Standard', status: 'Expired', endsAt: upgradeAt },
    ]);
  });

  it('lets the current term run until a future one starts', async () => {
    const person = await signIn(app);
    const canceled = await service().grant({
      identityId: person.identityId,
      level: 'Premium',
      type: 'Individual',
      status: 'ActiveCanceled',
      source: 'subscription',
      endsAt: new Date(clock.getTime() + 48 * HOUR),
    });
    const renewsAt = new Date(clock.getTime() + 24 * HOUR);
    const next = await service().grant({
      identityId: person.identityId,
      level: 'AllAccess',
      type: 'Individual',
      source: 'subscription',
      startsAt: renewsAt,
    });
    expect(next.status).toBe('None');
    expect(await service().currentMembership(person.identityId)).toMatchObject({
      id: canceled.id,
      status: 'ActiveCanceled',
      endsAt: renewsAt,
    });
    clock = renewsAt;
    expect(await service().currentMembership(person.identityId)).toMatchObject({
      id: next.id,
      status: 'ActiveRenewing',
      level: 'AllAccess',
    });
  });

  it('takes grants for one identity in turn: two at once leave one running term', async () => {
    const person = await signIn(app);
    const grants = ['Standard', 'Premium', 'AllAccess'] as const;
    await Promise.all(
      grants.map((level) => service().grant({ identityId: person.identityId, level, type: 'Individual', source: 'admin_grant' })),
    );
    expect((await service().history(person.identityId)).filter((term) => term.status === 'ActiveRenewing')).toHaveLength(1);
  });

  it('refuses a grant of no membership, an unknown source, or a term that ends before it starts', async () => {
    const person = await signIn(app);
    await expect(
      service().grant({ identityId: person.identityId, level: 'None' as never, type: 'Individual', source: 'admin_grant' }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      service().grant({ identityId: person.identityId, level: 'Premium', type: 'Individual', source: 'gift' as never }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      service().grant({ identityId: person.identityId, level: 'Premium', type: 'Individual', source: 'admin_grant', endsAt: clock }),
    ).rejects.toBeInstanceOf(RangeError);
    expect(await service().history(person.identityId)).toEqual([]);
  });
});

describe('the session and viewer.userProfile', () => {
  it('puts the membership in the main token and in userProfile (level, type, plan, group account)', async () => {
    const person = await signIn(app);
    await app.services.memberships.grant({
      identityId: person.identityId,
      level: 'Premium',
      type: 'Group',
      source: 'group',
      planCode: 'organisations_bundle_volume_yearly_v1',
      groupAccountId: 'org-42',
    });
    const { claims, cookie } = await tokensFor(person.identitySessionToken);
    expect(claims).toMatchObject({ membership_level: 'Premium', membership_type: 'Group' });
    const { data, errors } = await graphql(app, PROFILE, { cookie });
    expect(errors).toBeUndefined();
    expect(data?.viewer.userProfile).toEqual({
      membershipGroupAccountId: 'org-42',
      membershipGroupAccountTitle: null,
      membershipGroupStatus: null,
      membershipLevel: 'Premium',
      membershipPlan: 'organisations_bundle_volume_yearly_v1',
      membershipType: 'Group',
    });
  });

  it('gives None/None for an expired membership, in the token and at once in userProfile', async () => {
    const person = await signIn(app);
    const endsAt = new Date(Date.now() + 1_000);
    await app.services.memberships.grant({
      identityId: person.identityId,
      level: 'AllAccess',
      type: 'Individual',
      source: 'subscription',
      planCode: 'individuals_premium_yearly_v1',
      startsAt: new Date(Date.now() - HOUR),
      endsAt,
    });
    const before = await tokensFor(person.identitySessionToken);
    expect(before.claims).toMatchObject({ membership_level: 'AllAccess', membership_type: 'Individual' });
    // The clock moves past the end (the services read Date); no real second is waited out.
    vi.useFakeTimers({ toFake: ['Date'], now: endsAt.getTime() + 10 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // The token minted before the end still says AllAccess; userProfile reads the membership itself.
    const { data } = await graphql(app, PROFILE, { cookie: before.cookie });
    expect(data?.viewer.userProfile).toMatchObject({
      membershipLevel: 'None',
      membershipType: 'None',
      membershipPlan: null,
      membershipGroupAccountId: null,
    });
    expect((await tokensFor(person.identitySessionToken)).claims).toMatchObject({ membership_level: 'None', membership_type: 'None' });
  });
});

describe('demo accounts (issue 6)', () => {
  // Written out rather than read from DEMO_ACCOUNTS, so a slip in the seed data shows here.
  const expected: Record<string, { membership_level: string; membership_type: string; is_bof_admin: boolean }> = {
    'registered@example.com': { membership_level: 'None', membership_type: 'None', is_bof_admin: false },
    'standard@example.com': { membership_level: 'Standard', membership_type: 'Individual', is_bof_admin: false },
    'premium@example.com': { membership_level: 'Premium', membership_type: 'Individual', is_bof_admin: false },
    'allaccess@example.com': { membership_level: 'AllAccess', membership_type: 'Individual', is_bof_admin: false },
    'beauty@example.com': { membership_level: 'TopicBeauty', membership_type: 'Individual', is_bof_admin: false },
    'student@example.com': { membership_level: 'Standard', membership_type: 'Student', is_bof_admin: false },
    'group@example.com': { membership_level: 'Premium', membership_type: 'Group', is_bof_admin: false },
    // The demo organisation's people hold their seats once it is seeded (demo/organisation.ts), not before.
    'olivia.lind@lindgroup.example': { membership_level: 'None', membership_type: 'None', is_bof_admin: false },
    'adam.berg@lindgroup.example': { membership_level: 'None', membership_type: 'None', is_bof_admin: false },
    'una.holm@lindgroup.example': { membership_level: 'None', membership_type: 'None', is_bof_admin: false },
    'admin@example.com': { membership_level: 'None', membership_type: 'None', is_bof_admin: true },
  };

  it('creates each account once: a second run leaves them alone', async () => {
    expect(created).toEqual(Object.keys(expected));
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual(Object.keys(expected));
    expect(await seedDemoAccounts(app.db, app.services)).toEqual([]);
  });

  it('signs each in with the demo password; the claims carry its membership and admin flag, and complete user data', async () => {
    for (const [email, facts] of Object.entries(expected)) {
      const { claims } = await tokensFor(await passwordSignIn(email, DEMO_PASSWORD));
      expect(claims, email).toMatchObject({ email, ...facts, is_user_data_complete: true });
    }
  });

  it('finishes on the next start an account a killed start left without its password', async () => {
    const person = (await app.services.identity.identities.findByIdentifier('premium@example.com'))!;
    await app.services.identity.identities.removeCredential(person.id, 'password');
    expect(await seedDemoAccounts(app.db, app.services)).toEqual(['premium@example.com']);
    const { claims } = await tokensFor(await passwordSignIn('premium@example.com', DEMO_PASSWORD));
    expect(claims).toMatchObject({ email: 'premium@example.com', ...expected['premium@example.com'], is_user_data_complete: true });
    expect(await app.services.identity.identities.findByIdentifier('premium@example.com')).toMatchObject({ id: person.id });
    expect(await seedDemoAccounts(app.db, app.services)).toEqual([]);
  });

  it("reports the group reader's organisation account in userProfile", async () => {
    const { cookie } = await tokensFor(await passwordSignIn('group@example.com', DEMO_PASSWORD));
    const { data } = await graphql(app, PROFILE, { cookie });
    expect(data?.viewer.userProfile).toMatchObject({
      membershipLevel: 'Premium',
      membershipType: 'Group',
      membershipGroupAccountId: DEMO_GROUP_ACCOUNT_ID,
      membershipPlan: null,
    });
  });
});
