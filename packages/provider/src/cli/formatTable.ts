/**
 * Renders rows as a plain-text table with a header, columns padded to their widest cell; the last column is
 * not padded. Cells are single-line (newlines become spaces).
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const clean = [header, ...rows].map((r) => r.map((c) => c.replace(/\s*\n\s*/g, ' ')));
  const widths = header.map((_, i) => Math.max(...clean.map((r) => (r[i] ?? '').length)));
  return clean.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
}
