// Organisation accounts in integration tests: an organisation bought by a new person (as billing
// starts it), tokens minted again, and the GraphQL documents the organisations tests share.
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { and, asc, inArray, sql } from 'drizzle-orm';
import { analyticsEvents } from '../modules/analytics/schema.ts';
import type { OrganisationDetails } from '../modules/profiles/profile-types.ts';
import { organisationProfiles } from '../modules/profiles/schema.ts';
import type { createTestApp } from './app.ts';
import { graphql, sessionCookies, signIn } from './graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

const YEAR = 365 * 24 * 3_600_000;

/** The person's tokens minted again: the main token's claims, and the cookies. */
export async function tokensFor(app: App, identitySessionToken: string) {
  const { cookie, mainToken } = await sessionCookies(app, identitySessionToken);
  return { claims: decodeJwt(mainToken), cookie };
}

/**
 * An organisation profile owned by an account (its OWNER and ADMINs edit it): a draft, or, with
 * `published`, a public profile at version 1 with the given details (jobs, …).
 */
export async function organisationProfileFor(
  app: App,
  accountId: string,
  { title = 'Maison Edit', published = false, details = {} }: { title?: string; published?: boolean; details?: OrganisationDetails } = {},
) {
  const profileId = randomUUID();
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${profileId.slice(0, 8)}`;
  await app.db.insert(organisationProfiles).values({
    profileId,
    slug,
    title,
    summary: 'A house made for tests.',
    city: 'Lyon',
    country: 'FR',
    organisationIndustry: 'LUXURY_FASHION',
    organisationSize: 'SIZE_11_50',
    organisationType: 'BRAND',
    ownershipType: 'PRIVATE',
    yearEstablished: 2001,
    accountId,
    details,
    ...(published ? { version: 1, publishedAt: new Date() } : {}),
  });
  return { profileId, slug };
}

/** An organisation bought by a new person, as billing starts it. */
export async function newOrganisation(app: App, { purchasedSeats = 5, extraSeatAllowance = 0 } = {}) {
  const owner = await signIn(app, { first: 'Olive', last: 'Owner' });
  const accountId = randomUUID();
  await app.services.organisations.subscriptionStarted({
    accountId,
    ownerIdentityId: owner.identityId,
    title: 'Maison Test',
    primaryContactEmail: owner.email,
    purchasedSeats,
    membershipLevel: 'Premium',
    planCode: 'organisations_bundle_volume_yearly_v1',
    extraSeatAllowance,
    status: 'ActiveRenewing',
    termEndsAt: new Date(Date.now() + YEAR),
  });
  return { owner, accountId };
}

export const ADD = /* GraphQL */ `
  mutation Add($input: AddUsersToOrganisationAccountInput!) {
    addUsersToOrganisationAccount(input: $input) {
      __typename
      ... on AddUsersToOrganisationAccountPayload {
        results {
          email
          outcome
          accountUserId
          invitationId
          reason
        }
        seats {
          allocatedSeats
          extraSeatsUsed
          purchasedSeats
          purchasedSeatsRemaining
          totalSeatsAvailable
          totalSeatsRemaining
        }
      }
      ... on SeatAllocationError {
        type
        message
      }
      ... on UnauthorizedError {
        accountId
        requesterUserId
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const ACCOUNT = /* GraphQL */ `
  query Account($accountId: String!) {
    organisationAccount(accountId: $accountId) {
      __typename
      ... on OrganisationAccount {
        accountId
        title
        status
        owner {
          email
          role
        }
        user {
          email
          role
        }
        seats {
          allocatedSeats
          purchasedSeats
          totalSeatsRemaining
        }
      }
      ... on UnauthorizedError {
        deniedAccountId: accountId
        requesterUserId
      }
    }
  }
`;

export const USERS = /* GraphQL */ `
  query Users($accountId: String!, $filter: OrganisationAccountUsersFilter) {
    organisationAccountUsers(accountId: $accountId, filter: $filter) {
      __typename
      ... on OrganisationAccountUsers {
        total
        items {
          accountUserId
          email
          firstName
          role
        }
      }
      ... on UnauthorizedError {
        accountId
        requesterUserId
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
    }
  }
`;

export const CHANGE_ROLE = /* GraphQL */ `
  mutation Role($accountId: String!, $accountUserId: String!, $role: OrganisationAccountRole!) {
    changeOrganisationAccountUserRole(accountId: $accountId, accountUserId: $accountUserId, role: $role) {
      __typename
      ... on OrganisationAccountUser {
        accountUserId
        role
      }
      ... on UnauthorizedError {
        accountId
        requesterUserId
      }
      ... on Error {
        message
      }
    }
  }
`;

export const REMOVE = /* GraphQL */ `
  mutation Remove($accountId: String!, $accountUserId: String!) {
    removeUserFromOrganisationAccount(accountId: $accountId, accountUserId: $accountUserId) {
      __typename
      ... on RemovedOrganisationAccountUser {
        accountUserId
      }
      ... on UnauthorizedError {
        accountId
        requesterUserId
      }
      ... on Error {
        message
      }
    }
  }
`;

export const PROFILE = /* GraphQL */ `
  query Profile {
    viewer {
      ... on Viewer {
        userProfile {
          membershipGroupAccountId
          membershipGroupAccountTitle
          membershipGroupStatus
          membershipLevel
          membershipType
        }
        organisationAccounts {
          accountId
          title
          user {
            role
          }
        }
      }
    }
  }
`;

export async function add(app: App, cookie: string, accountId: string, emails: string[], role?: string) {
  const { data, errors } = await graphql(app, ADD, { cookie, variables: { input: { accountId, emails, role } } });
  expect(errors).toBeUndefined();
  return data!.addUsersToOrganisationAccount;
}

export async function seatOf(app: App, cookie: string, accountId: string, email: string): Promise<string> {
  const { data } = await graphql(app, USERS, { cookie, variables: { accountId, filter: { search: email } } });
  return data!.organisationAccountUsers.items[0].accountUserId;
}

/** The account's joins and leaves as the analytics collector stored them (§3 "Organisation membership"), oldest first. */
export async function membershipEventsOf(app: App, accountId: string) {
  const rows = await app.db
    .select({
      name: analyticsEvents.eventName,
      userId: analyticsEvents.userId,
      data: analyticsEvents.data,
      platform: analyticsEvents.platform,
    })
    .from(analyticsEvents)
    .where(
      and(
        inArray(analyticsEvents.eventName, ['user_complete_organisation_join', 'user_complete_organisation_leave']),
        sql`${analyticsEvents.data}->>'account_id' = ${accountId}`,
      ),
    )
    .orderBy(asc(analyticsEvents.deviceTstamp), asc(analyticsEvents.collectorTstamp));
  return rows.map(({ name, userId, data, platform }) => ({ name, userId, initiatorUserId: data?.initiator_user_id, platform }));
}
