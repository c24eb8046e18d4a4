import { describe, expect, it, vi } from 'vitest';
import { createActiveSessions } from './active-sessions.ts';
import { localSessionChanges } from './session-changes.ts';

const SESSION = {
  id: '5f0c2a9e-7d3b-4c1e-9a8f-2b6d4e1c3a70',
  identityId: '0b7a4a44-54b4-4a43-9d43-3e0d3c8e8a11',
  expiresAt: new Date('2030-01-01T00:00:00Z'),
  claimsChangedAt: null,
};

function setup(row: typeof SESSION | null = SESSION) {
  let at = new Date('2026-03-01T12:00:00Z').getTime();
  const changes = localSessionChanges();
  const findByToken = vi.fn(async (_token: string) => row);
  const sessions = createActiveSessions({ findByToken, changes, ttlMs: 30_000, now: () => at });
  return { sessions, changes, findByToken, advance: (ms: number) => (at += ms) };
}

describe('active sessions', () => {
  it('answers again from memory for a while, then asks the store', async () => {
    const { sessions, findByToken, advance } = setup();
    expect(await sessions.find('ory_st_a')).toEqual(SESSION);
    expect(await sessions.find('ory_st_a')).toEqual(SESSION);
    expect(findByToken).toHaveBeenCalledTimes(1);
    advance(30_000);
    await sessions.find('ory_st_a');
    expect(findByToken).toHaveBeenCalledTimes(2);
  });

  it('never keeps a no', async () => {
    const { sessions, findByToken } = setup(null);
    expect(await sessions.find('ory_st_a')).toBeNull();
    expect(await sessions.find('ory_st_a')).toBeNull();
    expect(findByToken).toHaveBeenCalledTimes(2);
  });

  it('forgets a session at once when it is announced as ended', async () => {
    const { sessions, changes, findByToken } = setup();
    await sessions.find('ory_st_a');
    findByToken.mockResolvedValue(null);
    await changes.announce([SESSION.id]);
    expect(await sessions.find('ory_st_a')).toBeNull();
  });

  it('does not keep an answer read while a session ended', async () => {
    const { sessions, changes, findByToken } = setup();
    let release!: () => void;
    findByToken.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return SESSION;
    });
    const pending = sessions.find('ory_st_a');
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    await changes.announce([SESSION.id]);
    release();
    expect(await pending).toEqual(SESSION);
    findByToken.mockResolvedValue(null);
    expect(await sessions.find('ory_st_a')).toBeNull();
  });
});
