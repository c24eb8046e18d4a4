// Signs a demo reader in the way a client of the identity API does (password, API flow), then
// asks the site for its product session: the cookies a signed-in browser would send.
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';

/** The identity session cookie and the product session cookies (bof_session, blaize_jwt) of `email`. */
export async function memberCookie(siteUrl: string, email: string): Promise<string> {
  const flow = (await (await fetch(`${siteUrl}/identity/self-service/login/api`)).json()) as { id: string };
  const login = await fetch(`${siteUrl}/identity/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier: email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`signing in ${email} answered ${login.status}: ${await login.text()}`);
  const { session_token: token } = (await login.json()) as { session_token: string };
  const identityCookie = `ory_kratos_session=${token}`;
  const auth = await fetch(`${siteUrl}/api/auth`, {
    method: 'POST',
    headers: { cookie: identityCookie, 'content-type': 'application/json', origin: siteUrl },
    body: JSON.stringify({ castleRequestToken: '', currentUrl: `${siteUrl}/` }),
  });
  if (!auth.ok) throw new Error(`/api/auth answered ${auth.status}: ${await auth.text()}`);
  const tokens = auth.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return [identityCookie, ...tokens].join('; ');
}

/** The signed-in member's account, as the account pages ask for it (bench/graphql.ts, bench/pages.ts). */
export const ACCOUNT_QUERY =
  '{ viewer { ... on Viewer { individualAccount { accountId subscriptions { planCode state currentPeriodEndsAt } billingInfo { creditCardInfo { lastFour } } } } } }';
