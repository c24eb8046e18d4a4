// A stand-in for Recurly's v3 API (v2021-02-25) for the Recurly browser journey (decision 039): the
// site's Recurly adapter (src/modules/billing/recurly-provider.ts, through the official client) calls it
// at BILLING_API_URL. It answers the calls the adapter makes, with the fields the adapter reads, as Recurly
// answers them (the adapter's own tests check every field against Recurly's schemas:
// recurly-provider.int.test.ts). Tokens come from the Recurly.js stand-in and name their card:
// standin-<first six>-<last four>-<MMYYYY>-<random>. By last four: 3220 asks for 3-D Secure (passed with
// the stand-in bank's result token for that challenge), 0002 is declined, 9995 has insufficient funds,
// anything else pays. A repeated Idempotency-Key gets the first answer, as Recurly's does.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { recurlyTransactionError } from './recurly-transaction-error.mjs';

const rid = () => randomBytes(6).toString('hex');
const AT = () => new Date().toISOString();

function cardOf(token) {
  const match = /^standin-(\d{6})-(\d{4})-(\d{2})(\d{4})-\w+$/.exec(token ?? '');
  if (!match) return null;
  const [, firstSix, lastFour, month, year] = match;
  const cardType = firstSix.startsWith('4') ? 'Visa' : firstSix.startsWith('5') ? 'MasterCard' : 'Unknown';
  return {
    object: 'credit_card',
    card_type: cardType,
    first_six: firstSix,
    last_four: lastFour,
    exp_month: Number(month),
    exp_year: Number(year),
  };
}

/** A failed transaction, in the stand-in's words (`extra`: e.g. the 3-D Secure action token). */
function transactionError(category, code, extra = {}) {
  return recurlyTransactionError({ category, code, ...extra });
}

export async function startRecurlyApiStandIn({ port = 0 } = {}) {
  const accounts = new Map(); // id → { account, billingInfo }
  const challenges = new Map(); // action token → card token
  const replies = new Map(); // idempotency key → answer
  const invoices = new Map();

  /** Whether `token` may be charged now: its card's answer, or null to go on. */
  function decide(token, resultToken) {
    const card = cardOf(token);
    if (!card) return { answer: transactionError('hard', 'recurly_token_not_found') };
    if (card.last_four === '0002') return { answer: transactionError('hard', 'declined') };
    if (card.last_four === '9995') return { answer: transactionError('soft', 'insufficient_funds') };
    if (card.last_four === '3220') {
      const passed = resultToken && challenges.get(resultToken.replace(/^standin-3ds-result-/, '')) === token;
      if (!passed) {
        const actionToken = `standin-3ds-action-${rid()}`;
        challenges.set(actionToken, token);
        return {
          answer: transactionError('three_d_secure_action_required', 'three_d_secure_action_required', {
            actionToken,
          }),
        };
      }
    }
    return { card };
  }

  const billingInfoOf = (accountId, card) => ({
    id: rid(),
    object: 'billing_info',
    account_id: accountId,
    valid: true,
    payment_method: card,
    created_at: AT(),
    updated_at: AT(),
  });
  const transactionOf = (type, amount, currency, card) => ({
    id: rid(),
    object: 'transaction',
    type,
    status: 'success',
    success: true,
    amount,
    currency,
    payment_method: card,
    created_at: AT(),
  });

  function route(method, path, body) {
    let match;
    if (method === 'POST' && path === '/accounts') {
      const id = rid();
      const account = { id, object: 'account', code: body.code, email: body.email ?? null, state: 'active', created_at: AT() };
      accounts.set(id, { account, billingInfo: null });
      return { status: 201, body: account };
    }
    if ((match = /^\/accounts\/([^/]+)$/.exec(path)) && method === 'GET') {
      const key = decodeURIComponent(match[1]);
      const found = [...accounts.values()].find(({ account }) => account.id === key || `code-${account.code}` === key);
      return found ? { status: 200, body: found.account } : notFound(path);
    }
    if ((match = /^\/accounts\/([^/]+)\/billing_info$/.exec(path))) {
      const entry = accounts.get(match[1]);
      if (!entry) return notFound(path);
      if (method === 'GET') return entry.billingInfo ? { status: 200, body: entry.billingInfo } : notFound(path);
      if (method === 'PUT') {
        const decision = decide(body.token_id, body.three_d_secure_action_result_token_id);
        if (decision.answer) return decision.answer;
        entry.billingInfo = billingInfoOf(entry.account.id, decision.card);
        return { status: 200, body: entry.billingInfo };
      }
    }
    if ((match = /^\/accounts\/([^/]+)\/billing_info\/verify$/.exec(path)) && method === 'POST') {
      const entry = accounts.get(match[1]);
      if (!entry?.billingInfo) return notFound(path);
      return { status: 200, body: transactionOf('verify', 0, 'USD', entry.billingInfo.payment_method) };
    }
    if (method === 'POST' && path === '/purchases') {
      const entry = accounts.get(body.account?.id);
      if (!entry) return notFound(path);
      const info = body.account.billing_info;
      let card = entry.billingInfo?.payment_method ?? null;
      if (info?.token_id) {
        const decision = decide(info.token_id, info.three_d_secure_action_result_token_id);
        if (decision.answer) return decision.answer;
        card = decision.card;
        entry.billingInfo = billingInfoOf(entry.account.id, card);
      }
      if (!card) return transactionError('invalid', 'no_billing_information');
      const total = (body.line_items ?? []).reduce((sum, item) => sum + item.unit_amount * (item.quantity ?? 1), 0);
      const invoice = {
        id: rid(),
        object: 'invoice',
        type: 'charge',
        state: 'paid',
        currency: body.currency,
        total,
        transactions: [transactionOf('purchase', total, body.currency, card)],
      };
      invoices.set(invoice.id, invoice);
      return { status: 201, body: { object: 'invoice_collection', charge_invoice: invoice, credit_invoices: [] } };
    }
    if ((match = /^\/invoices\/([^/]+)\/refund$/.exec(path)) && method === 'POST') {
      const invoice = invoices.get(match[1]);
      if (!invoice) return notFound(path);
      return {
        status: 201,
        body: { id: rid(), object: 'invoice', type: 'credit', state: 'closed', currency: invoice.currency, total: -invoice.total },
      };
    }
    return notFound(path);
  }

  const notFound = (path) => ({ status: 404, body: { error: { type: 'not_found', message: `Couldn't find a resource at ${path}` } } });

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const { pathname } = new URL(req.url ?? '/', 'http://stand-in');
      const key = req.headers['idempotency-key'];
      const replayKey = key ? `${req.method} ${pathname} ${key}` : null;
      let answer = replayKey ? replies.get(replayKey) : undefined;
      if (!answer) {
        try {
          answer = route(req.method ?? 'GET', pathname, text ? JSON.parse(text) : {});
        } catch (error) {
          answer = { status: 500, body: { error: { type: 'internal_server_error', message: String(error) } } };
        }
        if (replayKey) replies.set(replayKey, answer);
      }
      res.writeHead(answer.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Recurly-Version': 'recurly.v2021-02-25',
        'X-Request-Id': rid(),
        'X-RateLimit-Limit': '2000',
        'X-RateLimit-Remaining': '1999',
        'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + 300),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}
