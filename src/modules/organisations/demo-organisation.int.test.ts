// The demo organisation (src/demo/organisation.ts): Lind Group with an owner, an admin, two users
// (the group demo reader among them), a verified domain and one invitation waiting; made once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../demo/accounts.ts';
import { DEMO_ORGANISATION, seedDemoOrganisation } from '../../demo/organisation.ts';
import { createTestApp } from '../../test/app.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
  await seedDemoAccounts(app.db, app.services);
});
afterAll(async () => {
  await app.close();
});

describe('the demo organisation', () => {
  it('has an owner, an admin, users, a verified domain and an invitation: 5 of 10 seats; made once', async () => {
    expect(await seedDemoOrganisation(app.services)).toBe(true);
    expect(await seedDemoOrganisation(app.services)).toBe(false);
    const { organisations, identity } = app.services;
    expect(await organisations.seatSummary(DEMO_ORGANISATION.accountId)).toMatchObject({ allocatedSeats: 5, purchasedSeats: 10 });
    const roleOf = async (email: string) =>
      organisations.roleOf((await identity.people.findByEmail(email))!.identityId, DEMO_ORGANISATION.accountId);
    expect(await roleOf(DEMO_ORGANISATION.owner)).toBe('OWNER');
    expect(await roleOf(DEMO_ORGANISATION.admin)).toBe('ADMIN');
    expect(await Promise.all(DEMO_ORGANISATION.users.map(roleOf))).toEqual(['USER', 'USER']);
    const group = (await identity.people.findByEmail('group@example.com'))!;
    expect(await app.services.memberships.currentMembership(group.identityId)).toMatchObject({
      level: 'Premium',
      type: 'Group',
      source: 'group',
      groupAccountId: DEMO_ORGANISATION.accountId,
    });
    const staff = (await identity.people.findByEmail('admin@example.com'))!;
    const actor = { identityId: staff.identityId, userId: staff.userId!, isSiteAdmin: true };
    expect(await organisations.domains(actor, DEMO_ORGANISATION.accountId)).toMatchObject([
      { domain: 'lindgroup.example', isVerified: true },
    ]);
    expect(await organisations.invitations(actor, DEMO_ORGANISATION.accountId)).toMatchObject([
      { email: DEMO_ORGANISATION.invited, role: 'USER' },
    ]);
  });
});
