// Bad input gets a clear error in each boundary's own shape, never a 500 (issue 13): one case per
// fault the hostile run found. The fuzz tier (fuzz.int.test.ts) throws many more inputs at them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_TEST_PARAMS } from '../modules/identity/credentials/password.ts';
import { textMessages } from '../shared/validation/formats.ts';
import { createTestApp } from './app.ts';
import { graphql, signIn } from './graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
});
afterAll(async () => {
  await app.close();
});

interface FlowJson {
  id: string;
  ui: { messages?: { text: string }[]; nodes: { attributes: { name?: string }; messages: { id: number; text: string; type: string }[] }[] };
}

async function apiFlow(kind: 'login' | 'registration'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/identity/self-service/${kind}/api` });
  return response.json<{ id: string }>().id;
}

function submit(kind: 'login' | 'registration', flow: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: `/identity/self-service/${kind}?flow=${flow}`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: JSON.stringify(body),
  });
}

const messagesOn = (flow: FlowJson, name: string) =>
  flow.ui.nodes.find((node) => node.attributes.name === name)?.messages.map((message) => message.text);

describe('identity self-service flows', () => {
  it.each([
    ['a NUL in the email', { email: 'ada\u0000@example.com' }, 'traits.email', textMessages.controlCharacter],
    [
      'half a surrogate pair in the first name',
      { email: 'ada@example.com', name: { first: 'Ad\uD83C' } },
      'traits.name.first',
      textMessages.brokenCharacter,
    ],
  ])('answer a registration with %s with 400 and the message on that field', async (_case, traits, field, message) => {
    const response = await submit('registration', await apiFlow('registration'), { method: 'code', traits });
    expect(response.statusCode).toBe(400);
    expect(messagesOn(response.json<FlowJson>(), field)).toEqual([message]);
  });

  it('answers a sign-in with a NUL in the identifier with 400 and the message on the identifier', async () => {
    const response = await submit('login', await apiFlow('login'), {
      method: 'password',
      identifier: 'ada\u0000@example.com',
      password: 'a long enough password',
    });
    expect(response.statusCode).toBe(400);
    expect(messagesOn(response.json<FlowJson>(), 'identifier')).toEqual([textMessages.controlCharacter]);
  });

  it('treats a tokenize_as template named like an object property as unknown (400), not a 500', async () => {
    const ada = await signIn(app);
    for (const template of ['__proto__', 'constructor', 'toString']) {
      const response = await app.inject({
        method: 'GET',
        url: `/identity/sessions/whoami?tokenize_as=${template}`,
        headers: { 'x-session-token': ada.identitySessionToken },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { reason?: string; message: string } }>().error).toMatchObject({ code: 400 });
    }
  });
});

describe('personal details over GraphQL and tRPC', () => {
  const UPDATE = /* GraphQL */ `
    mutation Update($input: UpdatePersonalDetailsInput!) {
      updatePersonalDetails(input: $input) {
        __typename
        ... on ZodError {
          fieldErrors {
            path
            message
          }
        }
      }
    }
  `;

  it.each([
    ['a NUL', 'Ada\u0000', textMessages.controlCharacter],
    ['half a surrogate pair', 'Ada\uDC00', textMessages.brokenCharacter],
  ])('answer a first name with %s with the ZodError on firstName (GraphQL)', async (_case, firstName, message) => {
    const ada = await signIn(app);
    const response = await graphql(app, UPDATE, { cookie: ada.cookie, variables: { input: { firstName, lastName: 'Okafor' } } });
    expect(response.errors).toBeUndefined();
    expect(response.data?.updatePersonalDetails).toEqual({ __typename: 'ZodError', fieldErrors: [{ path: ['firstName'], message }] });
  });

  it('answers a purchase whose billing name holds a NUL with a ZodError on that field, before any charge', async () => {
    const ada = await signIn(app);
    const PURCHASE = /* GraphQL */ `
      mutation Purchase($input: PurchaseSubscriptionInput!) {
        purchaseIndividualSubscription(input: $input) {
          __typename
          ... on ZodError {
            fieldErrors {
              path
              message
            }
          }
        }
      }
    `;
    const input = {
      planCode: 'individuals_standard_yearly_trial_v1',
      currency: 'GBP',
      cardToken: 'tok_x',
      idempotencyKey: 'fuzz-key-0001',
      billingInfo: { firstName: 'Ada\u0000', lastName: 'Okafor', countryCode: 'GB' },
    };
    const response = await graphql(app, PURCHASE, { cookie: ada.cookie, variables: { input } });
    expect(response.data?.purchaseIndividualSubscription).toEqual({
      __typename: 'ZodError',
      fieldErrors: [{ path: expect.arrayContaining(['billingInfo', 'firstName']), message: textMessages.controlCharacter }],
    });
  });

  it('sends the email-change code to any address the site’s email rule accepts (the mailer used a stricter rule: a 500)', async () => {
    const ada = await signIn(app);
    const REQUEST = /* GraphQL */ `
      mutation Request($newEmail: String!) {
        requestEmailChange(newEmail: $newEmail) {
          __typename
        }
      }
    `;
    const response = await graphql(app, REQUEST, { cookie: ada.cookie, variables: { newEmail: '.ada.okafor@example.com' } });
    expect(response.errors).toBeUndefined();
    expect(response.data?.requestEmailChange.__typename).not.toBe('ZodError');
  });

  it('answers the same with BAD_REQUEST and the field error over tRPC', async () => {
    const ada = await signIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/account.updatePersonalDetails',
      headers: { 'content-type': 'application/json', cookie: ada.cookie },
      payload: JSON.stringify({ firstName: 'Ada', lastName: 'Oka\u0000for' }),
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { data: { code: string; fieldErrors: { path: string[]; message: string }[] } } }>();
    expect(error.data.code).toBe('BAD_REQUEST');
    expect(error.data.fieldErrors).toEqual([{ path: ['lastName'], code: 'custom', message: textMessages.controlCharacter }]);
  });
});

describe('pages and the sandbox', () => {
  it.each(['/articles/a%00b/', '/topics/a%00b/', '/authors/a%00b/', '/articles/%E2%80%AEodd%20slug/'])(
    'answers %s with 404',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
    },
  );

  it('answers a page form posted as JSON with 415 and a message, and a malformed multipart form with 400', async () => {
    const ada = await signIn(app);
    const asJson = await app.inject({
      method: 'POST',
      url: '/user/account/',
      headers: { 'content-type': 'application/json', cookie: ada.cookie },
      payload: '{"firstName":"Ada"}',
    });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.headers['accept-post']).toBe('application/x-www-form-urlencoded, multipart/form-data');
    expect(asJson.body).toContain('This page takes a form');
    const malformed = await app.inject({
      method: 'POST',
      url: '/user/account/',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: ada.cookie },
      payload: 'not a multipart body',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('This form could not be read');
  });

  it('answers a 3-D Secure challenge whose token holds a NUL with 404 (GET) and 400 (POST)', async () => {
    expect((await app.inject({ method: 'GET', url: '/_sandbox/billing/3ds/a%00b' })).statusCode).toBe(404);
    const answered = await app.inject({
      method: 'POST',
      url: '/_sandbox/billing/3ds/a%00b',
      headers: { 'content-type': 'application/json' },
      payload: '{"result":"failed"}',
    });
    expect(answered.statusCode).toBe(400);
  });
});
