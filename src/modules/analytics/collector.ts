// Decoding and validation of the Snowplow tracker protocol (field notes "Snowplow tracker
// protocol"; DESIGN §6). Pure: no I/O, no clock, and it never throws on what a client sends —
// every problem becomes a bad-row reason.
import { EVENTS, EVENT_NAMES, parseWireEvent, type EventIssue } from '../../shared/analytics/events.ts';
import { unstorableText } from '../../shared/validation/formats.ts';
import { type AnalyticsEntity, type AnalyticsEventRow, TRACKER_EVENT_TYPES, type TrackerEventType } from './schema.ts';

/** The POST envelope. Any 1-0-x revision is accepted: SchemaVer additions only add optional fields. */
export const PAYLOAD_DATA_SCHEMA = 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4';
const PAYLOAD_DATA_PATTERN = /^iglu:com\.snowplowanalytics\.snowplow\/payload_data\/jsonschema\/1-0-\d+$/;
export const UNSTRUCT_EVENT_SCHEMA = 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0';
export const CONTEXTS_SCHEMA = 'iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/1-0-0';

const PROTOCOL_KEYS: ReadonlySet<string> = new Set(
  'tna aid p dtm tz e tid eid tv duid nuid uid vid ip res url page refr fp ctype cookie lang cd ds cs vp mac sa sn st sp ue_na ue_pr ue_px co cx ua tnuid stm sid ttm'.split(
    ' ',
  ),
);
/** f_* (browser features), pp_*, ad_*, tr_*, ti_*, se_*. */
const PROTOCOL_PREFIXED_KEY = /^(?:f|pp|ad|tr|ti|se)_[a-z0-9]+$/;
/** Snowplow's platform codes. */
export const PLATFORMS = ['web', 'mob', 'pc', 'srv', 'app', 'tv', 'cnsl', 'iot'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IGLU_URI = /^iglu:[a-zA-Z0-9._-]+\/[a-zA-Z0-9._-]+\/jsonschema\/\d+-\d+-\d+$/;
const MILLIS = /^\d{1,15}$/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
/** Deeper JSON than this is refused: PostgreSQL's jsonb parser would fail on it with a 5xx, forever. */
const MAX_JSON_DEPTH = 64;
/** A NUL or any UTF-16 surrogate: text that may hold what PostgreSQL cannot store (unstorableText decides). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const MAYBE_UNSTORABLE = /[\u0000\uD800-\uDFFF]/;
const CATALOGUE_SCHEMAS: ReadonlySet<string> = new Set(EVENT_NAMES.map((name) => EVENTS[name].schema));
const PAGE_VIEW_SCHEMA = EVENTS.page_view.schema;
const UTM_KEYS = ['medium', 'source', 'term', 'content', 'campaign'] as const;

/** What the collector knows about the request an event arrived in. */
export interface CollectorRequest {
  ip: string | null;
  userAgent: string | null;
  /** The request carried SP-Anonymous: keep no IP and no network user id. */
  anonymous: boolean;
  /** The `sp` cookie value the collector read or issued. */
  networkUserId: string | null;
  collectorTstamp: Date;
}

export type PayloadResult = { ok: true; events: unknown[] } | { ok: false; reason: string };
export type DecodedEvent = { ok: true; row: AnalyticsEventRow } | { ok: false; reason: string };

/** Checks the POST body's envelope; the events inside are checked one by one with decodeEvent. */
export function decodePayload(body: string | undefined): PayloadResult {
  if (body === undefined || body === '') return { ok: false, reason: 'empty body' };
  // The events' own text is checked one by one (decodeEvent): one bad event must not cost the others.
  const parsed = parseJson(body, 'body', { checkText: false });
  if (!parsed.ok) return parsed;
  const envelope = parsed.value;
  if (!isPlainObject(envelope)) return { ok: false, reason: 'body is not a JSON object' };
  if (typeof envelope.schema !== 'string' || !PAYLOAD_DATA_PATTERN.test(envelope.schema)) {
    return { ok: false, reason: `schema must be ${PAYLOAD_DATA_SCHEMA}, got ${describe(envelope.schema)}` };
  }
  const extra = Object.keys(envelope).filter((key) => key !== 'schema' && key !== 'data');
  if (extra.length > 0) return { ok: false, reason: `unknown envelope keys: ${extra.join(', ')}` };
  const { data } = envelope;
  if (!Array.isArray(data)) return { ok: false, reason: 'data is not an array' };
  if (data.length === 0) return { ok: false, reason: 'data is empty' };
  const notObject = data.findIndex((event) => !isPlainObject(event));
  if (notObject !== -1) return { ok: false, reason: `data[${notObject}] is not an object` };
  return { ok: true, events: data };
}

/** Decodes and validates one tracker-protocol event into a row for analytics_events. */
export function decodeEvent(raw: unknown, request: CollectorRequest): DecodedEvent {
  try {
    return decode(raw, request);
  } catch (error) {
    // Defensive: a bug here must not turn a bad event into a 5xx the tracker retries forever.
    return fail(`could not decode: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decode(raw: unknown, request: CollectorRequest): DecodedEvent {
  if (!isPlainObject(raw)) return fail('event is not an object');
  const keys = Object.keys(raw);
  // One pass for the usual event; anything it doubts is looked at again below, to name the problem.
  let doubtful = false;
  for (const key of keys) {
    const value = raw[key];
    if (typeof value !== 'string' || (!PROTOCOL_KEYS.has(key) && !PROTOCOL_PREFIXED_KEY.test(key)) || MAYBE_UNSTORABLE.test(value)) {
      doubtful = true;
      break;
    }
  }
  if (doubtful) {
    const problem = fieldsProblem(raw, keys);
    if (problem) return fail(problem);
  }
  const fields = raw as Fields;

  const e = field(fields, 'e');
  const tv = field(fields, 'tv');
  const p = field(fields, 'p');
  if (e === undefined || tv === undefined || p === undefined) {
    return fail(`missing required: ${(['e', 'tv', 'p'] as const).filter((key) => field(fields, key) === undefined).join(', ')}`);
  }
  if (!isTrackerEventType(e)) return fail(`e must be one of ${TRACKER_EVENT_TYPES.join(', ')}, got "${e}"`);
  if (!(PLATFORMS as readonly string[]).includes(p)) return fail(`p must be one of ${PLATFORMS.join(', ')}, got "${p}"`);

  const eid = field(fields, 'eid');
  if (eid !== undefined && !UUID.test(eid)) return fail('eid is not a UUID');
  const vid = field(fields, 'vid');
  if (vid !== undefined && !/^\d{1,9}$/.test(vid)) return fail('vid is not a non-negative integer');
  const deviceTstamp = timestamp(fields, 'dtm');
  const sentTstamp = timestamp(fields, 'stm');
  const trueTstamp = timestamp(fields, 'ttm');
  if (deviceTstamp === false || sentTstamp === false || trueTstamp === false) {
    const key = deviceTstamp === false ? 'dtm' : sentTstamp === false ? 'stm' : 'ttm';
    return fail(`${key} is not a timestamp in milliseconds`);
  }

  const contexts = decodeContexts(field(fields, 'co'), field(fields, 'cx'));
  if (!contexts.ok) return contexts;

  const body = decodeBody(e, fields, keys);
  if (!body.ok) return body;

  const url = field(fields, 'url');
  const tnuid = field(fields, 'tnuid');
  const ip = field(fields, 'ip');
  const row: AnalyticsEventRow = {
    eventId: eid?.toLowerCase(),
    appId: field(fields, 'aid') ?? null,
    platform: p,
    event: e,
    eventName: body.eventName,
    schema: body.schema,
    data: body.data,
    contexts: contexts.entities,
    trackerVersion: tv,
    trackerName: field(fields, 'tna') ?? null,
    userId: field(fields, 'uid') ?? null,
    domainUserid: field(fields, 'duid') ?? null,
    domainSessionid: field(fields, 'sid') ?? null,
    domainSessionidx: vid === undefined ? null : Number(vid),
    // tnuid is the tracker's own choice; otherwise our cookie, unless the user asked for anonymity.
    networkUserid: tnuid ?? (request.anonymous ? null : (request.networkUserId ?? field(fields, 'nuid') ?? null)),
    pageUrl: url ?? null,
    pageTitle: field(fields, 'page') ?? null,
    pageReferrer: field(fields, 'refr') ?? null,
    useragent: field(fields, 'ua') ?? request.userAgent,
    ip: request.anonymous ? null : (ip ?? request.ip),
    fields: unusedFields(fields, keys, e),
    deviceTstamp,
    sentTstamp,
    trueTstamp,
    collectorTstamp: request.collectorTstamp,
  };
  return { ok: true, row };
}

type Fields = Record<string, string>;

/** A field's value; the tracker leaves empty fields out, so an empty string counts as absent. */
function field(fields: Fields, key: string): string | undefined {
  const value = fields[key];
  return value === '' ? undefined : value;
}

/** A time in milliseconds since the epoch; null when absent, false when not such a time. */
function timestamp(fields: Fields, key: 'dtm' | 'stm' | 'ttm'): Date | null | false {
  const value = field(fields, key);
  if (value === undefined) return null;
  const date = MILLIS.test(value) ? new Date(Number(value)) : null;
  return date && !Number.isNaN(date.getTime()) ? date : false;
}

/** What is wrong with an event's keys and values, or null: unknown keys, values that are not strings, text PostgreSQL cannot store. */
function fieldsProblem(raw: Record<string, unknown>, keys: readonly string[]): string | null {
  const unknownKeys = keys.filter((key) => !PROTOCOL_KEYS.has(key) && !PROTOCOL_PREFIXED_KEY.test(key));
  const notStrings = keys.filter((key) => typeof raw[key] !== 'string');
  const problems = [
    unknownKeys.length > 0 ? `unknown keys: ${unknownKeys.join(', ')}` : null,
    notStrings.length > 0 ? `values must be strings: ${notStrings.join(', ')}` : null,
  ].filter((p) => p !== null);
  if (problems.length > 0) return problems.join('; ');
  // One such event would fail the whole batch's insert on every retry: it becomes a bad row instead.
  const unstorable = keys.filter((key) => unstorableText(raw[key] as string) !== null);
  if (unstorable.length > 0) return `${unstorableText(raw[unstorable[0]!] as string)} in: ${unstorable.join(', ')}`;
  return null;
}

/** The fields a column or an event type's data takes whatever the event's type; the rest go into `fields`. */
const COLUMN_KEYS: ReadonlySet<string> = new Set(
  'e tv p eid vid dtm stm ttm co cx url page refr ue_pr ue_px tnuid nuid ip ua aid tna uid duid sid'.split(' '),
);
const PAGE_PING_KEYS = [
  ['pp_mix', 'min_x'],
  ['pp_max', 'max_x'],
  ['pp_miy', 'min_y'],
  ['pp_may', 'max_y'],
] as const;
const STRUCTURED_KEYS = ['se_ca', 'se_ac', 'se_la', 'se_pr', 'se_va'] as const;
/** Whether the data of an event of type `e` takes `key` (page pings their four scroll bounds, and so on). */
const TAKEN_BY_DATA: Record<TrackerEventType, (key: string) => boolean> = {
  pv: () => false,
  ue: () => false,
  pp: (key) => PAGE_PING_KEYS.some(([taken]) => taken === key),
  se: (key) => (STRUCTURED_KEYS as readonly string[]).includes(key),
  tr: (key) => key.startsWith('tr_'),
  ti: (key) => key.startsWith('ti_'),
};

/** The fields no column and no data took (tz, lang, res, …), empty ones left out. */
function unusedFields(fields: Fields, keys: readonly string[], e: TrackerEventType): Record<string, string> {
  const unused: Record<string, string> = {};
  const takenByData = TAKEN_BY_DATA[e];
  for (const key of keys) if (fields[key] !== '' && !COLUMN_KEYS.has(key) && !takenByData(key)) unused[key] = fields[key]!;
  return unused;
}

type Body = { ok: true; eventName: string; schema: string | null; data: Record<string, unknown> | null };

/** The part that differs by event type: its name, schema and validated data. */
function decodeBody(e: TrackerEventType, fields: Fields, keys: readonly string[]): Body | { ok: false; reason: string } {
  const uePr = field(fields, 'ue_pr');
  const uePx = field(fields, 'ue_px');
  if (e !== 'ue' && (uePr !== undefined || uePx !== undefined)) return fail(`ue_pr/ue_px sent with e=${e}`);
  switch (e) {
    case 'ue':
      return decodeSelfDescribing(uePr, uePx);
    case 'pv':
      return decodePageView(fields);
    case 'pp': {
      const data: Record<string, number> = {};
      for (const [key, name] of PAGE_PING_KEYS) {
        const value = field(fields, key);
        if (value === undefined) continue;
        if (!/^-?\d{1,9}$/.test(value)) return fail(`${key} is not an integer`);
        data[name] = Number(value);
      }
      return { ok: true, eventName: 'page_ping', schema: null, data };
    }
    case 'se': {
      const [category, action, label, property, value] = STRUCTURED_KEYS.map((key) => field(fields, key));
      if (category === undefined || action === undefined) return fail('structured event needs se_ca and se_ac');
      const number = value === undefined ? undefined : Number(value);
      if (number !== undefined && (!Number.isFinite(number) || value!.trim() === '')) return fail('se_va is not a number');
      return { ok: true, eventName: 'structured', schema: null, data: dropUndefined({ category, action, label, property, value: number }) };
    }
    case 'tr':
    case 'ti': {
      const prefix = `${e}_`;
      const required = e === 'tr' ? ['tr_id', 'tr_tt'] : ['ti_id', 'ti_sk', 'ti_pr', 'ti_qu'];
      const missing = required.filter((key) => field(fields, key) === undefined);
      if (missing.length > 0) return fail(`${e === 'tr' ? 'transaction' : 'transaction item'} needs ${missing.join(', ')}`);
      const data: Record<string, string> = {};
      for (const key of keys.filter((k) => k.startsWith(prefix))) {
        const value = field(fields, key);
        if (value !== undefined) data[key] = value;
      }
      return { ok: true, eventName: e === 'tr' ? 'transaction' : 'transaction_item', schema: null, data };
    }
  }
}

/** A page call carries the §3 page fields in url/page/refr; they are checked against page_view. */
function decodePageView(fields: Fields): Body | { ok: false; reason: string } {
  const url = field(fields, 'url');
  const page = field(fields, 'page');
  const refr = field(fields, 'refr');
  if (url === undefined) return fail('page view needs url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail('url is not an absolute URL');
  }
  const data: Record<string, unknown> = dropUndefined({
    page_path: parsed.pathname,
    page_url: url,
    page_title: page,
    page_referrer: refr,
    page_query: parsed.search.slice(1) || undefined,
    ...Object.fromEntries(UTM_KEYS.map((key) => [`utm_${key}`, parsed.searchParams.get(`utm_${key}`) ?? undefined])),
  });
  const result = parseWireEvent(PAGE_VIEW_SCHEMA, data);
  if (!result.ok) return fail(`page view: ${formatIssues(result.issues)}`);
  return { ok: true, eventName: 'page_view', schema: PAGE_VIEW_SCHEMA, data: result.wire as Record<string, unknown> };
}

function decodeSelfDescribing(uePr: string | undefined, uePx: string | undefined): Body | { ok: false; reason: string } {
  if (uePr !== undefined && uePx !== undefined) return fail('send one of ue_pr and ue_px, not both');
  const json = decodeJsonField(uePr, uePx, 'ue_pr', 'ue_px');
  if (json === undefined) return fail('self-describing event needs ue_pr or ue_px');
  if (!json.ok) return json;
  const envelope = json.value;
  if (!isPlainObject(envelope) || envelope.schema !== UNSTRUCT_EVENT_SCHEMA)
    return fail(`self-describing event must be wrapped in ${UNSTRUCT_EVENT_SCHEMA}`);
  const inner = envelope.data;
  if (!isPlainObject(inner) || typeof inner.schema !== 'string') return fail('self-describing event has no inner schema');
  const result = parseWireEvent(inner.schema, inner.data);
  if (!result.ok) return fail(`${inner.schema}: ${formatIssues(result.issues)}`);
  return { ok: true, eventName: result.name, schema: result.schema, data: result.wire as Record<string, unknown> };
}

/** Entities (co or cx). Catalogued ones are validated like events; others are kept as sent. */
function decodeContexts(
  co: string | undefined,
  cx: string | undefined,
): { ok: true; entities: AnalyticsEntity[] } | { ok: false; reason: string } {
  if (co !== undefined && cx !== undefined) return fail('send one of co and cx, not both');
  const json = decodeJsonField(co, cx, 'co', 'cx');
  if (json === undefined) return { ok: true, entities: [] };
  if (!json.ok) return json;
  const envelope = json.value;
  if (!isPlainObject(envelope) || envelope.schema !== CONTEXTS_SCHEMA || !Array.isArray(envelope.data)) {
    return fail(`contexts must be wrapped in ${CONTEXTS_SCHEMA} with a data array`);
  }
  const entities: AnalyticsEntity[] = [];
  for (const [index, entity] of envelope.data.entries()) {
    if (!isPlainObject(entity) || typeof entity.schema !== 'string' || !IGLU_URI.test(entity.schema) || !isPlainObject(entity.data)) {
      return fail(`context ${index} is not {schema: "iglu:…", data: {…}}`);
    }
    if (CATALOGUE_SCHEMAS.has(entity.schema)) {
      const result = parseWireEvent(entity.schema, entity.data);
      if (!result.ok) return fail(`context ${index} ${entity.schema}: ${formatIssues(result.issues)}`);
      entities.push({ schema: entity.schema, data: result.wire as Record<string, unknown> });
    } else {
      entities.push({ schema: entity.schema, data: entity.data });
    }
  }
  return { ok: true, entities };
}

type JsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

/** Plain JSON in `plainKey`, or base64url JSON in `encodedKey`; undefined when neither is sent. */
function decodeJsonField(
  plain: string | undefined,
  encoded: string | undefined,
  plainKey: string,
  encodedKey: string,
): JsonResult | undefined {
  if (plain !== undefined) return parseJson(plain, plainKey);
  if (encoded === undefined) return undefined;
  const text = decodeBase64Url(encoded);
  if (text === null) return fail(`${encodedKey} is not base64url-encoded UTF-8`);
  return parseJson(text, encodedKey);
}

/** Strict: Buffer.from alone skips characters it does not know, and would accept garbage. */
export function decodeBase64Url(value: string): string | null {
  if (!BASE64.test(value) || value.replace(/=+$/, '').length % 4 === 1) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'base64'));
  } catch {
    return null;
  }
}

function parseJson(text: string, field: string, { checkText = true }: { checkText?: boolean } = {}): JsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(`${field} is not JSON`);
  }
  const problem = jsonProblem(value, 0, checkText);
  return problem ? fail(`${field}: ${problem}`) : { ok: true, value };
}

/** What PostgreSQL would refuse to store: NUL characters or half surrogate pairs in text, very deep nesting. */
function jsonProblem(value: unknown, depth: number, checkText: boolean): string | null {
  if (typeof value === 'string') {
    if (!checkText) return null;
    const unstorable = MAYBE_UNSTORABLE.test(value) ? unstorableText(value) : null;
    return unstorable ? `contains ${unstorable}` : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      const problem = jsonProblem(item, depth + 1, checkText);
      if (problem) return problem;
    }
    return null;
  }
  // JSON.parse makes plain objects: for…in sees exactly their own keys.
  for (const key in value) {
    const unstorableKey = checkText && MAYBE_UNSTORABLE.test(key) ? unstorableText(key) : null;
    if (unstorableKey) return `contains ${unstorableKey}`;
    const problem = jsonProblem((value as Record<string, unknown>)[key], depth + 1, checkText);
    if (problem) return problem;
  }
  return null;
}

export function formatIssues(issues: EventIssue[]): string {
  return issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

function isTrackerEventType(value: string): value is TrackerEventType {
  return (TRACKER_EVENT_TYPES as readonly string[]).includes(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dropUndefined<T extends Record<string, unknown>>(object: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value.slice(0, 200)}"` : value === undefined ? 'nothing' : typeof value;
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
