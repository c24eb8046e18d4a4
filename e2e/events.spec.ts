// Events and tickets (issue 21): a member finds an event, buys two tickets with a name on each, gets
// them by email (a QR code each, the event as an .ics file) and finds them on their account page;
// at the door a site admin checks one in, and the same ticket is refused the second time.
import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signInOnScreen, test } from './fixtures.ts';
import { fillCard, PAY_BY_CARD } from './purchase-steps.ts';

const MEMBER = 'premium@example.com';
const EVENT = '/events/crossroads-the-future-of-clienteling/';

test('a member buys two tickets, gets them by email and on their account page; staff check one in once', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await page.goto('/events/');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'events');
  await page.getByRole('link', { name: 'Crossroads: The Future of Clienteling' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crossroads: The Future of Clienteling' })).toBeVisible();
  await expect(page.getByText('(Paris time)')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'event');

  await signInOnScreen(page, { email: MEMBER, password: DEMO_PASSWORD, returnTo: EVENT });
  await expect(page.getByRole('heading', { name: 'Tickets', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Buy tickets for Summit pass' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
  await expect(page.getByRole('button', PAY_BY_CARD)).toBeEnabled();
  await page.getByRole('spinbutton', { name: 'How many' }).fill('2');
  await page.getByRole('spinbutton', { name: 'How many' }).blur();
  await expect(page.getByLabel('Name on ticket 2')).toBeVisible();
  await expect(page.getByText(/2 × Summit pass \(member price\)/)).toBeVisible();
  await page.getByLabel('Name on ticket 2').fill('Marta Rossi');
  await expectAccessible(page);
  await screenshots(page, 'checkout');
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', PAY_BY_CARD).click();

  await expect(page.getByRole('heading', { level: 1, name: 'You are going to Crossroads: The Future of Clienteling' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('2 tickets (Summit pass)');
  const qrCodes = page.getByRole('img', { name: /^QR code for ticket [A-Z2-9]{10}$/ });
  await expect(qrCodes).toHaveCount(2);
  await expect(page.getByText('Marta Rossi')).toBeVisible();
  await expectAccessible(page);
  const codes = (await qrCodes.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')!))).map((label) => label.slice(-10));

  // The email: a QR code per ticket (inline images) and the calendar file.
  await expect
    .poll(async () => (await (await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(MEMBER)}`)).json()).template)
    .toBe('event_tickets');
  const mail = await (await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(MEMBER)}`)).json();
  expect(mail.subject).toBe('Your tickets for Crossroads: The Future of Clienteling');
  const attachments = mail.attachments as { filename: string; contentType: string; content: string; cid?: string }[];
  expect(attachments.filter((a) => a.contentType === 'image/png').map((a) => a.cid)).toEqual(
    codes.map((c) => `qr-${c.toLowerCase()}@tickets`),
  );
  const ics = Buffer.from(attachments.find((a) => a.filename.endsWith('.ics'))!.content, 'base64').toString();
  expect(ics).toContain('SUMMARY:Crossroads: The Future of Clienteling');

  // The account page, from the account menu.
  await page.goto('/');
  await page.locator('.account-menu__toggle').click();
  await page.getByRole('link', { name: 'Your tickets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  for (const code of codes) await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to your calendar (.ics)' }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'your-tickets');

  // The door: a site admin checks the first ticket in; the same code again is refused.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await signInOnScreen(staff, {
    email: 'admin@example.com',
    password: DEMO_PASSWORD,
    returnTo: '/admin/events/crossroads-the-future-of-clienteling/check-in/',
  });
  await expect(staff.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expectAccessible(staff);
  await staff.getByLabel('Ticket code').fill(codes[0]!);
  await staff.getByRole('button', { name: 'Check in' }).click();
  await expect(staff.getByRole('status')).toHaveText(/Welcome, .+: checked in\./);
  await staff.getByLabel('Ticket code').fill(codes[0]!);
  await staff.getByRole('button', { name: 'Check in' }).click();
  await expect(staff.getByRole('status')).toContainText(`Refused: ticket ${codes[0]} `);
  await expect(staff.getByRole('status')).toContainText('was already checked in at');
  await expectAccessible(staff);
  await screenshots(staff, 'check-in');
  await staffContext.close();
});
