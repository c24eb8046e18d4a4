import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../shared/analytics/events.ts';
import { pageViewFields } from './page-view.ts';

describe('page view fields (§3)', () => {
  it('takes path, query, utm fields, URL, referrer and title from the page', () => {
    const fields = pageViewFields({
      url: 'https://atelier.test/articles/a-story/?utm_source=newsletter&utm_medium=email&utm_campaign=daily&utm_term=luxury&utm_content=top&ref=x',
      referrer: 'https://www.example.com/',
      title: 'Atelier',
    });
    expect(fields).toEqual({
      pagePath: '/articles/a-story/',
      pageUrl:
        'https://atelier.test/articles/a-story/?utm_source=newsletter&utm_medium=email&utm_campaign=daily&utm_term=luxury&utm_content=top&ref=x',
      pageReferrer: 'https://www.example.com/',
      pageTitle: 'Atelier',
      pageQuery: 'utm_source=newsletter&utm_medium=email&utm_campaign=daily&utm_term=luxury&utm_content=top&ref=x',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'daily',
      utmTerm: 'luxury',
      utmContent: 'top',
    });
    expect(validateEvent('page_view', fields).ok).toBe(true);
  });

  it('leaves out what the page does not have', () => {
    expect(pageViewFields({ url: 'https://atelier.test/', referrer: '' })).toEqual({ pagePath: '/', pageUrl: 'https://atelier.test/' });
  });

  it('cuts long values to the §5 limits so the page view stays valid', () => {
    const fields = pageViewFields({
      url: `https://atelier.test/${'a'.repeat(5000)}/?utm_source=${'s'.repeat(2000)}&q=${'q'.repeat(13000)}`,
      title: 't'.repeat(2000),
    });
    expect(fields.pagePath).toHaveLength(4048);
    expect(fields.pageUrl).toHaveLength(12048);
    expect(fields.pageQuery).toHaveLength(12048);
    expect(fields.utmSource).toHaveLength(1024);
    expect(fields.pageTitle).toHaveLength(1024);
    expect(validateEvent('page_view', fields).ok).toBe(true);
  });
});
