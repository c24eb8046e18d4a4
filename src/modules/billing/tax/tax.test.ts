import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { taxAmount, taxFor, validateVatNumber } from './index.ts';
import { EU_VAT_RATES, INDIA_GST_RATE, UK_VAT_RATE } from './rates.ts';

describe('validateVatNumber (jsvat-next check digits)', () => {
  it.each([
    ['DE136695976', 'DE', 'DE136695976'],
    ['136695976', 'DE', 'DE136695976'],
    ['de 136.695.976', 'DE', 'DE136695976'],
    ['FR40303265045', 'FR', 'FR40303265045'],
    ['NL004495445B01', 'NL', 'NL004495445B01'],
    ['ATU13585627', 'AT', 'ATU13585627'],
    ['IE6388047V', 'IE', 'IE6388047V'],
    ['EL094259216', 'GR', 'EL094259216'],
    ['094259216', 'gr', 'EL094259216'],
  ])('accepts %s for %s', (number, country, normalised) => {
    expect(validateVatNumber(number, country)).toEqual({ isValid: true, countryCode: country.toUpperCase(), vatNumber: normalised });
  });

  it.each([
    ['DE136695977', 'DE', 'a wrong check digit'],
    ['DE13669597', 'DE', 'too short'],
    ['FR40303265045', 'DE', 'another country’s number'],
    ['GR094259216', 'GR', 'the ISO code where Greece uses EL'],
    ['GB980780684', 'GB', 'a UK number (not an EU member)'],
    ['CHE123456789', 'CH', 'a country outside the EU'],
    ['', 'DE', 'nothing'],
    ['DE136695976', 'XX', 'an unknown country'],
  ])('refuses %s for %s (%s)', (number, country) => {
    expect(validateVatNumber(number, country).isValid).toBe(false);
  });
});

describe('taxFor', () => {
  it('charges VAT at the rate of each EU member state', () => {
    for (const [country, rate] of Object.entries(EU_VAT_RATES))
      expect(taxFor({ countryCode: country })).toEqual({ rate, region: country, type: 'VAT' });
  });
  it('charges UK VAT, India GST, and nothing in the US', () => {
    expect(taxFor({ countryCode: 'GB' })).toEqual({ rate: UK_VAT_RATE, region: 'GB', type: 'VAT' });
    expect(taxFor({ countryCode: 'IN' })).toEqual({ rate: INDIA_GST_RATE, region: 'IN', type: 'GST' });
    expect(taxFor({ countryCode: 'US' })).toEqual({ rate: 0, region: 'US', type: 'none' });
  });
  it('reverse-charges a valid business VAT number of another member state', () => {
    expect(taxFor({ countryCode: 'AT', vatNumber: 'ATU13585627' })).toEqual({ rate: 0, region: 'AT', type: 'reverse_charge' });
    expect(taxFor({ countryCode: 'AT', vatNumber: 'ATU13585628' }).type).toBe('VAT');
    expect(taxFor({ countryCode: 'IE', vatNumber: 'IE6388047V' }).type).toBe('VAT');
  });
  it('treats an unusable country as unknown', () => {
    for (const countryCode of [null, undefined, '', 'Germany', '1A'])
      expect(taxFor({ countryCode })).toEqual({ rate: 0, region: '', type: 'none' });
  });
});

describe('taxAmount', () => {
  it.each([
    [25000, 0.2, 5000],
    [2900, 0.255, 740], // 739.5 → 740
    [900, 0.255, 230], // 229.5 → 230
    [1, 0.2, 0],
    [3, 0.17, 1], // 0.51 → 1
    [1999, 0.19, 380], // 379.81 → 380
    [0, 0.27, 0],
    [12345, 0, 0],
  ])('%i at %d → %i', (amount, rate, expected) => expect(taxAmount(amount, rate)).toBe(expected));
});

describe('the rate table', () => {
  // rates.ts reads sales-tax's data; these hold it to what the package says and to known rates.
  it('matches the standard rates in sales-tax’s res/sales_tax_rates.json', () => {
    const file = createRequire(import.meta.url).resolve('sales-tax/res/sales_tax_rates.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { type: string; rate: number }>;
    const regions = JSON.parse(readFileSync(file.replace('sales_tax_rates.json', 'region_countries.json'), 'utf8')) as { EU: string[] };
    expect([...regions.EU].sort()).toEqual(Object.keys(EU_VAT_RATES).sort());
    for (const [country, rate] of Object.entries(EU_VAT_RATES))
      expect({ country, rate: data[country]!.rate, type: data[country]!.type }).toEqual({ country, rate, type: 'vat' });
    expect(data.GB).toMatchObject({ type: 'vat', rate: UK_VAT_RATE });
    expect(data.IN).toMatchObject({ type: 'gst', rate: INDIA_GST_RATE });
  });

  it('has the 27 member states and the rates known when decision 038 was written', () => {
    expect(Object.keys(EU_VAT_RATES)).toHaveLength(27);
    expect(EU_VAT_RATES).toMatchObject({ DE: 0.19, FR: 0.2, IE: 0.23, FI: 0.255, RO: 0.21, EE: 0.24, SK: 0.23, LU: 0.17, HU: 0.27 });
    expect(Object.isFrozen(EU_VAT_RATES)).toBe(true);
    expect([UK_VAT_RATE, INDIA_GST_RATE]).toEqual([0.2, 0.18]);
  });
});
