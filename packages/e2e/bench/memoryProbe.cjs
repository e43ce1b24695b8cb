// Preloaded into a provider by limits.bench.mjs (`node --expose-gc --require memoryProbe.cjs …`): on SIGUSR2 it
// collects garbage twice and writes process.memoryUsage() as JSON to $OVOS_TOOLS_MEMORY_PROBE, so the bench can
// measure the memory a client costs without the noise of garbage not yet collected.
const { writeFileSync } = require('node:fs');
process.on('SIGUSR2', () => {
  global.gc?.();
  global.gc?.();
  writeFileSync(process.env.OVOS_TOOLS_MEMORY_PROBE, JSON.stringify(process.memoryUsage()));
});
