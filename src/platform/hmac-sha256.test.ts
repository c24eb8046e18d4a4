import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from './hmac-sha256.ts';

const hex = (base64url: string) => Buffer.from(base64url, 'base64url').toString('hex');

describe('hmacSha256', () => {
  // RFC 4231 §4: test cases 1 (20-byte key), 2 (short key) and 6 (a key longer than a block).
  it('gives the RFC 4231 test vectors', () => {
    expect(hex(hmacSha256(Buffer.alloc(20, 0x0b))('Hi There'))).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
    expect(hex(hmacSha256(Buffer.from('Jefe'))('what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(hex(hmacSha256(Buffer.alloc(131, 0xaa))('Test Using Larger Than Block-Size Key - Hash Key First'))).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });

  it("answers what node:crypto's createHmac answers, for keys of every length around a block and any text", () => {
    for (const length of [0, 1, 32, 63, 64, 65, 200]) {
      const key = randomBytes(length);
      for (const message of ['', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0', 'żółć 🧵 \u0000', 'x'.repeat(1000)]) {
        expect(hmacSha256(key)(message)).toBe(createHmac('sha256', key).update(message).digest('base64url'));
      }
    }
  });
});
