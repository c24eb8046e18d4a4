import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ANALYTICS_DOC_PATH, renderAnalyticsDoc, type JsonSchema } from '../../../scripts/analytics-doc.ts';
import { EVENT_NAMES, EVENTS, parseWireEvent, snakeCase, validateEvent, type EventName } from './events.ts';
import { AB_GROUP_PATTERN } from './fields.ts';

// Table-driven boundaries read each event's JSON Schema, so every field of every event is pushed to
// its limit on both sides (app payload and wire data). The explicit tests further down pin the §5
// numbers themselves, so a wrong limit cannot pass by being consistently wrong.

type Payload = Record<string, unknown>;

const check = (name: EventName, payload: unknown) => validateEvent(name, payload as never);
const accepts = (name: EventName, payload: unknown) => check(name, payload).ok;
const chars = (n: number) => 'x'.repeat(n);
const wireOf = (payload: Payload) => Object.fromEntries(Object.entries(payload).map(([k, v]) => [snakeCase(k), v]));
const jsonSchema = (name: EventName) => z.toJSONSchema(EVENTS[name].payload) as JsonSchema;
const isBound = (n: number | undefined): n is number => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;

function stringOf(s: JsonSchema, length: number): string {
  if (s.pattern === undefined) return chars(length);
  if (s.pattern === AB_GROUP_PATTERN.source) return `1#${'g'.repeat(length - 2)}`;
  throw new Error(`no sample for pattern ${s.pattern}: teach stringOf`);
}

function sample(s: JsonSchema): unknown {
  if (s.anyOf) return sample(s.anyOf.find((option) => option.type !== 'null') ?? {});
  if (s.enum) return s.enum[0];
  switch (s.type ?? 'none') {
    case 'string':
      return stringOf(s, Math.min(s.maxLength ?? 8, 8));
    case 'integer':
      return isBound(s.minimum) ? s.minimum : 0;
    case 'boolean':
      return true;
    case 'array':
      return [sample(s.items ?? {})];
  }
  throw new Error(`no sample for ${JSON.stringify(s)}: teach sample`);
}

function samples(name: EventName): { full: Payload; minimal: Payload; required: string[]; json: JsonSchema } {
  const json = jsonSchema(name);
  const required = json.required ?? [];
  const full = Object.fromEntries(Object.entries(json.properties ?? {}).map(([key, s]) => [key, sample(s)]));
  const minimal = Object.fromEntries(required.map((key) => [key, full[key]]));
  return { full, minimal, required, json };
}

type Boundary = { label: string; value: unknown; ok: boolean };

/** Values at and just past each limit the field's schema declares. */
function boundaries(s: JsonSchema): Boundary[] {
  if (s.anyOf) {
    const nonNull = s.anyOf.filter((option) => option.type !== 'null');
    const nullable = nonNull.length < s.anyOf.length;
    return [...(nullable ? [{ label: 'null', value: null, ok: true }] : []), ...nonNull.flatMap(boundaries)];
  }
  const cases: Boundary[] = [{ label: 'object value', value: { nested: true }, ok: false }];
  if (s.enum) {
    cases.push(...s.enum.map((value) => ({ label: `option ${String(value)}`, value, ok: true })));
    cases.push({ label: 'unknown option', value: 'not-an-option', ok: false });
    return cases;
  }
  switch (s.type ?? 'none') {
    case 'string':
      if (s.maxLength !== undefined) {
        cases.push({ label: `${s.maxLength} chars`, value: stringOf(s, s.maxLength), ok: true });
        cases.push({ label: `${s.maxLength + 1} chars`, value: stringOf(s, s.maxLength + 1), ok: false });
      }
      if (s.pattern !== undefined) cases.push({ label: 'off-pattern', value: 'no-hash-here', ok: false });
      cases.push({ label: 'number', value: 1, ok: false });
      break;
    case 'integer': {
      const step = s.multipleOf ?? 1;
      const low = isBound(s.minimum) ? s.minimum : 0;
      if (isBound(s.minimum))
        cases.push({ label: `min ${s.minimum}`, value: s.minimum, ok: true }, { label: 'below min', value: s.minimum - step, ok: false });
      if (isBound(s.maximum))
        cases.push({ label: `max ${s.maximum}`, value: s.maximum, ok: true }, { label: 'above max', value: s.maximum + step, ok: false });
      cases.push({ label: 'fraction', value: low + step / 2, ok: false }, { label: 'numeric string', value: String(low), ok: false });
      break;
    }
    case 'boolean':
      cases.push(
        { label: 'true', value: true, ok: true },
        { label: 'false', value: false, ok: true },
        { label: 'string', value: 'true', ok: false },
      );
      break;
    case 'array':
      cases.push({ label: 'empty list', value: [], ok: true });
      cases.push(...boundaries(s.items ?? {}).map((c) => ({ ...c, label: `entry ${c.label}`, value: [c.value] })));
      break;
    default:
      throw new Error(`no boundaries for ${JSON.stringify(s)}: teach boundaries`);
  }
  return cases;
}

