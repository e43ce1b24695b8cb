/** The most language ranges read from one `Accept-Language` header (a longer list is cut, not refused). */
const MAX_RANGES = 16;

/**
 * The language tags of an HTTP `Accept-Language` header, best first (RFC 9110 §12.5.4): ranges ordered by their `q`
 * weight (default 1; equal weights keep their order), `q=0` and malformed ranges left out, `*` kept (it matches
 * nothing by itself in `pickLanguage`). `undefined`, an empty or an unreadable header gives `[]`.
 */
export function acceptLanguage(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return [];
  const ranges: Array<{ tag: string; q: number; i: number }> = [];
  for (const [i, part] of text.split(',').slice(0, MAX_RANGES).entries()) {
    const [range, ...params] = part.split(';').map((s) => s.trim());
    if (!range || !/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(range)) continue;
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    ranges.push({ tag: range, q, i });
  }
  return ranges.sort((a, b) => b.q - a.q || a.i - b.i).map((r) => r.tag);
}
