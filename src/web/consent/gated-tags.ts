// Third-party tags behind consent (SPEC §4, §5, §7, §9): the tag manager (a dataLayer queue with
// consent defaults and updates, page views and events through a first-party transport address),
// the advertising pixel (its script only after nonessential consent, following later changes) and
// a LinkedIn-type insight script (loaded once, after consent). Each is an analytics destination,
// so the tracker proxy decides when they may send.
import type { ConsentCategory } from '../../modules/consent/browser/cookie-consent.ts';
import { INSIGHT_SCRIPT_URL, PIXEL_SCRIPT_URL } from '../../shared/analytics/third-parties.ts';
import type { AnalyticsDestination, PageView, TrackedEvent } from '../analytics/tracker-proxy.ts';
import { loadScript as defaultLoadScript } from './load-script.ts';
import { DEFAULT_TAG_CONSENT, tagConsentFlags } from './tag-consent.ts';

export const LOG_PIXEL_NOT_INITIALIZED = 'fbq not initialized';
/** How long the tag manager waits for a consent update after the default (ms). */
export const CONSENT_UPDATE_WAIT_MS = 500;
/** Errors are for our own collector, not for advertising partners. */
const NOT_FOR_TAGS = new Set(['application_error']);

type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  callMethod?: (...args: unknown[]) => void;
  loaded?: boolean;
  version?: string;
  push?: unknown;
};

export interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  fbq?: Fbq;
  _fbq?: Fbq;
  _linkedin_partner_id?: string;
  _linkedin_data_partner_ids?: string[];
}

type LoadScript = (src: string) => void;
interface Logger {
  warn: (...args: unknown[]) => void;
}

// ---------------------------------------------------------------------------------------------
// Tag manager

export interface TagManagerOptions {
  tagId: string;
  /** First-party address the tag manager sends through (config TAG_MANAGER_TRANSPORT_URL). */
  transportUrl: string;
  /** The tag manager's script; nothing is loaded when unset (config TAG_MANAGER_SCRIPT_URL). */
  scriptUrl?: string;
  win: TagWindow;
  pageUrl: string;
  loadScript?: LoadScript;
}

