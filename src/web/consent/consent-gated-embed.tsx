// A third-party embed (a video) that loads only with embeds consent (SPEC §4). Until then a
// placeholder says what would load and offers to allow embeds; nothing is requested from the
// other site before that.
import { useConsentCategories } from './use-consent.ts';
import { hasEmbedsConsent } from './tag-consent.ts';
import { VIDEO_EMBED_ORIGIN } from '../../shared/analytics/third-parties.ts';
import { videoIdFromLink } from '../../shared/validation/video-links.ts';

/** The privacy-enhanced player address of a video link; null for anything else. */
export function videoEmbedUrl(link: string): string | null {
  const id = videoIdFromLink(link);
  return id ? `${VIDEO_EMBED_ORIGIN}/embed/${id}` : null;
}

export function ConsentGatedEmbed({ url, title, provider = 'YouTube' }: { url: string; title: string; provider?: string }) {
  const categories = useConsentCategories();
  const src = videoEmbedUrl(url);
  if (!src) return null;
  if (hasEmbedsConsent(categories)) {
    return (
      <div className="embed">
        <iframe
          className="embed__frame"
          src={src}
          title={title}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  const allow = () => {
    const api = window.atelierConsent;
    api?.accept([...(api.getState()?.categories ?? []), 'embeds']);
  };
  return (
    <div className="embed embed--placeholder" role="group" aria-label={`${provider} video: ${title}`}>
      <p className="embed__text">
        This {provider} video is hosted by another site, which may set cookies. Allow embedded media to watch it here, or{' '}
        <a href={url} rel="noopener noreferrer" target="_blank">
          watch it on {provider}
        </a>
        .
      </p>
      <p className="embed__actions">
        <button type="button" className="button button--small" onClick={allow}>
          Allow embeds
        </button>
        <button type="button" className="link-button" onClick={() => window.atelierConsent?.showPreferences()}>
          Cookie preferences
        </button>
      </p>
    </div>
  );
}
