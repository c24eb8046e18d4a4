// Parts of every page that only matter once the reader acts on them (the masthead's search and
// account controls, the footer's newsletter form) hydrate after the rest of the page, each in a
// task of its own, instead of inside the one long hydrating task (decision 061). Until then they
// are the server's HTML, which works as it does without JavaScript: the search and sign-up forms
// submit natively, the links load their pages, the account menu is a <details>.
//
// How: in the browser (Preact, decision 057) a component that suspends while it hydrates keeps the
// server's element (the first node it would claim) and hydrates it when its promise settles. So
// <HydrateLater> renders exactly one element, inside a Suspense boundary, and suspends on its turn:
// a timer queued behind every earlier part's. The server renders the element alone (no boundary, so
// no markers), and on a page reached in the browser it renders straight away.
import { createElement, Suspense, useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { rememberFieldsTypedEarly } from './fields-typed-early.ts';
import { HydratingLater, useHydratingNow, type Tag } from './prerendered.tsx';

/** The server's mark on a part not hydrated yet. */
const NOT_YET_HYDRATED = 'data-hydrate-later';

/** The turn of the last part queued: each part hydrates in the task after the one before it. */
let lastTurn: Promise<void> = Promise.resolve();

interface Turn {
  ready: () => boolean;
  promise: Promise<void>;
  /** True while the part's own hydration runs (read by <Prerendered> inside it). */
  hydrating: { now: boolean };
  hydrated: () => void;
}

function queueTurn(): Turn {
  let ready = false;
  const hydrating = { now: false };
  const promise = (lastTurn = lastTurn
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      ready = hydrating.now = true;
    }));
  return { ready: () => ready, promise, hydrating, hydrated: () => (hydrating.now = false) };
}

type Attributes = HTMLAttributes<HTMLElement> & { as: Tag };

function WhenItsTurn({
  turn,
  onHydrated,
  as,
  children,
  ...attributes
}: Attributes & { turn: Turn; onHydrated: (hydrated: true) => void; children: ReactNode }) {
  const element = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    turn.hydrated();
    onHydrated(true);
    if (!element.current) return;
    element.current.removeAttribute(NOT_YET_HYDRATED);
    // What the reader typed into this part before it hydrated reaches its components.
    rememberFieldsTypedEarly(element.current)();
  }, [turn, onHydrated]);
  // Suspending while hydrating keeps the server's element as it is (Preact).
  if (!turn.ready()) throw turn.promise;
  return (
    <HydratingLater.Provider value={turn.hydrating}>
      {createElement(as, { ...attributes, [NOT_YET_HYDRATED]: '', ref: element }, children)}
    </HydratingLater.Provider>
  );
}

/**
 * One element, hydrated in a task of its own after the page. The server marks it
 * `data-hydrate-later`; the mark goes once it has hydrated (tests wait for that).
 */
export function HydrateLater(props: Attributes & { children: ReactNode }) {
  // Inside another part hydrating later, this one takes a turn after it.
  const hydratingNow = useHydratingNow();
  const [turn] = useState(() => (hydratingNow ? queueTurn() : null));
  // The part hydrates what the page's hydrating render gave it, which is what the server wrote;
  // what changed since (the reader's session read from the cookie, say) follows in the next render.
  const [asHydrated] = useState(props);
  const [caughtUp, setCaughtUp] = useState(false);
  const { as, children, ...attributes } = turn && !caughtUp ? asHydrated : props;
  if (import.meta.env.SSR) return createElement(as, { ...attributes, [NOT_YET_HYDRATED]: '' }, children);
  if (!turn) return createElement(as, attributes, children);
  return (
    <Suspense fallback={null}>
      <WhenItsTurn turn={turn} onHydrated={setCaughtUp} as={as} {...attributes}>
        {children}
      </WhenItsTurn>
    </Suspense>
  );
}
