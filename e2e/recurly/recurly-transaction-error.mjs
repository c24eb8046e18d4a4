// Recurly's answer when a transaction fails (HTTP 422, error type "transaction"), as its v3 API
// (v2021-02-25) sends it. One builder for the browser journeys' API stand-in (recurly-api-stand-in.mjs)
// and the adapter's tests (src/modules/billing/recurly-provider.int.test.ts), which check it against
// Recurly's schemas: the stand-in answers in a shape those tests have checked.
import { randomBytes } from 'node:crypto';

/** @param {import('./recurly-transaction-error.d.mts').RecurlyTransactionErrorOptions} options */
export function recurlyTransactionError({
  category,
  code,
  message = `Stand-in: ${code}`,
  customerMessage = message,
  declineCode = null,
  merchantAdvice = null,
  actionToken = null,
}) {
  return {
    status: 422,
    body: {
      error: {
        type: 'transaction',
        message,
        params: [{ param: 'billing_info.token_id' }],
        transaction_error: {
          object: 'transaction_error',
          transaction_id: randomBytes(6).toString('hex'),
          category,
          code,
          decline_code: declineCode,
          message: customerMessage,
          merchant_advice: merchantAdvice,
          three_d_secure_action_token_id: actionToken,
        },
      },
    },
  };
}
