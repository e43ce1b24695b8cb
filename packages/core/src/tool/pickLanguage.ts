/**
 * The best of `available` language tags for a caller who prefers `preferred` (best first; BCP 47 tags as OVOS
 * `lang`, HTTP `Accept-Language` or a locale give them, `_` read as `-`, case ignored). For each preference in
 * turn: the same tag (`pt-BR` → `pt-BR`), else its language alone (`pt-BR` → `pt`), else another region of it
 * (`pt-BR` → `pt-PT`; `pt` → `pt-BR`). When no preference matches: `en` (or an English variant), else the first
 * available tag. `*` as a preference matches nothing by itself.
 * @returns one of `available` as written there, or `undefined` when `available` is empty.
 */
export function pickLanguage(available: readonly string[], preferred: readonly string[]): string | undefined {
  if (!available.length) return undefined;
  const norm = available.map((tag) => normalizeTag(tag));
  const primary = norm.map((tag) => tag.split('-')[0]!);
  for (const wanted of preferred) {
    const w = normalizeTag(wanted);
    if (!w || w === '*') continue;
    const exact = norm.indexOf(w);
    if (exact >= 0) return available[exact];
    const base = w.split('-')[0]!;
    const alone = norm.indexOf(base);
    if (alone >= 0) return available[alone];
    const sibling = primary.indexOf(base);
    if (sibling >= 0) return available[sibling];
  }
  const english = norm.indexOf('en');
  if (english >= 0) return available[english];
  const anyEnglish = primary.indexOf('en');
  return available[anyEnglish >= 0 ? anyEnglish : 0];
}

/** A language tag in one form for comparison: trimmed, lower case, `_` as `-` (`pt_BR` → `pt-br`). */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/_/g, '-').toLowerCase();
}
