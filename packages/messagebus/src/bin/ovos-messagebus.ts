#!/usr/bin/env node
/** The `ovos-messagebus` command: an embedded OVOS messagebus server. See `ovos-messagebus --help`. */
import { runServerCli } from '../cli/runServerCli.js';

runServerCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`ovos-messagebus: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
