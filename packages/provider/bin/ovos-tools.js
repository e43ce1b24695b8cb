#!/usr/bin/env node
// The `ovos-tools` command. A committed shim (not a build output) so package managers can link it before the
// package is built; the CLI itself is in dist/cli/main.js.
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

// Node ≥ 22.1 keeps the code it compiles for the provider's modules on disk and reuses it on the next start (about
// 100 ms less CPU per cold start); worker hosts reuse it too. The folder is the user's own cache
// ($XDG_CACHE_HOME or ~/.cache, then ovos-tools/node-compile-cache), not the shared temp folder, or
// $NODE_COMPILE_CACHE when set. Node 20 has no such cache and starts as before; a folder that cannot be created
// only means no cache. Enabled before the CLI is imported, so it covers all of it.
if (module.enableCompileCache && !process.env.NODE_COMPILE_CACHE) {
  module.enableCompileCache(path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'ovos-tools', 'node-compile-cache'));
}
const { main } = await import('../dist/cli/main.js');

process.exitCode = await main(process.argv.slice(2));
