// The browser tests' server (e2e/serve.mjs) with Recurly as the billing provider (decision 039): the
// Recurly API stand-in on a port of its own, the adapter pointed at it, and Recurly.js at an address the
// spec answers with the Recurly.js stand-in (recurly-js-stand-in.js). Only e2e/recurly/ uses it.
import { startRecurlyApiStandIn } from './recurly-api-stand-in.mjs';

const api = await startRecurlyApiStandIn();
process.env.BILLING_PUBLIC_KEY = 'ewr1-StandInPublicKey0000000';
process.env.BILLING_PRIVATE_KEY = 'standin-private-key';
process.env.BILLING_API_URL = api.url;
process.env.BILLING_SCRIPT_URL ??= 'https://js.recurly.test/v4/recurly.js';
await import('../serve.mjs');
