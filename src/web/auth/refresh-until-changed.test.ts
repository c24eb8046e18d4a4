import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PARAM_UNCHANGED_MESSAGE,
  REFRESH_FAILED_MESSAGE,
  refreshUntilChanged,
  type RefreshUntilChangedDeps,
} from './refresh-until-changed.ts';
import { LOGGED_OUT_USER, type SessionUser } from '../../shared/auth/session-user.ts';

const member = (membershipLevel: string): SessionUser => ({
  ...LOGGED_OUT_USER,
  isLoggedIn: true,
  id: '42',
  membershipLevel,
  isMember: membershipLevel !== 'None',
});

/** Each forced refresh yields the next user from `sequence` (the last one repeats). */
function deps(sequence: (SessionUser | Error)[], start = member('None')) {
  let current = start;
  let calls = 0;
  const forceRefresh = vi.fn(() => {
    const next = sequence[Math.min(calls, sequence.length - 1)];
    calls += 1;
    if (next instanceof Error) return Promise.reject(next);
    current = next ?? current;
    return Promise.resolve(current);
  });
  const sleep = vi.fn((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const value: RefreshUntilChangedDeps = { forceRefresh, getUser: () => current, sleep };
  return { value, forceRefresh, sleep };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('refresh-until-changed (§4)', () => {
  it('forces a refresh and succeeds as soon as the chosen field changes', async () => {
    const { value, forceRefresh, sleep } = deps([member('Premium')]);
    await expect(refreshUntilChanged(value, { field: 'membershipLevel' })).resolves.toMatchObject({ membershipLevel: 'Premium' });
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries with exponential backoff: 1000 ms base, doubling', async () => {
    const { value, forceRefresh, sleep } = deps([member('None'), member('None'), member('None'), member('Premium')]);
    const result = refreshUntilChanged(value, { field: 'isMember' });
    await vi.advanceTimersByTimeAsync(0);
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(forceRefresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(forceRefresh).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(forceRefresh).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toMatchObject({ isMember: true });
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000]);
  });

  it('succeeds when the field takes an allowed value even if it did not change', async () => {
    const { value, forceRefresh } = deps([member('Standard')], member('Standard'));
    await expect(refreshUntilChanged(value, { field: 'membershipLevel', allowedValues: ['Standard', 'Premium'] })).resolves.toMatchObject({
      membershipLevel: 'Standard',
    });
    expect(forceRefresh).toHaveBeenCalledTimes(1);
  });

  it("retries on 'Param has not changed!' and throws it after the 5th attempt", async () => {
    const { value, forceRefresh, sleep } = deps([member('None')]);
    const result = refreshUntilChanged(value, { field: 'membershipLevel' });
    const assertion = expect(result).rejects.toThrow(PARAM_UNCHANGED_MESSAGE);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000);
    await assertion;
    expect(forceRefresh).toHaveBeenCalledTimes(5);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000, 8000]);
  });

  it("throws 'Failed to refresh the token!' when the forced refresh fails, keeping the cause", async () => {
    const cause = new TypeError('Failed to fetch');
    const { value, forceRefresh } = deps([member('None'), cause]);
    const result = refreshUntilChanged(value, { field: 'membershipLevel' });
    const assertion = expect(result).rejects.toMatchObject({ message: REFRESH_FAILED_MESSAGE, cause });
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
    expect(forceRefresh).toHaveBeenCalledTimes(2);
  });
});
