// The sandbox's card form rules: which test card does what, and what a card form refuses.
import { describe, expect, it } from 'vitest';
import { cardTypeOf, checkCard, SANDBOX_TEST_CARDS } from './sandbox-provider.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const card = (number: string, overrides: Partial<{ month: string; year: string; cvv: string }> = {}) =>
  checkCard({ number, month: '12', year: '2030', cvv: '123', ...overrides }, NOW);

describe('sandbox test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'success'],
    ['4000 0000 0000 0002', 'declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 3220', 'three_d_secure'],
    ['4000-0000-0000-0119', 'processing_error'],
  ])('%s behaves as %s and is summarised as type, expiry, first six and last four', (number, behaviour) => {
    const checked = card(number);
    expect(checked).toEqual({
      ok: true,
      behaviour,
      card: {
        cardType: 'Visa',
        expMonth: 12,
        expYear: 2030,
        firstSix: number.replace(/\D/g, '').slice(0, 6),
        lastFour: number.replace(/\D/g, '').slice(-4),
      },
    });
  });

  it('lists exactly the documented cards', () => {
    expect(Object.keys(SANDBOX_TEST_CARDS).sort()).toEqual([
      '4000000000000002',
      '4000000000000119',
      '4000000000000341',
      '4000000000003220',
      '4000000000009995',
      '4242424242424242',
      '5555555555554444',
    ]);
  });

  it('refuses a number that fails the check digit, and a valid number that is not a test card', () => {
    expect(card('4242 4242 4242 4241')).toEqual({ ok: false, errors: [{ field: 'number', message: 'Enter a valid card number.' }] });
    expect(card('5105 1051 0510 5100')).toMatchObject({
      ok: false,
      errors: [{ field: 'number', message: expect.stringContaining('test cards') }],
    });
  });

  it('refuses an expired card, a bad month and a bad security code, field by field', () => {
    expect(card('4242424242424242', { month: '2', year: '26' })).toMatchObject({
      ok: false,
      errors: [{ field: 'year', message: 'This card has expired.' }],
    });
    // A card works to the end of its expiry month.
    expect(card('4242424242424242', { month: '3', year: '26' }).ok).toBe(true);
    expect(card('4242424242424242', { month: '13' })).toMatchObject({ ok: false, errors: [{ field: 'month' }] });
    expect(card('4242424242424242', { cvv: '12' })).toMatchObject({ ok: false, errors: [{ field: 'cvv' }] });
  });

  it('names card types by their prefixes', () => {
    expect(cardTypeOf('4111111111111111')).toBe('Visa');
    expect(cardTypeOf('5555555555554444')).toBe('MasterCard');
    expect(cardTypeOf('378282246310005')).toBe('American Express');
  });
});
