// The newsletter pages' shared server halves: what a page's sign-up module offers
// (components/newsletter-signup.tsx) — the topic's own newsletter first, then the default ones for
// everyone, the same for every reader, so a shared page may hold it (decision 034) — and the
// signed-in reader as the newsletters service needs them.
import type { AppLoadContext } from 'react-router';
import type { Reader } from '../../modules/newsletters/newsletters-service.ts';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import type { OfferedNewsletter } from '../components/newsletter-signup.tsx';

/** The page's session user as a newsletter reader (their level, admin, and confirmed address); null when signed out. */
export function newsletterReader(user: SessionUser | null): Reader | null {
  return user
    ? {
        userId: user.id,
        email: user.email,
        emailVerified: user.isEmailVerified,
        membershipLevel: user.membershipLevel,
        isBofAdmin: user.isBofAdmin,
      }
    : null;
}

export async function newsletterOffer(context: AppLoadContext, topicSlug?: string | null): Promise<OfferedNewsletter[]> {
  const offered = await context.services.newsletters.offered({ topicSlug });
  return offered.map((n) => ({ id: n.newsletterId, title: n.title }));
}
