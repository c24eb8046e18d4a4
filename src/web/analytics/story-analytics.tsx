// Story reading (SPEC §3): user_view_article when a story opens and user_view_article_scroll at
// each 10 % of its body. Renders nothing.
import { useEffect } from 'react';
import { trackEvent } from './analytics.ts';
import { watchScrollDepth } from './scroll-depth.ts';
import { useTrackEvent } from './use-track-event.ts';

export function StoryAnalytics({ articleId, topicId, topicLabel, wallVariant, giftId, bodySelector = '.story__body' }: { articleId: string; topicId?: string; topicLabel?: string; wallVariant?: string; giftId?: string; bodySelector?: string }) {
  useTrackEvent('user_view_article', { articleId, topicId, topicLabel, wallVariant, ...(giftId ? { giftId } : {}) });

  useEffect(() => {
    const body = document.querySelector<HTMLElement>(bodySelector);
    if (!body) return;
    return watchScrollDepth(body, (percentage) => trackEvent('user_view_article_scroll', { articleId, percentage }));
  }, [articleId, bodySelector]);

  return null;
}
