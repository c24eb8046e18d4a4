// Buying a team plan (issue 17): the groups page prices a team as it is typed, a large team is
// sent to the enquiry, checkout takes the seats, the company and the card, reprices for an EU
// business's VAT number, and the buyer ends as the team's OWNER with a Premium seat.
import { expect, expectAccessible, expectFitsScreen, test } from './fixtures.ts';
import { newReader, PAY_BY_CARD, payForTeam } from './purchase-steps.ts';

test('the groups page prices a team as it is typed and sends a large team to the enquiry', async ({ page }) => {
  await page.goto('/subscriptions/groups/?currency=GBP');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership for your whole team' })).toBeVisible();
  await expectAccessible(page);
  await expectFitsScreen(page);
  const seats = page.getByRole('spinbutton', { name: 'Seats' });
  await seats.fill('12');
  await expect(page.getByText('12 seats × £345 a seat')).toBeVisible();
  await expect(page.getByText('£4,140', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'One seat more' }).click();
  await expect(seats).toHaveValue('13');
  await seats.fill('80');
  await expect(page.getByRole('link', { name: 'Ask for a quote' }).first()).toHaveAttribute('href', '/subscriptions/executive/#enquiry');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
});

test('a reader buys 5 seats for their company and becomes its owner with a Premium seat', async ({ page, request }) => {
  await newReader(page, request, '/subscriptions/groups/?currency=GBP', { confirmAddress: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Membership for your whole team' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Seats' }).fill('5');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Team plan for your organisation' })).toBeVisible();
  await expect(page.getByText('5 seats × £390.00')).toBeVisible();
  await expectAccessible(page);
  await expectFitsScreen(page);

  // An EU business with a VAT number: the price is reverse-charged, and back to the UK with VAT.
  // The check runs in the browser when the field is left: wait for the page to hydrate (the pay
  // button is enabled then), or a busy machine types before the handler exists.
  await expect(page.getByRole('button', PAY_BY_CARD)).toBeEnabled();
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await page.getByLabel('VAT number').fill('DE136695976');
  await page.getByLabel('VAT number').blur();
  await expect(page.getByText('VAT reverse charged')).toBeVisible();
  await page.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await expect(page.getByText('20 % VAT')).toBeVisible();
  await page.getByLabel('Currency').selectOption('GBP');
  await expect(page.getByRole('button', PAY_BY_CARD)).toHaveText('Pay £2,340.00');

  await payForTeam(page, 'Maison Verte');
  await expect(page.getByRole('status')).toContainText('5 Premium seats');
  await expectAccessible(page);
  await expect(page.getByRole('link', { name: 'Add your colleagues' })).toHaveAttribute('href', '/user/organisations/users/');
});

test('a choice made while the last one is still being priced keeps both', async ({ page, request }) => {
  await newReader(page, request, '/subscriptions/groups/?currency=GBP', { confirmAddress: true });
  await page.getByRole('spinbutton', { name: 'Seats' }).fill('5');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('button', PAY_BY_CARD)).toBeEnabled();
  // The new country's price takes a while (a slow connection): the VAT number is left before it comes.
  let held = 0;
  await page.route(/\.data(\?|$)/, async (route) => {
    if (held++ === 0) await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await page.getByLabel('VAT number').fill('DE136695976');
  await page.getByLabel('VAT number').blur();
  await expect(page.getByText('VAT reverse charged')).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('DE');
  await expect(page.getByLabel('VAT number')).toHaveValue('DE136695976');
});
