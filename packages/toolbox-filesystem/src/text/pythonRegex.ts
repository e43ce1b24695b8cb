/** A compiled search pattern, or why it could not be compiled. */
export type CompiledPattern =
  | {
      /** Compiled. */
      ok: true;
      /** The JavaScript RegExp equivalent to the Python pattern. */
      regex: RegExp;
    }
  | {
      /** Not compiled. */
      ok: false;
      /** Why, for the caller (Python `re.error` style). */
      reason: string;
    };

/**
 * Compiles a regular expression written for Python's `re` (what OVOS uses) as a JavaScript RegExp:
 * leading inline flags `(?i)`, `(?m)`, `(?s)` (combined, e.g. `(?is)`) become RegExp flags, `(?P<name>…)`
 * becomes `(?<name>…)` and `(?P=name)` becomes `\k<name>`. Other syntax is passed through; what JavaScript
 * rejects is reported with its message.
 */
export function compilePythonRegex(pattern: string): CompiledPattern {
  let source = pattern;
  let flags = '';
  const lead = /^\(\?([aiLmsux]+)\)/.exec(source);
  if (lead) {
    for (const f of lead[1]!) if ('ims'.includes(f) && !flags.includes(f)) flags += f;
    source = source.slice(lead[0].length);
  }
  source = source.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  try {
    return { ok: true, regex: new RegExp(source, flags) };
  } catch (err) {
    return { ok: false, reason: (err as Error).message.replace(/^Invalid regular expression: /, '') };
  }
}
