// The sandbox provider's browser-facing endpoints, standing where a real provider's servers would
// (Recurly.js posts cards to Recurly, not to the merchant). Served by this process but apart from
// the product: nothing here touches the product's billing tables, and the card a browser posts is
// reduced to its summary before it is stored. Request bodies are never logged (Fastify logs the
// method and path only; nothing here logs more).
//
//   POST /_sandbox/billing/tokens              { number, month, year, cvv } → 201 { id, card } | 422 { error }
//   GET  /_sandbox/billing/3ds/:actionToken    the challenge: amount, currency, card → 200 | 404
//   POST /_sandbox/billing/3ds/:actionToken    { result: 'succeeded' | 'failed' } → 200 { resultToken } | 404
//   POST /_sandbox/billing/wallet-tokens       { merchantId } → 201 { id, type: 'wallet', card } | 400 { error }
//
// The wallet endpoint stands in for an Apple Pay / Google Pay sheet (the buyer approving at once): it
// answers a one-time token for the wallet's card, a Visa ending 4242 that succeeds, only to a request
// carrying the merchant id the wallet is set up for (WALLET_MERCHANT_ID). A real provider validates the
// merchant with Apple (merchant validation) or is named as gateway in Google Pay's PaymentRequest, and
// turns the wallet's encrypted payment data into its own token; see provider.ts.
//
// Registered by the app when no real billing provider key is configured (BILLING_PUBLIC_KEY=sandbox).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

export const SANDBOX_BILLING_PREFIX = '/_sandbox/billing';

const tokenBody = z.object({
  number: safeText().max(40),
  month: z.union([safeText().max(4), z.number()]),
  year: z.union([safeText().max(6), z.number()]),
  cvv: safeText().max(8),
});
const challengeBody = z.object({ result: z.enum(['succeeded', 'failed']) });
const walletBody = z.object({ merchantId: safeText().trim().min(1).max(200) });
// The token is looked up in the database, which refuses control characters (a NUL) outright.
const actionParams = z.object({ actionToken: safeText().min(1).max(200) });

export function registerSandboxBillingRoutes(
  app: FastifyInstance,
  { sandbox, walletMerchantId }: { sandbox: SandboxProvider; walletMerchantId?: string },
) {
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
    });

    scope.post(`${SANDBOX_BILLING_PREFIX}/tokens`, async (request, reply) => {
      const body = tokenBody.safeParse(request.body);
      if (!body.success)
        return reply.code(400).send({ error: { code: 'invalid_request', message: 'Send number, month, year and cvv as JSON.' } });
      const result = await sandbox.tokenize(body.data);
      if (!result.ok)
        return reply.code(422).send({ error: { code: 'invalid_card', message: result.errors[0]!.message, fields: result.errors } });
      return reply.code(201).send({ id: result.token, type: 'credit_card', card: result.card });
    });

    scope.post(`${SANDBOX_BILLING_PREFIX}/wallet-tokens`, async (request, reply) => {
      const body = walletBody.safeParse(request.body);
      if (!body.success)
        return reply.code(400).send({
          error: { code: 'invalid_request', message: 'Send { "merchantId": "…" } as JSON: the merchant id the wallet is set up for.' },
        });
      if (!walletMerchantId)
        return reply.code(400).send({
          error: {
            code: 'wallet_not_configured',
            message: 'No wallet merchant is configured (WALLET_MERCHANT_ID), so there is no wallet to pay with.',
          },
        });
      if (body.data.merchantId !== walletMerchantId)
        return reply.code(400).send({
          error: { code: 'invalid_merchant', message: 'This is not the merchant id the wallet is set up for (WALLET_MERCHANT_ID).' },
        });
      const { token, card } = await sandbox.tokenizeWallet();
      return reply.code(201).send({ id: token, type: 'wallet', card });
    });

    scope.get(`${SANDBOX_BILLING_PREFIX}/3ds/:actionToken`, async (request, reply) => {
      const params = actionParams.safeParse(request.params);
      const challenge = params.success ? await sandbox.challenge(params.data.actionToken) : null;
      if (!challenge) return reply.code(404).send({ error: { code: 'not_found', message: 'No such challenge.' } });
      return reply.send(challenge);
    });

    scope.post(`${SANDBOX_BILLING_PREFIX}/3ds/:actionToken`, async (request, reply) => {
      const params = actionParams.safeParse(request.params);
      const body = challengeBody.safeParse(request.body);
      if (!params.success || !body.success)
        return reply.code(400).send({ error: { code: 'invalid_request', message: 'Send { "result": "succeeded" | "failed" } as JSON.' } });
      const answered = await sandbox.completeThreeDSecure(params.data.actionToken, body.data.result);
      if (!answered)
        return reply.code(404).send({ error: { code: 'not_found', message: 'No such challenge, or it was already answered.' } });
      return reply.send({ resultToken: answered.resultToken });
    });
  });
}
