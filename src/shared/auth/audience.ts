// What a shared page may know about its reader (issue 15): not who they are, only which kind of
// reader. A page's HTML is a function of its content and this (plus, on a story, the access
// decision), so every reader of one kind gets the same cached bytes; the rest (email, follow state,
// recommendations) is filled in by the browser from the readable bof_session claims or one call.
import type { SessionUser } from './session-user.ts';

export const AUDIENCES = ['anonymous', 'registered', 'member'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The §3 session user's kind: a member has a membership level other than None. */
export function audienceOf(user: Pick<SessionUser, 'isLoggedIn' | 'isMember'> | null): Audience {
  if (!user?.isLoggedIn) return 'anonymous';
  return user.isMember ? 'member' : 'registered';
}
