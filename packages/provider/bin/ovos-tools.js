#!/usr/bin/env node
// The `ovos-tools` command. A committed shim (not a build output) so package managers can link it before the
// package is built; the CLI itself is in dist/cli/main.js.
import module from 'node:module';

// Node ≥ 22.1 keeps the code it compiles for the provider's modules on disk (`$NODE_COMPILE_CACHE`, by default
// node-compile-cache/ in the OS temp folder) and reuses it on the next start, which takes ~150 ms off a cold start.
// Node 20 has no such cache and starts as before. Enabled before the CLI is imported, so it covers all of it.
module.enableCompileCache?.();
const { main } = await import('../dist/cli/main.js');

process.exitCode = await main(process.argv.slice(2));
