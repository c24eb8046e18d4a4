// "20 November 2026" and "20 Nov": the same on server and browser (UTC), so hydration never disagrees.
export { longDate as formatDate, shortDate as formatShortDate } from '../../shared/dates.ts';

export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
