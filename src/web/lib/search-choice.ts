import { useEffect, useRef } from 'react';
import { useNavigation, useSearchParams } from 'react-router';

/**
 * Changes the page's query string one choice at a time (a price form's country, currency, seats or
 * VAT number: the server prices what the URL says), each on top of the last even while the page
 * is still loading the one before. `setSearchParams` builds on the location on screen, so a VAT
 * number left while the new country's price was loading sent the old country back with it, and
 * the buyer's country silently reverted (seen in a CI run on a busy machine).
 */
export function useSearchChoice(): (change: (next: URLSearchParams) => void) => void {
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  /** The query string last asked for, until the page has loaded it (or another page took over). */
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state === 'idle') asked.current = null;
  }, [navigation.state]);

  return (change) => {
    setSearchParams(
      (shown) => {
        const next = new URLSearchParams(asked.current ?? shown);
        change(next);
        asked.current = next.toString();
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
}
