import type { StoryAccess } from '../../modules/content/demo-types.ts';

const LABELS: Partial<Record<StoryAccess, string>> = { premium: 'Members', beauty: 'Beauty members', registered: 'Free with sign-in' };

/** Marks stories that need membership, so readers know before they click. */
export function AccessBadge({ access }: { access: StoryAccess }) {
  const label = LABELS[access];
  if (!label) return null;
  return <span className={`badge badge--${access}`}>{label}</span>;
}
