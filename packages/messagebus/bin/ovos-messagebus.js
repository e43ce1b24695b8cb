#!/usr/bin/env node
// The `ovos-messagebus` command: an embedded OVOS messagebus server (see `ovos-messagebus --help`). A committed
// shim (not a build output) so package managers can link it before the package is built.
import { runServerCli } from '../dist/cli/runServerCli.js';

runServerCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`ovos-messagebus: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
