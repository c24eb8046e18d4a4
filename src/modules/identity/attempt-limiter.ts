// Sign-in throttling (OWASP ASVS V2.2; docs/decisions/016): failures count per account *and*
// client address, so guesses from one place never lock the owner out from another. An address
// gets a few free failures on an account, then waits twice as long after each further one; an
// address failing across many accounts is stopped for the hour; an account failing from
// everywhere loses the free failures (every address is slowed from its first failure), but a
// right password from a clean address still signs in at once. Emails (codes, links) are paced
// the same way per address, with a ceiling per recipient against mail bombing.
// Counts live in the shared limit store: Redis with REDIS_URL, else memory.
import { createHash } from 'node:crypto';
import type { LimitStore } from '../../platform/rate-limits.ts';
import type { RateLimiterRes } from 'rate-limiter-flexible';

const FREE_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const MAX_DELAY_SECONDS = 15 * 60;
/** ASVS 2.2.1: at most 100 failed attempts per hour on one account before it is slowed. */
const ACCOUNT_CEILING = { points: 100, durationSeconds: 60 * 60 };
/** Failures from one address across all accounts (credential stuffing); an office NAT stays well below. */
const ADDRESS_CEILING = { points: 100, durationSeconds: 60 * 60 };
/** Emails one recipient may be sent per hour, whoever asks. */
const RECIPIENT_CEILING = { points: 20, durationSeconds: 60 * 60 };
/** Large enough never to refuse: these counters only count. */
const UNCAPPED = 1_000_000;

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A count per key within a window; past `points`, the key waits for the window's end. */
function ceiling(limits: LimitStore, name: string, { points, durationSeconds }: { points: number; durationSeconds: number }) {
  const counter = limits.limiter({ name, points: UNCAPPED, durationSeconds });
  const over = (res: RateLimiterRes | null) => (res && res.consumedPoints > points ? secondsOf(res.msBeforeNext) : 0);
  return {
    wait: async (key: string) => over(await counter.get(key)),
    /** Counts one; true once the key is past the ceiling. */
    count: async (key: string) => over(await counter.penalty(key)) > 0,
  };
}

/** Failures per key; after `free` of them, each further one makes the key wait 1, 2, 4 … seconds. */
function progressiveDelay(limits: LimitStore, name: string) {
  const failures = limits.limiter({ name: `${name}:failures`, points: UNCAPPED, durationSeconds: FAILURE_WINDOW_SECONDS });
  const delays = limits.limiter({ name: `${name}:delay`, points: 1, durationSeconds: MAX_DELAY_SECONDS });
  return {
    wait: async (key: string) => {
      const res = await delays.get(key);
      return res && res.consumedPoints > 1 ? secondsOf(res.msBeforeNext) : 0;
    },
    /** Counts a failure; the seconds the key now waits (0: none yet). */
    fail: async (key: string, free: number) => {
      const { consumedPoints: n } = await failures.penalty(key);
      if (n <= free) return 0;
      const seconds = Math.min(MAX_DELAY_SECONDS, 2 ** (n - free - 1));
      await delays.block(key, seconds);
      return seconds;
    },
    reset: async (key: string) => {
      await Promise.all([failures.delete(key), delays.delete(key)]);
    },
  };
}

// Identifiers are email addresses: keys carry a digest, so Redis holds no one's address.
const digest = (identifier: string) => createHash('sha256').update(identifier).digest('base64url').slice(0, 22);
const pair = (account: string, address: string) => `${digest(account)}|${address}`;

export function createAttemptLimiter({ limits }: { limits: LimitStore }) {
  const passwordPairs = progressiveDelay(limits, 'login:pair');
  const passwordAccounts = ceiling(limits, 'login:account', ACCOUNT_CEILING);
  const passwordAddresses = ceiling(limits, 'login:address', ADDRESS_CEILING);
  const emailPairs = progressiveDelay(limits, 'email:pair');
  const emailRecipients = ceiling(limits, 'email:recipient', RECIPIENT_CEILING);

  return {
    /**
     * Seconds before `address` may try a password on `account`; 0 when it may now. A try during
     * the wait counts as one more failure: a client that ignores the wait only makes it longer.
     */
    async passwordWait(account: string, address: string): Promise<number> {
      const key = pair(account, address);
      const [pairWait, addressWait] = await Promise.all([passwordPairs.wait(key), passwordAddresses.wait(address)]);
      const longer = pairWait > 0 ? await passwordPairs.fail(key, FREE_FAILURES) : 0;
      return Math.max(pairWait, longer, addressWait);
    },
    async passwordFailed(account: string, address: string): Promise<void> {
      const [accountUnderAttack] = await Promise.all([passwordAccounts.count(digest(account)), passwordAddresses.count(address)]);
      await passwordPairs.fail(pair(account, address), accountUnderAttack ? 0 : FREE_FAILURES);
    },
    /** The owner got in: this address starts afresh on this account (the others' counts stay). */
    async passwordSucceeded(account: string, address: string): Promise<void> {
      await passwordPairs.reset(pair(account, address));
    },
    /**
     * Counts an email of `kind` to `recipient` asked for from `address`: 0 when it may be sent now,
     * else the seconds to wait (nothing counted). Every send counts: emails cost something.
     */
    async emailWait(kind: string, recipient: string, address: string): Promise<number> {
      const key = `${kind}:${pair(recipient, address)}`;
      const wait = Math.max(await emailPairs.wait(key), await emailRecipients.wait(digest(recipient)));
      if (wait > 0) return wait;
      await Promise.all([emailPairs.fail(key, FREE_FAILURES), emailRecipients.count(digest(recipient))]);
      return 0;
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
