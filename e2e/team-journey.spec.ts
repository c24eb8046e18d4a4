// Issue 17's journeys from end to end in Chromium, each page checked with axe: a buyer's team from
// the purchase to a removal (the removed reader meets the wall again on their very next page,
// decision 046), and joining by a proven email domain without anyone adding you.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { confirmOnScreen } from './confirm-address.ts';
import {
  createAccount,
  emailedCode,
  emailedLink,
  expect,
  expectAccessible,
  newEmail,
  premiumStory,
  presetConsent,
  registerOnScreen,
  signInOnScreen,
  test,
} from './fixtures.ts';
import { newReader, payForTeam } from './purchase-steps.ts';

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await presetConsent(context, baseURL!);
});

const USERS = '/user/organisations/users/';

/** A new reader buys a team plan of `seats` and is its OWNER; their address. */
async function buyTeam(page: Page, request: APIRequestContext, seats: number, company: string): Promise<string> {
  const owner = await newReader(page, request, '/subscriptions/groups/?currency=GBP', { confirmAddress: true });
  await page.getByRole('spinbutton', { name: 'Seats' }).fill(String(seats));
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team plan for your organisation' })).toBeVisible();
  await payForTeam(page, company);
  return owner;
}

/** A second browser: another person, with the consent banner already answered. */
async function anotherReader(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await presetConsent(context, baseURL);
  return context.newPage();
}

async function expectFullStory(page: Page, story: string) {
  await page.goto(story);
  await page.locator('article.story').waitFor();
  await expect(page.locator('aside.wall')).toHaveCount(0);
}

test('buy 5 seats, invite 3 people, one joins and reads a Premium story, is removed, and meets the wall on the next page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const company = `Maison ${Date.now().toString(36)}`;
  await buyTeam(page, request, 5, company);

  // Invite three people with no account yet.
  const invitees = [newEmail(), newEmail(), newEmail()];
  await page.goto(USERS);
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await page.getByLabel('Email addresses').fill(invitees.join('\n'));
  await page.getByRole('button', { name: 'Add people' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 invitations sent.' })).toBeVisible();
  await expectAccessible(page);
  const invitationLink = await emailedLink(request, invitees[0]!, 'organisation_seat');

  // The first follows the email's link, registers with that address and joins.
  const reader = await anotherReader(browser, baseURL!);
  await reader.goto(new URL(invitationLink).pathname);
  await registerOnScreen(reader, request, { email: invitees[0]!, first: 'Ines', last: 'Vidal' });
  await reader.goto(USERS);
  await expect(reader.getByRole('heading', { name: 'A seat is waiting for you' })).toBeVisible();
  await expectAccessible(reader);
  await reader.getByRole('button', { name: 'Join' }).click();
  await expect(reader.getByRole('status').filter({ hasText: `You have joined ${company}: your seat is ready.` })).toBeVisible();
  const story = await premiumStory(reader);
  await expectFullStory(reader, story);

  // The owner removes them.
  await page.goto(`${USERS}?q=${encodeURIComponent(invitees[0]!)}`);
  await page
    .getByRole('row', { name: new RegExp(invitees[0]!.replace(/[.]/g, '\\.')) })
    .getByRole('link', { name: /^Remove / })
    .click();
  await page.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'They are removed: their seat is free again.' })).toBeVisible();

  // Their very next page, minutes before their token would expire: the pay wall is back.
  await reader.goto(story);
  await expect(reader.locator('aside.wall--pay')).toBeVisible();
  await expectAccessible(reader);
  await reader.context().close();
});

test('anyone who confirms an address at the team’s proven domain joins by themselves', async ({ page, request, browser, baseURL }) => {
  const tag = Date.now().toString(36);
  const company = `Atelier ${tag}`;
  const domain = `atelier-${tag}.example`;
  await buyTeam(page, request, 3, company);

  // The owner proves the domain with a code sent to an address there.
  await page.goto(USERS);
  await page.getByLabel('Your address at the domain').fill(`it@${domain}`);
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We emailed a code to it@${domain}.` })).toBeVisible();
  await page.getByLabel('Code from the email').fill(await emailedCode(request, `it@${domain}`, 'organisation_domain_code'));
  await page.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${domain} is verified` })).toBeVisible();
  await expectAccessible(page);

  // A colleague with an address there signs up and confirms it: nobody adds them, and they read on.
  const colleague = `noor@${domain}`;
  await createAccount(request, { email: colleague });
  const reader = await anotherReader(browser, baseURL!);
  await reader.goto('/user/confirm-email');
  await confirmOnScreen(reader, request, colleague);
  await signInOnScreen(reader, { email: colleague, returnTo: `${baseURL}/user/membership/` });
  await expect(reader.getByText(company).first()).toBeVisible();
  await expectAccessible(reader);
  await expectFullStory(reader, await premiumStory(reader));

  // The owner sees them on the team.
  await page.goto(`${USERS}?q=${encodeURIComponent(colleague)}`);
  await expect(page.getByRole('row', { name: new RegExp(colleague.replace(/[.]/g, '\\.')) })).toHaveCount(1);
  await reader.context().close();
});
