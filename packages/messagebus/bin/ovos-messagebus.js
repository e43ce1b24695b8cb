#!/usr/bin/env node
// The `ovos-messagebus` command: an embedded OVOS messagebus server (see `ovos-messagebus --help`). A committed
// shim (not a build output) so package managers can link it before the package is built; the command itself is
// `runServerCli` from this package's `@ovos-tools/messagebus/cli` entry.
import { runServerCli } from '@ovos-tools/messagebus/cli';

runServerCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`ovos-messagebus: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
