// The verification flow: an address is proved by an emailed code or link (email-challenge.ts).
// Registration and an email change start one on their own (`start`).
import type { FlowRow } from '../flow-store.ts';
import { messages } from '../messages.ts';
import type { Outcome } from '../outcome.ts';
import type { SentSecret } from '../schema.ts';
import type { Body, FlowContext, RequestContext } from './context.ts';
import type { EmailChallenge } from './email-challenge.ts';

export function createVerificationFlow(ctx: FlowContext, challenge: EmailChallenge) {
  const { identities, flows } = ctx;

  async function finish(flow: FlowRow, stored: SentSecret): Promise<Outcome> {
    if (stored.identityId) await identities.markVerified(stored.identityId, stored.address);
    return { kind: 'flow', status: 200, flow: await flows.save({ ...flow, state: 'passed_challenge', uiMessages: [messages.verified()] }) };
  }

  return {
    finish,

    submit: (flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> =>
      challenge.submit(flow, body, context, 'verification', messages.verificationCodeInvalid(), finish),

    /** A verification flow with a code already emailed to `address`. */
    async start(identityId: string, address: string, type: 'browser' | 'api', returnTo: string | null, csrfToken?: string) {
      let flow = await flows.create({
        kind: 'verification',
        type,
        requestUrl: `${ctx.options.publicBaseUrl}/self-service/verification/${type}`,
        returnTo,
        csrfToken,
      });
      flow = await ctx.secrets.sendCode(
        {
          ...flow,
          state: 'sent_email',
          active: 'code',
          internal: { values: { email: address } },
          uiMessages: [messages.verificationCodeSent()],
        },
        'verification_code',
        address,
        { identityId },
      );
      await identities.markSent(identityId, address);
      return flows.save(flow);
    },
  };
}

export type VerificationFlow = ReturnType<typeof createVerificationFlow>;
