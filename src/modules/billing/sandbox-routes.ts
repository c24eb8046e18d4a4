// The sandbox provider's browser-facing endpoints, standing where a real provider's servers would
// (Recurly.js posts cards to Recurly, not to the merchant). Served by this process but apart from
// the product: nothing here touches the product's billing tables, and the card a browser posts is
// reduced to its summary before it is stored. Request bodies are never logged (Fastify logs the
// method and path only; nothing here logs more).
//
//   POST /_sandbox/billing/tokens              { number, month, year, cvv } → 201 { id, card } | 422 { error }
//   GET  /_sandbox/billing/3ds/:actionToken    the challenge: amount, currency, card → 200 | 404
//   POST /_sandbox/billing/3ds/:actionToken    { result: 'succeeded' | 'failed' } → 200 { resultToken } | 404
//
// Registered by the app when no real billing provider key is configured (BILLING_PUBLIC_KEY=sandbox).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxProvider } from './sandbox-provider.ts';

export const SANDBOX_BILLING_PREFIX = '/_sandbox/billing';

const tokenBody = z.object({
  number: z.string().max(40),
  month: z.union([z.string().max(4), z.number()]),
  year: z.union([z.string().max(6), z.number()]),
  cvv: z.string().max(8),
});
const challengeBody = z.object({ result: z.enum(['succeeded', 'failed']) });
const actionParams = z.object({ actionToken: z.string().min(1).max(200) });

export function registerSandboxBillingRoutes(app: FastifyInstance, { sandbox }: { sandbox: SandboxProvider }) {
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
    });

    scope.post(`${SANDBOX_BILLING_PREFIX}/tokens`, async (request, reply) => {
      const body = tokenBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: { code: 'invalid_request', message: 'Send number, month, year and cvv as JSON.' } });
      const result = await sandbox.tokenize(body.data);
      if (!result.ok) return reply.code(422).send({ error: { code: 'invalid_card', message: result.errors[0]!.message, fields: result.errors } });
      return reply.code(201).send({ id: result.token, type: 'credit_card', card: result.card });
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
      if (!params.success || !body.success) return reply.code(400).send({ error: { code: 'invalid_request', message: 'Send { "result": "succeeded" | "failed" } as JSON.' } });
      const answered = await sandbox.completeThreeDSecure(params.data.actionToken, body.data.result);
      if (!answered) return reply.code(404).send({ error: { code: 'not_found', message: 'No such challenge, or it was already answered.' } });
      return reply.send({ resultToken: answered.resultToken });
    });
  });
}
