// The consent script tag for <head> (SPEC §7: from the static base URL). The script fetches its
// stylesheet, cookie-consent.css, only when it has a banner or a dialog to show (never render-blocking).
// ?v= is the deployment version, so a release is not hidden behind an hour of caching.
import { consentAssetUrl } from './consent-service.ts';

export function ConsentAssets({ staticBaseUrl, version, nonce }: { staticBaseUrl: string; version: string; nonce: string }) {
  // Browsers hide the nonce after load, so the client render never matches the server's here.
  return (
    <script
      type="module"
      src={consentAssetUrl(staticBaseUrl, 'cookie-consent.js', version)}
      nonce={nonce || undefined}
      // Below the style sheet, fonts and hero image a first paint needs (issue 15).
      fetchPriority="low"
      suppressHydrationWarning
    />
  );
}
