import type { StoryAccess } from '../../modules/content/types.ts';

// Free and sign-in stories carry no badge: the wall explains itself, and a badge on every card is noise.
const LABELS: Partial<Record<StoryAccess, string>> = { premium: 'Members', beauty: 'Beauty members' };

/** Marks stories that need membership, so readers know before they click. */
export function AccessBadge({ access }: { access: StoryAccess }) {
  const label = LABELS[access];
  if (!label) return null;
  return <span className={`badge badge--${access}`}>{label}</span>;
}
