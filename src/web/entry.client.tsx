import { Fragment, options, type VNode } from 'preact';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { rememberFieldsTypedEarly } from './lib/fields-typed-early.ts';
import { hydrateKeepingPrerendered } from './lib/prerendered.tsx';

// The browser build runs on Preact's compat layer (vite.config.ts, decision 057); the server renders
// with React. Three differences between the two meet at hydration, and are settled here (and a
// fourth in development).

// 1. Preact hydrates a document into its <html> element (the browser owns the document itself), so
//    the root Layout's <html> is a fragment in the browser: its children are the <head> and <body>
//    the server sent. Its attributes (lang) stay as the server wrote them.
//    And React's `onChange` on an element that is not a field (a form checking its fields as they
//    change, useSchemaForm) fires on every edit of a field inside it, as `onInput` does; Preact's
//    would wait for the native `change` event, when the field loses focus. (On the fields
//    themselves preact/compat already makes `onChange` an input listener.)
const FIELDS = new Set(['input', 'textarea', 'select']);
const nextVNode = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'html') vnode.type = Fragment;
  else if (typeof vnode.type === 'string' && !FIELDS.has(vnode.type)) {
    const props = vnode.props as { onChange?: unknown; onInput?: unknown };
    if (props.onChange && !props.onInput) {
      props.onInput = props.onChange;
      delete props.onChange;
    }
  }
  nextVNode?.(vnode);
};

// 2. React's server writes into the head what the browser renders elsewhere or not at all: a
//    `<link rel="preload" as="image">` for the first images of a page (the app renders none). Preact
//    matches elements by tag, in order, so each extra link would shift every link after it onto the
//    wrong element. The image preloads (their requests go on) are dropped, as Preact would drop them
//    at the end of hydration anyway. (The module preloads <Scripts /> renders never reach the head:
//    entry.server adds them to the body after the first paint, scripts-after-first-paint.server.ts.)
for (const link of document.head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();

// 3. HydratedRouter's first render starts decoding the server's data and suspends until it is done.
//    React waits for that at the root; Preact would give the document up (a suspended hydration
//    keeps only its first node). So the data is decoded first: the hydrating render never suspends.
async function serverDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    // Anything else (no server data at all) is thrown again by the hydrating render.
  }
}

// 4. `npm run dev` only: Vite puts each imported style sheet into the head as a <style> before
//    hydration, and Preact removes from the head what the server did not render (React leaves it),
//    so the page lost its styles once React Router dropped its critical CSS. They are set aside and
//    put back once hydrated (the same elements, which Vite's hot updates keep changing).
const devStyles = import.meta.env.DEV ? [...document.head.querySelectorAll('style[data-vite-dev-id]')] : [];
for (const style of devStyles) style.remove();

// 5. Decoding and hydrating are two tasks, not one: a phone's main thread answers a tap between them.
await serverDataDecoded();
await new Promise((resolve) => setTimeout(resolve, 0));

// 6. The renders that hydration's layout effects ask for (the reader's session read from the cookie,
//    `useHydrated` turning true) run in a task of their own, not at the end of hydration's: Preact
//    would flush them in a microtask, making one long task of both (decision 061).
const renderSoon = options.debounceRendering;
options.debounceRendering = (flush) =>
  setTimeout(() => {
    options.debounceRendering = renderSoon;
    flush();
  }, 0);

// What <Prerendered> wraps keeps the server's DOM (decision 060), and what the reader typed into a
// form before now is kept too (a controlled field's component would not know it).
const putBackFieldsTypedEarly = rememberFieldsTypedEarly();
hydrateKeepingPrerendered(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
putBackFieldsTypedEarly();
document.head.append(...devStyles);
