// The heavy half of analytics, loaded by analytics.ts only once someone has decided on consent:
// the validating tracker proxy (the zod event catalogue), the Snowplow destination and the
// operator tags. A reader who has not decided loads none of it (issue 15: no validation library
// on a reading page until the reader acts).
import '../lib/zod-jitless.ts';
import type { PublicConfig } from '../../config/config.ts';
import { operatorTags, type TagWindow } from '../consent/gated-tags.ts';
import { createSnowplowDestination } from './snowplow-destination.ts';
import { createTrackerProxy, type TrackerProxy, type TrackerState } from './tracker-proxy.ts';

export interface TrackerOptions {
  config: Pick<PublicConfig, 'endpoints' | 'analytics'>;
  onStateChange: (state: TrackerState) => void;
  /** The time to stamp on the call being made; calls made before this module loaded keep theirs. */
  now: () => number;
}

export function createTracker({ config, onStateChange, now }: TrackerOptions): TrackerProxy {
  const proxy = createTrackerProxy({ onStateChange, now });
  const pageUrl = window.location.href;
  const win = window as Window & TagWindow;
  proxy.addDestination(
    createSnowplowDestination({ appId: config.analytics.appId, collectorUrl: config.endpoints.analyticsCollector, pageUrl }),
  );
  for (const tag of operatorTags(config.analytics, { win, pageUrl })) proxy.addDestination(tag);
  return proxy;
}
