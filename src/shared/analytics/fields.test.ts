// Each SPEC §5 limit asserted explicitly on the field groups, with the spec's numbers written out
// (not read from LIMITS) so a wrong constant fails here.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  abGroup,
  aiSearchResultFields,
  applicationErrorFields,
  articleActionFields,
  articleContextFields,
  cancellationFields,
  consentFields,
  downloadCtaFields,
  experimentFields,
  genericArticleContextFields,
  marketingPageFields,
  organisationMembershipFields,
  organisationPaymentViewFields,
  pageViewFields,
  paymentViewFields,
  profileFields,
  searchFields,
  ticketFields,
  wallExperimentFields,
} from './fields.ts';

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const chars = (n: number) => 'x'.repeat(n);

describe('string limits (§5): accepted at the limit, refused one past it', () => {
  const cases: [string, z.ZodType, number][] = [
    ['articleId (identifiers)', articleContextFields.shape.articleId, 255],
    ['topicLabel (labels)', articleContextFields.shape.topicLabel, 255],
    ['ctaUrl', articleContextFields.shape.ctaUrl, 255],
    ['zephrTrialsJson', experimentFields.shape.zephrTrialsJson, 4000],
    ['zephrTrialsJson on generic wall events', wallExperimentFields.shape.zephrTrialsJson, 255],
    ['currencyVariant', paymentViewFields.shape.currencyVariant, 3],
    ['pagePath', pageViewFields.shape.pagePath, 4048],
    ['pageTitle', pageViewFields.shape.pageTitle, 1024],
    ['pageReferrer', pageViewFields.shape.pageReferrer, 12048],
    ['pageQuery', pageViewFields.shape.pageQuery, 12048],
    ['pageUrl', pageViewFields.shape.pageUrl, 12048],
    ['utmMedium', pageViewFields.shape.utmMedium, 1024],
    ['utmSource', pageViewFields.shape.utmSource, 1024],
    ['utmTerm', pageViewFields.shape.utmTerm, 1024],
    ['utmContent', pageViewFields.shape.utmContent, 1024],
    ['utmCampaign', pageViewFields.shape.utmCampaign, 1024],
    ['marketing page query', marketingPageFields.shape.pageQuery, 1024],
    ['generic article-context subject', genericArticleContextFields.shape.subject, 2048],
    ['generic article-context action', genericArticleContextFields.shape.action, 2048],
    ['generic article-context object', genericArticleContextFields.shape.object, 2048],
    ['generic article-context category', genericArticleContextFields.shape.category, 2048],
    ['generic article-context eventCategory', genericArticleContextFields.shape.eventCategory, 2048],
    ['generic article-context eventVersion', genericArticleContextFields.shape.eventVersion, 2048],
    ['AI search term', aiSearchResultFields.shape.searchTerm, 1024],
    ['AI answer', aiSearchResultFields.shape.answer, 10000],
    ['search term', searchFields.shape.searchTerm, 255],
    ['cancellationReasonOther', cancellationFields.shape.cancellationReasonOther, 255],
    ['application error message', applicationErrorFields.shape.message, 2048],
    ['application error stack', applicationErrorFields.shape.stack, 8192],
  ];
  it.each(cases.map(([label, schema, max]) => ({ label, schema, max })))('$label: $max chars', ({ schema, max }) => {
    expect(accepts(schema, chars(max))).toBe(true);
    expect(accepts(schema, chars(max + 1))).toBe(false);
  });

  it('applies 255 to each entry of identifier lists', () => {
    for (const list of [paymentViewFields.shape.frequencyPlans, consentFields.shape.consentState, aiSearchResultFields.shape.sourcesIds]) {
      expect(accepts(list, [chars(255)])).toBe(true);
      expect(accepts(list, [chars(256)])).toBe(false);
    }
    expect(accepts(searchFields.shape.searchFilters, [['topic', chars(255)]])).toBe(true);
    expect(accepts(searchFields.shape.searchFilters, [['topic', chars(256)]])).toBe(false);
  });
});

