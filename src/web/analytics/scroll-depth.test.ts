import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../shared/analytics/events.ts';
import { newSteps, scrollDepth } from './scroll-depth.ts';

describe('scroll depth (§5, §9: 10 % steps)', () => {
  it('is the share of the story above the bottom of the window, in whole steps', () => {
    expect(scrollDepth({ top: 800, height: 2000, viewportHeight: 800 })).toBe(0);
    expect(scrollDepth({ top: 300, height: 2000, viewportHeight: 800 })).toBe(20);
    expect(scrollDepth({ top: -1000, height: 2000, viewportHeight: 800 })).toBe(90);
    expect(scrollDepth({ top: -1300, height: 2000, viewportHeight: 800 })).toBe(100);
    expect(scrollDepth({ top: -5000, height: 2000, viewportHeight: 800 })).toBe(100);
    expect(scrollDepth({ top: 100, height: 0, viewportHeight: 800 })).toBe(100);
  });

  it('reports 0 on open and every step passed once, in order', () => {
    expect(newSteps(-1, 0)).toEqual([0]);
    expect(newSteps(-1, 30)).toEqual([0, 10, 20, 30]);
    expect(newSteps(30, 30)).toEqual([]);
    expect(newSteps(30, 20)).toEqual([]);
    expect(newSteps(30, 60)).toEqual([40, 50, 60]);
    for (const percentage of newSteps(-1, 100))
      expect(validateEvent('user_view_article_scroll', { articleId: 'a', percentage }).ok).toBe(true);
  });
});
