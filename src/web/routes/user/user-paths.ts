// Links between the sign-in screens, keeping "where to go afterwards" (return_to) along the way.
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  return returnTo ? `${path}?return_to=${encodeURIComponent(returnTo)}` : path;
}
