import { describe, expect, it } from 'vitest';
import { followsAccess } from './access.ts';

const reader = { userId: '101', isAdmin: false };
const admin = { userId: '7', isAdmin: true };

describe('whose follows a request may touch', () => {
  it('needs someone signed in', () => {
    for (const action of ['read', 'write', 'list-followers'] as const) {
      expect(followsAccess(null, action)).toEqual({ ok: false, reason: 'anonymous', requesterUserId: null });
    }
  });

  it('lets a reader read and change their own follows, named or not', () => {
    expect(followsAccess(reader, 'read')).toEqual({ ok: true, userId: '101' });
    expect(followsAccess(reader, 'write', '101')).toEqual({ ok: true, userId: '101' });
  });

  it('refuses another reader’s follows', () => {
    expect(followsAccess(reader, 'read', '102')).toEqual({ ok: false, reason: 'refused', requesterUserId: '101' });
    expect(followsAccess(reader, 'write', '102')).toEqual({ ok: false, reason: 'refused', requesterUserId: '101' });
  });

  it('lets an admin read anyone’s follows but change only their own', () => {
    expect(followsAccess(admin, 'read', '101')).toEqual({ ok: true, userId: '101' });
    expect(followsAccess(admin, 'write', '101')).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('lets only admins ask who follows something', () => {
    expect(followsAccess(reader, 'list-followers')).toMatchObject({ ok: false, reason: 'refused' });
    expect(followsAccess(admin, 'list-followers')).toEqual({ ok: true, userId: '7' });
  });
});
