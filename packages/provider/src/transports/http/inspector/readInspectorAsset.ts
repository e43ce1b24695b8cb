import { readFile } from 'node:fs/promises';

/** One file of the inspector page and the content type it is served with. */
export interface InspectorAsset {
  /** Its name in the `page/` folder beside this module (`inspector.html`, `inspector.js`, `inspector.css`). */
  file: string;
  /** The `content-type` header, e.g. `text/javascript; charset=utf-8`. */
  type: string;
}

/** The page's folder: `src/…/inspector/page/` when run from source, `dist/…/inspector/page/` (copied by the build). */
const PAGE_DIR = new URL('./page/', import.meta.url);
const cache = new Map<string, string>();

/**
 * The text of one file of the inspector page, read once and kept (the files are part of the installed package and do
 * not change while it runs).
 * @returns the text, or `{error}` naming the missing or unreadable file (a broken install; never thrown).
 */
export async function readInspectorAsset(file: string): Promise<string | { error: string }> {
  const cached = cache.get(file);
  if (cached !== undefined) return cached;
  const url = new URL(file, PAGE_DIR);
  try {
    const text = await readFile(url, 'utf8');
    cache.set(file, text);
    return text;
  } catch (err) {
    return { error: `the inspector page file ${url.pathname} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); reinstall @ovos-tools/provider` };
  }
}
