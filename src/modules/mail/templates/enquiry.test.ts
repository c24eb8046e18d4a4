// The enquiry emails: the inbox's copy carries every field and the address to reply to, escaped;
// the acknowledgement repeats nothing the sender typed.
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../templates.ts';

const context = { productName: 'Atelier', siteUrl: 'https://atelier.example', email: 'enquiries@atelier.example' };

describe('enquiry emails', () => {
  it('the inbox copy lists the fields, keeps the message’s lines and says whom to reply to', async () => {
    const email = await renderEmail('enquiry_received', {
      ...context,
      kindLabel: 'Press and media',
      replyTo: 'jo@paper.example',
      lines: [
        { label: 'Name', value: 'Jo <b>Reporter</b>' },
        { label: 'Publication', value: 'The Paper' },
      ],
      message: 'First line\nSecond line',
      link: 'https://atelier.example/admin/enquiries/',
    });
    expect(email.subject).toBe('New enquiry: Press and media from jo@paper.example');
    expect(email.html).toContain('Jo &lt;b&gt;Reporter&lt;/b&gt;');
    expect(email.html).not.toContain('<b>Reporter');
    expect(email.html).toContain('href="mailto:jo@paper.example"');
    expect(email.html).toContain('white-space:pre-wrap');
    expect(email.text).toContain('Name: Jo <b>Reporter</b>\nPublication: The Paper\n');
    expect(email.text).toContain('Message:\nFirst line\nSecond line\n');
    expect(email.text).toContain('Reply to: jo@paper.example');
    expect(email.text).toContain('All enquiries: https://atelier.example/admin/enquiries/');
  });

  it('the acknowledgement says when we reply and repeats nothing the sender typed', async () => {
    const email = await renderEmail('enquiry_acknowledgement', {
      ...context,
      email: 'jo@paper.example',
      kindLabel: 'Press and media',
      link: 'https://atelier.example/',
    });
    expect(email.subject).toBe('We have your enquiry · Atelier');
    expect(email.text).toContain('We reply within two working days.');
    expect(email.html).toContain('Thank you for getting in touch');
    expect(email.text).toContain('While you wait: https://atelier.example/');
  });

  it('refuses a link that is not http(s) and a missing kind', async () => {
    await expect(
      renderEmail('enquiry_acknowledgement', { ...context, kindLabel: 'Press and media', link: 'javascript:alert(1)' }),
    ).rejects.toThrow();
    await expect(
      renderEmail('enquiry_received', {
        ...context,
        kindLabel: '',
        replyTo: 'a@b.example',
        lines: [{ label: 'Name', value: 'A' }],
        link: 'https://a.example/',
      }),
    ).rejects.toThrow();
  });
});
