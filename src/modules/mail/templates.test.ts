// Every template renders an HTML and a text part carrying the code or link; every value is escaped.
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';
import { CODE_AND_LINK_TEMPLATES, type CodeOrLinkTemplate } from './templates/code-and-link.tsx';
import { EMAIL_TEMPLATES, renderEmail, type EmailData } from './templates.ts';

const context = { productName: 'Atelier', siteUrl: 'https://atelier.example', email: 'jane@example.com', expiresInMinutes: 15 };
const LINK = 'https://atelier.example/identity/self-service/verification?flow=f1&token=t1';

/** The templates that carry a code or a link (the other families have their own tests below; the cancellation's is in billing/cancellation.int.test.ts). */
type SecretTemplate = CodeOrLinkTemplate;
const SECRET_TEMPLATES = EMAIL_TEMPLATES.filter((template): template is SecretTemplate =>
  (CODE_AND_LINK_TEMPLATES as readonly string[]).includes(template),
);

function dataFor(template: SecretTemplate): EmailData[SecretTemplate] {
  return template.endsWith('_link') ? { ...context, link: LINK } : { ...context, code: '482913' };
}

describe('renderEmail', () => {
  it.each(SECRET_TEMPLATES)('%s renders a subject, an HTML part and a text part with the secret', async (template) => {
    const email = await renderEmail(template, dataFor(template));
    expect(email.subject).toContain('Atelier');
    expect(email.html).toMatch(/^<!DOCTYPE html\b/);
    expect(email.html).toContain('<h1 class="headline"');
    expect(email.html).toContain('role="presentation"');
    expect(email.html).toContain('#8c1c13');
    expect(email.html).toContain('jane@example.com');
    expect(email.text).toContain('jane@example.com');
    expect(email.text).toContain('expires in 15 minutes');
    expect(email.text).not.toMatch(/<[a-z]/i);
    if (template.endsWith('_link')) {
      expect(email.html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
      expect(email.text).toContain(LINK);
    } else {
      expect(email.html).toMatch(/<p class="code"[^>]*>482913<\/p>/);
      expect(email.text).toContain('    482913\n');
    }
  });

  it.each(SECRET_TEMPLATES)('%s keeps the secret out of the subject and the preview line', async (template) => {
    const email = await renderEmail(template, dataFor(template));
    expect(email.subject).not.toContain('482913');
    expect(email.subject).not.toContain('token=');
    const preview = /data-skip-in-text="true">([^<]*)/.exec(email.html)?.[1] ?? '';
    expect(preview.length).toBeGreaterThan(10);
    expect(preview).not.toContain('482913');
  });

  it('says a link opens a page that asks to confirm (mail scanners prefetch links)', async () => {
    for (const template of ['verification_link', 'recovery_link'] as const) {
      const email = await renderEmail(template, { ...context, link: LINK });
      expect(email.html).toContain('opens a page on atelier.example that asks you to confirm');
      expect(email.text).toContain('confirm on the page it opens');
    }
  });

  it('renders a receipt: the rows, what happens next and a link, every value escaped', async () => {
    const email = await renderEmail('receipt', {
      productName: 'Atelier',
      siteUrl: 'https://atelier.example',
      email: 'jane@example.com',
      planTitle: 'Standard',
      lines: [
        { label: 'Total', value: '£300.00' },
        { label: 'Card', value: 'Visa ending <4242>' },
      ],
      note: 'Your free trial ends on 1 March 2026.',
      link: 'https://atelier.example/articles/a/',
    });
    expect(email.subject).toBe('Your Atelier membership receipt');
    expect(email.html).toContain('Visa ending &lt;4242&gt;');
    expect(email.html).toContain('href="https://atelier.example/articles/a/"');
    expect(email.text).toContain('Total: £300.00');
    expect(email.text).toContain('Your free trial ends on 1 March 2026.');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('writes durations in words', async () => {
    expect((await renderEmail('login_code', { ...context, code: '1', expiresInMinutes: 1 })).text).toContain('expires in 1 minute and');
    expect((await renderEmail('recovery_link', { ...context, link: LINK, expiresInMinutes: 60 })).text).toContain('expires in 1 hour and');
    expect((await renderEmail('recovery_link', { ...context, link: LINK, expiresInMinutes: 1440 })).text).toContain(
      'expires in 24 hours and',
    );
  });

  it('escapes every interpolated value in the HTML', async () => {
    const hostile = '<script>alert("x")</script>';
    const email = await renderEmail('login_code', {
      ...context,
      productName: `Atelier ${hostile} & 'Co'`,
      email: `"><img src=x onerror=alert(1)>@example.com`,
      code: '<b>1</b>',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<b>1</b>');
    expect(email.html).toContain('Atelier &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Co&#x27;');
    expect(email.html).toContain('&lt;b&gt;1&lt;/b&gt;');
    // The text part is not HTML: values appear as written.
    expect(email.text).toContain(`Atelier ${hostile} & 'Co'`);
    const link = await renderEmail('verification_link', { ...context, link: 'https://atelier.example/v?a="><script>&b=1' });
    expect(link.html).not.toContain('"><script>');
    expect(link.html).toContain('href="https://atelier.example/v?a=&quot;&gt;&lt;script&gt;&amp;b=1"');
  });

  it('keeps a header value on one line', async () => {
    const email = await renderEmail('login_code', { ...context, productName: 'Atelier\r\nBcc: evil@example.com', code: '1' });
    expect(email.subject).toBe('Your Atelier Bcc: evil@example.com sign-in code');
  });

  it('refuses links that are not http(s) and missing values', async () => {
    await expect(renderEmail('recovery_link', { ...context, link: 'javascript:alert(1)' })).rejects.toThrow();
    await expect(renderEmail('login_code', { ...context, code: '' })).rejects.toThrow();
    await expect(renderEmail('login_code', { ...context, code: '1', expiresInMinutes: 0 })).rejects.toThrow();
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', async () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
