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

/** A block's words as plain text: paragraphs and headings, a quote with its attribution, an image's caption and alt text. */
export function blockText(block: StoryBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return block.text;
    case 'quote':
      return `${block.text} ${block.attribution}`;
    case 'image':
      return `${block.caption} ${block.alt}`;
  }
}

/** Reading time at 230 words a minute, never less than a minute. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / 230));
}
