// The viewer and the account mutations over HTTP (GraphQL), on a fresh copy of the seeded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { latestCode } from '../../test/identity-client.ts';
import { personalDetailsMessages } from '../../shared/validation/personal-details.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { EMAIL_CHANGE_MESSAGES } from './accounts-service.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
});
afterAll(async () => {
  await app.close();
});

const VIEWER = /* GraphQL */ `
  query Viewer {
    viewer {
      __typename
      ... on Viewer {
        isQuiltBetaTester
        individualAccount {
          accountId
        }
        individualMembershipEligibility {
          isEligibleForPurchase
          isEligibleForTrialPurchase
          isEligibleForUpgrade
        }
        organisationAccounts {
          accountId
        }
        userAcademicData {
          email
        }
        userData {
          userId
          firstName
          lastName
          organisationTitle
          country
          jobFunction
          jobIndustry
          jobLevel
          createdAt
          updatedAt
        }
        userProfile {
          membershipGroupAccountId
          membershipGroupAccountTitle
          membershipGroupStatus
          membershipLevel
          membershipPlan
          membershipType
        }
      }
      ... on AuthError {
        message
      }
    }
  }
`;

const UPDATE = /* GraphQL */ `
  mutation Update($input: UpdatePersonalDetailsInput!) {
    updatePersonalDetails(input: $input) {
      __typename
      ... on UserData {
        firstName
        lastName
        organisationTitle
        country
        jobFunction
        jobIndustry
        jobLevel
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          code
          message
        }
      }
      ... on AuthError {
        message
      }
    }
  }
`;

const COMPLETE = {
  firstName: 'Ada',
  lastName: 'Okafor',
  organisationTitle: 'Maison Okafor',
  country: 'FR',
  jobFunction: 'DESIGN',
  jobIndustry: 'LUXURY',
  jobLevel: 'SENIOR',
};

async function someLookupKeys() {
  const lookups = app.services.lookups;
  return {
    jobFunction: lookups.jobFunctions()[0]!.key,
    jobIndustry: lookups.jobIndustries()[0]!.key,
    jobLevel: lookups.jobLevels()[0]!.key,
  };
}

describe('viewer (§3)', () => {
  it('answers an anonymous reader with AuthError, not data', async () => {
    const response = await graphql(app, VIEWER);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ viewer: { __typename: 'AuthError', message: expect.any(String) } });
  });

  it('treats a tampered token as anonymous', async () => {
    const ada = await signIn(app);
    const tampered = ada.cookie.replace(/bof_session=([^;]+)/, (_all, token: string) => `bof_session=${token.slice(0, -4)}AAAA`);
    expect((await graphql(app, VIEWER, { cookie: tampered, refreshStaleTokens: false })).data?.viewer.__typename).toBe('AuthError');
  });

  it('gives a signed-in reader their own data with the §3 field names, over GET and POST', async () => {
    const ada = await signIn(app, { first: 'Ada', last: 'Okafor' });
    for (const method of ['GET', 'POST'] as const) {
      const { data, errors } = await graphql(app, VIEWER, { cookie: ada.cookie, method });
      expect(errors).toBeUndefined();
      expect(data?.viewer).toMatchObject({
        __typename: 'Viewer',
        isQuiltBetaTester: false,
        individualAccount: null,
        individualMembershipEligibility: { isEligibleForPurchase: true, isEligibleForTrialPurchase: true, isEligibleForUpgrade: false },
        organisationAccounts: [],
        userAcademicData: null,
        userData: { userId: ada.userId, firstName: 'Ada', lastName: 'Okafor', organisationTitle: null, country: null },
        userProfile: { membershipLevel: 'None', membershipType: 'None', membershipPlan: null },
      });
    }
  });

  it("never mixes one reader's data into another's", async () => {
    const ada = await signIn(app, { first: 'Ada', last: 'Okafor' });
    const ben = await signIn(app, { first: 'Ben', last: 'Mills' });
    await graphql(app, UPDATE, {
      cookie: ada.cookie,
      variables: { input: { firstName: 'Ada', lastName: 'Okafor', organisationTitle: 'Secret Label' } },
    });
    const { data } = await graphql(app, VIEWER, { cookie: ben.cookie });
    expect(data?.viewer.userData).toMatchObject({ userId: ben.userId, firstName: 'Ben', organisationTitle: null });
  });
});

