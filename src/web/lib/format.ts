// Made on first use, not when the module loads: a browser's first Intl.DateTimeFormat costs about
// 16 ms (65 ms on a phone), and a reading page whose dates are all in kept server HTML (decision
// 060) formats none while it hydrates.
let dateFormat: Intl.DateTimeFormat | undefined;
let shortFormat: Intl.DateTimeFormat | undefined;

/** "20 November 2026" — same on server and browser (UTC), so hydration never disagrees. */
export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(new Date(iso));
}

export function formatShortDate(iso: string): string {
  shortFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return shortFormat.format(new Date(iso));
}

export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
