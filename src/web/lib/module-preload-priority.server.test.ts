import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { modulePreloadsAtLowPriority } from './module-preload-priority.server.ts';

const page =
  '<head><link rel="modulepreload" href="/assets/entry.js"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/story.js"/></head><body><p>Café — “Ekholm”</p><p>a < b</p></body>';
const lowered = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchPriority="low"');

/** The page streamed through the transform in chunks cut at `cuts` (byte offsets). */
async function streamed(cuts: number[]): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));
  return text(Readable.from(chunks).pipe(modulePreloadsAtLowPriority()));
}

describe('modulePreloadsAtLowPriority', () => {
  it('lowers every module preload and leaves the rest of the page as it was', async () => {
    expect(await streamed([])).toBe(lowered);
  });

  it('finds a tag cut anywhere by a chunk, and a character cut between its bytes', async () => {
    const bytes = Buffer.from(page).length;
    for (let cut = 1; cut < bytes; cut++) expect(await streamed([cut])).toBe(lowered);
    expect(await streamed(Array.from({ length: bytes - 1 }, (_, i) => i + 1))).toBe(lowered);
  });
});
