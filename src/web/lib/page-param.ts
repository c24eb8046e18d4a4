/** ?page=N as a positive integer; anything else is page 1. */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  const n = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}
