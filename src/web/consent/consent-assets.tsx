// The consent stylesheet and script tags for <head> (SPEC §7: both from the static base URL).
// ?v= is the deployment version, so a release is not hidden behind an hour of caching.
import { consentAssetUrl } from './consent-service.ts';

export function ConsentAssets({ staticBaseUrl, version, nonce }: { staticBaseUrl: string; version: string; nonce: string }) {
  // Browsers hide the nonce after load, so the client render never matches the server's here.
  return (
    <>
      <link
        rel="stylesheet"
        href={consentAssetUrl(staticBaseUrl, 'cookie-consent.css', version)}
        nonce={nonce || undefined}
        suppressHydrationWarning
      />
      <script
        type="module"
        src={consentAssetUrl(staticBaseUrl, 'cookie-consent.js', version)}
        nonce={nonce || undefined}
        suppressHydrationWarning
      />
    </>
  );
}
