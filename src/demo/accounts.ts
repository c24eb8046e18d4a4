// Demo accounts: one reader of each kind (README "Demo accounts"), added at start-up outside prod
// (server/boot.ts). Never in prod: they share a public password.
import type { Db } from '../db/database.ts';
import { stableUuid } from '../db/stable-id.ts';
import type { AccountsService } from '../modules/accounts/accounts-service.ts';
import { hashPassword } from '../modules/identity/credentials/password.ts';
import type { IdentityService } from '../modules/identity/identity-service.ts';
import type { GrantInput, MembershipsService } from '../modules/memberships/memberships-service.ts';
import { completeUserDataSchema, type PersonalDetailsInput } from '../shared/validation/personal-details.ts';

/** The demo accounts' password (README). Public on purpose: these accounts exist to be tried. */
export const DEMO_PASSWORD = 'atelier-demo';

/** The demo organisation (Lind Group, src/demo/organisation.ts) the group reader holds a seat on. */
export const DEMO_GROUP_ACCOUNT_ID = stableUuid('organisation-account', 'demo-group');

export interface DemoAccount {
  email: string;
  /** What the reader is, as the README lists it. */
  kind: string;
  details: PersonalDetailsInput;
  membership: Pick<GrantInput, 'level' | 'type' | 'groupAccountId'> | null;
  isBofAdmin?: boolean;
}

/**
 * One reader per kind, so anyone trying the site meets every wall (issue 6). A student holds what
 * the student package sells: the Standard level at a student price, typed Student (SessionUser.isStudent).
 * Every one has complete user data, so one-more-step does not interrupt the tour.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'registered@example.com',
    kind: 'registered, no membership',
    details: {
      firstName: 'Rosa',
      lastName: 'Reyes',
      organisationTitle: 'Reyes Studio',
      country: 'ES',
      jobFunction: 'DESIGN',
      jobIndustry: 'DESIGNER_FASHION',
      jobLevel: 'FOUNDER_OWNER',
    },
    membership: null,
  },
  {
    email: 'standard@example.com',
    kind: 'Standard member (individual)',
    details: {
      firstName: 'Sam',
      lastName: 'Stone',
      organisationTitle: 'Stone & Field',
      country: 'GB',
      jobFunction: 'BUYING',
      jobIndustry: 'MULTI_BRAND_RETAIL',
      jobLevel: 'MANAGER',
    },
    membership: { level: 'Standard', type: 'Individual' },
  },
  {
    email: 'premium@example.com',
    kind: 'Premium member (individual)',
    details: {
      firstName: 'Priya',
      lastName: 'Patel',
      organisationTitle: 'Maison Patel',
      country: 'FR',
      jobFunction: 'CREATIVE_DIRECTION',
      jobIndustry: 'LUXURY_FASHION',
      jobLevel: 'DIRECTOR',
    },
    membership: { level: 'Premium', type: 'Individual' },
  },
  {
    email: 'allaccess@example.com',
    kind: 'All Access member (individual)',
    details: {
      firstName: 'Alex',
      lastName: 'Archer',
      organisationTitle: 'Archer Capital',
      country: 'US',
      jobFunction: 'INVESTMENT',
      jobIndustry: 'FINANCIAL_SERVICES',
      jobLevel: 'C_SUITE',
    },
    membership: { level: 'AllAccess', type: 'Individual' },
  },
  {
    email: 'beauty@example.com',
    kind: 'Beauty topic member (individual)',
    details: {
      firstName: 'Bea',
      lastName: 'Laurent',
      organisationTitle: 'Laurent Beauté',
      country: 'FR',
      jobFunction: 'MARKETING',
      jobIndustry: 'BEAUTY',
      jobLevel: 'SENIOR_MANAGER',
    },
    membership: { level: 'TopicBeauty', type: 'Individual' },
  },
  {
    email: 'student@example.com',
    kind: 'student member (Standard level, student type)',
    details: {
      firstName: 'Stella',
      lastName: 'Kim',
      organisationTitle: 'Atelier School of Fashion',
      country: 'GB',
      jobFunction: 'STUDENT',
      jobIndustry: 'EDUCATION',
      jobLevel: 'STUDENT',
    },
    membership: { level: 'Standard', type: 'Student' },
  },
  {
    email: 'group@example.com',
    kind: 'Premium seat of an organisation (group)',
    details: {
      firstName: 'Greta',
      lastName: 'Lind',
      organisationTitle: 'Lind Group',
      country: 'SE',
      jobFunction: 'STRATEGY_BUSINESS_DEVELOPMENT',
      jobIndustry: 'MASS_MARKET_FASHION',
      jobLevel: 'VICE_PRESIDENT',
    },
    membership: { level: 'Premium', type: 'Group', groupAccountId: DEMO_GROUP_ACCOUNT_ID },
  },
  {
    email: 'olivia.lind@lindgroup.example',
    kind: 'OWNER of the demo organisation Lind Group (a Premium seat)',
    details: {
      firstName: 'Olivia',
      lastName: 'Lind',
      organisationTitle: 'Lind Group',
      country: 'SE',
      jobFunction: 'STRATEGY_BUSINESS_DEVELOPMENT',
      jobIndustry: 'MASS_MARKET_FASHION',
      jobLevel: 'C_SUITE',
    },
    membership: null,
  },
  {
    email: 'adam.berg@lindgroup.example',
    kind: 'ADMIN of Lind Group (a Premium seat)',
    details: {
      firstName: 'Adam',
      lastName: 'Berg',
      organisationTitle: 'Lind Group',
      country: 'SE',
      jobFunction: 'STRATEGY_BUSINESS_DEVELOPMENT',
      jobIndustry: 'MASS_MARKET_FASHION',
      jobLevel: 'DIRECTOR',
    },
    membership: null,
  },
  {
    email: 'una.holm@lindgroup.example',
    kind: 'USER of Lind Group (a Premium seat)',
    details: {
      firstName: 'Una',
      lastName: 'Holm',
      organisationTitle: 'Lind Group',
      country: 'SE',
      jobFunction: 'BUYING',
      jobIndustry: 'MASS_MARKET_FASHION',
      jobLevel: 'MANAGER',
    },
    membership: null,
  },
  {
    email: 'admin@example.com',
    kind: 'admin (`is_bof_admin`): sees everything',
    details: {
      firstName: 'Ada',
      lastName: 'Adeyemi',
      organisationTitle: 'Atelier',
      country: 'GB',
      jobFunction: 'EDITORIAL_CONTENT',
      jobIndustry: 'MEDIA_PUBLISHING',
      jobLevel: 'DIRECTOR',
    },
    membership: null,
    isBofAdmin: true,
  },
];

export interface DemoAccountServices {
  identity: Pick<IdentityService, 'admin' | 'people'>;
  accounts: Pick<AccountsService, 'updatePersonalDetails'>;
  memberships: Pick<MembershipsService, 'grant'>;
}

/**
 * Creates the demo accounts that do not exist yet (by email; an existing one is left as it is, even
 * if someone changed it) and returns the emails created. Never call it in prod: it writes a known
 * password. The password is written last: an account that a start killed half-way left without any
 * credential is finished by the next start (a kill -9 at any point recovers, decision 017).
 * `_db` is no longer read (identity's admin calls write everything); kept until the callers drop it.
 */
