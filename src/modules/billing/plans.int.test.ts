// The catalogue queries over HTTP (subscriptionPlans, validateVAT), anonymous and signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const PLANS = `query Plans($currency: String, $countryCode: String, $packages: String) {
  subscriptionPlans(currency: $currency, countryCode: $countryCode, packages: $packages) {
    __typename
    ... on SubscriptionPlansSuccess {
      plans { code title interval trialDays membershipLevel membershipType features price { currency itemPrice fullPrice taxAmount taxInfo { rate region type } } }
    }
    ... on ZodError { message fieldErrors { path code message } }
  }
}`;

const VALIDATE = `query Validate($vatNumber: String!, $countryCode: String!) { validateVAT(vatNumber: $vatNumber, countryCode: $countryCode) { isValid countryCode vatNumber } }`;

describe('subscriptionPlans', () => {
  it.each(['GET', 'POST'] as const)('lists the individual plans in GBP with UK VAT for a GB buyer (%s)', async (method) => {
    const response = await graphql(app, PLANS, { method, variables: { countryCode: 'GB' } });
    expect(response.status).toBe(200);
    expect(response.errors).toBeUndefined();
    const result = response.data!.subscriptionPlans;
    expect(result.__typename).toBe('SubscriptionPlansSuccess');
    const standard = result.plans.find((plan: { code: string }) => plan.code === 'individuals_standard_yearly_trial_v1');
    expect(standard).toMatchObject({
      title: 'Standard',
      interval: 'year',
      trialDays: 30,
      membershipLevel: 'Standard',
      membershipType: 'Individual',
    });
    expect(standard.price).toEqual({
      currency: 'GBP',
      itemPrice: 25000,
      fullPrice: 30000,
      taxAmount: 5000,
      taxInfo: { rate: 0.2, region: 'GB', type: 'VAT' },
    });
    expect(result.plans.map((plan: { code: string }) => plan.code)).toContain('individuals_premium_yearly_v1');
    for (const plan of result.plans) expect(plan.membershipType).toBe('Individual');
  });

  it('prices in the currency asked for, with the tax of the buyer’s country', async () => {
    const { data } = await graphql(app, PLANS, { variables: { countryCode: 'DE', currency: 'gbp' } });
    const standard = data!.subscriptionPlans.plans.find((plan: { code: string }) => plan.code === 'individuals_standard_yearly_trial_v1');
    expect(standard.price).toEqual({
      currency: 'GBP',
      itemPrice: 25000,
      fullPrice: 29750,
      taxAmount: 4750,
      taxInfo: { rate: 0.19, region: 'DE', type: 'VAT' },
    });
  });

  it('defaults to EUR for an EU buyer, INR with GST in India, USD without tax in the US and with no country', async () => {
    const first = async (variables: Record<string, string>) =>
      (await graphql(app, PLANS, { variables })).data!.subscriptionPlans.plans[0].price;
    expect(await first({ countryCode: 'fr' })).toMatchObject({ currency: 'EUR', taxInfo: { rate: 0.2, region: 'FR', type: 'VAT' } });
    expect(await first({ countryCode: 'IN' })).toMatchObject({ currency: 'INR', taxInfo: { rate: 0.18, region: 'IN', type: 'GST' } });
    expect(await first({ countryCode: 'US' })).toMatchObject({
      currency: 'USD',
      taxAmount: 0,
      taxInfo: { rate: 0, region: 'US', type: 'none' },
    });
    expect(await first({})).toMatchObject({ currency: 'USD', taxAmount: 0, taxInfo: { rate: 0, region: '', type: 'none' } });
  });

  it('lists the student plans and the beauty package', async () => {
    const students = (await graphql(app, PLANS, { variables: { packages: 'students', countryCode: 'GB' } })).data!.subscriptionPlans.plans;
    expect(students.map((plan: { code: string }) => plan.code).sort()).toEqual([
      'students_standard_monthly_v1',
      'students_standard_yearly_v1',
    ]);
    for (const plan of students) expect(plan.membershipType).toBe('Student');
    const beauty = (await graphql(app, PLANS, { variables: { packages: 'beauty', countryCode: 'GB' } })).data!.subscriptionPlans.plans;
    expect(beauty).toHaveLength(1);
    expect(beauty[0]).toMatchObject({
      code: 'beauty_package_yearly_v1',
      membershipLevel: 'TopicBeauty',
      price: { currency: 'GBP', itemPrice: 15000, fullPrice: 18000 },
    });
  });

  it('answers an unknown currency with a ZodError on currency, code INVALID_CURRENCY', async () => {
    const response = await graphql(app, PLANS, { variables: { currency: 'JPY', countryCode: 'GB' } });
    expect(response.status).toBe(200);
    expect(response.errors).toBeUndefined();
    expect(response.data!.subscriptionPlans).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['currency'], code: 'INVALID_CURRENCY' }],
    });
  });

  it('refuses a malformed country code and an unknown package', async () => {
    const response = await graphql(app, PLANS, { variables: { countryCode: 'Germany', packages: 'shoes' } });
    expect(response.data!.subscriptionPlans.__typename).toBe('ZodError');
    expect(response.data!.subscriptionPlans.fieldErrors.map((error: { path: string[] }) => error.path[0]).sort()).toEqual([
      'countryCode',
      'packages',
    ]);
  });

  it('uses the signed-in reader’s country when none is given', async () => {
    const person = await signIn(app);
    const saved = await app.services.accounts.updatePersonalDetails(person.identityId, {
      firstName: 'Ada',
      lastName: 'Okafor',
      country: 'IN',
    });
    expect(saved.ok).toBe(true);
    const { data } = await graphql(app, PLANS, { cookie: person.cookie });
    expect(data!.subscriptionPlans.plans[0].price).toMatchObject({ currency: 'INR', taxInfo: { rate: 0.18, region: 'IN', type: 'GST' } });
  });
});

describe('validateVAT', () => {
  it.each([
    ['DE136695976', 'DE', true, 'DE136695976'],
    ['136 695 976', 'de', true, 'DE136695976'],
    ['EL094259216', 'GR', true, 'EL094259216'],
    ['DE136695977', 'DE', false, 'DE136695977'],
    ['FR40303265045', 'DE', false, 'FR40303265045'],
    ['GB980780684', 'GB', false, 'GB980780684'],
  ])('%s for %s → %s', async (vatNumber, countryCode, isValid, normalised) => {
    const response = await graphql(app, VALIDATE, { variables: { vatNumber, countryCode } });
    expect(response.errors).toBeUndefined();
    expect(response.data!.validateVAT).toEqual({ isValid, countryCode: countryCode.toUpperCase(), vatNumber: normalised });
  });
});
