// Reading a settings flow (issue 13): it shows the identity — email, names, the pending TOTP
// secret — so, as in Kratos's getSettingsFlow, only the session of the identity it belongs to
// may read it (cookie or X-Session-Token): 401 session_inactive without one, 403
// security_identity_mismatch with someone else's, in Kratos's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let counter = 0;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function person() {
  const email = `settings${Date.now()}${counter++}@example.com`;
  const created = await app.services.identity.identities.create({
    traits: { email, name: { first: 'Ada', last: 'Okafor' } },
    verified: true,
  });
  const { token, session } = await app.services.identity.sessions.create({
    identityId: created.identity.id,
    method: 'password',
    device: {},
  });
  return { email, token, sessionId: session.id };
}

const readFlow = (id: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/identity/self-service/settings/flows?id=${id}`, headers: { accept: 'application/json', ...headers } });

describe('GET /self-service/settings/flows', () => {
  it('gives an API flow only to the session it belongs to', async () => {
    const ada = await person();
    const ben = await person();
    const started = await app.inject({
      method: 'GET',
      url: '/identity/self-service/settings/api',
      headers: { 'x-session-token': ada.token },
    });
    const { id } = started.json<{ id: string }>();
    expect(started.body).toContain(ada.email);

    const anonymous = await readFlow(id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: expect.objectContaining({ id: 'session_inactive', code: 401, status: 'Unauthorized' }) });
    expect(anonymous.body).not.toContain(ada.email);

    const someoneElse = await readFlow(id, { 'x-session-token': ben.token });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json()).toEqual({
      error: expect.objectContaining({ id: 'security_identity_mismatch', code: 403, status: 'Forbidden' }),
    });
    expect(someoneElse.body).not.toContain(ada.email);

    expect((await readFlow(id, { 'x-session-token': 'ory_st_made-up' })).statusCode).toBe(401);
    const own = await readFlow(id, { 'x-session-token': ada.token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, identity: { traits: { email: ada.email } } });

    await app.services.identity.sessions.revoke(ada.sessionId);
    expect((await readFlow(id, { 'x-session-token': ada.token })).statusCode).toBe(401);
  });

  it('gives a browser flow only with the session cookie beside the anti-CSRF cookie', async () => {
    const ada = await person();
    const started = await app.inject({
      method: 'GET',
      url: '/identity/self-service/settings/browser',
      headers: { accept: 'application/json', cookie: `ory_kratos_session=${ada.token}` },
    });
    const csrf = [started.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('csrf_token_'))!
      .split(';')[0]!;
    const { id } = started.json<{ id: string }>();
    const withoutSession = await readFlow(id, { cookie: csrf });
    expect(withoutSession.statusCode).toBe(401);
    expect(withoutSession.body).not.toContain(ada.email);
    const own = await readFlow(id, { cookie: `${csrf}; ory_kratos_session=${ada.token}` });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(ada.email);
  });
});
