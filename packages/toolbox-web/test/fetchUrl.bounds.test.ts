import { describe, expect, it } from 'vitest';
import { boundDocument, HTML_LIMITS } from '../src/extract/boundDocument.js';
import { htmlToMarkdown } from '../src/extract/htmlToMarkdown.js';
import { parseDocument } from '../src/extract/parseDocument.js';

const page = (body: string) => `<html><head><title>Deep</title></head><body>${body}</body></html>`;

function depthOf(doc: Document): number {
  let deepest = 0;
  const walk = (el: Element, d: number): void => {
    deepest = Math.max(deepest, d);
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) walk(c, d + 1);
  };
  walk(doc.documentElement, 0);
  return deepest;
}

describe('HTML bounds before extraction', () => {
  it(`unwraps elements nested deeper than ${HTML_LIMITS.maxDepth} levels, keeping their text`, () => {
    const doc = parseDocument(page(`${'<div>'.repeat(2000)}<p>deep secret text</p>${'</div>'.repeat(2000)}<p>after</p>`));
    const bounds = boundDocument(doc);
    expect(bounds.tooMany).toBe(false);
    expect(bounds.unwrapped).toBeGreaterThan(1900);
    expect(depthOf(doc)).toBeLessThanOrEqual(HTML_LIMITS.maxDepth);
    expect(doc.body.textContent).toContain('deep secret text');
    expect(doc.body.textContent).toContain('after');
  });

  it('extracts a page of 2,000 nested <div>s (which used to block the event loop for minutes) as markdown', () => {
    const out = htmlToMarkdown(page(`${'<div>'.repeat(2000)}Hello from the bottom of the page.${'</div>'.repeat(2000)}`), 'http://example.test/');
    expect(out.markdown).toContain('Hello from the bottom of the page.');
    expect(out.method).not.toBe('text');
  });

  it(`returns the plain text with a note for a page of more than ${HTML_LIMITS.maxElements} elements`, () => {
    const out = htmlToMarkdown(page(`<h1>Big</h1>${'<p>para <b>bold</b></p>'.repeat(HTML_LIMITS.maxElements)}<p>the end</p>`), 'http://example.test/');
    expect(out.method).toBe('text');
    expect(out.title).toBe('Deep');
    expect(out.markdown.split('\n')[0]).toBe(
      `[fetch_url: this page has more than ${HTML_LIMITS.maxElements} HTML elements, too many to extract as markdown safely; showing its plain text]`,
    );
    expect(out.markdown).toContain('para bold');
    expect(out.markdown).toContain('the end');
  });

  it('leaves ordinary pages alone', () => {
    const doc = parseDocument(page('<main><h1>Title</h1><ul><li><a href="/a">a</a></li></ul></main>'));
    expect(boundDocument(doc)).toEqual({ elements: 8, unwrapped: 0, tooMany: false });
  });
});
