// The search query as a reader's address bar may send it, and the analytics fields it becomes (§3, §5).
import { describe, expect, it } from 'vitest';
import { validateEvent } from '../analytics/events.ts';
import { SEARCH_TERM_MAX, searchFilters } from '../search.ts';
import { searchQuerySchema } from './search.ts';

describe('searchQuerySchema', () => {
  it('keeps a good query and its filters', () => {
    expect(searchQuerySchema.parse({ q: '  quiet luxury ', type: 'case_study', topic: 'fashion-week', date: 'month', page: '3' })).toEqual({
      q: 'quiet luxury',
      type: 'case_study',
      topic: 'fashion-week',
      date: 'month',
      page: 3,
    });
  });

  it('reads whatever else it is given as no filter, page one, and a term cut to its limit', () => {
    const parsed = searchQuerySchema.parse({ q: 'x'.repeat(500), type: 'stories', topic: '../etc', date: 'today', page: '0' });
    expect(parsed).toEqual({ q: 'x'.repeat(SEARCH_TERM_MAX), page: 1 });
    expect(searchQuerySchema.parse({ q: 'a\u0000b', page: '999' })).toEqual({ q: '', page: 1 });
    expect(searchQuerySchema.parse({})).toEqual({ q: '', page: 1 });
  });
});

describe('the analytics fields of a search', () => {
  it('lists each filter as its name then its value, and the events accept them', () => {
    const filters = searchFilters({ type: 'story', date: 'year' });
    expect(filters).toEqual([
      ['type', 'story'],
      ['date', 'year'],
    ]);
    const view = validateEvent('user_view_search_results', {
      searchType: 'site',
      searchTerm: 'quiet luxury',
      searchFilters: filters,
      resultsCount: 12,
      searchId: '7d1f7a52-0d7e-4a5e-9b7e-0c1b2f3a4d5e',
    });
    expect(view.ok).toBe(true);
    const click = validateEvent('user_click_search_result', {
      searchType: 'site',
      searchTerm: 'quiet luxury',
      searchId: '7d1f7a52-0d7e-4a5e-9b7e-0c1b2f3a4d5e',
      position: 11,
      targetUrl: '/articles/quiet-luxury/',
    });
    expect(click.ok).toBe(true);
  });
});
