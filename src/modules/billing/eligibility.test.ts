import { describe, expect, it } from 'vitest';
import { membershipEligibility } from './eligibility.ts';

describe('membershipEligibility', () => {
  it('lets a reader without a membership buy and trial, not upgrade', () => {
    expect(membershipEligibility({ membershipLevel: 'None', membershipType: 'None' })).toEqual({
      isEligibleForPurchase: true,
      isEligibleForTrialPurchase: true,
      isEligibleForUpgrade: false,
    });
  });
  it('offers a Standard individual member an upgrade, not a second purchase', () => {
    expect(membershipEligibility({ membershipLevel: 'Standard', membershipType: 'Individual' })).toEqual({
      isEligibleForPurchase: false,
      isEligibleForTrialPurchase: false,
      isEligibleForUpgrade: true,
    });
  });
  it('has nothing to upgrade for a Premium member', () => {
    expect(membershipEligibility({ membershipLevel: 'Premium', membershipType: 'Individual' }).isEligibleForUpgrade).toBe(false);
  });
  it('leaves group seats to the organisation', () => {
    expect(membershipEligibility({ membershipLevel: 'Standard', membershipType: 'Group' }).isEligibleForUpgrade).toBe(false);
  });
});

describe('membershipEligibility with trial history', () => {
  it('closes the trial, not the purchase, once a trial was used', () => {
    expect(membershipEligibility({ membershipLevel: 'None', membershipType: 'None', hasUsedTrial: true })).toEqual({
      isEligibleForPurchase: true,
      isEligibleForTrialPurchase: false,
      isEligibleForUpgrade: false,
    });
  });
});
