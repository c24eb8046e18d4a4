// Who a newsletter is for, decided here only (like walls/access.ts): the preference centre lists
// what a reader may have, and subscribing to anything else is refused. The rule (decision 045):
//  - executive newsletters (isExecutive): Premium and All Access members, the plans senior leaders
//    and their teams hold (organisation seats are Premium);
//  - professional newsletters (isProfessional): members of any level (the professional membership);
//  - the PERSONALISED group: anyone signed in, since it is made from what they follow and read;
//  - everything else, topic newsletters included: everyone, anonymous readers too (a topic
//    newsletter is offered on its topic's pages).
// A reader keeps seeing a newsletter they are subscribed to even when it is no longer for them, so
// they can always unsubscribe. Site admins may have every newsletter.
import { isMember, isSignedIn, isSiteAdmin, type Principal } from '../session/permissions.ts';
import type { NewsletterGroup } from './newsletter-input.ts';

export type NewsletterAudience = 'everyone' | 'signed-in' | 'members' | 'premium';

export interface AudienceFacts {
  newsletterGroup: NewsletterGroup;
  isExecutive: boolean;
  isProfessional: boolean;
}

const PREMIUM_LEVELS = new Set(['Premium', 'AllAccess']);

export function audienceOf(newsletter: AudienceFacts): NewsletterAudience {
  if (newsletter.isExecutive) return 'premium';
  if (newsletter.isProfessional) return 'members';
  if (newsletter.newsletterGroup === 'PERSONALISED') return 'signed-in';
  return 'everyone';
}

/** May this reader (null: anonymous) receive the newsletter? */
export function mayReceive(newsletter: AudienceFacts, reader: Principal | null): boolean {
  const audience = audienceOf(newsletter);
  if (audience === 'everyone') return true;
  if (!isSignedIn(reader)) return false;
  if (isSiteAdmin(reader)) return true;
  switch (audience) {
    case 'signed-in':
      return true;
    case 'members':
      return isMember(reader);
    case 'premium':
      return isMember(reader) && PREMIUM_LEVELS.has(reader.membershipLevel.trim());
  }
}

/** What the preference centre says a newsletter the reader may not have is for. */
export const AUDIENCE_LABELS: Record<NewsletterAudience, string> = {
  everyone: 'For everyone',
  'signed-in': 'For readers with an account',
  members: 'For members',
  premium: 'For Premium and All Access members',
};