describe('updatePersonalDetails', () => {
  it('refuses an anonymous caller with AuthError', async () => {
    const { data } = await graphql(app, UPDATE, { variables: { input: COMPLETE } });
    expect(data?.updatePersonalDetails.__typename).toBe('AuthError');
  });

  it('saves the details, names included, and the session then reports complete user data', async () => {
    const ada = await signIn(app);
    const input = { ...COMPLETE, ...(await someLookupKeys()), firstName: 'Adaeze', country: 'IT' };
    const { data } = await graphql(app, UPDATE, { cookie: ada.cookie, variables: { input: { ...input, completesUserData: true } } });
    expect(data?.updatePersonalDetails).toEqual({ __typename: 'UserData', ...input });
    const issued = await app.services.session.refreshTokens({ identitySessionToken: ada.identitySessionToken });
    expect(issued?.claims.is_user_data_complete).toBe(true);
    const identity = await app.services.identity.identities.get(ada.identityId);
    expect(identity?.identity.traits.name).toEqual({ first: 'Adaeze', last: 'Okafor' });
  });

  it('answers invalid input with ZodError paths in the user’s terms', async () => {
    const ada = await signIn(app);
    const { data } = await graphql(app, UPDATE, {
      cookie: ada.cookie,
      variables: { input: { firstName: '  ', lastName: 'x'.repeat(101), country: 'ATLANTIS' } },
    });
    expect(data?.updatePersonalDetails.__typename).toBe('ZodError');
    const errors = data?.updatePersonalDetails.fieldErrors as { path: string[]; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['firstName'], message: personalDetailsMessages.firstName }),
        expect.objectContaining({ path: ['lastName'], message: personalDetailsMessages.nameTooLong }),
      ]),
    );
    // Shape first, then the lookups: an unknown country is refused once the names are right.
    const unknown = await graphql(app, UPDATE, {
      cookie: ada.cookie,
      variables: { input: { firstName: 'Ada', lastName: 'Okafor', country: 'ATLANTIS' } },
    });
    expect(unknown.data?.updatePersonalDetails.fieldErrors).toEqual([
      { path: ['country'], code: 'unknown_key', message: personalDetailsMessages.country },
    ]);
  });

  it('requires every field when completing user data (one-more-step)', async () => {
    const ada = await signIn(app);
    const { data } = await graphql(app, UPDATE, {
      cookie: ada.cookie,
      variables: { input: { firstName: 'Ada', lastName: 'Okafor', completesUserData: true } },
    });
    const paths = (data?.updatePersonalDetails.fieldErrors as { path: string[] }[]).map((error) => error.path.join('.'));
    expect(paths.sort()).toEqual(['country', 'jobFunction', 'jobIndustry', 'jobLevel', 'organisationTitle']);
  });
});

describe('requestEmailChange / confirmEmailChange', () => {
  const REQUEST = `mutation($newEmail: String!) { requestEmailChange(newEmail: $newEmail) { __typename ... on EmailChangeRequested { newEmail expiresAt } ... on ZodError { fieldErrors { path code message } } } }`;
  const CONFIRM = `mutation($code: String!) { confirmEmailChange(code: $code) { __typename ... on EmailChangeConfirmed { email } ... on ZodError { fieldErrors { path code message } } } }`;

  it('refuses anonymous callers', async () => {
    expect((await graphql(app, REQUEST, { variables: { newEmail: 'x@example.com' } })).data?.requestEmailChange.__typename).toBe(
      'AuthError',
    );
    expect((await graphql(app, CONFIRM, { variables: { code: '123456' } })).data?.confirmEmailChange.__typename).toBe('AuthError');
  });

  it('changes the sign-in address with the code sent to the new one, verified', async () => {
    const ada = await signIn(app);
    const newEmail = `new-${ada.email}`;
    const requested = await graphql(app, REQUEST, { cookie: ada.cookie, variables: { newEmail: newEmail.toUpperCase() } });
    expect(requested.data?.requestEmailChange).toMatchObject({ __typename: 'EmailChangeRequested', newEmail });
    const code = await latestCode(app.db, newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await graphql(app, CONFIRM, { cookie: ada.cookie, variables: { code: wrong } });
    expect(refused.data?.confirmEmailChange.fieldErrors).toEqual([
      { path: ['code'], code: 'wrong_code', message: EMAIL_CHANGE_MESSAGES.wrongCode },
    ]);
    const confirmed = await graphql(app, CONFIRM, { cookie: ada.cookie, variables: { code: code.replace(/(\d{3})/, '$1 ') } });
    expect(confirmed.data?.confirmEmailChange).toEqual({ __typename: 'EmailChangeConfirmed', email: newEmail });
    const identity = await app.services.identity.identities.get(ada.identityId);
    expect(identity?.identity.traits.email).toBe(newEmail);
    expect(identity?.addresses.find((a) => a.kind === 'verifiable')).toMatchObject({ value: newEmail, verified: true });
    // A used code is gone.
    expect((await graphql(app, CONFIRM, { cookie: ada.cookie, variables: { code } })).data?.confirmEmailChange.fieldErrors[0].code).toBe(
      'expired',
    );
  });

  it('refuses an address another account uses, an invalid one, and the current one', async () => {
    const ada = await signIn(app);
    const ben = await signIn(app);
    const answer = async (newEmail: string) =>
      (await graphql(app, REQUEST, { cookie: ada.cookie, variables: { newEmail } })).data?.requestEmailChange.fieldErrors[0];
    expect(await answer(ben.email)).toMatchObject({ path: ['newEmail'], code: 'email_in_use' });
    expect(await answer('not an address')).toMatchObject({ path: ['newEmail'] });
    expect(await answer(ada.email)).toMatchObject({ path: ['newEmail'], code: 'same_email' });
  });

  it('voids the code after five wrong tries', async () => {
    const ada = await signIn(app);
    const newEmail = `tries-${ada.email}`;
    await graphql(app, REQUEST, { cookie: ada.cookie, variables: { newEmail } });
    const code = await latestCode(app.db, newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await graphql(app, CONFIRM, { cookie: ada.cookie, variables: { code: wrong } });
    expect((await graphql(app, CONFIRM, { cookie: ada.cookie, variables: { code } })).data?.confirmEmailChange.fieldErrors[0].code).toBe(
      'expired',
    );
  });
});
