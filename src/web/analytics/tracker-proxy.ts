// The one door for analytics in the browser (SPEC §7, §8, §9): every call is validated against
// the event catalogue, queued until consent and the destinations (Snowplow, tag manager, pixel …)
// are ready, drained every 3 s, and refused once consent is withdrawn. Framework-free; the timers
// and the logger are injected so every rule is a unit test.
import type { ConsentCategory } from '../../modules/consent/browser/cookie-consent.ts';
import { validateEvent, type EventName, type EventPayloads, type EventResult, type WirePayloads } from '../../shared/analytics/events.ts';
import { hasAnalyticsConsent } from '../consent/tag-consent.ts';

export const DRAIN_INTERVAL_MS = 3000;
export const PLUGIN_WAIT_MS = 10_000;
/** Same bound as the tracker's local queue (§9). */
export const MAX_QUEUED_EVENTS = 1000;

export const LOG_INVALID_EVENT = 'TrackerProxy::Error tracking event';
export const LOG_DEACTIVATED = 'Track called on deactivated tracker';

/** A custom event that passed validation. */
export interface TrackedEvent<N extends Exclude<EventName, 'page_view'> = Exclude<EventName, 'page_view'>> {
  name: N;
  schema: string;
  /** snake_case, as sent. */
  wire: WirePayloads[N];
}

export type PageView = EventPayloads['page_view'];

/** Where events go once consent is given. Each is a "plugin" in §9's sense. */
export interface AnalyticsDestination {
  readonly name: string;
  /** Consent categories, on start and on every change, before activate/deactivate. */
  consent?(categories: readonly ConsentCategory[]): void;
  /** Analytics consent given: load, create, resume. Called again after a withdrawal and a new yes. */
  activate(): void | Promise<void>;
  /** Analytics consent withdrawn: stop sending and forget identifiers where the destination can. */
  deactivate(): void;
  /** Takes calls now (its library or script has loaded). */
  isReady(): boolean;
  page(page: PageView, at: number): void;
  track(event: TrackedEvent, at: number): void;
  setUser?(userId: string | null): void;
}

/**
 * pending: no decision yet, calls wait in the queue; active: consent given, the queue drains;
 * deactivated: consent refused or withdrawn, calls are logged and dropped.
 */
export type TrackerState = 'pending' | 'active' | 'deactivated';

type Queued = { kind: 'page'; page: PageView; at: number } | { kind: 'track'; event: TrackedEvent; at: number };

export interface TrackerProxyOptions {
  destinations?: AnalyticsDestination[];
  validate?: <N extends EventName>(name: N, payload: EventPayloads[N]) => EventResult<N>;
  logger?: Pick<Console, 'error' | 'warn'>;
  now?: () => number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  drainIntervalMs?: number;
  pluginWaitMs?: number;
  maxQueue?: number;
  onStateChange?: (state: TrackerState) => void;
}

export interface TrackerProxy {
  /** A page call (Snowplow `pv`). False when refused (invalid or deactivated). */
  page(page: PageView): boolean;
  /** A track call: a catalogue event other than page_view. False when refused. */
  track<N extends Exclude<EventName, 'page_view'>>(name: N, payload: EventPayloads[N]): boolean;
  /** The consent categories now; null while nobody has decided. */
  setConsent(categories: readonly ConsentCategory[] | null): void;
  setUser(userId: string | null): void;
  addDestination(destination: AnalyticsDestination): void;
  /** Sends what can be sent now (the interval calls this too). */
  drain(): void;
  readonly state: TrackerState;
  readonly queued: number;
}

