// What a page's newsletter sign-up module offers (components/newsletter-signup.tsx): the topic's own
// newsletter first, then the default ones for everyone. The same for every reader, so a shared page
// may hold it (decision 034).
import type { AppLoadContext } from 'react-router';
import type { OfferedNewsletter } from '../components/newsletter-signup.tsx';

export async function newsletterOffer(context: AppLoadContext, topicSlug?: string | null): Promise<OfferedNewsletter[]> {
  const offered = await context.services.newsletters.offered({ topicSlug });
  return offered.map((n) => ({ id: n.newsletterId, title: n.title }));
}
