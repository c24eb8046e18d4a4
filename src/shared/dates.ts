// Dates as the site writes them in British English, in UTC: "20 November 2026", "20 Nov". Written
// out rather than through Intl.DateTimeFormat: a browser's first Intl formatter costs 65 ms and more
// on a phone, on a main thread busy hydrating the page, and a story page shows its date as it
// hydrates. The same function on server and browser, so hydration never disagrees.
// dates.test.ts checks every month against Intl's en-GB (CLDR abbreviates September "Sept").

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "20 November 2026" (UTC). */
export function longDate(iso: string | Date): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "20 Nov" (UTC). */
export function shortDate(iso: string | Date): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}
