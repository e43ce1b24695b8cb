import { loadLinkedom } from './htmlLibraries.js';

/**
 * Parses HTML into a linkedom `Document`. Fragments and junk without an `<html>` element are wrapped in
 * a minimal document first (linkedom needs a document element), so this never throws for odd input.
 */
export function parseDocument(html: string): Document {
  const source = /<html[\s>]/i.test(html) ? html : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  const { parseHTML } = loadLinkedom();
  const { document } = parseHTML(source);
  if (!document.documentElement) return parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`).document as unknown as Document;
  return document as unknown as Document;
}