/** Pushes the denied defaults at once, so anything the tag manager ever does starts from "no". */
export function createTagManagerDestination({
  tagId,
  transportUrl,
  scriptUrl,
  win,
  pageUrl,
  loadScript = defaultLoadScript,
}: TagManagerOptions): AnalyticsDestination {
  // §5: the tag manager requires a tag id and a transport URL.
  if (!tagId) throw new Error('The tag manager requires a tag id');
  if (!transportUrl) throw new Error('The tag manager requires a transport URL');
  const dataLayer = (win.dataLayer ??= []);
  // gtag pushes the arguments object itself: the tag manager tells commands from events that way.
  const gtag: Gtag =
    win.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
  win.gtag = gtag;
  gtag('consent', 'default', { ...DEFAULT_TAG_CONSENT, wait_for_update: CONSENT_UPDATE_WAIT_MS });
  gtag('js', new Date());
  gtag('config', tagId, { transport_url: new URL(transportUrl, pageUrl).href, first_party_collection: true, send_page_view: false });
  let loaded = false;
  let ready = false;

  return {
    name: 'tag-manager',
    consent(categories: readonly ConsentCategory[]) {
      gtag('consent', 'update', tagConsentFlags(categories));
    },
    activate() {
      if (scriptUrl && !loaded) {
        loaded = true;
        const url = new URL(scriptUrl, pageUrl);
        url.searchParams.set('id', tagId);
        loadScript(url.href);
      }
      ready = true;
    },
    deactivate() {
      ready = false;
    },
    // The dataLayer is a queue: the tag manager reads it whenever its script arrives.
    isReady: () => ready,
    page(page: PageView) {
      gtag('event', 'page_view', {
        page_location: page.pageUrl,
        page_path: page.pagePath,
        page_title: page.pageTitle,
        page_referrer: page.pageReferrer,
      });
    },
    track(event: TrackedEvent) {
      if (!NOT_FOR_TAGS.has(event.name)) gtag('event', event.name, event.wire);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Advertising pixel

export interface PixelOptions {
  pixelId: string;
  win: TagWindow;
  loadScript?: LoadScript;
  logger?: Logger;
}

export interface PixelDestination extends AnalyticsDestination {
  /** A direct pixel call; before consent and init it only logs 'fbq not initialized'. */
  fbq(...args: unknown[]): void;
}

/** The pixel's standard queue stub: calls wait in `queue` until fbevents.js replaces it. */
function installFbqStub(win: TagWindow): Fbq {
  if (win.fbq) return win.fbq;
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue!.push(args);
  };
  fbq.queue = [];
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  win.fbq = fbq;
  win._fbq ??= fbq;
  return fbq;
}

export function createPixelDestination({ pixelId, win, loadScript = defaultLoadScript, logger = console }: PixelOptions): PixelDestination {
  // §5: the pixel requires a pixel id.
  if (!pixelId) throw new Error('The pixel requires a pixel id');
  let initialized = false;
  let granted = false;

  function call(...args: unknown[]) {
    if (!initialized || !win.fbq) {
      logger.warn(LOG_PIXEL_NOT_INITIALIZED);
      return;
    }
    win.fbq(...args);
  }

  return {
    name: 'pixel',
    activate() {
      if (!initialized) {
        const fbq = installFbqStub(win);
        loadScript(PIXEL_SCRIPT_URL);
        fbq('init', pixelId);
        initialized = true;
      }
      win.fbq!('consent', 'grant');
      granted = true;
    },
    deactivate() {
      // The script cannot be unloaded; revoking stops it sending until consent is given again.
      if (initialized) win.fbq?.('consent', 'revoke');
      granted = false;
    },
    isReady: () => initialized && granted,
    page() {
      call('track', 'PageView');
    },
    track(event: TrackedEvent) {
      if (!NOT_FOR_TAGS.has(event.name)) call('trackCustom', event.name, event.wire);
    },
    fbq: call,
  };
}

// ---------------------------------------------------------------------------------------------
// Insight tag

export interface InsightOptions {
  /** The insight tag's partner id (INSIGHT_PARTNER_ID; not a secret: every page that loads the tag shows it). */
  partnerId: string;
  win: TagWindow;
  loadScript?: LoadScript;
}

/** Loads the insight script the first time consent is given, never twice; it tracks page loads itself. */
export function createInsightDestination({
  partnerId,
  win,
  loadScript = defaultLoadScript,
}: InsightOptions): AnalyticsDestination & { readonly loaded: boolean } {
  let loaded = false;
  let ready = false;
  return {
    name: 'insight',
    activate() {
      if (!loaded) {
        win._linkedin_partner_id = partnerId;
        win._linkedin_data_partner_ids = [...(win._linkedin_data_partner_ids ?? []), partnerId];
        loadScript(INSIGHT_SCRIPT_URL);
        loaded = true;
      }
      ready = true;
    },
    deactivate() {
      ready = false;
    },
    isReady: () => ready,
    page() {},
    track() {},
    get loaded() {
      return loaded;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Which tags a page runs

export interface OperatorTagIds {
  pixelId?: string;
  insightPartnerId?: string;
  tagManagerId?: string;
  tagManagerScriptUrl?: string;
  tagManagerTransportUrl: string;
}

/**
 * The tags the operator configured, and only those: a tag without its id is not created at all,
 * so a fresh install sends nothing to any third party, whatever the reader consents to.
 */
export function operatorTags(
  ids: OperatorTagIds,
  { win, pageUrl, loadScript = defaultLoadScript }: { win: TagWindow; pageUrl: string; loadScript?: LoadScript },
): AnalyticsDestination[] {
  return [
    ...(ids.tagManagerId
      ? [
          createTagManagerDestination({
            tagId: ids.tagManagerId,
            transportUrl: ids.tagManagerTransportUrl,
            scriptUrl: ids.tagManagerScriptUrl,
            win,
            pageUrl,
            loadScript,
          }),
        ]
      : []),
    ...(ids.pixelId ? [createPixelDestination({ pixelId: ids.pixelId, win, loadScript })] : []),
    ...(ids.insightPartnerId ? [createInsightDestination({ partnerId: ids.insightPartnerId, win, loadScript })] : []),
  ];
}
