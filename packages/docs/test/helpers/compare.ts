/** What varies from run to run, and how both sides are normalised before they are compared. */
export interface Normalise {
  /** The temporary HOME of the run, shown in the pages as `/home/ovos`. */
  home?: string;
}

/**
 * Normalises one output line: the run's HOME becomes `/home/ovos`; latencies (`"latency_ms": 1.234`,
 * `latency_ms=1.234`) become `<ms>`; loopback ports become `<port>`; npm's install time becomes `<time>`.
 */
export function normaliseLine(line: string, n: Normalise): string {
  let out = line;
  if (n.home) out = out.split(n.home).join('/home/ovos');
  return out
    .replace(/("latency_ms":\s*)\d+(\.\d+)?/g, '$1<ms>')
    .replace(/(latency_ms=)\d+(\.\d+)?/g, '$1<ms>')
    .replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:<port>')
    .replace(/^(added \d+ packages?(, removed \d+ packages?)? in )\d+(\.\d+)?m?s$/, '$1<time>');
}

/** Where the output first differs from the page: the page's line and what was printed there instead. */
export interface Mismatch {
  /** Index into the expected lines. */
  index: number;
  expected: string | undefined;
  actual: string | undefined;
}

/**
 * Compares printed output with the page's lines after {@link normaliseLine}. A page line that is only `…` stands for
 * any number of printed lines (output the page leaves out). Returns `undefined` when they match.
 */
export function compareOutput(expected: readonly string[], actual: readonly string[], n: Normalise): Mismatch | undefined {
  const e = expected.map((l) => normaliseLine(l, n));
  const a = actual.map((l) => normaliseLine(l, n));
  let best: Mismatch | undefined;
  const match = (i: number, j: number): boolean => {
    if (i === e.length) {
      if (j === a.length) return true;
      best = deeper(best, { index: i, expected: undefined, actual: a[j] });
      return false;
    }
    if (e[i] === '…') {
      for (let k = j; k <= a.length; k++) if (match(i + 1, k)) return true;
      return false;
    }
    if (j < a.length && e[i] === a[j]) return match(i + 1, j + 1);
    best = deeper(best, { index: i, expected: expected[i], actual: a[j] });
    return false;
  };
  return match(0, 0) ? undefined : best;
}

function deeper(a: Mismatch | undefined, b: Mismatch): Mismatch {
  return a === undefined || b.index > a.index ? b : a;
}
