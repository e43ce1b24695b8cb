import type { Readability } from '@mozilla/readability';
import type TurndownService from 'turndown';
import { loadReadability, loadTurndown } from './htmlLibraries.js';
import { parseDocument } from './parseDocument.js';

/** The readable part of an HTML page. */
export interface ExtractedPage {
  /** The article title Readability found, else `<title>`, else `''`. */
  title: string;
  /** The readable content as markdown (atx headings, `-` bullets, fenced code, inline links). */
  markdown: string;
  /** `readability` when Readability found an article, `body` when it fell back to the whole body. */
  method: 'readability' | 'body';
}

/** Never part of the readable text: removed before Readability runs. */
const ALWAYS_NOISE =
  'script, style, noscript, template, iframe, nav, footer, aside, [role="navigation"], [role="contentinfo"], [role="complementary"]';

/** Also dropped when falling back to the whole body. */
const NOISE = 'script, style, noscript, template, iframe, svg, canvas, nav, footer, header, aside, form, button, dialog, [hidden], [aria-hidden="true"]';

/**
 * Extracts a page's readable text as markdown: links and images are made absolute against `baseUrl`,
 * Mozilla Readability picks the article (dropping navigation, footers and sidebars), and turndown writes
 * markdown (navigation, footers and asides are removed first, so short pages lose them too). When Readability finds nothing, the body minus scripts, styles, navigation, headers, footers,
 * asides and forms is converted instead. Never throws for malformed HTML (the parser is forgiving).
 *
 * @param html - the page source.
 * @param baseUrl - the URL the page came from (the final URL after redirects).
 */
export function htmlToMarkdown(html: string, baseUrl: string): ExtractedPage {
  const load = () => {
    const doc = parseDocument(html);
    absolutize(doc, baseUrl);
    for (const el of [...doc.querySelectorAll(ALWAYS_NOISE)]) el.remove();
    return doc;
  };
  const doc = load();
  const docTitle = (doc.querySelector('title')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const turndown = makeTurndown();

  let article: ReturnType<Readability<string>['parse']> = null;
  try {
    article = new (loadReadability().Readability)(doc).parse();
  } catch {
    article = null;
  }
  if (article?.content && (article.textContent ?? '').trim()) {
    return { title: (article.title ?? '').trim() || docTitle, markdown: tidy(turndown.turndown(article.content)), method: 'readability' };
  }
  // Readability mutates the document it reads: fall back on a fresh parse.
  const fresh = load();
  const body = fresh.body ?? fresh.documentElement;
  for (const el of [...(body?.querySelectorAll(NOISE) ?? [])]) el.remove();
  return { title: docTitle, markdown: tidy(turndown.turndown(body?.innerHTML ?? '')), method: 'body' };
}

function makeTurndown(): TurndownService {
  const Turndown = loadTurndown();
  const td = new Turndown({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced', emDelimiter: '_' });
  td.remove(['script', 'style', 'noscript', 'template', 'iframe']);
  return td;
}

function absolutize(doc: Document, baseUrl: string): void {
  const base = doc.querySelector('base[href]')?.getAttribute('href');
  let effective = baseUrl;
  try {
    if (base) effective = new URL(base, baseUrl).href;
  } catch {
    /* keep the page URL */
  }
  for (const [selector, attr] of [['a[href]', 'href'], ['img[src]', 'src']] as const) {
    for (const el of doc.querySelectorAll(selector)) {
      const value = el.getAttribute(attr) ?? '';
      if (/^\s*(javascript|vbscript):/i.test(value)) {
        el.removeAttribute(attr);
        continue;
      }
      if (value.startsWith('#') || /^(data|mailto|tel):/i.test(value)) continue;
      try {
        el.setAttribute(attr, new URL(value, effective).href);
      } catch {
        /* leave unparseable links as they are */
      }
    }
  }
}

function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}
