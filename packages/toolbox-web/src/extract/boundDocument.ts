/**
 * Limits on the HTML `fetch_url` extracts, chosen so a worst-case page stays well under a second of main-thread
 * work. Mozilla Readability's cost grows much faster than linearly with nesting depth (a 22 kB page of 2,000
 * nested `<div>`s blocked the event loop for over 2 minutes; 200 levels took about 3 s) and turndown recurses once
 * per level (2,000 levels overflow its stack); real pages nest 15–40 levels and hold a few thousand elements.
 * Measured (warm, CPU time, on a 2-core machine under heavy load): 5,000 elements 32 deep cost 0.4–0.6 s to extract,
 * 10,000 cost 0.9 s; 2,000 nested `<div>`s, unwrapped to 32, cost well under 0.2 s.
 */
export const HTML_LIMITS = {
  /** Deepest element nesting kept (below `<body>`); deeper elements are unwrapped, keeping their text and children. */
  maxDepth: 32,
  /** Most elements extracted as markdown; a page with more is returned as plain text with a note. */
  maxElements: 5_000,
} as const;

/** What {@link boundDocument} did to a document. */
export interface DocumentBounds {
  /** Elements seen (stops counting just past `maxElements`). */
  elements: number;
  /** Elements unwrapped because they were nested deeper than `maxDepth`. */
  unwrapped: number;
  /** True when the document holds more than `maxElements` elements (the walk stopped there). */
  tooMany: boolean;
}

/**
 * Bounds a parsed document in place, in one pass, before any extraction runs: every element nested deeper than
 * `maxDepth` below the document element is replaced by its own children (its text is kept, its tag is lost), so
 * the tree is at most `maxDepth` deep; the walk stops once more than `maxElements` elements have been seen.
 * Linear in the number of nodes; recursion is bounded by `maxDepth`.
 */
export function boundDocument(doc: Document, limits: { maxDepth: number; maxElements: number } = HTML_LIMITS): DocumentBounds {
  const out: DocumentBounds = { elements: 0, unwrapped: 0, tooMany: false };
  const visit = (parent: Element, depth: number): void => {
    let child = parent.firstElementChild;
    while (child && !out.tooMany) {
      const next = child.nextElementSibling;
      if (++out.elements > limits.maxElements) {
        out.tooMany = true;
        return;
      }
      if (depth + 1 > limits.maxDepth) {
        const first = child.firstElementChild;
        child.replaceWith(...Array.from(child.childNodes));
        out.unwrapped++;
        out.elements--; // the unwrapped element no longer exists
        child = first ?? next;
        continue;
      }
      visit(child, depth + 1);
      child = next;
    }
  };
  if (doc.documentElement) visit(doc.documentElement, 0);
  return out;
}
