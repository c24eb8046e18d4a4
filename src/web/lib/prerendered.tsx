// Parts of a reading page that have no behaviour of their own (story cards, lists of links, a
// story's text) are kept as the server wrote them when the page hydrates, instead of being built a
// second time in the browser (decision 060). On a phone that second build was most of the long task
// after the first paint: the home page's cards alone were about 60 % of its hydration.
//
// Hydration in the browser runs on Preact (decision 057), which keeps an element's server-written
// children when the element it hydrates carries `dangerouslySetInnerHTML` (it neither diffs nor
// replaces them while hydrating). <Prerendered> renders its children everywhere else: on the server,
// on a page reached by a client-side navigation, and once the data it shows changes.
//
// Links inside keep working as React Router's <Link> would: useKeptLinks (in the root Layout)
// navigates on their clicks in the page, and React Router still discovers their routes, which it
// finds in the document by their `data-discover` attribute.
import { createContext, createElement, useContext, useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { KeptOnServerValues, type PrerenderedData } from './prerendered-data.ts';

let hydrating = false;

/** entry.client: runs the hydrating render, during which each <Prerendered> keeps the server's DOM. */
export function hydrateKeepingPrerendered(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/**
 * Set by <HydrateLater> (hydrate-later.tsx) around the part it hydrates in a later task: the parts
 * inside are hydrating then too, though the page's hydrating render is over.
 */
export const HydratingLater = createContext<{ now: boolean }>({ now: false });

/** Whether this render hydrates server HTML: the page's hydrating render, or a later part's. */
export function useHydratingNow(): boolean {
  const later = useContext(HydratingLater);
  return hydrating || later.now;
}

/** The same object every render: Preact compares `__html` and leaves the element's children alone. */
const KEEP_SERVER_CHILDREN = { __html: '' };

export type Tag = 'div' | 'section' | 'aside' | 'footer' | 'ol' | 'ul';

type Attributes = Omit<HTMLAttributes<HTMLElement>, 'children'> & { as: Tag };

/**
 * Either `keepWhile` (the data the children show, a loader's data: the server's HTML is kept only
 * while it is this same value) and the children, or `data` (loader data made with `prerenderedData`,
 * which on a document stays on the server: prerendered-data.ts) and a function rendering its value.
 */
export function Prerendered<T>(
  props: Attributes & ({ keepWhile: unknown; children: ReactNode } | { data: PrerenderedData<T>; children: (value: T) => ReactNode }),
) {
  return 'data' in props ? createElement(PrerenderedFromData<T>, props) : createElement(PrerenderedWhile, props);
}

/** Whether a part keeps the server's HTML: it mounted while hydrating and is given the same `data` still. */
function useKeepsServerHtml(data: unknown): boolean {
  const hydratingNow = useHydratingNow();
  const [keptFor] = useState(() => (hydratingNow ? { data } : null));
  return keptFor !== null && Object.is(keptFor.data, data);
}

function PrerenderedWhile({ as, keepWhile, children, ...attributes }: Attributes & { keepWhile: unknown; children: ReactNode }) {
  if (useKeepsServerHtml(keepWhile)) return keptElement(as, attributes);
  return createElement(as, { ...attributes, 'data-prerendered': '' }, children);
}

function PrerenderedFromData<T>({
  as,
  data,
  children,
  ...attributes
}: Attributes & { data: PrerenderedData<T>; children: (value: T) => ReactNode }) {
  const keep = useKeepsServerHtml(data);
  const serverValues = useContext(KeptOnServerValues);
  const { revalidate } = useRevalidator();
  // The document's data, in a part the browser did not hydrate from the server's HTML (mounted
  // later): the value is not here, so the route's data is asked for again, and the part fills in.
  const missing = !keep && 'keptOnServer' in data && serverValues === null;
  useEffect(() => {
    if (missing) void revalidate();
  }, [missing, revalidate]);
  if (keep || missing) return keptElement(as, attributes);
  const value = 'value' in data ? data.value : (serverValues![data.keptOnServer] as T);
  return createElement(as, { ...attributes, 'data-prerendered': '' }, children(value));
}

function keptElement(as: Tag, attributes: Omit<HTMLAttributes<HTMLElement>, 'children'>) {
  return createElement(as, { ...attributes, 'data-prerendered': '', dangerouslySetInnerHTML: KEEP_SERVER_CHILDREN });
}

/**
 * The anchor a click inside kept server HTML should navigate to in the page, as React Router's
 * <Link> would have: a link <Link> rendered (it marks them `data-discover`), a plain left click,
 * same origin, no target or download, and not a jump within the page.
 */
function keptLinkTarget(event: MouseEvent, location: Location): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('data-discover') || !anchor.closest('[data-prerendered]')) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin) return null;
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return null;
  return url.pathname + url.search + url.hash;
}

/** In the root Layout: clicks on links inside kept server HTML navigate in the page. */
export function useKeptLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = keptLinkTarget(event, window.location);
      if (target === null) return;
      event.preventDefault();
      // As <Link>: a link to the page on screen replaces its history entry.
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(target, { replace: target === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
