// The third-party addresses behind consent (SPEC §4, §7): where the pixel, the insight tag and
// embedded video come from, and what the page's CSP must allow so they work once consent is given.
// Isomorphic: the browser loads from these, the server lists them in its CSP. Consent, not the
// CSP, is what keeps them off before a decision.

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
export const INSIGHT_SCRIPT_URL = 'https://snap.licdn.com/li.lms-analytics/insight.min.js';
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export interface CspSources {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

/** Origins of absolute URLs; same-origin paths need nothing beyond 'self'. */
function origins(...urls: (string | undefined)[]): string[] {
  return urls.flatMap((url) => (url && /^https?:\/\//.test(url) ? [new URL(url).origin] : []));
}

export interface ThirdPartyEndpoints {
  collectorUrl: string;
  /** Set by the operator; without it that tag never loads, so the CSP does not allow its hosts. */
  pixelId?: string;
  insightPartnerId?: string;
  tagManagerScriptUrl?: string;
  tagManagerTransportUrl: string;
}

export function thirdPartyCspSources({
  collectorUrl,
  pixelId,
  insightPartnerId,
  tagManagerScriptUrl,
  tagManagerTransportUrl,
}: ThirdPartyEndpoints): CspSources {
  // The pixel and insight scripts load more of their own code and report by image and by fetch.
  const pixel = pixelId ? ['https://connect.facebook.net', 'https://www.facebook.com'] : [];
  const insight = insightPartnerId ? ['https://snap.licdn.com', 'https://px.ads.linkedin.com'] : [];
  return {
    script: [...pixel, ...insight, ...origins(tagManagerScriptUrl)],
    connect: [...pixel, ...insight, ...origins(collectorUrl, tagManagerTransportUrl, tagManagerScriptUrl)],
    img: [...pixel, ...insight, ...origins(collectorUrl, tagManagerTransportUrl)],
    frame: [VIDEO_EMBED_ORIGIN],
  };
}
