#!/usr/bin/env node
// The `ovos-tools` command. A committed shim (not a build output) so package managers can link it before the
// package is built; the CLI itself is in dist/cli/main.js.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
