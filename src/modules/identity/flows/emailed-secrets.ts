// Codes and link tokens a flow emails: sending them (only their HMAC is kept on the flow), checking
// a submitted one (attempts counted, burnt when used or used up) and answering a wrong one.
import { codeExpiresAt, CODE_TTL_MS, generateCode, hashCode, MAX_CODE_ATTEMPTS, verifyCode } from '../credentials/one-time-code.ts';
import { generateLinkToken, hashLinkToken } from '../credentials/link-token.ts';
import type { FlowRow, FlowStore } from '../flow-store.ts';
import type { Outcome } from '../outcome.ts';
import type { SentSecret, UiText } from '../schema.ts';
import type { ChallengeKind, IdentityEmail, IdentityServiceOptions, InvalidChange } from './types.ts';

type CodeTemplate = Extract<IdentityEmail, { data: { code: string } }>['template'];
export type CheckedSecret = { ok: true; flow: FlowRow } | { ok: false; flow: FlowRow; exhausted: boolean };

export function createEmailedSecrets({
  options: { mailer, pepper, uiUrls },
  flows,
  invalid,
}: {
  options: Pick<IdentityServiceOptions, 'mailer' | 'pepper' | 'uiUrls'>;
  flows: FlowStore;
  invalid: (flow: FlowRow, change: InvalidChange) => Promise<Outcome>;
}) {
  /**
   * Checks a submitted code or link token against the flow's; counts attempts, and burns the secret
   * when it is used or used up.
   */
  async function check(flow: FlowRow, slot: 'code' | 'link', matches: (hash: string) => boolean): Promise<CheckedSecret> {
    const stored = flow.internal[slot];
    if (!stored) return { ok: false, flow, exhausted: true };
    const withSecret = (secret: SentSecret | undefined): FlowRow => ({ ...flow, internal: { ...flow.internal, [slot]: secret } });
    const expired = new Date(stored.expiresAt).getTime() < Date.now();
    const attempts = stored.attempts + 1;
    if (expired || attempts > MAX_CODE_ATTEMPTS) return { ok: false, flow: withSecret(undefined), exhausted: true };
    // Of two submissions racing with the right secret, only the one that takes it from the store wins.
    if (matches(stored.hash))
      return (await flows.takeSecret(flow.id, slot, stored.hash))
        ? { ok: true, flow: withSecret(undefined) }
        : { ok: false, flow: withSecret(undefined), exhausted: true };
    return { ok: false, flow: withSecret({ ...stored, attempts }), exhausted: attempts >= MAX_CODE_ATTEMPTS };
  }

  return {
    async sendCode(
      flow: FlowRow,
      template: CodeTemplate,
      address: string,
      extra: { identityId?: string; traits?: Record<string, unknown> } = {},
    ): Promise<FlowRow> {
      const code = generateCode();
      const now = new Date();
      await mailer.send({ to: address, template, data: { code, expiresInMinutes: Math.round(CODE_TTL_MS / 60_000) } });
      return {
        ...flow,
        internal: {
          ...flow.internal,
          code: { hash: hashCode(code, pepper), expiresAt: codeExpiresAt(now).toISOString(), attempts: 0, address, ...extra },
        },
      };
    },

    /** Emails a link to the flow's screen: opening it only shows a button, whose POST uses the token (docs/decisions/010). */
    async sendLink(flow: FlowRow, kind: ChallengeKind, address: string, identityId: string): Promise<FlowRow> {
      const token = generateLinkToken();
      const link = `${uiUrls[kind]}?${new URLSearchParams({ flow: flow.id, token })}`;
      await mailer.send({
        to: address,
        template: `${kind}_link`,
        data: { link, expiresInMinutes: Math.max(1, Math.round((flow.expiresAt.getTime() - Date.now()) / 60_000)) },
      });
      // The token lives as long as its flow.
      return {
        ...flow,
        internal: {
          ...flow.internal,
          link: { hash: hashLinkToken(token, pepper), expiresAt: flow.expiresAt.toISOString(), attempts: 0, address, identityId },
        },
      };
    },

    check,
    checkCode: (flow: FlowRow, code: string) => check(flow, 'code', (hash) => verifyCode({ hash, code, pepper })),

    /** A wrong code or token: shown at its field, if any; a used-up or expired one sends the flow back to its first step. */
    reject(checked: { flow: FlowRow; exhausted: boolean }, message: UiText, field?: string): Promise<Outcome> {
      if (!checked.exhausted) return invalid(checked.flow, field ? { nodes: { [field]: [message] } } : { ui: [message] });
      return invalid({ ...checked.flow, state: 'choose_method', active: null }, { ui: [message] });
    },
  };
}
