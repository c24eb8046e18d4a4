// The Brain of Fashion (issue 20 part 2, decision 052): a reader accepts the notice, asks a question,
// reads the answer as it streams in with its numbered citations, and follows one to the story it
// comes from; the notice is not asked again, and a question in the address is answered at once.
// Axe on each state, screenshots at desktop and phone widths.
import { expect, expectAccessible, presetConsent, screenshots, test } from './fixtures.ts';

test('a reader asks a question, reads the cited answer and follows a citation', async ({ page, context, baseURL }) => {
  // The cookie banner answered, so the screenshots show the answer rather than the banner over it.
  await presetConsent(context, baseURL!);
  await page.goto('/the-brain-of-fashion/');
  await expect(page.getByRole('heading', { level: 1, name: 'The Brain of Fashion' })).toBeVisible();
  await expectAccessible(page);

  const form = page.getByRole('form', { name: 'Ask The Brain of Fashion' });
  await form.getByLabel('Your question').fill('Why are retailers rethinking free returns?');
  await form.getByLabel(/I understand that answers are put together automatically/).check();
  await form.getByRole('button', { name: 'Ask' }).click();

  const answer = page.getByRole('region', { name: 'Why are retailers rethinking free returns?' });
  await expect(answer.locator('.brain__text')).toContainText('Free returns were once a competitive weapon.');
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(answer.getByRole('heading', { name: 'Sources' })).toBeVisible();
  // The address holds the question, so a reload (or a reader without JavaScript) gets the same answer.
  await expect(page).toHaveURL(/\/the-brain-of-fashion\/\?q=Why%20are%20retailers%20rethinking%20free%20returns%3F&consent=yes$/);
  await expectAccessible(page);
  await screenshots(page, 'brain-of-fashion-answer');

  // The story's own standfirst answers it, cited with the story's number (a glossary entry may come first).
  const citation = answer.locator('.brain__text').getByRole('link', { name: /^Source \d+: Why Retailers Are Rethinking Free Returns$/ });
  const href = await citation.getAttribute('href');
  expect(href).toMatch(/^\/articles\/[a-z0-9-]+\/$/);
  await citation.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Accepted once: a question in the address is answered at once, and the notice is not shown again.
  await page.goto(`/the-brain-of-fashion/?q=${encodeURIComponent('What is quiet luxury?')}`);
  const second = page.getByRole('region', { name: 'What is quiet luxury?' });
  await expect(second.locator('.brain__text')).toContainText('Quiet luxury is expensive clothing without visible logos');
  await expect(page.getByLabel(/I understand that answers are put together automatically/)).toHaveCount(0);
  await expect(second.getByRole('heading', { name: 'Glossary' })).toBeVisible();
  await expectAccessible(page);
});
