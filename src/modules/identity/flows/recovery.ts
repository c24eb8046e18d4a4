// The recovery flow: an emailed code or link (email-challenge.ts) proves the address, then a
// privileged session and the settings screen, which asks for a new password.
import { PRIVILEGED_WINDOW_MS } from '../session-store.ts';
import type { FlowRow } from '../flow-store.ts';
import { messages } from '../messages.ts';
import type { Outcome } from '../outcome.ts';
import type { SentSecret, UiText } from '../schema.ts';
import type { Body, FlowContext, RequestContext } from './context.ts';
import type { EmailChallenge } from './email-challenge.ts';

export function createRecoveryFlow(ctx: FlowContext, challenge: EmailChallenge) {
  const { identities, flows, invalid } = ctx;
  const { publicBaseUrl, uiUrls } = ctx.options;

  /** The account is recovered: a privileged session, and the settings screen asks for a new password. */
  async function finish(
    flow: FlowRow,
    stored: SentSecret,
    method: 'code_recovery' | 'link_recovery',
    context: RequestContext,
    invalidMessage: UiText,
  ): Promise<Outcome> {
    if (!stored.identityId) return invalid({ ...flow, state: 'choose_method', active: null }, { ui: [invalidMessage] });
    if (!context.fromThisMachine && (await ctx.signsInOnlyHere(stored.identityId)))
      return invalid(flow, { ui: [messages.demoAccountThisMachineOnly()] });
    await identities.markVerified(stored.identityId, stored.address);
    const { session, token } = await ctx.startSession(stored.identityId, method, context);
    const settings = await flows.create({
      kind: 'settings',
      type: flow.type,
      requestUrl: `${publicBaseUrl}/self-service/settings/${flow.type}`,
      returnTo: flow.returnTo,
      identityId: stored.identityId,
      uiMessages: [messages.recoveredChangePassword(Math.round(PRIVILEGED_WINDOW_MS / 60_000))],
      csrfToken: flow.type === 'browser' ? flow.csrfToken : undefined,
    });
    const saved = await flows.save({ ...flow, state: 'passed_challenge' });
    return { kind: 'redirect', flow: saved, to: `${uiUrls.settings}?flow=${settings.id}`, session: { row: session, token } };
  }

  return {
    finish,
    submit(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
      const invalidCode = messages.recoveryCodeInvalid();
      return challenge.submit(flow, body, context, 'recovery', invalidCode, (checked, stored) =>
        finish(checked, stored, 'code_recovery', context, invalidCode),
      );
    },
  };
}

export type RecoveryFlow = ReturnType<typeof createRecoveryFlow>;
