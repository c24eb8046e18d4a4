import { describe, expect, it } from 'vitest';
import { createTotpSecret, totpCode, totpQrDataUrl, totpUri, verifyTotp } from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890". The RFC lists
// 8-digit codes; a 6-digit code is the same truncated value mod 10^6, i.e. its last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: Array<[seconds: number, eightDigits: string]> = [
  [59, '94287082'],
  [1_111_111_109, '07081804'],
  [1_111_111_111, '14050471'],
  [1_234_567_890, '89005924'],
  [2_000_000_000, '69279037'],
  [20_000_000_000, '65353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);

describe('createTotpSecret', () => {
  it('makes a fresh 160-bit Base32 secret each time', () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
  });
});

describe('totpUri / totpQrDataUrl', () => {
  it('builds an otpauth URI authenticator apps accept', () => {
    const uri = totpUri({ secret: RFC_SECRET, accountName: 'jane.doe@example.com', issuer: 'Atelier' });
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe('/Atelier:jane.doe@example.com');
    expect(parsed.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(parsed.searchParams.get('issuer')).toBe('Atelier');
  });

  it('renders it as a PNG data URL', async () => {
    const url = await totpQrDataUrl(totpUri({ secret: RFC_SECRET, accountName: 'jane.doe@example.com', issuer: 'Atelier' }));
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256); // IHDR width
  });
});

describe('verifyTotp', () => {
  it.each(RFC_VECTORS)('matches the RFC 6238 SHA-1 vector at T=%i', async (seconds, eightDigits) => {
    const code = eightDigits.slice(-6);
    expect(await totpCode({ secret: RFC_SECRET, now: at(seconds) })).toBe(code);
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(seconds) })).toBe(Math.floor(seconds / 30));
  });

  it('accepts one step either side by default, not two', async () => {
    const code = await totpCode({ secret: RFC_SECRET, now: at(1_000_000_020) }); // step 33,333,334
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(1_000_000_020) })).toBe(33_333_334);
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(1_000_000_050) })).toBe(33_333_334); // next step
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(1_000_000_000) })).toBe(33_333_334); // previous step
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(1_000_000_080) })).toBeNull();
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(999_999_960) })).toBeNull();
  });

  it('honours a custom window', async () => {
    const code = await totpCode({ secret: RFC_SECRET, now: at(1_000_000_020) });
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(1_000_000_050), window: 0 })).toBeNull();
    expect(await verifyTotp({ secret: RFC_SECRET, code, now: at(1_000_000_080), window: 2 })).toBe(33_333_334);
    await expect(verifyTotp({ secret: RFC_SECRET, code, window: -1 })).rejects.toThrow(RangeError);
    await expect(verifyTotp({ secret: RFC_SECRET, code, window: 1.5 })).rejects.toThrow(RangeError);
  });

  it('refuses a replay of the last used step or an earlier one', async () => {
    const now = at(1_000_000_020);
    const code = await totpCode({ secret: RFC_SECRET, now });
    const step = await verifyTotp({ secret: RFC_SECRET, code, now });
    expect(step).toBe(33_333_334);
    expect(await verifyTotp({ secret: RFC_SECRET, code, now, lastUsedStep: step })).toBeNull();
    expect(await verifyTotp({ secret: RFC_SECRET, code, now, lastUsedStep: 33_333_335 })).toBeNull();
    expect(await verifyTotp({ secret: RFC_SECRET, code, now, lastUsedStep: 33_333_333 })).toBe(33_333_334);
    const next = await totpCode({ secret: RFC_SECRET, now: at(1_000_000_050) });
    expect(await verifyTotp({ secret: RFC_SECRET, code: next, now: at(1_000_000_050), lastUsedStep: step })).toBe(33_333_335);
  });

  it('treats malformed input as a wrong code and forgives spaces', async () => {
    const now = at(59);
    for (const code of ['', '28708', '2870820', '28708a', '94287082']) {
      expect(await verifyTotp({ secret: RFC_SECRET, code, now })).toBeNull();
    }
    expect(await verifyTotp({ secret: RFC_SECRET, code: ' 287 082 ', now })).toBe(1);
    expect(await verifyTotp({ secret: RFC_SECRET, code: '287083', now })).toBeNull();
  });

  it('works with a freshly created secret at the real clock', async () => {
    const secret = createTotpSecret();
    const before = Math.floor(Date.now() / 30_000);
    const step = await verifyTotp({ secret, code: await totpCode({ secret }) });
    // The clock may cross a step boundary during the test.
    expect(step).toBeGreaterThanOrEqual(before);
    expect(step).toBeLessThanOrEqual(Math.floor(Date.now() / 30_000));
  });
});
