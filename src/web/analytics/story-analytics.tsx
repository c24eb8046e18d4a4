// Story reading (SPEC §3): user_view_article when a story opens, user_view_article_scroll at
// each 10 % of its body and user_complete_article_copy when the reader copies from it. Renders nothing.
import { useEffect } from 'react';
import { trackEvent } from './analytics.ts';
import { watchScrollDepth } from './scroll-depth.ts';
import { useTrackEvent } from './use-track-event.ts';
import { LIMITS } from '../../shared/analytics/limits.ts';

/** Words in a copied selection: runs of non-space characters. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function StoryAnalytics({
  articleId,
  topicId,
  topicLabel,
  wallVariant,
  giftId,
  bodySelector = '.story__body',
}: {
  articleId: string;
  topicId?: string;
  topicLabel?: string;
  wallVariant?: string;
  giftId?: string;
  bodySelector?: string;
}) {
  useTrackEvent('user_view_article', { articleId, topicId, topicLabel, wallVariant, ...(giftId ? { giftId } : {}) });

  useEffect(() => {
    const body = document.querySelector<HTMLElement>(bodySelector);
    if (!body) return;
    return watchScrollDepth(body, (percentage) => trackEvent('user_view_article_scroll', { articleId, percentage }));
  }, [articleId, bodySelector]);

  useEffect(() => {
    const body = document.querySelector<HTMLElement>(bodySelector);
    if (!body) return;
    const onCopy = () => {
      const words = wordCount(document.getSelection()?.toString() ?? '');
      if (words > 0) trackEvent('user_complete_article_copy', { articleId, wordsCopied: Math.min(words, LIMITS.wordsCopiedMax) });
    };
    body.addEventListener('copy', onCopy);
    return () => body.removeEventListener('copy', onCopy);
  }, [articleId, bodySelector]);

  return null;
}
