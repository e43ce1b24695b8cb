#!/usr/bin/env node
// The `create-ovos-toolbox` command (`npm create ovos-toolbox`). A committed shim (not a build output) so package
// managers can link it before the package is built; the command itself is in dist/main.js.
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