export function createTrackerProxy(options: TrackerProxyOptions = {}): TrackerProxy {
  const {
    validate = validateEvent,
    logger = console,
    now = () => Date.now(),
    setInterval: startTimer = (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: stopTimer = (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
    drainIntervalMs = DRAIN_INTERVAL_MS,
    pluginWaitMs = PLUGIN_WAIT_MS,
    maxQueue = MAX_QUEUED_EVENTS,
    onStateChange,
  } = options;
  const destinations: AnalyticsDestination[] = [...(options.destinations ?? [])];
  let queue: Queued[] = [];
  let state: TrackerState = 'pending';
  let categories: readonly ConsentCategory[] | null = null;
  let userId: string | null = null;
  let activatedAt = 0;
  let timer: unknown = null;

  function setState(next: TrackerState) {
    if (next === state) return;
    state = next;
    onStateChange?.(state);
  }

  /** Calls into a destination; its failure is logged, never thrown. `then` runs after an async call settles well. */
  function safely(destination: AnalyticsDestination, what: string, call: () => void | Promise<void>, then?: () => void) {
    try {
      const result = call();
      if (result && typeof result.then === 'function') {
        result.then(then, (error: unknown) => logger.error(`TrackerProxy::${destination.name} ${what} failed`, error));
      }
    } catch (error) {
      logger.error(`TrackerProxy::${destination.name} ${what} failed`, error);
    }
  }

  /** A destination that loads asynchronously drains the queue as soon as it is ready, not at the next tick. */
  function drainIfReady() {
    if (queue.length > 0 && isReady()) drain();
  }

  /** Ready when every destination is, or when the wait for the slow ones is over (§9: 10 s). */
  function isReady(): boolean {
    if (state !== 'active') return false;
    return destinations.every((d) => d.isReady()) || now() - activatedAt >= pluginWaitMs;
  }

  function ensureTimer() {
    if (timer === null && state === 'active' && queue.length > 0) timer = startTimer(drain, drainIntervalMs);
  }

  function stopDraining() {
    if (timer !== null) stopTimer(timer);
    timer = null;
  }

  function drain() {
    if (!isReady()) return;
    const batch = queue;
    queue = [];
    for (const item of batch) {
      for (const destination of destinations) {
        // Past the wait, a destination that never loaded misses these events rather than holding up the rest.
        if (!destination.isReady()) continue;
        if (item.kind === 'page') safely(destination, 'page', () => destination.page(item.page, item.at));
        else safely(destination, 'track', () => destination.track(item.event, item.at));
      }
    }
    stopDraining();
  }

  function enqueue(item: Queued, name: string): boolean {
    if (state === 'deactivated') {
      logger.warn(LOG_DEACTIVATED, name);
      return false;
    }
    queue.push(item);
    // Oldest first out, like the tracker's own local queue.
    if (queue.length > maxQueue) queue.splice(0, queue.length - maxQueue);
    if (isReady()) drain();
    else ensureTimer();
    return true;
  }

  function activate() {
    activatedAt = now();
    setState('active');
    for (const destination of destinations) safely(destination, 'activate', () => destination.activate(), drainIfReady);
    if (userId !== null) for (const destination of destinations) safely(destination, 'setUser', () => destination.setUser?.(userId));
    if (isReady()) drain();
    else {
      // Even an empty queue waits for the destinations, so the first event after consent is not lost.
      if (timer === null) timer = startTimer(drain, drainIntervalMs);
    }
  }

  function deactivate() {
    queue = [];
    stopDraining();
    const wasActive = state === 'active';
    setState('deactivated');
    if (wasActive) for (const destination of destinations) safely(destination, 'deactivate', () => destination.deactivate());
  }

  return {
    page(page) {
      const result = validate('page_view', page);
      if (!result.ok) {
        logger.error(LOG_INVALID_EVENT, 'page_view', result.issues);
        return false;
      }
      return enqueue({ kind: 'page', page, at: now() }, 'page_view');
    },
    track(name, payload) {
      const result = validate(name, payload);
      if (!result.ok) {
        logger.error(LOG_INVALID_EVENT, name, result.issues);
        return false;
      }
      return enqueue({ kind: 'track', event: { name, schema: result.schema, wire: result.wire } as TrackedEvent, at: now() }, name);
    },
    setConsent(next) {
      categories = next;
      if (next !== null) for (const destination of destinations) safely(destination, 'consent', () => destination.consent?.(next));
      if (next === null) return;
      if (hasAnalyticsConsent(next)) {
        if (state !== 'active') activate();
      } else deactivate();
    },
    setUser(next) {
      userId = next;
      if (state === 'active') for (const destination of destinations) safely(destination, 'setUser', () => destination.setUser?.(next));
    },
    addDestination(destination) {
      destinations.push(destination);
      if (categories !== null) safely(destination, 'consent', () => destination.consent?.(categories!));
      if (state === 'active') {
        safely(destination, 'activate', () => destination.activate(), drainIfReady);
        if (userId !== null) safely(destination, 'setUser', () => destination.setUser?.(userId));
      }
    },
    drain,
    get state() {
      return state;
    },
    get queued() {
      return queue.length;
    },
  };
}