describe('catalogue', () => {
  it('has about 60 events with unique names after the five prefixes, plus the page view and application errors', () => {
    expect(EVENT_NAMES.length).toBe(67);
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
    const others = EVENT_NAMES.filter((name) => !/^user_(view|click|complete|submit|purchased)_[a-z0-9_]+$/.test(name));
    expect(others).toEqual(['page_view', 'application_error']);
  });

  it.each(EVENT_NAMES)('%s has an iglu URI and snake_case wire keys', (name) => {
    const event = EVENTS[name];
    expect(event.schema).toBe(`iglu:com.atelier/${name}/jsonschema/1-0-0`);
    const keys = Object.keys(event.payload.shape);
    const wireKeys = keys.map(snakeCase);
    expect(new Set(wireKeys).size).toBe(keys.length);
    for (const key of wireKeys) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('maps camelCase to snake_case as §3 names them', () => {
    expect(snakeCase('zephrAbGroups')).toBe('zephr_ab_groups');
    expect(snakeCase('utmMedium')).toBe('utm_medium');
    expect(snakeCase('caseStudiesReportsIds')).toBe('case_studies_reports_ids');
    expect(snakeCase('ticketQty')).toBe('ticket_qty');
  });
});

describe.each(EVENT_NAMES)('%s', (name) => {
  const { full, minimal, required, json } = samples(name);
  const schema = EVENTS[name].schema;

  it('accepts a full and a minimal payload and round-trips them through parseWireEvent', () => {
    for (const payload of [full, minimal]) {
      const result = check(name, payload);
      expect(result).toEqual({ ok: true, name, schema, wire: wireOf(payload) });
      if (!result.ok) continue;
      const onWire = JSON.parse(JSON.stringify(result.wire)) as unknown;
      expect(parseWireEvent(schema, onWire)).toEqual({ ok: true, name, schema, wire: wireOf(payload) });
    }
  });

  it('refuses unknown keys, on both sides', () => {
    expect(accepts(name, { ...full, unexpectedField: 'x' })).toBe(false);
    expect(parseWireEvent(schema, { ...wireOf(full), unexpected_field: 'x' }).ok).toBe(false);
  });

  it('refuses camelCase keys on the wire', () => {
    const camel = Object.keys(full).filter((key) => key !== snakeCase(key));
    if (camel.length > 0) expect(parseWireEvent(schema, full).ok).toBe(false);
  });

  if (required.length > 0) {
    it.each(required)('refuses a payload without %s', (key) => {
      const { [key]: _dropped, ...rest } = full;
      expect(accepts(name, rest)).toBe(false);
      expect(parseWireEvent(schema, wireOf(rest)).ok).toBe(false);
    });
  }

  const fields = Object.entries(json.properties ?? {});
  if (fields.length > 0) {
    describe.each(fields)('%s', (key, fieldSchema) => {
      it.each(boundaries(fieldSchema))('$label → ok: $ok', ({ value, ok }) => {
        const payload = { ...full, [key]: value };
        expect(check(name, payload).ok).toBe(ok);
        expect(parseWireEvent(schema, wireOf(payload)).ok).toBe(ok);
      });
    });
  }
});

// The §5 limits on the events that carry them, spelled out.
describe('§5 limits on their events', () => {
  const limit = (name: EventName, base: Payload, key: string, max: number, make = chars) => {
    expect(accepts(name, { ...base, [key]: make(max) }), `${name}.${key} at ${max}`).toBe(true);
    expect(accepts(name, { ...base, [key]: make(max + 1) }), `${name}.${key} at ${max + 1}`).toBe(false);
  };

  it('identifier and label strings: 255', () => {
    limit('user_view_article', {}, 'articleId', 255);
    limit('user_view_article', { articleId: 'a1' }, 'topicLabel', 255);
    limit('user_click_wall_cta', { wallVariant: 'pay' }, 'ctaUrl', 255);
    limit('user_view_profile', { profileType: 'org' }, 'profileId', 255);
    limit('user_complete_session_refresh', {}, 'sessionId', 255);
    limit('user_submit_search', {}, 'searchTerm', 255);
  });

  it('Zephr trials JSON: 4000, but 255 on the generic wall events', () => {
    limit('user_view_payment_individual', {}, 'zephrTrialsJson', 4000);
    limit('user_view_article', { articleId: 'a1' }, 'zephrTrialsJson', 4000);
    limit('user_purchased_subscription', { subscriptionId: 's1' }, 'zephrTrialsJson', 4000);
    limit('user_view_wall', { wallVariant: 'pay' }, 'zephrTrialsJson', 255);
    limit('user_click_wall_cta', { wallVariant: 'pay' }, 'zephrTrialsJson', 255);
  });

  it('AB groups match GROUP_ID#GROUP_NAME', () => {
    const wall = { wallVariant: 'pay' };
    expect(accepts('user_view_wall', { ...wall, zephrAbGroups: ['1234#Control', '99#Variant B'] })).toBe(true);
    expect(accepts('user_view_payment_individual', { zephrAbGroups: ['exp_7#Annual first'] })).toBe(true);
    for (const bad of ['Control', '1234#', '#Control', '1#a#b', '1 2#Control']) {
      expect(accepts('user_view_wall', { ...wall, zephrAbGroups: [bad] }), bad).toBe(false);
      expect(accepts('user_view_payment_individual', { zephrAbGroups: ['1#A', bad] }), bad).toBe(false);
    }
  });

  it('currencyVariant: 3', () => {
    limit('user_view_payment_individual', {}, 'currencyVariant', 3);
    limit('user_view_payment_organisation', {}, 'currencyVariant', 3);
  });

  it('ticketQty: integer 1 to 1000', () => {
    const order = { ticketType: 'standard', eventId: 'e1', orderId: 'o1' };
    for (const ok of [1, 1000]) expect(accepts('user_purchased_ticket', { ...order, ticketQty: ok })).toBe(true);
    for (const bad of [0, 1001, 2.5]) expect(accepts('user_purchased_ticket', { ...order, ticketQty: bad })).toBe(false);
  });

  it('wordsCopied: integer 0 to 2147483647', () => {
    for (const ok of [0, 2_147_483_647]) expect(accepts('user_complete_article_copy', { articleId: 'a1', wordsCopied: ok })).toBe(true);
    for (const bad of [-1, 2_147_483_648, 3.5])
      expect(accepts('user_complete_article_copy', { articleId: 'a1', wordsCopied: bad })).toBe(false);
  });

  it('scroll percentage: 0, 10 … 100 accepted; 5, 105, -10 refused', () => {
    for (let percentage = 0; percentage <= 100; percentage += 10) {
      expect(accepts('user_view_article_scroll', { articleId: 'a1', percentage }), String(percentage)).toBe(true);
    }
    for (const percentage of [5, 105, -10, 110, 95]) {
      expect(accepts('user_view_article_scroll', { articleId: 'a1', percentage }), String(percentage)).toBe(false);
    }
  });

  it('search click position: integer', () => {
    expect(accepts('user_click_search_result', { position: 3 })).toBe(true);
    expect(accepts('user_click_search_result', { position: 3.5 })).toBe(false);
    expect(accepts('user_click_search_result', {})).toBe(false);
  });

  it('page view: path 4048, title 1024, referrer, query and URL 12048, UTM 1024', () => {
    const page = { pagePath: '/', pageUrl: 'https://example.com/' };
    limit('page_view', page, 'pagePath', 4048);
    limit('page_view', page, 'pageTitle', 1024);
    limit('page_view', page, 'pageReferrer', 12048);
    limit('page_view', page, 'pageQuery', 12048);
    limit('page_view', page, 'pageUrl', 12048);
    for (const utm of ['utmMedium', 'utmSource', 'utmTerm', 'utmContent', 'utmCampaign']) limit('page_view', page, utm, 1024);
  });

  it('marketing page query: 1024', () => {
    limit('user_view_marketing_professional', {}, 'pageQuery', 1024);
    limit('user_view_marketing_individuals', {}, 'pageQuery', 1024);
    limit('user_view_enquiry_media', {}, 'pageQuery', 1024);
  });

  it('generic article-context strings: 2048', () => {
    const base = { subject: 'reader', action: 'opened', object: 'gallery' };
    for (const key of ['subject', 'action', 'object', 'category', 'eventCategory', 'eventVersion']) {
      limit('user_click_article_context', base, key, 2048);
    }
  });

  it('AI search term 1024, answer 10000', () => {
    limit('user_submit_ai_search', {}, 'searchTerm', 1024);
    limit('user_view_ai_search_result', { type: 'success' }, 'searchTerm', 1024);
    limit('user_view_ai_search_result', { type: 'success', searchTerm: 'q' }, 'answer', 10000);
  });

  it('application errors (§8): message 2048, stack 8192', () => {
    limit('application_error', {}, 'message', 2048);
    limit('application_error', { message: 'boom' }, 'stack', 8192);
  });
});

describe('validateEvent and parseWireEvent', () => {
  it('gives the snake_case wire object and the schema URI', () => {
    const result = validateEvent('user_view_wall', {
      wallVariant: 'pay',
      articleId: 'a1',
      zephrAbGroups: ['12#Control'],
      zephrTrialsJson: '{"t":1}',
    });
    expect(result).toEqual({
      ok: true,
      name: 'user_view_wall',
      schema: 'iglu:com.atelier/user_view_wall/jsonschema/1-0-0',
      wire: { wall_variant: 'pay', article_id: 'a1', zephr_ab_groups: ['12#Control'], zephr_trials_json: '{"t":1}' },
    });
    const page = validateEvent('page_view', { pagePath: '/a/', pageUrl: 'https://example.com/a/?utm_medium=email', utmMedium: 'email' });
    expect(page.ok && page.wire).toEqual({ page_path: '/a/', page_url: 'https://example.com/a/?utm_medium=email', utm_medium: 'email' });
  });

  it('drops undefined optional fields from the wire object', () => {
    const result = validateEvent('user_view_topic', { topicId: 't1', topicLabel: 'Luxury' });
    expect(result.ok && result.wire).toEqual({ topic_id: 't1', topic_label: 'Luxury' });
    const partial = validateEvent('user_click_topic_follow', { topicId: 't1', topicLabel: undefined });
    expect(partial.ok && partial.wire).toEqual({ topic_id: 't1' });
  });

  it('keeps null where the schema allows it', () => {
    const result = validateEvent('user_complete_organisation_join', { accountId: 'acc', initiatorUserId: null });
    expect(result.ok && result.wire).toEqual({ account_id: 'acc', initiator_user_id: null });
    expect(parseWireEvent(EVENTS.user_complete_organisation_join.schema, { account_id: 'acc', initiator_user_id: null }).ok).toBe(true);
  });

  it('returns the issues when refused', () => {
    const result = check('user_view_article_scroll', { articleId: 'a1', percentage: 5 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.path)).toEqual([['percentage']]);
    const wire = parseWireEvent(EVENTS.user_view_article_scroll.schema, { article_id: 'a1', percentage: 105 });
    expect(wire.ok).toBe(false);
    if (!wire.ok) expect(wire.issues[0]?.path).toEqual(['percentage']);
  });

  it('refuses unknown events, schema URIs and versions, and non-object data', () => {
    expect(check('user_view_nothing' as EventName, {}).ok).toBe(false);
    expect(check('toString' as EventName, {}).ok).toBe(false);
    expect(parseWireEvent('iglu:com.atelier/user_view_nothing/jsonschema/1-0-0', {}).ok).toBe(false);
    expect(parseWireEvent('iglu:com.atelier/user_view_welcome/jsonschema/2-0-0', {}).ok).toBe(false);
    expect(parseWireEvent('iglu:com.atelier/user_view_welcome/jsonschema/1-0-0', {}).ok).toBe(true);
    expect(parseWireEvent('iglu:com.atelier/user_view_welcome/jsonschema/1-0-0', null).ok).toBe(false);
    expect(parseWireEvent('iglu:com.atelier/user_view_welcome/jsonschema/1-0-0', []).ok).toBe(false);
  });

  it('narrows the wire type by name for the collector', () => {
    const result = parseWireEvent(EVENTS.user_purchased_ticket.schema, {
      ticket_type: 'vip',
      event_id: 'e1',
      order_id: 'o1',
      ticket_qty: 2,
    });
    expect(result.ok).toBe(true);
    if (result.ok && result.name === 'user_purchased_ticket') expect(result.wire.ticket_qty).toBe(2);
  });
});

describe('docs/analytics.md', () => {
  it('is current (run `npx tsx scripts/analytics-doc.ts` after changing the catalogue)', () => {
    expect(readFileSync(ANALYTICS_DOC_PATH, 'utf8')).toBe(renderAnalyticsDoc());
  });
});
