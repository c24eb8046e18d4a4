// The student journey's pages over HTTP, as plain form posts (no JavaScript): the validation page
// (signed-out → sign in and back; step 1 address and year, errors next to the fields; step 2 the
// code and "Send a new code"; verified → payment with the same plan), the student payment page
// (unverified → validation; buys through purchaseStudentSubscription and ends on the confirmation)
// and the confirmation page.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signIn } from '../../test/graphql.ts';
import { latestCode } from '../../test/identity-client.ts';
import { graduationYearMessage } from './academic-input.ts';
import { userAcademicData } from './schema.ts';
import { ACADEMIC_EMAIL_MESSAGES } from './students-service.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;
const SITE = 'https://atelier.test';
const VALIDATION = '/subscriptions/students/validation/';
const PAYMENT = '/subscriptions/students/payment/';
const CONFIRMATION = '/subscriptions/students/confirmation/';
const MONTHLY = 'students_standard_monthly_v1';
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, person?: Person) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(person ? { cookie: person.cookie } : {}) } });
const post = (url: string, person: Person, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: person.cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The HTML's text with tags removed and React's text separators gone, for reading sentences. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
/** The error shown next to a field (form-fields.tsx: <p id="{name}-error">). */
const fieldError = (html: string, name: string) => new RegExp(`<p id="${name}-error"[^>]*>([^<]*)</p>`).exec(text(html))?.[1];
/** A code certain to be wrong: the emailed one with its last digit changed. */
const wrong = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

let counter = 0;
const oxford = () => `student.${Date.now().toString(36)}${counter++}@ox.ac.uk`;

describe('the validation page', () => {
  it('sends a signed-out reader to sign in, coming back to the same plan', async () => {
    const response = await get(`${VALIDATION}?plan=${MONTHLY}`);
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string, SITE);
    expect(location.pathname).toBe('/user/login/');
    expect(location.searchParams.get('return_to')).toBe(`${SITE}${VALIDATION}?plan=${MONTHLY}`);
  });

  it('answers 404 for a plan that is not a student plan', async () => {
    expect((await get(`${VALIDATION}?plan=individuals_premium_yearly_v1`, await signIn(app))).statusCode).toBe(404);
  });

  it('walks a student through address, code and on to payment with plain form posts', async () => {
    const person = await signIn(app);
    const page = `${VALIDATION}?plan=${MONTHLY}&currency=EUR`;
    const first = text((await get(page, person)).body);
    expect(first).toContain('Confirm you are a student');
    expect(first).toContain('Student monthly');
    expect(first).toMatch(/<label for="email" class="field__label">Academic email address/);
    expect(first).toMatch(/<label for="graduationYear" class="field__label">Graduation year/);

    // A personal address, then a year out of range: each message next to its field, what was typed kept.
    const refused = await post(page, person, { intent: 'send', email: 'ada@gmail.com', graduationYear: String(year + 1) });
    expect(refused.statusCode).toBe(400);
    expect(fieldError(refused.body, 'email')).toBe(
      'gmail.com is a personal email provider. Use the address your university or college gave you, such as name@ox.ac.uk or name@mit.edu.',
    );
    const invalidYear = await post(page, person, { intent: 'send', email: 'ada@ox.ac.uk', graduationYear: String(year + 20) });
    expect(fieldError(invalidYear.body, 'graduationYear')).toBe(graduationYearMessage());
    expect(invalidYear.body).toMatch(/<input[^>]*name="email"[^>]*value="ada@ox.ac.uk"/);

    // An academic address: the code goes out and the page moves to step 2.
    const email = oxford();
    const sent = await post(page, person, { intent: 'send', email, graduationYear: String(year + 1) });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(page);
    const second = text((await get(page, person)).body);
    expect(second).toContain('Check your email');
    expect(second).toContain(`Enter the 6-digit code we sent to <strong>${email}</strong>.`);
    expect(second).toMatch(/<label for="code" class="field__label">Confirmation code/);
    expect(second).toContain('Send a new code');

    // A new code within the minute is refused in words; a wrong code is the field's error.
    const again = await post(page, person, { intent: 'resend' });
    expect(again.statusCode).toBe(429);
    expect(text(again.body)).toMatch(
      /We sent you a code less than a minute ago\. Check your inbox and spam folder, or ask for a new code in \d+ seconds?\./,
    );
    const code = await latestCode(app.db, email);
    const wrongCode = await post(page, person, { intent: 'confirm', code: wrong(code) });
    expect(fieldError(wrongCode.body, 'code')).toBe(ACADEMIC_EMAIL_MESSAGES.wrongCode(4));

    const confirmed = await post(page, person, { intent: 'confirm', code });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`${PAYMENT}?plan=${MONTHLY}&currency=EUR`);
    // Verified already: the validation page goes straight on to payment.
    expect((await get(page, person)).headers.location).toBe(`${PAYMENT}?plan=${MONTHLY}&currency=EUR`);
  });

  it('offers a new code when the old one no longer works, and another address on request', async () => {
    const person = await signIn(app);
    const email = oxford();
    await app.services.students.validateAcademicEmail({ identityId: person.identityId, email, graduationYear: year + 2 });
    const code = await latestCode(app.db, email);
    for (let i = 0; i < 5; i++) await app.services.students.confirmAcademicEmail({ identityId: person.identityId, code: wrong(code) });
    const html = text((await get(`${VALIDATION}?plan=${MONTHLY}`, person)).body);
    expect(html).toContain('This code no longer works. Send yourself a new code.');
    expect(html).not.toContain('name="code"');
    // "Use a different address": step 1 again, with what was entered.
    const change = text((await get(`${VALIDATION}?plan=${MONTHLY}&step=email`, person)).body);
    expect(change).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${email.replace(/\./g, '\\.')}"`));
    expect(change).toMatch(new RegExp(`<input[^>]*name="graduationYear"[^>]*value="${year + 2}"`));
    // Asking for a new code now (the minute has passed) sends one and says so.
    await app.db
      .update(userAcademicData)
      .set({ codeSentAt: new Date(Date.now() - 61_000) })
      .where(eq(userAcademicData.identityId, person.identityId));
    const resent = await post(`${VALIDATION}?plan=${MONTHLY}`, person, { intent: 'resend' });
    expect(resent.headers.location).toBe(`${VALIDATION}?plan=${MONTHLY}&sent=again`);
    expect(text((await get(resent.headers.location as string, person)).body)).toContain(
      `We have sent a new code to ${email}. Only the newest code works.`,
    );
    expect(
      await app.services.students.confirmAcademicEmail({ identityId: person.identityId, code: await latestCode(app.db, email) }),
    ).toMatchObject({ kind: 'verified' });
  });
});

