// The double opt-in email: names the newsletters chosen, links to the confirmation page (which
// confirms with a button), and the reminder says it is the only one.
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../templates.ts';

const context = { productName: 'Atelier', siteUrl: 'https://atelier.example', email: 'reader@example.com' };
const link = 'https://atelier.example/user/newsletters/confirm/?signup=0b7c&token=abc';

describe('newsletter confirmation email', () => {
  it('names the newsletters and links to the confirmation page, escaped', async () => {
    const email = await renderEmail('newsletter_confirmation', {
      ...context,
      newsletters: ['The Daily Digest', 'The <b>Week</b> Ahead'],
      link,
    });
    expect(email.subject).toBe('Confirm your newsletter sign-up · Atelier');
    expect(email.text).toContain('You asked to receive The Daily Digest and The <b>Week</b> Ahead.');
    expect(email.text).toContain(`Confirm your sign-up: ${link}`);
    expect(email.html).toContain('The &lt;b&gt;Week&lt;/b&gt; Ahead');
    expect(email.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(email.text).toContain('nothing is sent to you unless you confirm');
  });

  it('the reminder says so, and that it is the only one', async () => {
    const email = await renderEmail('newsletter_confirmation', { ...context, newsletters: ['The Daily Digest'], link, reminder: true });
    expect(email.subject).toBe('Reminder: confirm your newsletter sign-up · Atelier');
    expect(email.text).toContain('this is the only reminder we send');
  });
});
