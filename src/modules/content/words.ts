import type { StoryBlock } from './types.ts';

export function countWords(blocks: StoryBlock[]): number {
  let words = 0;
  for (const block of blocks) {
    if (block.type === 'paragraph' || block.type === 'heading' || block.type === 'quote') {
      words += block.text.split(/\s+/).filter(Boolean).length;
    }
  }
  return words;
}

/** Reading time at 230 words a minute, never less than a minute. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / 230));
}
