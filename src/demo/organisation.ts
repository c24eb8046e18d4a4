// The demo organisation (issue 17): Lind Group, a Premium team plan of 10 seats bought by Olivia
// Lind (OWNER), with Adam Berg (ADMIN), Una Holm and the group reader (USERs), the verified domain
// lindgroup.example (anyone confirming an address there joins while seats remain) and one invitation
// waiting (new.hire@lindgroup.example): 5 of 10 seats given. Made once, when the account does not
// exist yet; the people are demo accounts (accounts.ts). With the sandbox provider the owner buys the
// team plan through billing's purchase (a paid invoice, renewals like any team); without a provider the
// organisation is only opened.
import type { Actor, OrganisationsService } from '../modules/organisations/organisations-service.ts';
import type { OrganisationBilling } from '../modules/billing/organisation-billing.ts';
import type { SandboxProvider } from '../modules/billing/sandbox-provider.ts';
import type { People } from '../modules/identity/people.ts';
import { DEMO_GROUP_ACCOUNT_ID } from './accounts.ts';

export const DEMO_ORGANISATION = {
  accountId: DEMO_GROUP_ACCOUNT_ID,
  title: 'Lind Group',
  owner: 'olivia.lind@lindgroup.example',
  admin: 'adam.berg@lindgroup.example',
  users: ['una.holm@lindgroup.example', 'group@example.com'],
  invited: 'new.hire@lindgroup.example',
  domain: 'lindgroup.example',
  purchasedSeats: 10,
  planCode: 'organisations_bundle_volume_yearly_v1',
} as const;

const YEAR_MS = 365 * 24 * 3_600_000;

type SandboxCards = Pick<SandboxProvider, 'tokenize'>;

export interface DemoOrganisationServices {
  identity: { people: Pick<People, 'findByEmail'> };
  organisations: Pick<OrganisationsService, 'account' | 'subscriptionStarted' | 'addUsers' | 'verifyDomainAsStaff'>;
  /** With the sandbox provider the team plan is bought through billing (its paid invoice); without one it is only opened. */
  billing: { sandbox: SandboxCards | null; organisations: Pick<OrganisationBilling, 'seedDemoTeam'> };
}

/** Creates the demo organisation unless it exists; true when it was made now. */
export async function seedDemoOrganisation({ identity, organisations, billing }: DemoOrganisationServices): Promise<boolean> {
  const demo = DEMO_ORGANISATION;
  if (await organisations.account(demo.accountId)) return false;
  const owner = await identity.people.findByEmail(demo.owner);
  const staff = await identity.people.findByEmail('admin@example.com');
  if (!owner || !staff) return false;
  if (billing.sandbox) {
    const bought = await billing.organisations.seedDemoTeam(billing.sandbox, {
      organisationId: demo.accountId,
      ownerIdentityId: owner.identityId,
      title: demo.title,
      seats: demo.purchasedSeats,
      firstName: owner.firstName ?? 'Olivia',
      lastName: owner.lastName ?? 'Lind',
    });
    if (bought.kind !== 'success') throw new Error(`the demo team plan was not bought: ${JSON.stringify(bought)}`);
  } else
    await organisations.subscriptionStarted({
      accountId: demo.accountId,
      ownerIdentityId: owner.identityId,
      title: demo.title,
      primaryContactEmail: demo.owner,
      purchasedSeats: demo.purchasedSeats,
      membershipLevel: 'Premium',
      planCode: demo.planCode,
      status: 'ActiveRenewing',
      termEndsAt: new Date(Date.now() + YEAR_MS),
      jobIndustry: 'MASS_MARKET_FASHION',
    });
  const asOwner: Actor = { identityId: owner.identityId, userId: owner.userId ?? owner.identityId, isSiteAdmin: false };
  await organisations.addUsers(asOwner, demo.accountId, [demo.admin], 'ADMIN');
  await organisations.addUsers(asOwner, demo.accountId, [...demo.users, demo.invited], 'USER');
  const asStaff: Actor = { identityId: staff.identityId, userId: staff.userId ?? staff.identityId, isSiteAdmin: true };
  await organisations.verifyDomainAsStaff(asStaff, demo.accountId, demo.domain);
  return true;
}