export async function seedDemoAccounts(_db: Db, { identity, accounts, memberships }: DemoAccountServices): Promise<string[]> {
  const missing: { account: DemoAccount; identityId: string | null }[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const found = await identity.people.findByEmail(account.email);
    if (!found) missing.push({ account, identityId: null });
    else if ((await identity.people.credentialTypes(found.identityId)).length === 0)
      missing.push({ account, identityId: found.identityId });
  }
  if (missing.length === 0) return [];
  // The credential is written directly, past the password policy (registration and password
  // changes apply it): a public password must not stop the demo when the policy tightens. Only for
  // these demo accounts, never anywhere else. One hash serves them all: they share the password anyway.
  const hashedPassword = await hashPassword(DEMO_PASSWORD);
  for (const { account, identityId } of missing) {
    const personId =
      identityId ??
      (
        await identity.admin.create({
          email: account.email,
          firstName: account.details.firstName!,
          lastName: account.details.lastName!,
          verified: true,
        })
      ).identityId;
    const saved = await accounts.updatePersonalDetails(personId, account.details, completeUserDataSchema);
    if (!saved.ok) throw new Error(`demo account ${account.email}: ${saved.fieldErrors.map((error) => error.message).join('; ')}`);
    if (account.membership) await memberships.grant({ identityId: personId, source: 'demo', ...account.membership });
    // is_bof_admin is read from metadata_admin (session/claims-source.ts).
    if (account.isBofAdmin) await identity.admin.setSiteAdmin(personId, true);
    await identity.admin.setPassword(personId, { hashedPassword });
  }
  return missing.map(({ account }) => account.email);
}
