// What recovery and verification share: an email address gets a code or a link; the emailed code
// is checked here, and an emailed link's screen confirms with a POST carrying the token
// (`confirmLink`) after `openLink` picked the flow to confirm it in (docs/decisions/010).
import type { FlowRow } from '../flow-store.ts';
import { verifyLinkToken } from '../credentials/link-token.ts';
import { messages } from '../messages.ts';
import type { Outcome } from '../outcome.ts';
import type { SentSecret, UiText } from '../schema.ts';
import { normaliseIdentifier } from '../traits.ts';
import { addressOf, str, type Body, type ChallengeKind, type FlowContext, type RequestContext } from './context.ts';

const SENT_MESSAGES = {
  recovery: { code: messages.recoveryCodeSent, link: messages.recoveryLinkSent },
  verification: { code: messages.verificationCodeSent, link: messages.verificationLinkSent },
} as const;
const TOKEN_INVALID_MESSAGES = { recovery: messages.recoveryTokenInvalid, verification: messages.verificationTokenInvalid } as const;
const EXPIRED_MESSAGES = {
  login: messages.loginExpired,
  registration: messages.registrationExpired,
  settings: messages.settingsExpired,
  recovery: messages.recoveryExpired,
  verification: messages.verificationExpired,
} as const;

/** "This flow expired n minutes ago", in the words of its kind. */
export const expiredMessage = (flow: FlowRow) => EXPIRED_MESSAGES[flow.kind]((Date.now() - flow.expiresAt.getTime()) / 60_000);
/** A flow whose emailed link has not been used yet (state and method; the token itself lives on the emailed flow). */
const awaitsLink = (flow: FlowRow) => flow.state === 'sent_email' && flow.active === 'link';

/** How a confirmed link finishes each kind of flow (recovery.ts, verification.ts). */
export interface LinkFinishers {
  recovery(flow: FlowRow, stored: SentSecret, context: RequestContext, invalidMessage: UiText): Promise<Outcome>;
  verification(flow: FlowRow, stored: SentSecret): Promise<Outcome>;
}

export function createEmailChallenge(ctx: FlowContext) {
  const { identities, flows, limiter, secrets, invalid } = ctx;
  const { publicBaseUrl, pepper } = ctx.options;

  /** Emails a code or a link; the same answer whether or not the address has an account (no enumeration). */
  async function send(flow: FlowRow, kind: ChallengeKind, method: 'code' | 'link', email: string, address: string): Promise<Outcome> {
    const wait = await limiter.emailWait(kind, email, address);
    if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values: { email } });
    const identity = await identities.findByIdentifier(email);
    let next: FlowRow = {
      ...flow,
      state: 'sent_email',
      active: method,
      uiMessages: [SENT_MESSAGES[kind][method]()],
      internal: { ...flow.internal, values: { email }, code: undefined, link: undefined, linkOf: undefined },
    };
    if (identity) {
      next =
        method === 'code'
          ? await secrets.sendCode(next, `${kind}_code`, email, { identityId: identity.id })
          : await secrets.sendLink(next, kind, email, identity.id);
      if (kind === 'verification') await identities.markSent(identity.id, email);
    }
    return { kind: 'flow', status: 200, flow: await flows.save(next) };
  }

  return {
    /**
     * Recovery and verification take the same submissions: an email (send a code or a link), or the
     * emailed code (check it, then `finish`). Links are confirmed by `confirmLink`.
     */
    async submit(
      flow: FlowRow,
      body: Body,
      context: RequestContext,
      kind: ChallengeKind,
      invalidCode: UiText,
      finish: (checked: FlowRow, stored: SentSecret) => Promise<Outcome>,
    ): Promise<Outcome> {
      const code = str(body.code).trim();
      const email = normaliseIdentifier(str(body.email));
      const method = str(body.method) === 'link' ? 'link' : 'code';
      if (method === 'code' && flow.state === 'sent_email' && code && !email) {
        const checked = await secrets.checkCode(flow, code);
        if (!checked.ok) return secrets.reject(checked, invalidCode, 'code');
        return finish(checked.flow, flow.internal.code!);
      }
      if (!email) return invalid(flow, { nodes: { email: [messages.required('email')] } });
      return send(flow, kind, method, email, addressOf(context));
    },

    /**
     * The confirming POST from an emailed link's screen (opening the link uses nothing up:
     * docs/decisions/010). The token belongs to this flow, or to the flow this browser's flow points
     * to (openLink).
     */
    async confirmLink(flow: FlowRow, token: string, context: RequestContext, finishers: LinkFinishers): Promise<Outcome> {
      const kind = flow.kind as ChallengeKind;
      const tokenInvalid = TOKEN_INVALID_MESSAGES[kind]();
      const emailed = flow.internal.linkOf ? await flows.get(flow.internal.linkOf) : flow;
      if (!emailed) return secrets.reject({ flow, exhausted: true }, tokenInvalid);
      const checked = await secrets.check(emailed, 'link', (hash) => verifyLinkToken({ hash, token, pepper }));
      const borrowed = emailed.id !== flow.id;
      // Attempts, and the use, count on the emailed flow, whichever browser's flow confirms.
      if (borrowed) await flows.save(checked.ok ? { ...checked.flow, state: 'passed_challenge' } : checked.flow);
      const current = borrowed ? flow : checked.flow;
      if (!checked.ok) return secrets.reject({ flow: current, exhausted: checked.exhausted }, tokenInvalid);
      const stored = emailed.internal.link!;
      return kind === 'recovery' ? finishers.recovery(current, stored, context, tokenInvalid) : finishers.verification(current, stored);
    },

    /**
     * GET /self-service/<kind>?flow=&token= (Kratos's link address): uses nothing up. It picks the
     * flow this browser confirms the link in: the emailed flow itself; a new flow of this browser's
     * that points to it, when the link was emailed from an app's flow or opened in another browser;
     * or, for a used, unknown or expired link, a fresh flow that says so (confirm: false).
     */
    async openLink({
      kind,
      id,
      csrfToken,
    }: {
      kind: ChallengeKind;
      id: string;
      csrfToken: string;
    }): Promise<{ flow: FlowRow; confirm: boolean }> {
      const named = await flows.get(id);
      const emailed = named?.kind === kind && named.internal.linkOf ? await flows.get(named.internal.linkOf) : named;
      const fresh = async (message: UiText) => ({
        flow: await flows.create({
          kind,
          type: 'browser',
          requestUrl: `${publicBaseUrl}/self-service/${kind}/browser`,
          returnTo: emailed?.returnTo,
          csrfToken,
          uiMessages: [message],
        }),
        confirm: false,
      });
      if (!named || named.kind !== kind || !emailed) return fresh(TOKEN_INVALID_MESSAGES[kind]());
      if (emailed.expiresAt.getTime() < Date.now()) return fresh(expiredMessage(emailed));
      if (!awaitsLink(emailed) || !emailed.internal.link) return fresh(TOKEN_INVALID_MESSAGES[kind]());
      if (named.type === 'browser' && named.csrfToken === csrfToken && awaitsLink(named)) return { flow: named, confirm: true };
      const own = await flows.create({
        kind,
        type: 'browser',
        requestUrl: emailed.requestUrl,
        returnTo: emailed.returnTo,
        csrfToken,
        state: 'sent_email',
        active: 'link',
        expiresAt: emailed.expiresAt,
        internal: { values: emailed.internal.values, linkOf: emailed.id },
      });
      return { flow: own, confirm: true };
    },
  };
}

export type EmailChallenge = ReturnType<typeof createEmailChallenge>;
