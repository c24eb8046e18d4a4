// Loader data that only <Prerendered> parts show is sent to the browser once, as the HTML the server
// wrote, not a second time as data for hydration (decision 062). On a document render a loader's
// `prerenderedData(context, value)` keeps the value on the server, in the load context, and the
// loader data carries only its number; the server's render of the part finds it there. The browser
// keeps the server's HTML for that part while the page hydrates and never needs the value. A data
// request (client-side navigation, a revalidation) renders in the browser, so there the value is
// sent as it is.
import { createContext } from 'react';

/** What the browser is given: the value itself, or (a document's data) the number the server kept it under. */
export type PrerenderedData<T> = { value: T } | { keptOnServer: number };

/** What the load context holds for this (`keptOnServer`): a list on a document render, null on a data request. */
export type KeptOnServer = unknown[] | null;

export function prerenderedData<T>(context: { keptOnServer: KeptOnServer }, value: T): PrerenderedData<T> {
  if (context.keptOnServer === null) return { value };
  return { keptOnServer: context.keptOnServer.push(value) - 1 };
}

/** entry.server provides the document render's kept values to the <Prerendered> parts it renders. */
export const KeptOnServerValues = createContext<readonly unknown[] | null>(null);
