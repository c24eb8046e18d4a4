// The upgrade's arithmetic (upgrades.ts upgradeQuote) and who may move where (upgradeTargets).
import { describe, expect, it } from 'vitest';
import { planByCode, type Plan } from './catalogue.ts';
import { upgradeQuote, upgradeTargets } from './upgrades.ts';

const plan = (code: string) => planByCode(code) as Plan;
const GB_VAT = { rate: 0.2, region: 'GB', type: 'VAT' };
const NO_TAX = { rate: 0, region: 'US', type: 'none' };
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('upgradeQuote', () => {
  const premiumYearly = plan('individuals_premium_yearly_v1');
  const cases = [
    // what was paid, period, moment → credit, due today
    {
      name: 'at the start of a paid month: all of it back',
      paid: 2500,
      from: '2026-11-01',
      to: '2026-12-01',
      at: '2026-11-01',
      taxInfo: GB_VAT,
      proRata: 2500,
      taxAmount: 8500,
      dueToday: 51000,
    },
    {
      name: 'half way through the month: half back',
      paid: 2500,
      from: '2026-11-01',
      to: '2026-12-01',
      at: '2026-11-16',
      taxInfo: GB_VAT,
      proRata: 1250,
      taxAmount: 8750,
      dueToday: 52500,
    },
    {
      name: 'on the last moment: nothing back',
      paid: 2500,
      from: '2026-11-01',
      to: '2026-12-01',
      at: '2026-12-01',
      taxInfo: GB_VAT,
      proRata: 0,
      taxAmount: 9000,
      dueToday: 54000,
    },
    {
      name: 'after the period ended (dunning): nothing back, never negative',
      paid: 2500,
      from: '2026-11-01',
      to: '2026-12-01',
      at: '2026-12-05',
      taxInfo: GB_VAT,
      proRata: 0,
      taxAmount: 9000,
      dueToday: 54000,
    },
    {
      name: 'during a trial (paid 0): nothing back',
      paid: 0,
      from: '2026-11-01',
      to: '2026-12-01',
      at: '2026-11-10',
      taxInfo: GB_VAT,
      proRata: 0,
      taxAmount: 9000,
      dueToday: 54000,
    },
    {
      name: 'without tax',
      paid: 2500,
      from: '2026-11-01',
      to: '2026-12-01',
      at: '2026-11-16',
      taxInfo: NO_TAX,
      proRata: 1250,
      taxAmount: 0,
      dueToday: 43750,
    },
    {
      name: 'a credit larger than the new fee is capped at it',
      paid: 90000,
      from: '2026-11-01',
      to: '2027-11-01',
      at: '2026-11-01',
      taxInfo: GB_VAT,
      proRata: 45000,
      taxAmount: 0,
      dueToday: 0,
    },
  ];
  it.each(cases)('$name', ({ paid, from, to, at, taxInfo, proRata, taxAmount, dueToday }) => {
    const quote = upgradeQuote({
      plan: premiumYearly,
      currency: 'GBP',
      taxInfo,
      paidForPeriod: paid,
      periodStartedAt: day(from),
      periodEndsAt: day(to),
      at: day(at),
    });
    expect(quote).toMatchObject({ currency: 'GBP', planFee: 45000, planFeePerMonth: 3750, proRata, taxAmount, dueToday });
    expect(quote.dueToday).toBe(quote.planFee - quote.proRata + quote.taxAmount);
  });

  it('states the renewal price in full, yearly and per month, in each currency', () => {
    const at = day('2026-11-01');
    const base = { taxInfo: GB_VAT, paidForPeriod: 0, periodStartedAt: at, periodEndsAt: day('2026-12-01'), at };
    expect(upgradeQuote({ ...base, plan: premiumYearly, currency: 'GBP' })).toMatchObject({ total: 54000, totalPerMonth: 4500 });
    expect(
      upgradeQuote({ ...base, plan: premiumYearly, currency: 'INR', taxInfo: { rate: 0.18, region: 'IN', type: 'GST' } }),
    ).toMatchObject({ planFee: 2700000, total: 3186000, totalPerMonth: 265500 });
    expect(
      upgradeQuote({
        ...base,
        plan: plan('individuals_premium_monthly_v1'),
        currency: 'EUR',
        taxInfo: { rate: 0.2, region: 'FR', type: 'VAT' },
      }),
    ).toMatchObject({ planFee: 5200, planFeePerMonth: 5200, total: 6240, totalPerMonth: 6240 });
  });
});

describe('upgradeTargets', () => {
  const codes = (from: string) => upgradeTargets(plan(from)).map((target) => target.code);
  it('offers the plans that open more, never student plans', () => {
    expect(codes('individuals_standard_monthly_v1')).toEqual(['individuals_premium_yearly_v1', 'individuals_premium_monthly_v1']);
    expect(codes('beauty_package_yearly_v1')).toEqual([
      'individuals_standard_monthly_v1',
      'individuals_standard_yearly_trial_v1',
      'individuals_premium_yearly_v1',
      'individuals_premium_monthly_v1',
    ]);
    expect(codes('students_standard_yearly_v1')).toEqual(['individuals_premium_yearly_v1', 'individuals_premium_monthly_v1']);
  });
  it('offers nothing above Premium', () => {
    expect(codes('individuals_premium_yearly_v1')).toEqual([]);
  });
});
