// Copying a text with the Clipboard API and saying so for a few seconds: the gift dialog's
// "Copy link" and the share row's (gift-dialog.tsx, share-links.tsx).
import { useEffect, useState, useSyncExternalStore } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** `available` is false on the server and while hydrating, true once the page runs with a clipboard. */
export function useClipboardCopy(text: string, onCopied?: () => void) {
  const available = useSyncExternalStore(noSubscription, clipboardAvailable, () => false);
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
    }
  }

  return { available, state, copy };
}

const noSubscription = () => () => {};
const clipboardAvailable = () => typeof navigator !== 'undefined' && navigator.clipboard !== undefined;
