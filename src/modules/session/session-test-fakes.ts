// Unit-test pieces for the session module: a clock the test moves, and the key store as an array
// (the database version is covered by the integration tests).
import type { SigningKeyRow, SigningKeyStore } from './keys.ts';

export const START = new Date('2026-03-01T09:00:00.000Z');

export function createClock(start = START) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

export function createMemoryKeyStore(): SigningKeyStore & { rows: SigningKeyRow[] } {
  const rows: SigningKeyRow[] = [];
  return {
    rows,
    list: async (now) => rows.filter((row) => row.expiresAt.getTime() > now.getTime()).map((row) => ({ ...row })),
    async insert(row) {
      if (!rows.some((r) => r.kid === row.kid)) rows.push({ ...row });
    },
    async deleteExpired(now) {
      for (let i = rows.length - 1; i >= 0; i--) if (rows[i]!.expiresAt.getTime() <= now.getTime()) rows.splice(i, 1);
    },
  };
}

export const TEST_SECRET = 'unit-test-secret-unit-test-secret-0123';
