// Who may see and change whose follows, decided here once for every transport.
//
// Your follows are yours: you read and change your own. An admin (`is_bof_admin`) may also read a
// reader's follows and recommendations (support answering "why am I seeing this?"), and only an
// admin may ask who follows something (usersByFollow), because that answer lists other readers.
// Nobody changes another reader's follows, admins included: a follow is the reader's own choice.

export interface Requester {
  userId: string;
  isAdmin: boolean;
}

export type FollowsAction = 'read' | 'write' | 'list-followers';

export type FollowsAccess = { ok: true; userId: string } | { ok: false; reason: 'anonymous' | 'refused'; requesterUserId: string | null };

/** Whether `requester` may do `action` on the follows of `userId` (their own when not given). */
export function followsAccess(requester: Requester | null, action: FollowsAction, userId?: string | null): FollowsAccess {
  if (!requester) return { ok: false, reason: 'anonymous', requesterUserId: null };
  const subject = userId ?? requester.userId;
  const allowed =
    action === 'list-followers' ? requester.isAdmin : subject === requester.userId || (action === 'read' && requester.isAdmin);
  return allowed ? { ok: true, userId: subject } : { ok: false, reason: 'refused', requesterUserId: requester.userId };
}
