import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Compress once, at build time (issue 15): every script, style sheet and SVG of the browser build
 * gets a `.br` (brotli at its best, quality 11) and a `.gz` beside it, for the static file server
 * to send as they are (@fastify/static `preCompressed`) instead of compressing on every request at
 * the quick setting. Brotli 11 saves about 14 % on the React chunks against quality 4 (decision 033).
 */
function precompress(): Plugin {
  return {
    name: 'atelier-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir || this.environment.name !== 'client') return;
      for (const file of Object.values(bundle)) {
        if (!/\.(?:js|css|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < 1024) continue;
        const target = path.join(options.dir, file.fileName);
        writeFileSync(`${target}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${target}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** What the browser build loads instead of React (decision 057): Preact's compat layer. */
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/**
 * The browser runs on Preact (decision 057): in the client environment, React, React DOM and the
 * JSX runtime resolve to `preact/compat`; the server keeps rendering with React.
 */
function preactInTheBrowser(): Plugin {
  return {
    name: 'atelier-preact-in-the-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client') return null;
      const target = PREACT[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [preactInTheBrowser(), reactRouter(), precompress()],
  build: {
    // ATELIER_SOURCEMAP=1 npm run build: source maps beside the scripts, for npm run bench:browser-profile.
    sourcemap: process.env.ATELIER_SOURCEMAP === '1',
    // Fonts stay files (never inlined) so they cache independently and can be preloaded.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Few files per page (each request costs about 0.8 KB of headers, and small files compress
        // worse): React DOM, React and React Router in one; the light modules every reading page
        // shares (paths, session, analytics' facade, consent, story cards …) in another. Groups
        // with a higher priority take their modules first; `common` must never reach zod (the
        // validation group, and forms/tracker/auth-client, load only where they are used).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|preact)[\\/]/, priority: 3 },
            {
              name: 'common',
              test: /[\\/]src[\\/](shared[\\/](paths|images|auth[\\/]|analytics[\\/]limits)|web[\\/](lib[\\/](?!schema-form|zod-jitless)|analytics[\\/](?!tracker|snowplow)|consent[\\/]|auth[\\/](?!auth-client)|components[\\/](auth-links|story-card|picture|access-badge)))/,
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'validation',
              test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]shared[\\/](validation|errors|analytics[\\/](events|fields))/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // npm run dev: the browser's pre-bundled dependencies (React Router) import React through the
  // optimizer, which does not run the plugin above; the server's are not pre-bundled.
  // Preact's entries are named so the first start bundles them: found only when the first page
  // asked for them, the optimizer bundled again and that page's modules answered 504.
  optimizeDeps: {
    include: [...new Set(Object.values(PREACT)), 'preact', 'preact/hooks'],
    rolldownOptions: {
      plugins: [
        {
          name: 'atelier-preact-in-pre-bundles',
          resolveId(source, importer, options) {
            const target = PREACT[source];
            return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
          },
        },
      ],
    },
  },
  server: { port: 5173 },
});
