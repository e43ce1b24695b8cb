import { createRequire } from 'node:module';

type MathJs = typeof import('mathjs');
let mathjs: MathJs | undefined;

/**
 * mathjs, loaded on first use: importing it costs most of this toolbox's start-up time and RSS (hundreds of
 * modules), and the main thread needs it only for `unit_convert` and `statistics_summary` (the expression
 * worker loads its own copy). Synchronous (`require` of mathjs's CommonJS build) so {@link convertUnit} keeps
 * its synchronous signature. Throws only if mathjs is not installed.
 */
export function loadMathjs(): MathJs {
  mathjs ??= createRequire(import.meta.url)('mathjs') as MathJs;
  return mathjs;
}
