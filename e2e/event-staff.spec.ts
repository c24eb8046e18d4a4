// Events, staff's side (issue 21, decision 051): a site admin adds a ticket type with the editor
// (its errors beside the fields first), a member buys both its seats, a reader joins the waiting
// list, staff refund one ticket of the order on its refund page; the reader gets the email, follows
// it to the event page and finds the ticket on sale; the refunded ticket is refused at the door.
import { createAccount, DEMO_PASSWORD, expect, expectAccessible, screenshots, signInOnScreen, test } from './fixtures.ts';
import { fillCard, PAY_BY_CARD } from './purchase-steps.ts';

const EVENT = '/events/crossroads-the-future-of-clienteling/';
const STAFF = '/admin/events/crossroads-the-future-of-clienteling';
const BUYER = 'allaccess@example.com';

test('staff add a ticket type, refund one ticket of a sold-out order, and the waiting reader is told', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const ticketName = `Press seat ${suffix}`;
  const guest = `Pia Press ${suffix}`;

  // The editor: nothing filled in is refused beside the field; then a two-seat type is added.
  await signInOnScreen(page, { email: 'admin@example.com', password: DEMO_PASSWORD, returnTo: `${STAFF}/ticket-types/new/` });
  await expect(page.getByRole('heading', { level: 1, name: 'Add a ticket type' })).toBeVisible();
  await page.getByRole('button', { name: 'Add the ticket type' }).click();
  await expect(page.locator('#name-error')).toHaveText('Give the ticket a name (up to 100 characters)');
  await expect(page.locator('#price_EUR-error')).toHaveText('Give a price in at least one currency');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.getByLabel('Name').fill(ticketName);
  await page.getByLabel('Description').fill('A seat in the press row.');
  await page.getByLabel(/^Price in EUR/).fill('80');
  await page.getByLabel(/^Member price in EUR/).fill('95');
  await page.getByLabel('Capacity').fill('2');
  await page.getByRole('button', { name: 'Add the ticket type' }).click();
  await expect(page.locator('#member_EUR-error')).toHaveText('A member price cannot be more than the price');
  await expectAccessible(page);
  await screenshots(page, 'ticket-type-editor');
  await page.getByLabel(/^Member price in EUR/).fill('70');
  await page.getByRole('button', { name: 'Add the ticket type' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket types' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`${ticketName} is saved.`);
  await expect(page.getByRole('row', { name: new RegExp(ticketName) })).toContainText('0 of 2');
  await expectAccessible(page);
  await screenshots(page, 'ticket-types');

  // A member buys both seats, one in a guest's name.
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await signInOnScreen(buyer, { email: BUYER, password: DEMO_PASSWORD, returnTo: EVENT });
  await buyer.getByRole('link', { name: `Buy tickets for ${ticketName}` }).click();
  await buyer.getByRole('spinbutton', { name: 'How many' }).fill('2');
  await buyer.getByRole('spinbutton', { name: 'How many' }).blur();
  await buyer.getByLabel('Name on ticket 2').fill(guest);
  await fillCard(buyer, '4242424242424242');
  await buyer.getByRole('button', PAY_BY_CARD).click();
  await expect(buyer.getByRole('status')).toContainText(`2 tickets (${ticketName})`);
  await buyerContext.close();

  // A reader finds it sold out and joins the waiting list.
  const readerEmail = await createAccount(request);
  const readerContext = await browser.newContext({ baseURL });
  const reader = await readerContext.newPage();
  await signInOnScreen(reader, { email: readerEmail, returnTo: EVENT });
  await reader.getByRole('button', { name: `Join the waiting list for ${ticketName}` }).click();
  await expect(reader.getByRole('status').filter({ hasText: 'waiting list' })).toContainText(
    `You are on the waiting list for ${ticketName}.`,
  );
  await expectAccessible(reader);

  // Staff see who waits, open the order and refund the guest's ticket only.
  await page.goto(`${STAFF}/attendees/`);
  await expect(page.getByText(`1 reader for ${ticketName}`)).toBeVisible();
  await page.getByRole('link', { name: `(order of ${guest})` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  const guestCode = (await page.getByText(guest).locator('.staff-table__code').textContent())!.trim();
  await page.getByRole('checkbox', { name: new RegExp(guest) }).check();
  await expectAccessible(page);
  await screenshots(page, 'partial-refund');
  await page.getByRole('button', { name: 'Refund the ticked tickets' }).click();
  await expect(page.getByRole('status')).toContainText('1 ticket refunded: €');
  await expect(page.getByText('Partly refunded (1 of 2 tickets)')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(1);
  await expectAccessible(page);

  // The reader's email links to the event page, where the seat is on sale again.
  await expect
    .poll(async () => (await (await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(readerEmail)}`)).json()).template)
    .toBe('event_seats_back');
  const mail = await (await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(readerEmail)}`)).json();
  expect(mail.subject).toBe('Tickets are back for Crossroads: The Future of Clienteling');
  const link = /Buy them on the event page: (\S+)/.exec(mail.text as string)![1]!;
  expect(new URL(link).pathname).toBe(EVENT);
  await reader.goto(new URL(link).pathname);
  await expect(reader.getByRole('link', { name: `Buy tickets for ${ticketName}` })).toBeVisible();
  await readerContext.close();

  // The door refuses the refunded ticket.
  await page.goto(`${STAFF}/check-in/`);
  await page.getByLabel('Ticket code').fill(guestCode);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('status')).toHaveText(`Refused: ticket ${guestCode} was refunded.`);
});
