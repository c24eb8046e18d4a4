// A newsletter issue's email (decision 048): every value escaped, an open story's lead-in and a
// walled story's wall words (never paragraphs), the unsubscribe and preferences links in both parts,
// the reader's placeholder left for the sender to fill, light and dark, and a test marked as one.
import { describe, expect, it } from 'vitest';
import { RECIPIENT_PLACEHOLDER, renderNewsletterIssue } from '../templates.ts';

const base = {
  productName: 'Atelier',
  siteUrl: 'https://atelier.example',
  newsletterTitle: 'The Daily Digest',
  subject: 'Wednesday: <prices> & margins',
  intro: 'Two stories today.',
  unsubscribeUrl: `https://atelier.example/user/newsletters/unsubscribe/?t=${RECIPIENT_PLACEHOLDER}`,
  preferencesUrl: 'https://atelier.example/user/newsletters/',
  stories: [
    {
      headline: 'Open <story>',
      standfirst: 'What it is about.',
      kicker: 'Luxury',
      url: `https://atelier.example/newsletters/r/?t=${RECIPIENT_PLACEHOLDER}&s=open-story`,
      paragraphs: ['First paragraph.', 'Second paragraph.'],
      wall: null,
    },
    {
      headline: 'Members’ story',
      standfirst: 'Its standfirst.',
      kicker: 'Retail',
      url: `https://atelier.example/newsletters/r/?t=${RECIPIENT_PLACEHOLDER}&s=members-story`,
      paragraphs: [],
      wall: 'Membership gives you every story.',
    },
  ],
};

describe('newsletter issue email', () => {
  it('prints each story as the reader may see it, escaped, with the links in both parts', async () => {
    const email = await renderNewsletterIssue(base);
    expect(email.subject).toBe('Wednesday: <prices> & margins');
    expect(email.html).toContain('Wednesday: &lt;prices&gt; &amp; margins');
    expect(email.html).toContain('Open &lt;story&gt;');
    expect(email.text).toContain('First paragraph.\n\nSecond paragraph.');
    expect(email.text).toContain('Its standfirst.\n\nMembership gives you every story.\nRead: ');
    expect(email.html).toContain('Read on the site');
    expect(email.html).toContain('Continue reading');
    expect(email.text).toContain(`Unsubscribe: ${base.unsubscribeUrl}`);
    expect(email.text).toContain('Your newsletters: https://atelier.example/user/newsletters/');
    expect(email.html.split(RECIPIENT_PLACEHOLDER).length - 1).toBe(5);
    expect(email.html).toContain('<meta name="color-scheme" content="light dark"');
    expect(email.html).toContain('prefers-color-scheme: dark');
    expect(email.html).not.toContain('Test send');
  });

  it('marks a test send in the subject and above the masthead', async () => {
    const email = await renderNewsletterIssue({ ...base, test: true });
    expect(email.subject).toBe('[Test] Wednesday: <prices> & margins');
    expect(email.html).toContain('Test send: only you received this');
    expect(email.text).toContain('TEST SEND: only you received this.');
  });

  it('refuses a story link that is not http(s)', async () => {
    await expect(renderNewsletterIssue({ ...base, stories: [{ ...base.stories[0]!, url: 'javascript:alert(1)' }] })).rejects.toThrow();
  });
});
