// Email domains over HTTP (GraphQL through inject), on PGlite or PostgreSQL (TEST_DATABASE_URL): an
// admin proves a domain by a code mailed to an address at it; free mail and shared mailboxes are
// refused; a domain verified by one organisation cannot be verified by another; anyone confirming an
// address at a verified, enabled domain joins while seats remain (initiator null), once; quotas.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import * as kit from '../../test/organisations.ts';
import { outbox } from '../mail/schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const { REMOVE } = kit;
const tokensFor = (token: string) => kit.tokensFor(app, token);
const newOrganisation = (options?: Parameters<typeof kit.newOrganisation>[1]) => kit.newOrganisation(app, options);
const add = (cookie: string, accountId: string, emails: string[], role?: string) => kit.add(app, cookie, accountId, emails, role);
const seatOf = (cookie: string, accountId: string, email: string) => kit.seatOf(app, cookie, accountId, email);

describe('domains', () => {
  const ADD_DOMAIN = `mutation($a: String!, $e: String!) { addOrganisationAccountDomain(accountId: $a, email: $e) {
    __typename ... on OrganisationAccountDomain { domainId domain isVerified } ... on ZodError { fieldErrors { message } } ... on Error { message } } }`;
  const CONFIRM = `mutation($a: String!, $d: String!, $c: String!) { confirmOrganisationAccountDomain(accountId: $a, domainId: $d, code: $c) {
    __typename ... on OrganisationAccountDomain { isVerified } ... on Error { message } } }`;
  const DISABLE = `mutation($a: String!, $d: String!) { disableOrganisationAccountDomain(accountId: $a, domainId: $d) {
    __typename ... on OrganisationAccountDomain { isDisabled disabledAt disabledByUserId } } }`;

  async function codeSentTo(email: string): Promise<string> {
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
    return /Confirmation code: (\d{6})/.exec(mail!.text)![1]!;
  }

  it('refuses free mail and shared mailboxes; verifies by code; another organisation cannot claim it; joins by domain while seats remain', async () => {
    const { owner, accountId } = await newOrganisation({ purchasedSeats: 2 });
    const domain = `house${Date.now()}.example`;
    const freeMail = await graphql(app, ADD_DOMAIN, { cookie: owner.cookie, variables: { a: accountId, e: 'boss@gmail.com' } });
    expect(freeMail.data!.addOrganisationAccountDomain.__typename).toBe('ZodError');
    const shared = await graphql(app, ADD_DOMAIN, { cookie: owner.cookie, variables: { a: accountId, e: `info@${domain}` } });
    expect(shared.data!.addOrganisationAccountDomain.__typename).toBe('ZodError');

    const added = await graphql(app, ADD_DOMAIN, { cookie: owner.cookie, variables: { a: accountId, e: `olive@${domain}` } });
    const { domainId } = added.data!.addOrganisationAccountDomain;
    expect(added.data!.addOrganisationAccountDomain).toMatchObject({ domain, isVerified: false });
    const wrong = await graphql(app, CONFIRM, { cookie: owner.cookie, variables: { a: accountId, d: domainId, c: '000000x' } });
    expect(wrong.data!.confirmOrganisationAccountDomain.__typename).toBe('BaseError');
    const code = await codeSentTo(`olive@${domain}`);
    const confirmed = await graphql(app, CONFIRM, { cookie: owner.cookie, variables: { a: accountId, d: domainId, c: code } });
    expect(confirmed.data!.confirmOrganisationAccountDomain).toEqual({ __typename: 'OrganisationAccountDomain', isVerified: true });

    const other = await newOrganisation();
    const twice = await graphql(app, ADD_DOMAIN, { cookie: other.owner.cookie, variables: { a: other.accountId, e: `rival@${domain}` } });
    expect(twice.data!.addOrganisationAccountDomain).toMatchObject({
      __typename: 'BaseError',
      message: 'Another organisation has already verified this domain.',
    });

    // One seat remains: the first confirmed address at the domain joins (initiator null), the second does not.
    const first = await signIn(app, { email: `first@${domain}` });
    const firstClaims = (await tokensFor(first.identitySessionToken)).claims;
    expect(firstClaims).toMatchObject({ membership_level: 'Premium', membership_type: 'Group' });
    expect(await app.services.organisations.roleOf(first.identityId, accountId)).toBe('USER');
    const second = await signIn(app, { email: `second@${domain}` });
    expect((await tokensFor(second.identitySessionToken)).claims).toMatchObject({ membership_level: 'None' });
    expect(await app.services.organisations.roleOf(second.identityId, accountId)).toBeNull();

    // Removed people do not join again by domain; a disabled domain joins nobody.
    const seat = await seatOf(owner.cookie, accountId, first.email);
    await graphql(app, REMOVE, { cookie: owner.cookie, variables: { accountId, accountUserId: seat } });
    await tokensFor(first.identitySessionToken);
    expect(await app.services.organisations.roleOf(first.identityId, accountId)).toBeNull();
    // Both reached analytics as server-side events: the join automatic, the leave the owner's.
    expect(await kit.membershipEventsOf(app, accountId)).toEqual([
      { name: 'user_complete_organisation_join', userId: owner.userId, initiatorUserId: null, platform: 'srv' },
      { name: 'user_complete_organisation_join', userId: first.userId, initiatorUserId: null, platform: 'srv' },
      { name: 'user_complete_organisation_leave', userId: first.userId, initiatorUserId: owner.userId, platform: 'srv' },
    ]);
    const disabled = await graphql(app, DISABLE, { cookie: owner.cookie, variables: { a: accountId, d: domainId } });
    expect(disabled.data!.disableOrganisationAccountDomain).toMatchObject({ isDisabled: true, disabledByUserId: owner.identityId });
    const third = await signIn(app, { email: `third@${domain}` });
    await tokensFor(third.identitySessionToken);
    expect(await app.services.organisations.roleOf(third.identityId, accountId)).toBeNull();
  });

  it('lets only admins see and change domains', async () => {
    const { owner, accountId } = await newOrganisation();
    const user = await signIn(app);
    await add(owner.cookie, accountId, [user.email]);
    const { cookie } = await tokensFor(user.identitySessionToken);
    const DOMAINS = `query($a: String!) { organisationAccountDomains(accountId: $a) { __typename ... on UnauthorizedError { accountId requesterUserId } } }`;
    const listed = await graphql(app, DOMAINS, { cookie, variables: { a: accountId } });
    expect(listed.data!.organisationAccountDomains).toEqual({ __typename: 'UnauthorizedError', accountId, requesterUserId: user.userId });
    const added = await graphql(app, ADD_DOMAIN, { cookie, variables: { a: accountId, e: 'me@somewhere.example' } });
    expect(added.data!.addOrganisationAccountDomain.__typename).toBe('UnauthorizedError');
  });

  it('sends at most 10 domain codes an hour per account', async () => {
    const { owner, accountId } = await newOrganisation();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      const { data } = await graphql(app, ADD_DOMAIN, {
        cookie: owner.cookie,
        variables: { a: accountId, e: `olive@quota${i}-${Date.now()}.example` },
      });
      answers.push(data!.addOrganisationAccountDomain.__typename);
    }
    expect(answers.slice(0, 10).every((name) => name === 'OrganisationAccountDomain')).toBe(true);
    expect(answers[10]).toBe('BaseError');
  });

  it('voids a code after 5 wrong tries', async () => {
    const { owner, accountId } = await newOrganisation();
    const domain = `tries${Date.now()}.example`;
    const added = await graphql(app, ADD_DOMAIN, { cookie: owner.cookie, variables: { a: accountId, e: `olive@${domain}` } });
    const { domainId } = added.data!.addOrganisationAccountDomain;
    const code = await codeSentTo(`olive@${domain}`);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await graphql(app, CONFIRM, { cookie: owner.cookie, variables: { a: accountId, d: domainId, c: wrong } });
    const late = await graphql(app, CONFIRM, { cookie: owner.cookie, variables: { a: accountId, d: domainId, c: code } });
    expect(late.data!.confirmOrganisationAccountDomain).toMatchObject({
      __typename: 'BaseError',
      message: 'No code is waiting for this domain. Add it again to get a new code.',
    });
  });
});
