import { describe, expect, it } from 'vitest';
import { createCookieReader } from './cookies.ts';

describe('createCookieReader', () => {
  it('finds a cookie by exact name in a document.cookie string, decoding it', () => {
    let header = 'other=1; bof_session=a.b.c; xbof_session=wrong; blaize_jwt=d%2Ee.f';
    const cookies = createCookieReader(() => header);
    expect(cookies.get('bof_session')).toBe('a.b.c');
    expect(cookies.get('blaize_jwt')).toBe('d.e.f');
    expect(cookies.get('missing')).toBeUndefined();
    header = 'bof_session=new';
    expect(cookies.get('bof_session')).toBe('new');
  });
});
