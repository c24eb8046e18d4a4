// The embedded provider and the words it reads by (decision 052): the answer is the passages' own
// best sentences, each cited, the same every time; nothing found says so; the stream format reads back.
import { describe, expect, it } from 'vitest';
import { citations, glossaryFor } from './answers-service.ts';
import { encodeEvent, readEventStream } from './event-stream.ts';
import { createExtractiveProvider } from './extractive-provider.ts';
import { GLOSSARY } from './glossary.ts';
import { NOTHING_FOUND, type ProviderPassage } from './provider.ts';
import { sentences, stem, terms } from './words.ts';

const PASSAGES: ProviderPassage[] = [
  {
    n: 1,
    title: 'Ekholm rethinks its sourcing',
    text: 'Ekholm is moving production to Portugal and Morocco. The brand reported revenue of €440 million. Shares rose.',
  },
  {
    n: 2,
    title: 'Near-shoring gains ground',
    text: 'Several brands are moving production closer to Europe. Ekholm is moving production to Portugal and Morocco. Lead times fell by a third.',
  },
  { n: 3, title: 'A story about beauty', text: 'Skincare sales grew in China.' },
];

async function answer(question: string, passages = PASSAGES): Promise<string> {
  let text = '';
  for await (const piece of createExtractiveProvider().answer({ question, passages })) text += piece;
  return text;
}

describe('the extractive answer', () => {
  it('is the best sentences as written, each followed by its source, a repeated sentence once', async () => {
    const text = await answer('Where is Ekholm moving production?');
    expect(text.startsWith('Ekholm is moving production to Portugal and Morocco. [1]')).toBe(true);
    expect(text.match(/Ekholm is moving production to Portugal/g)).toHaveLength(1);
    expect(citations(text, 3)).not.toContain(3);
    for (const [, sentence] of text.matchAll(/\s*(.+?) \[\d+\]/g)) expect(PASSAGES.some((p) => p.text.includes(sentence!))).toBe(true);
  });

  it('is the same every time', async () => {
    expect(await answer('How did lead times change?')).toBe(await answer('How did lead times change?'));
  });

  it('says nothing was found when no sentence holds a word of the question', async () => {
    expect(await answer('Who won the regatta?')).toBe(NOTHING_FOUND);
  });
});

describe('words', () => {
  it('meets plural and singular, drops stop words, cuts sentences and lines', () => {
    expect(stem('brands')).toBe(stem('brand'));
    expect(terms('What did the stores say?')).toEqual([stem('stores')]);
    expect(sentences('One. Two “quoted.” Three\nA heading')).toEqual(['One.', 'Two “quoted.”', 'Three', 'A heading']);
  });
});

describe('citations and the glossary', () => {
  it('reads [1], [2][3] and [1, 2] once each, ignoring numbers no source has', () => {
    expect(citations('A [2]. B [1, 2][3]. C [9].', 3)).toEqual([2, 1, 3]);
  });

  it('finds a glossary term a question names, in any of its spellings', () => {
    expect(glossaryFor('What does DTC mean?').map((t) => t.slug)).toEqual(['direct-to-consumer']);
    expect(glossaryFor('what is a capsule collection').map((t) => t.slug)).toContain('capsule-collection');
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(40);
    expect(new Set(GLOSSARY.map((t) => t.slug)).size).toBe(GLOSSARY.length);
  });
});

describe('the event stream', () => {
  it('reads back what was written, however the bytes are cut', async () => {
    const text = encodeEvent('text', { type: 'text', text: 'é [1]\nnext' }) + encodeEvent('done', { ok: true });
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readEventStream(body)) events.push(event);
    expect(events).toEqual([
      { event: 'text', data: JSON.stringify({ type: 'text', text: 'é [1]\nnext' }) },
      { event: 'done', data: '{"ok":true}' },
    ]);
  });
});
