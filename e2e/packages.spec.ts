// The membership packages pages (issue 7): prices in the reader's currency with tax, the currency
// switcher, the beauty package, students, and the FAQ — each checked with axe.
import { expect, expectAccessible, presetConsent, test } from './fixtures.ts';

test.describe('subscription packages', () => {
  test('a GB reader sees pounds with VAT, and can switch to euros', async ({ page, context, baseURL }) => {
    // The consent banner overlays the bottom of the page; decided already, so the screenshot shows the cards.
    await presetConsent(context, baseURL!);
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'GB' });
    await page.goto('/subscriptions/packages/');
    await expect(page.getByRole('heading', { level: 1, name: 'Become a member' })).toBeVisible();
    const currency = page.getByRole('navigation', { name: 'Currency' });
    await expect(currency.getByRole('link', { name: '£ GBP' })).toHaveAttribute('aria-current', 'true');

    const standard = page.getByRole('article', { name: 'Standard' });
    await expect(standard.getByTestId('plan-price')).toHaveText('£300');
    await expect(standard).toContainText('£250 + £50 VAT at 20%');
    await expect(standard.getByRole('link', { name: /Start your 30-day free trial/ })).toHaveAttribute(
      'href',
      '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1',
    );
    await expect(page.getByRole('article', { name: 'Premium' }).getByTestId('plan-price')).toHaveText('£540');
    await expect(page.getByTestId('tax-note')).toHaveText('Prices include VAT at 20% for United Kingdom.');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('packages-gbp.png'), fullPage: true });

    await currency.getByRole('link', { name: '€ EUR' }).click();
    await expect(page).toHaveURL(/\?currency=EUR$/);
    await expect(currency.getByRole('link', { name: '€ EUR' })).toHaveAttribute('aria-current', 'true');
    await expect(standard.getByTestId('plan-price')).toHaveText('€348');
    await expect(standard.getByRole('link', { name: /Start your 30-day free trial/ })).toHaveAttribute(
      'href',
      '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=EUR',
    );
    await expectAccessible(page);
  });

  test('every offer a pay wall makes is on the packages page, in the same words and for the same plan', async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL!);
    await page.goto('/subscriptions/packages/');
    const offers = page.getByRole('region', { name: 'The offers on our stories' });
    // The pay wall's A/B variants (modules/walls/rules.ts): "Start your free trial" → Standard, 30 days;
    // "See the annual offer" → Annual, 14 days.
    for (const [cta, plan, words] of [
      ['Start your free trial', 'individuals_standard_yearly_trial_v1', /Standard\..*Free for 30 days/s],
      ['See the annual offer', 'individual_annual_trial_v1', /Annual\..*Free for 14 days/s],
    ] as const) {
      const offer = offers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cta, exact: true }) });
      await expect(offer).toHaveCount(1);
      await expect(offer).toContainText(words);
      await expect(offer.getByRole('link', { name: cta, exact: true })).toHaveAttribute(
        'href',
        `/subscriptions/individuals/payment/?plan=${plan}`,
      );
    }
    await expectAccessible(page);
  });

  test('the beauty package, on a phone', async ({ page, context, baseURL }) => {
    await presetConsent(context, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'FR' });
    await page.goto('/subscriptions/packages/?packages=beauty');
    await expect(page.getByRole('heading', { level: 1, name: 'The Beauty package' })).toBeVisible();
    const beauty = page.getByRole('article', { name: 'Beauty package' });
    await expect(beauty.getByTestId('plan-price')).toHaveText('€210'); // €175 + 20 % French VAT
    await expect(beauty.getByRole('link', { name: 'Choose Beauty package' })).toHaveAttribute(
      'href',
      '/subscriptions/individuals/payment/?plan=beauty_package_yearly_v1',
    );
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('beauty-phone.png'), fullPage: true });
  });

  test('student memberships', async ({ page, context, baseURL }) => {
    await presetConsent(context, baseURL!);
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'IN' });
    await page.goto('/subscriptions/packages/');
    await page.getByRole('link', { name: 'See student memberships' }).click();
    await expect(page).toHaveURL(/\/subscriptions\/packages\/students\/$/);
    const student = page.getByRole('article', { name: 'Student' });
    await expect(student.getByTestId('plan-price')).toHaveText('₹5,310'); // ₹4,500 + 18 % GST
    await expect(student.getByRole('link', { name: 'Choose Student', exact: true })).toHaveAttribute(
      'href',
      '/subscriptions/students/validation/?plan=students_standard_yearly_v1',
    );
    await expect(student.getByRole('link', { name: 'Choose Student monthly' })).toHaveAttribute(
      'href',
      '/subscriptions/students/validation/?plan=students_standard_monthly_v1',
    );
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('students-inr.png'), fullPage: true });
  });

  test('the FAQ and the executive page', async ({ page }) => {
    await page.goto('/subscriptions/faq/');
    await expect(page.getByRole('heading', { level: 1, name: 'Membership questions' })).toBeVisible();
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Tax' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Do prices include tax?' })).toBeInViewport();
    await expectAccessible(page);
    await page.goto('/subscriptions/executive/');
    // The team enquiry is a form on the page (decision 041), where larger teams are sent from /subscriptions/groups/.
    await expect(page.getByRole('heading', { level: 2, name: 'Ask about a team membership' })).toBeVisible();
    await expect(page.locator('#enquiry form')).toHaveAttribute('method', 'post');
    await expectAccessible(page);
  });
});
