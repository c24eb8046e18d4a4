// Adds a third-party script once. The page's CSP allows scripts by nonce; browsers hide the nonce
// attribute after load but keep the `nonce` property, so it is read from a script already there.

export function pageNonce(doc: Document): string {
  for (const script of Array.from(doc.querySelectorAll('script'))) if (script.nonce) return script.nonce;
  return '';
}

/** Inserts `<script async src>` unless one with that src is already in the page; returns the element. */
export function loadScript(src: string, { doc = document, type }: { doc?: Document; type?: 'module' } = {}): HTMLScriptElement {
  const existing = Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]')).find(
    (script) => script.src === new URL(src, doc.baseURI).href,
  );
  if (existing) return existing;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  if (type) script.type = type;
  const nonce = pageNonce(doc);
  if (nonce) script.nonce = nonce;
  doc.head.append(script);
  return script;
}
