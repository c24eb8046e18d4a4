// Reading a rendered page as a reader would, in tests that look for a story's sentences (to find
// them when the reader may read them, and to be sure they are absent when not). Names in a story
// are links to their profiles (decision 044), so a sentence is split by tags in the HTML: compare
// against the page's text, where a sentence is whole again and an absent one cannot hide.

/** Text escaped as React writes it into HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** The page with every tag and comment removed; entities stay as written (compare with escapeHtml). */
export function pageText(html: string): string {
  return html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, '');
}
