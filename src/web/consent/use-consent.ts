// The consent categories as React state: null on the server and until the script is ready.
import { useSyncExternalStore } from 'react';
import type { ConsentCategory } from '../../modules/consent/browser/cookie-consent.ts';
import { CONSENT_READY_EVENT } from './consent-service.ts';

function subscribe(onChange: () => void): () => void {
  let unsubscribe = window.atelierConsent?.onChange(onChange);
  const onReady = () => {
    unsubscribe ??= window.atelierConsent?.onChange(onChange);
    onChange();
  };
  document.addEventListener(CONSENT_READY_EVENT, onReady);
  return () => {
    document.removeEventListener(CONSENT_READY_EVENT, onReady);
    unsubscribe?.();
  };
}

// A stable string snapshot: the state object changes identity on every decision.
const getSnapshot = () => window.atelierConsent?.getState()?.categories.join(' ') ?? null;
const getServerSnapshot = () => null;

/** Accepted categories; null while unknown (server render, script not ready, no decision yet). */
export function useConsentCategories(): ConsentCategory[] | null {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return snapshot === null ? null : snapshot === '' ? [] : (snapshot.split(' ') as ConsentCategory[]);
}
