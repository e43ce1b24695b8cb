import { makeBundledHome, removeHome, spawnBundledServe, startLocalServices, treeRss } from './fixtures/bundledServe.mjs';
const services = await startLocalServices();
const configs = JSON.parse(process.argv[2]);
for (const [label, cfg] of Object.entries(configs)) {
  const home = makeBundledHome(services.base, { isolation: cfg.isolation ?? 'worker', extra: cfg.extra ?? {} });
  Object.assign(home.env, cfg.env ?? {});
  const serve = await spawnBundledServe(home, { repo: cfg.repo, nodeArgs: cfg.nodeArgs ?? [] });
  const samples = [];
  for (let i = 0; i < (cfg.seconds ?? 22); i++) { await new Promise((r) => setTimeout(r, 1000)); samples.push(treeRss(serve.proc.pid) / 1048576); }
  console.log(label.padEnd(30), 'serving', serve.spawnToServingMs.toFixed(0), 'ms, CPU', serve.cpuToServingMs, 'ms; RSS 1s', samples[0].toFixed(1), ' last', samples.at(-1).toFixed(1));
  await serve.stop(); removeHome(home);
}
await services.close();
