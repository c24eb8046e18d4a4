// The newsletters step of /user/one-more-step/?flow=newsletters: the newsletters marked
// isVisibleOnOMS that are for this reader, the ones marked isPreselectedOnOMS ticked (or, for a
// reader who has chosen before, what they chose), and what the form's ticks change.
import type { AppLoadContext } from 'react-router';
import type { OmsNewsletter } from '../../components/oms-newsletters.tsx';
import { newsletterReader } from '../newsletter-offer.server.ts';

export async function omsNewsletters(context: AppLoadContext): Promise<OmsNewsletter[]> {
  const reader = newsletterReader(context.user);
  if (!reader) return [];
  const subscriptions = (await context.services.newsletters.subscriptionsOf(reader)).filter(
    (s) => s.available && s.newsletter.isVisibleOnOMS,
  );
  const chosenBefore = subscriptions.some((s) => s.status !== 'none');
  return subscriptions.map(({ newsletter: n, status }) => ({
    id: n.newsletterId,
    title: n.title,
    description: n.description,
    frequency: n.frequency,
    checked: chosenBefore ? status === 'subscribed' : n.isPreselectedOnOMS,
  }));
}

/**
 * Ticked: signed up (at once for a confirmed address, else the confirmation email). Unticked and
 * subscribed: unsubscribed. Returns an error message, or null when saved.
 */
export async function saveOmsNewsletters(context: AppLoadContext, form: FormData, path: string): Promise<string | null> {
  const reader = newsletterReader(context.user);
  if (!reader) return null;
  const { newsletters } = context.services;
  const offered = await omsNewsletters(context);
  const ticked = new Set(form.getAll('newsletterIds').map(String));
  const current = new Map((await newsletters.subscriptionsOf(reader)).map((s) => [s.newsletter.newsletterId, s.status]));
  const subscribe = offered.filter((n) => ticked.has(n.id) && current.get(n.id) !== 'subscribed').map((n) => n.id);
  const unsubscribe = offered.filter((n) => !ticked.has(n.id) && current.get(n.id) === 'subscribed').map((n) => n.id);
  if (subscribe.length > 0) {
    const result = await newsletters.subscribeEmail({
      email: reader.email,
      newsletterIds: subscribe,
      sourcePath: path,
      placement: 'one-more-step',
      reader,
      clientAddress: context.clientAddress,
    });
    if (!result.ok)
      return result.reason === 'rate_limited' ? result.message : (result.fieldErrors[0]?.message ?? 'Your newsletters were not saved.');
  }
  if (unsubscribe.length > 0) {
    const result = await newsletters.updatePreferences({
      reader,
      subscriptions: unsubscribe.map((newsletterId) => ({ newsletterId, status: 'unsubscribed' })),
      sourcePath: path,
      placement: 'one-more-step',
    });
    if (!result.ok) return result.fieldErrors[0]?.message ?? 'Your newsletters were not saved.';
  }
  return null;
}