describe('AB groups (§5 GROUP_ID#GROUP_NAME)', () => {
  const group = abGroup();
  it.each(['123#Control', 'exp-4_b#Variant B', `1#${chars(253)}`])('accepts %s', (value) => {
    expect(accepts(group, value)).toBe(true);
  });
  it.each(['Control', '#Control', '123#', '12 3#Control', '1#a#b', '', `1#${chars(254)}`])('refuses %j', (value) => {
    expect(accepts(group, value)).toBe(false);
  });
  it('applies to every entry of zephrAbGroups', () => {
    expect(accepts(experimentFields.shape.zephrAbGroups, ['1#A', '2#B'])).toBe(true);
    expect(accepts(experimentFields.shape.zephrAbGroups, ['1#A', 'B'])).toBe(false);
  });
});

describe('integers (§5)', () => {
  it('ticketQty is an integer from 1 to 1000', () => {
    const qty = ticketFields.shape.ticketQty;
    for (const ok of [1, 2, 1000]) expect(accepts(qty, ok)).toBe(true);
    for (const bad of [0, 1001, -1, 1.5, '2']) expect(accepts(qty, bad)).toBe(false);
  });

  it('wordsCopied is an integer from 0 to 2147483647', () => {
    const words = articleActionFields.shape.wordsCopied;
    for (const ok of [0, 1, 2_147_483_647]) expect(accepts(words, ok)).toBe(true);
    for (const bad of [-1, 2_147_483_648, 2.5]) expect(accepts(words, bad)).toBe(false);
  });

  it('scroll percentage is 0 to 100 in steps of 10', () => {
    const percentage = articleActionFields.shape.percentage;
    for (let step = 0; step <= 100; step += 10) expect(accepts(percentage, step)).toBe(true);
    for (const bad of [5, 105, -10, 110, 55, 50.5]) expect(accepts(percentage, bad)).toBe(false);
  });

  it('search click position is an integer', () => {
    const position = searchFields.shape.position;
    for (const ok of [0, 1, 250]) expect(accepts(position, ok)).toBe(true);
    for (const bad of [1.5, -1, '1']) expect(accepts(position, bad)).toBe(false);
  });

  it('counts are whole and not negative', () => {
    for (const field of [searchFields.shape.resultsCount, organisationPaymentViewFields.shape.seatQuantity]) {
      expect(accepts(field, 0)).toBe(true);
      expect(accepts(field, -1)).toBe(false);
      expect(accepts(field, 0.5)).toBe(false);
    }
  });
});

describe('enumerations (§3, §4, §9)', () => {
  it.each([
    ['currency', articleContextFields.shape.currency, ['EUR', 'GBP', 'INR', 'USD'], ['usd', 'JPY', '']],
    ['AI search type', aiSearchResultFields.shape.type, ['error', 'success'], ['ok']],
    ['profileType', profileFields.shape.profileType, ['org', 'people'], ['person']],
    ['profileLevel', profileFields.shape.profileLevel, ['premium', 'basic'], ['gold']],
    ['campaignType', downloadCtaFields.shape.campaignType, ['internal', 'lead_gen'], ['lead-gen']],
    ['cancellation action', cancellationFields.shape.action, ['cancelled', 'accepted_discount'], ['canceled']],
  ] as const)('%s', (_label, schema, good, bad) => {
    for (const value of good) expect(accepts(schema, value)).toBe(true);
    for (const value of bad) expect(accepts(schema, value)).toBe(false);
  });
});

describe('field groups', () => {
  it('refuse unknown keys', () => {
    expect(accepts(pageViewFields, { pagePath: '/', pageUrl: 'https://example.com/' })).toBe(true);
    expect(accepts(pageViewFields, { pagePath: '/', pageUrl: 'https://example.com/', extra: 1 })).toBe(false);
    expect(accepts(articleContextFields, { article_id: 'a1' })).toBe(false);
  });

  it('initiatorUserId is required but null when the change was automatic', () => {
    expect(accepts(organisationMembershipFields, { accountId: 'acc1', initiatorUserId: null })).toBe(true);
    expect(accepts(organisationMembershipFields, { accountId: 'acc1', initiatorUserId: 'u1' })).toBe(true);
    expect(accepts(organisationMembershipFields, { accountId: 'acc1' })).toBe(false);
  });
});
