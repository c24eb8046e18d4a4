import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConsentGatedEmbed, videoEmbedUrl } from './consent-gated-embed.tsx';

describe('ConsentGatedEmbed (§4: embeds wait for embeds consent)', () => {
  it('plays video links through the privacy-enhanced player, and nothing else', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://evil.example/embed/dQw4w9WgXcQ')).toBeNull();
  });

  it('renders a placeholder, not the iframe, until consent is known to include embeds', () => {
    const html = renderToString(<ConsentGatedEmbed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" title="The show" />);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube-nocookie');
    expect(html).toContain('Allow embeds');
    expect(html).toContain('aria-label="YouTube video: The show"');
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
  });

  it('renders nothing for a link that is not a video', () => {
    expect(renderToString(<ConsentGatedEmbed url="https://atelier.test/" title="x" />)).toBe('');
  });
});