describe('the student payment page and the confirmation', () => {
  it('sends an unverified reader to the validation page with the plan', async () => {
    const person = await signIn(app);
    const response = await get(`${PAYMENT}?plan=${MONTHLY}`, person);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${VALIDATION}?plan=${MONTHLY}`);
    expect((await get(`${PAYMENT}?plan=individuals_premium_yearly_v1`, person)).statusCode).toBe(404);
    // Signed out: create an account first, the plan kept (decision 036: a buyer is new).
    expect((await get(`${PAYMENT}?plan=${MONTHLY}`)).headers.location).toMatch(/^\/user\/register\/\?return_to=/);
  });

  it('sells a verified student the plan and confirms it: plan, price, renewal, address', async () => {
    const person = await signIn(app, { first: 'Stella' });
    const email = oxford();
    await app.services.students.validateAcademicEmail({ identityId: person.identityId, email, graduationYear: year + 3 });
    await app.services.students.confirmAcademicEmail({ identityId: person.identityId, code: await latestCode(app.db, email) });
    expect((await get(CONFIRMATION, person)).headers.location).toBe('/subscriptions/packages/students/');

    const page = text((await get(`${PAYMENT}?plan=${MONTHLY}&country=GB`, person)).body);
    expect(page).toContain('Join Student monthly');
    expect(page).toContain(`Verified student: <strong>${email}</strong>, graduating in ${year + 3}.`);

    const token = await app.inject({
      method: 'POST',
      url: '/_sandbox/billing/tokens',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ number: '4242424242424242', month: '12', year: '2040', cvv: '123' }),
    });
    const bought = await post(`${PAYMENT}?plan=${MONTHLY}`, person, {
      plan: MONTHLY,
      currency: 'GBP',
      firstName: 'Stella',
      lastName: 'Kim',
      countryCode: 'GB',
      cardToken: (JSON.parse(token.body) as { id: string }).id,
      idempotencyKey: `student-${person.identityId}`,
    });
    expect(bought.statusCode).toBe(302);
    expect(bought.headers.location).toBe(CONFIRMATION);
    expect(await app.services.memberships.currentMembership(person.identityId)).toMatchObject({
      type: 'Student',
      level: 'Standard',
      planCode: MONTHLY,
    });

    const confirmation = text((await get(CONFIRMATION, person)).body);
    expect(confirmation).toContain('Your student membership has started');
    expect(confirmation).toContain('Welcome, Stella.');
    expect(confirmation).toContain('Student monthly, billed monthly');
    expect(confirmation).toMatch(/£\d+\.\d{2} a month/);
    expect(confirmation).toMatch(/Renews on<\/dt><dd><time dateTime="[^"]+">\d{1,2} \w+ \d{4}<\/time>/);
    expect(confirmation).toContain(email);
    expect(confirmation).toContain('href="/user/membership/"');
  });

  it('sends a signed-out reader from the confirmation to sign in', async () => {
    const response = await get(CONFIRMATION);
    expect(response.statusCode).toBe(302);
    expect(new URL(response.headers.location as string, SITE).searchParams.get('return_to')).toBe(`${SITE}${CONFIRMATION}`);
  });
});
