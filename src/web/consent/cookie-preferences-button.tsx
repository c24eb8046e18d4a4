// Reopens the consent popup so a reader can change or withdraw consent at any time (SPEC §4).
export function CookiePreferencesButton({ className = 'link-button' }: { className?: string }) {
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={() => window.atelierConsent?.showPreferences()}>
      Cookie preferences
    </button>
  );
}
