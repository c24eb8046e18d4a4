import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * A reading page paints before its scripts load (decision 060). React Router's <Scripts /> preloads
 * every module of the page (`<link rel="modulepreload">`, fetched at High) and starts them from an
 * inline module script, so on a slow phone 75–85 KB of scripts shared the connection with the style
 * sheet, fonts and hero image the first paint needs; the page is whole without them (its links
 * are plain links, its forms plain forms, until hydration).
 *
 * As the HTML streams, the module preloads leave the head and the inline module script is made
 * inert (`type="text/x-after-first-paint"`); a small inline script put before it waits for the
 * first frame, then adds the same preloads to the body and runs the module script as it was. The
 * nonce stays on both (a cached page lists their hashes instead, page-cache.ts).
 */
export function scriptsAfterFirstPaint(nonce: string | undefined): Transform {
  const decoder = new StringDecoder('utf8'); // a character may straddle two chunks
  const modules: string[] = [];
  let carried = '';
  const rewrite = (text: string) =>
    text
      .replace(MODULE_PRELOAD, (_tag, attributes: string) => {
        const href = /\shref="([^"]*)"/.exec(attributes)?.[1];
        if (href) modules.push(href);
        return '';
      })
      .replace(SCRIPT_TAG, (tag, attributes: string) =>
        isRouterModuleScript(attributes) ? starter(modules, nonce) + tag.replace(' type="module"', ` type="${INERT_TYPE}"`) : tag,
      );
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carried + decoder.write(chunk);
      // A tag the chunk cuts short waits for the next chunk (React writes a tag a piece at a time).
      const open = text.lastIndexOf('<');
      const keep = open !== -1 && !text.includes('>', open) ? open : text.length;
      carried = text.slice(keep);
      callback(null, rewrite(text.slice(0, keep)));
    },
    flush(callback) {
      callback(null, rewrite(carried + decoder.end()));
    },
  });
}

const MODULE_PRELOAD = /<link rel="modulepreload"([^>]*)>/g;
const SCRIPT_TAG = /<script\b([^>]*)>/g;
/** React Router's inline module script: the one inline (no src) `type="module"` script that is async. */
const isRouterModuleScript = (attributes: string) =>
  attributes.includes(' type="module"') && attributes.includes(' async=""') && !attributes.includes(' src=');
const INERT_TYPE = 'text/x-after-first-paint';

/** The inline script that, after the first frame, preloads the modules and runs the router's script. */
function starter(modules: string[], nonce: string | undefined): string {
  const code =
    'requestAnimationFrame(()=>setTimeout(()=>{' +
    `for(const href of ${JSON.stringify(modules).replaceAll('<', '\\u003c')}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.body.append(l)}` +
    `const w=document.querySelector('script[type="${INERT_TYPE}"]'),s=document.createElement("script");` +
    's.type="module";s.nonce=w.nonce;s.textContent=w.textContent;w.replaceWith(s)}))';
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>${code}</script>`;
}
