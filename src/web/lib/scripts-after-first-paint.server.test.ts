import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from './scripts-after-first-paint.server.ts';

// As React writes it: the nonce first, a module script (the consent banner's) that must stay as it is.
const page =
  '<head><link rel="modulepreload" href="/assets/entry.js"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/story.js"/><script type="module" src="/static/consent.js"></script></head>' +
  '<body><p>Café — “Ekholm”</p><p>a < b</p><script nonce="n0nce" type="module" async="">;\nimport * as route0 from "/assets/story.js";\n</script>' +
  '<script nonce="n0nce">window.__data = 1;</script></body>';

/** The page streamed through the transform in chunks cut at `cuts` (byte offsets). */
async function streamed(cuts: number[], nonce = 'n0nce'): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint(nonce)));
}

describe('scriptsAfterFirstPaint', () => {
  it('takes the module preloads out, makes the router script inert and puts the starter with their addresses before it', async () => {
    const out = await streamed([]);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<script type="module" src="/static/consent.js"></script>');
    const starter =
      /<script nonce="n0nce">(requestAnimationFrame\(.*?)<\/script><script nonce="n0nce" type="text\/x-after-first-paint" async="">/.exec(
        out,
      );
    expect(starter?.[1]).toContain('["/assets/entry.js","/assets/story.js"]');
    expect(out).toContain(
      ';\nimport * as route0 from "/assets/story.js";\n</script><script nonce="n0nce">window.__data = 1;</script></body>',
    );
    // Everything else as it was.
    expect(out.replace(/<script nonce="n0nce">requestAnimationFrame.*?<\/script>/, '').replace('text/x-after-first-paint', 'module')).toBe(
      page.replace(/<link rel="modulepreload"[^>]*>/g, ''),
    );
  });

  it('runs the router script after the first frame, with the module preloads back in the body', async () => {
    const code = /<script nonce="n0nce">(requestAnimationFrame\(.*?)<\/script>/.exec(await streamed([]))![1]!;
    const appended: { rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
    let replacedWith: unknown;
    const inert = {
      nonce: 'n0nce',
      textContent: 'import * as route0 from "/assets/story.js";',
      replaceWith: (s: unknown) => (replacedWith = s),
    };
    const document = {
      createElement: () => ({}),
      body: { append: (element: (typeof appended)[number]) => appended.push(element) },
      querySelector: (selector: string) => (selector === 'script[type="text/x-after-first-paint"]' ? inert : null),
    };
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    new Function('requestAnimationFrame', 'setTimeout', 'document', code)(
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
      document,
    );
    expect(replacedWith).toBeUndefined(); // nothing before the frame
    frames.forEach((frame) => frame());
    timers.forEach((timer) => timer());
    expect(appended).toEqual([
      { rel: 'modulepreload', href: '/assets/entry.js' },
      { rel: 'modulepreload', href: '/assets/story.js' },
    ]);
    expect(replacedWith).toEqual({ type: 'module', nonce: 'n0nce', textContent: inert.textContent });
  });

  it('writes no nonce attribute when the page has none', async () => {
    expect(await streamed([], '')).toMatch(/<script>requestAnimationFrame/);
  });

  it('finds a tag cut anywhere by a chunk, and a character cut between its bytes', async () => {
    const whole = await streamed([]);
    const bytes = Buffer.from(page).length;
    for (let cut = 1; cut < bytes; cut++) expect(await streamed([cut])).toBe(whole);
    expect(await streamed(Array.from({ length: bytes - 1 }, (_, i) => i + 1))).toBe(whole);
  });
});
