// The sandbox provider on a real database: tokens keep only the card's summary, each test card's
// charge outcome, the same idempotency key never charges twice, a token pays once, 3-D Secure, refunds and the wallet's token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { CARD_ON_FILE_TOKEN, createSandboxProvider, SANDBOX_MESSAGES, type SandboxProvider } from './sandbox-provider.ts';
import { sandboxBillingPayments, sandboxBillingTokens } from './schema.ts';

let database: Database;
let sandbox: SandboxProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = createSandboxProvider({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

async function tokenFor(number: string) {
  const result = await sandbox.tokenize({ number, month: '12', year: '2040', cvv: '123' });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.token;
}

let keys = 0;
const charge = async (number: string, amount = 25000, key = `key-${keys++}`) =>
  sandbox.charge({ customerId: 'sbx_cus_test', token: await tokenFor(number), amount, currency: 'GBP', idempotencyKey: key });

describe('sandbox provider', () => {
  it('stores a token with the card summary only', async () => {
    const token = await tokenFor('4242424242424242');
    const [row] = await database.db.select().from(sandboxBillingTokens);
    expect(row).toMatchObject({
      token,
      cardType: 'Visa',
      expMonth: 12,
      expYear: 2040,
      firstSix: '424242',
      lastFour: '4242',
      behaviour: 'success',
    });
    expect(JSON.stringify(await database.db.select().from(sandboxBillingTokens))).not.toContain('4242424242424242');
    expect(await sandbox.describeToken(token)).toEqual({
      cardType: 'Visa',
      expMonth: 12,
      expYear: 2040,
      firstSix: '424242',
      lastFour: '4242',
    });
    expect(await sandbox.describeToken('sbx_tok_unknown')).toBeNull();
  });

  it('charges each test card as documented', async () => {
    expect(await charge('4242424242424242')).toMatchObject({
      status: 'success',
      transactionId: expect.stringMatching(/^sbx_txn_/),
      card: { lastFour: '4242' },
    });
    expect(await charge('4000000000000002')).toMatchObject({
      status: 'declined',
      code: 'declined',
      message: expect.stringContaining('declined'),
    });
    expect(await charge('4000000000009995')).toMatchObject({
      status: 'insufficient_funds',
      message: expect.stringContaining('insufficient funds'),
    });
    expect(await charge('4000000000003220')).toMatchObject({
      status: 'three_d_secure_required',
      actionToken: expect.stringMatching(/^sbx_3ds_/),
    });
    expect(await charge('4000000000000119')).toMatchObject({ status: 'error', code: 'processing_error' });
    // A zero amount verifies the card with the same outcome.
    expect(await charge('4000000000000002', 0)).toMatchObject({ status: 'declined' });
    expect(await charge('4242424242424242', 0)).toMatchObject({ status: 'success' });
  });

  it('never charges twice for one idempotency key, even when asked at once', async () => {
    const token = await tokenFor('4242424242424242');
    const request = { customerId: 'sbx_cus_once', token, amount: 30000, currency: 'USD', idempotencyKey: 'once-only' };
    const [first, second] = await Promise.all([sandbox.charge(request), sandbox.charge(request)]);
    const third = await sandbox.charge(request);
    expect(first).toMatchObject({ status: 'success' });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    const rows = (await database.db.select().from(sandboxBillingPayments)).filter((row) => row.customerId === 'sbx_cus_once');
    expect(rows).toHaveLength(1);
  });

  it('asks for 3-D Secure, then charges with the result of a passed challenge or declines a failed one', async () => {
    for (const result of ['succeeded', 'failed'] as const) {
      const token = await tokenFor('4000000000003220');
      const request = { customerId: 'sbx_cus_3ds', token, amount: 5400, currency: 'EUR', idempotencyKey: `3ds-${result}` };
      const asked = await sandbox.charge(request);
      if (asked.status !== 'three_d_secure_required') throw new Error('expected a challenge');
      expect(await sandbox.challenge(asked.actionToken)).toMatchObject({
        amount: 5400,
        currency: 'EUR',
        answered: false,
        card: { lastFour: '3220' },
      });
      const answered = await sandbox.completeThreeDSecure(asked.actionToken, result);
      expect(answered).toEqual({ resultToken: expect.stringMatching(/^sbx_3dsr_/) });
      // A challenge is answered once.
      expect(await sandbox.completeThreeDSecure(asked.actionToken, 'succeeded')).toBeNull();
      const resumed = await sandbox.charge({ ...request, threeDSecureActionResultToken: answered!.resultToken });
      if (result === 'succeeded') expect(resumed).toMatchObject({ status: 'success' });
      else expect(resumed).toMatchObject({ status: 'declined', code: 'three_d_secure_failed' });
      // Resuming again gives the same outcome.
      expect(await sandbox.charge({ ...request, threeDSecureActionResultToken: answered!.resultToken })).toEqual(resumed);
    }
  });

  it('refuses a result token for another payment', async () => {
    const token = await tokenFor('4000000000003220');
    const asked = await sandbox.charge({ customerId: 'sbx_cus_x', token, amount: 100, currency: 'EUR', idempotencyKey: 'x-1' });
    if (asked.status !== 'three_d_secure_required') throw new Error('expected a challenge');
    const { resultToken } = (await sandbox.completeThreeDSecure(asked.actionToken, 'succeeded'))!;
    expect(
      await sandbox.charge({
        customerId: 'sbx_cus_x',
        token,
        amount: 999,
        currency: 'EUR',
        idempotencyKey: 'x-2',
        threeDSecureActionResultToken: resultToken,
      }),
    ).toMatchObject({ status: 'declined', code: 'invalid_three_d_secure_result' });
  });

  it('refunds a charge once', async () => {
    const charged = await charge('4242424242424242', 2000);
    if (charged.status !== 'success') throw new Error('expected a charge');
    expect(await sandbox.refund({ transactionId: charged.transactionId, idempotencyKey: 'r1' })).toMatchObject({ status: 'success' });
    expect(await sandbox.refund({ transactionId: charged.transactionId, idempotencyKey: 'r2' })).toMatchObject({ status: 'error' });
  });

  it('gives a wallet token for a Visa that succeeds, whose summary names the wallet, also as the card on file', async () => {
    const { token, card } = await sandbox.tokenizeWallet();
    expect(token).toMatch(/^sbx_wtok_/);
    expect(card).toMatchObject({ cardType: 'Visa', lastFour: '4242', paymentMethod: 'wallet' });
    expect(await sandbox.describeToken(token)).toEqual(card);
    expect(
      await sandbox.charge({ customerId: 'sbx_cus_wallet', token, amount: 2500, currency: 'GBP', idempotencyKey: 'wallet-1' }),
    ).toMatchObject({ status: 'success', card });
    expect(
      await sandbox.charge({
        customerId: 'sbx_cus_wallet',
        token: CARD_ON_FILE_TOKEN,
        amount: 2500,
        currency: 'GBP',
        idempotencyKey: 'wallet-2',
      }),
    ).toMatchObject({ status: 'success', card });
    // A typed card's summary says nothing of a wallet.
    expect(await sandbox.describeToken(await tokenFor('4242424242424242'))).not.toHaveProperty('paymentMethod');
  });

  it('lets a token pay once, however many keys ask at once; the card on file pays again and again', async () => {
    const token = await tokenFor('4242424242424242');
    const request = (key: string) => ({ customerId: 'sbx_cus_single', token, amount: 1500, currency: 'GBP', idempotencyKey: key });
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => sandbox.charge(request(`single-${i}`))));
    const paid = outcomes.filter((outcome) => outcome.status === 'success');
    expect(paid).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status !== 'success')).toEqual(
      Array.from({ length: 9 }, () => ({ status: 'declined', code: 'token_used', message: SANDBOX_MESSAGES.tokenUsed })),
    );
    expect((await database.db.select().from(sandboxBillingPayments)).filter((row) => row.token === token)).toHaveLength(1);
    // The key that used it gets its outcome again.
    const winner = outcomes.indexOf(paid[0]!);
    expect(await sandbox.charge(request(`single-${winner}`))).toEqual(paid[0]);
    // A declined card's token is used up too.
    const declined = await tokenFor('4000000000000002');
    expect(await sandbox.charge({ ...request('declined-1'), token: declined })).toMatchObject({ status: 'declined', code: 'declined' });
    expect(await sandbox.charge({ ...request('declined-2'), token: declined })).toMatchObject({ status: 'declined', code: 'token_used' });
    for (const key of ['renewal-1', 'renewal-2'])
      expect(await sandbox.charge({ ...request(key), token: CARD_ON_FILE_TOKEN })).toMatchObject({
        status: 'success',
        card: { lastFour: '4242' },
      });
  });

  it('declines an unknown token', async () => {
    expect(
      await sandbox.charge({ customerId: 'c', token: 'sbx_tok_nope', amount: 1, currency: 'GBP', idempotencyKey: 'nope' }),
    ).toMatchObject({ status: 'declined', code: 'invalid_token' });
  });
});
