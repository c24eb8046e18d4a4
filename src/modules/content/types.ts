// The words of a story that other modules and pages share (CONTEXT.md): what it needs to be read
// whole, what kind of piece it is, and the blocks its body is made of.
import type { ArtSpec } from '../media/art/art-spec.ts';

/** What a story needs to be read whole; the walls module decides who has it. */
export type StoryAccess = 'free' | 'registered' | 'premium' | 'beauty';

export type StoryMediaType = 'article' | 'analysis' | 'opinion' | 'case_study' | 'report' | 'interview';

export type StoryBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'quote'; text: string; attribution: string }
  | { type: 'image'; art: ArtSpec; caption: string; alt: string };
