// The BoF 500 (SPEC §2 /bof500/, /bof500/search/): the publication's index of the people shaping
// the industry. Each year's class is a profile collection (§3 PersonProfile.collections) named
// `BOF500_<year>`; everyone in the index carries the `BOF500` badge. Members stay in the index
// after their class year, so the index is every class together.
// No imports: the pages' browser code reads these words too.

export const BOF500_BADGE = 'BOF500';
const CLASS_PREFIX = 'BOF500_';

export const bof500ClassKey = (year: number) => `${CLASS_PREFIX}${year}`;

/** The class year a collection key names, or null for another collection. */
export function bof500ClassYear(key: string): number | null {
  const match = /^BOF500_(\d{4})$/.exec(key);
  return match ? Number(match[1]) : null;
}
