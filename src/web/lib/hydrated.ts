// False on the server and during hydration, true once React runs in the browser: for a control that
// a plain form needs without JavaScript (a Save button) and that JavaScript makes unnecessary.
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
