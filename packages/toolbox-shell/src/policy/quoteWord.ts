/**
 * Quotes a literal word for POSIX `sh` with single quotes: nothing inside is expanded
 * (`it's` → `'it'\''s'`).
 */
export function quoteWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Writes a glob pattern for POSIX `sh`: every character is backslash-escaped except `*` and `?`, which
 * stay live so `/bin/sh` expands them against the working directory (`*.t[x]t` → `*\.\t\[\x\]\t`).
 */
export function quoteGlob(pattern: string): string {
  let out = '';
  for (const ch of pattern) out += ch === '*' || ch === '?' ? ch : '\\' + ch;
  return out;
}
