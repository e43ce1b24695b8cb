import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const rss = () => (process.memoryUsage().rss / 1048576).toFixed(1);
const runtime = new URL('../provider/dist/hosts/runtime/hostMain.js', import.meta.url);
const pkgs = ['toolbox-clock', 'toolbox-math', 'toolbox-filesystem', 'toolbox-shell', 'toolbox-web', 'toolbox-skill-md'];
console.log('base', rss());
for (const p of pkgs) {
  const dir = require.resolve(`@ovos-tools/${p}/package.json`).replace(/package\.json$/, '');
  const pj = require(`${dir}package.json`);
  const [name, target] = Object.entries(pj.entryPoints['opm.agents.toolbox'])[0];
  const [mod, exp] = target.split('#');
  const before = process.memoryUsage().rss;
  const w = new Worker(runtime, { workerData: { t: 'init', entryPointName: name, packageName: pj.name, modulePath: dir + mod.replace('./', ''), exportName: exp, config: {}, pluginRoots: [], protectedPaths: [], logLevel: 'warn', hasBrain: false }, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, stdout: true, stderr: true });
  await new Promise((r) => w.on('message', (m) => (m.t === 'ready' || m.t === 'failed' || m.t === 'batch') && r()));
  await new Promise((r) => setTimeout(r, 300));
  console.log(p, '+', ((process.memoryUsage().rss - before) / 1048576).toFixed(1), 'MB');
}
console.log('total', rss());
process.exit(0);
