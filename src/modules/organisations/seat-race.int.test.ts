// Seats are taken atomically (decision 042): the account row is locked (SELECT … FOR UPDATE) while
// the seats are counted and given. 20 concurrent additions to an organisation with 5 seats left
// give exactly 5. PGlite has one connection, which hides the race: this file matters on PostgreSQL
// (TEST_DATABASE_URL), and passes on both.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const ADD = /* GraphQL */ `
  mutation Add($input: AddUsersToOrganisationAccountInput!) {
    addUsersToOrganisationAccount(input: $input) {
      __typename
      ... on AddUsersToOrganisationAccountPayload {
        results {
          outcome
        }
      }
      ... on SeatAllocationError {
        type
      }
    }
  }
`;

describe('concurrent additions', () => {
  it('20 at once with 5 seats left give exactly 5 seats; the other 15 are NO_SEATS_REMAINING', async () => {
    const owner = await signIn(app);
    const accountId = randomUUID();
    await app.services.organisations.subscriptionStarted({
      accountId,
      ownerIdentityId: owner.identityId,
      title: 'Race House',
      primaryContactEmail: owner.email,
      purchasedSeats: 6,
      membershipLevel: 'Premium',
      planCode: null,
      status: 'ActiveRenewing',
      termEndsAt: null,
    });
    // Half of them have accounts (a seat at once), half do not (an invitation): both take a seat.
    const people = await Promise.all(Array.from({ length: 10 }, () => signIn(app)));
    const emails = [...people.map((person) => person.email), ...Array.from({ length: 10 }, (_, i) => `race${i}-${accountId}@race.example`)];
    const answers = await Promise.all(
      emails.map((email) => graphql(app, ADD, { cookie: owner.cookie, variables: { input: { accountId, emails: [email] } } })),
    );
    const results = answers.map((answer) => answer.data!.addUsersToOrganisationAccount);
    const given = results.filter((result) => result.__typename === 'AddUsersToOrganisationAccountPayload');
    const refused = results.filter((result) => result.__typename === 'SeatAllocationError');
    expect(given).toHaveLength(5);
    expect(given.every((result) => ['added', 'invited'].includes(result.results[0].outcome))).toBe(true);
    expect(refused).toHaveLength(15);
    expect(refused.every((result) => result.type === 'NO_SEATS_REMAINING')).toBe(true);
    expect(await app.services.organisations.seatSummary(accountId)).toMatchObject({ allocatedSeats: 6, totalSeatsRemaining: 0 });
  });
});
