import { parseArgs } from 'node:util';
import type { PartialAnswers } from './answers.js';

/** The command line, parsed. */
export interface Cli extends PartialAnswers {
  /** `--yes`: take every default, ask nothing. */
  yes: boolean;
  /** `--help`: print the usage and exit. */
  help: boolean;
}

/** The `--help` text. */
export const USAGE = `Usage: npm create ovos-toolbox@latest [dir] -- [options]
       create-ovos-toolbox [dir] [options]

Writes a complete OVOS toolbox package into dir (which must be absent or empty).

Options:
  --name <package>   npm package name (default: the directory name)
  --id <toolbox-id>  toolbox id = entry-point name (default: the package name without its scope)
  --license <spdx>   the package's license (default: Apache-2.0, as OVOS)
  --js               write JavaScript instead of TypeScript
  --ts               write TypeScript (the default)
  -y, --yes          take every default, ask nothing
  -h, --help         show this help
`;

/**
 * Parses `argv` (without `node` and the script). Unknown options and extra arguments are errors.
 * @returns the parsed command line, or a message saying what was wrong.
 */
export function parseCli(argv: readonly string[]): { ok: true; cli: Cli } | { ok: false; message: string } {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        id: { type: 'string' },
        license: { type: 'string' },
        js: { type: 'boolean', default: false },
        ts: { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (positionals.length > 1) return { ok: false, message: `expected one directory, received ${positionals.length}: ${positionals.join(' ')}` };
    if (values.js && values.ts) return { ok: false, message: '--js and --ts exclude each other' };
    return {
      ok: true,
      cli: {
        dir: positionals[0],
        packageName: values.name,
        toolboxId: values.id,
        license: values.license,
        language: values.js ? 'js' : values.ts ? 'ts' : undefined,
        yes: values.yes === true,
        help: values.help === true,
      },
    };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}
