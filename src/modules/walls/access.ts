// The one access decision (DESIGN §5): given a reader and a story, may the reader see all of it,
// or which wall ends the lead-in? Every surface that shows story text asks this function.
// The walls issue extends the reader model (membership level, meter, gifts); the shape stays.
import type { StoryAccess } from '../content/demo-types.ts';

export type Reader = { kind: 'anonymous' };

export type WallKind = 'registration' | 'pay' | 'upgrade';
export type AccessDecision = { kind: 'full' } | { kind: 'wall'; wall: WallKind };

export function decideAccess({ reader, access }: { reader: Reader; access: StoryAccess }): AccessDecision {
  if (access === 'free') return { kind: 'full' };
  switch (reader.kind) {
    case 'anonymous':
      return { kind: 'wall', wall: access === 'registered' ? 'registration' : 'pay' };
  }
}

/** How much of a walled story a reader sees: the first paragraphs, never a heading or quote past them. */
export const LEAD_IN_PARAGRAPHS = 2;
