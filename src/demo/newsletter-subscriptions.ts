// The demo accounts' newsletters (README "Demo accounts"): a few of them subscribed to some, through
// the newsletters service as a reader would be on /user/newsletters/ (consent records included).
// Once: an account that has any newsletter row already is left as it is.
import type { NewslettersService } from '../modules/newsletters/newsletters-service.ts';
import type { People } from '../modules/identity/people.ts';
import { stableUuid } from '../db/stable-id.ts';

const DEMO_SUBSCRIPTIONS: Record<string, { level: string; slugs: string[] }> = {
  'registered@example.com': { level: 'None', slugs: ['the-daily-digest', 'the-week-ahead'] },
  'standard@example.com': {
    level: 'Standard',
    slugs: ['the-daily-digest', 'breaking-news', 'the-professional-edition', 'the-luxury-letter'],
  },
  'premium@example.com': { level: 'Premium', slugs: ['the-daily-digest', 'the-executive-summary', 'your-atelier'] },
  'allaccess@example.com': {
    level: 'AllAccess',
    slugs: ['the-daily-digest', 'the-executive-summary', 'the-beauty-briefing', 'technology-brief'],
  },
};

export async function seedDemoNewsletterSubscriptions({
  newsletters,
  people,
}: {
  newsletters: Pick<NewslettersService, 'subscriptionsOf' | 'updatePreferences'>;
  people: Pick<People, 'findByEmail'>;
}): Promise<string[]> {
  const seeded: string[] = [];
  for (const [email, { level, slugs }] of Object.entries(DEMO_SUBSCRIPTIONS)) {
    const person = await people.findByEmail(email);
    if (!person?.userId) continue;
    const reader = { userId: person.userId, email, emailVerified: true, membershipLevel: level, isBofAdmin: false };
    if ((await newsletters.subscriptionsOf(reader)).some((entry) => entry.status !== 'none')) continue;
    const result = await newsletters.updatePreferences({
      reader,
      subscriptions: slugs.map((slug) => ({ newsletterId: stableUuid('newsletter', slug), status: 'subscribed' })),
      sourcePath: '/user/newsletters/',
      placement: 'preferences',
    });
    if (!result.ok) throw new Error(`demo newsletters of ${email}: ${result.fieldErrors.map((error) => error.message).join('; ')}`);
    seeded.push(email);
  }
  return seeded;
}
