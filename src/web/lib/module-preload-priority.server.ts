import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * The page's modules stay preloaded (hydration does not wait on a chain of imports) but at low
 * priority: a modulepreload is fetched at High, so on a slow phone the 75–85 KB of scripts share the
 * connection with the style sheet, fonts and hero image the first paint needs, and Lighthouse's
 * simulation counts each as blocking that paint (FCP 2.0 s → 1.1–1.4 s on home and story,
 * docs/performance.md). <Scripts /> takes no fetchPriority, so the attribute is written into its tags
 * as the HTML streams; a tag, or a character, may straddle two chunks.
 */
export function modulePreloadsAtLowPriority(): Transform {
  const tag = '<link rel="modulepreload"';
  const lowered = '<link rel="modulepreload" fetchPriority="low"';
  const decoder = new StringDecoder('utf8'); // a character may straddle two chunks too
  let carried = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carried + decoder.write(chunk);
      // Keep back an end that could be the start of a tag the next chunk finishes.
      const start = text.lastIndexOf('<');
      const keep = start !== -1 && text.length - start < tag.length && tag.startsWith(text.slice(start)) ? start : text.length;
      carried = text.slice(keep);
      callback(null, text.slice(0, keep).replaceAll(tag, lowered));
    },
    flush(callback) {
      callback(null, (carried + decoder.end()).replaceAll(tag, lowered));
    },
  });
}
