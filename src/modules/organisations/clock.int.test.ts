// What waits on the clock, with a service of our own whose clock the test moves: an invitation is
// sent again only after a minute, a domain code expires after 30 minutes, and a seat's membership
// ends with the organisation's paid term even when no job ran.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signIn } from '../../test/graphql.ts';
import { createMembershipsService } from '../memberships/memberships-service.ts';
import { DOMAIN_CODE_MESSAGES } from './domains.ts';
import { createOrganisationsService } from './organisations-service.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
let clock = new Date();
const MINUTE = 60_000;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function services() {
  const now = () => clock;
  const memberships = createMembershipsService({ db: app.db, now });
  const organisations = createOrganisationsService({
    db: app.db,
    memberships,
    people: app.services.identity.people,
    mail: app.services.mail,
    log: pino({ level: 'silent' }),
    siteUrl: 'https://atelier.test',
    pepper: 'test-pepper',
    now,
  });
  return { memberships, organisations };
}

async function start(termEndsAt: Date | null = null) {
  clock = new Date();
  const { memberships, organisations } = services();
  const owner = await signIn(app);
  const accountId = randomUUID();
  await organisations.subscriptionStarted({
    accountId,
    ownerIdentityId: owner.identityId,
    title: 'Clock House',
    primaryContactEmail: owner.email,
    purchasedSeats: 5,
    membershipLevel: 'Premium',
    planCode: null,
    status: 'ActiveRenewing',
    termEndsAt,
  });
  const actor = { identityId: owner.identityId, userId: owner.userId, isSiteAdmin: false };
  return { memberships, organisations, owner, actor, accountId };
}

describe('on the clock', () => {
  it('resends an invitation only after a minute', async () => {
    const { organisations, actor, accountId } = await start();
    const { results } = await organisations.addUsers(actor, accountId, ['later@clock.example']);
    const invitationId = results[0]!.outcome === 'invited' ? results[0]!.invitationId : '';
    await expect(organisations.resendInvitation(actor, accountId, invitationId)).rejects.toThrow('less than a minute ago');
    clock = new Date(clock.getTime() + MINUTE + 1);
    await expect(organisations.resendInvitation(actor, accountId, invitationId)).resolves.toMatchObject({ resentAt: clock });
  });

  it('expires a domain code after 30 minutes', async () => {
    const { organisations, actor, accountId } = await start();
    const domain = await organisations.addDomain(actor, accountId, `olive@clock${Date.now()}.example`);
    clock = new Date(clock.getTime() + 30 * MINUTE);
    await expect(organisations.confirmDomain(actor, accountId, domain.domainId, '000000')).rejects.toThrow(DOMAIN_CODE_MESSAGES.expired);
  });

  it("ends a seat's membership with the paid term, and the account reads Expired, without a job", async () => {
    const termEndsAt = new Date(Date.now() + 10 * MINUTE);
    const { memberships, organisations, owner, actor, accountId } = await start(termEndsAt);
    expect(await memberships.currentMembership(owner.identityId)).toMatchObject({ status: 'ActiveRenewing', groupAccountId: accountId });
    clock = new Date(termEndsAt.getTime() + 1);
    expect(await memberships.currentMembership(owner.identityId)).toMatchObject({ status: 'Expired' });
    expect(await organisations.accountFor(actor, accountId)).toMatchObject({ status: 'Expired' });
    await expect(organisations.addUsers(actor, accountId, ['late@clock.example'])).rejects.toThrow('membership has ended');
  });
});
