import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { RawOvosClient, startServe } from './helpers/serve.js';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/**
 * W3C traceparent from an OVOS request's context into the lines the tool itself logs, whatever its host: the tool
 * logs through `ctx.logger`, the provider (a real `ovos-tools serve`) writes the line to stderr.
 */
describe.each(['inline', 'worker', 'process'] as const)('traceparent in a tool\'s own log lines: %s host', (isolation) => {
  let root: PluginRoot;
  let serve: Awaited<ReturnType<typeof startServe>>;
  let client: RawOvosClient;
  beforeAll(async () => {
    root = makePluginRoot();
    root.addPackage('traced-tools', toolboxEntry('traced'), {
      'index.js': toolboxSource('traced', { work: '({ a }, ctx) => { ctx.logger.warn(`working on ${a}`); return { result: a }; }' }),
    });
    const config = path.join(root.dir, 'config.json');
    writeFileSync(config, JSON.stringify({ isolation, federation: false }));
    serve = await startServe(['--plugins', root.dir, '--config', config]);
    client = await RawOvosClient.connect(serve.url);
  });
  afterAll(async () => {
    client?.close();
    await serve?.stop();
    root?.cleanup();
  });

  const call = async (a: number, context: Record<string, unknown>) => {
    const answer = client.next('ovos.tools.invoke.response');
    client.send('ovos.tools.invoke', { name: 'work', args: { a } }, context);
    expect((await answer).data).toMatchObject({ result: { result: a } });
    for (let i = 0; i < 100 && !serve.output().includes(`working on ${a}`); i++) await new Promise((r) => setTimeout(r, 20));
    return serve.output().split('\n').find((line) => line.includes(`working on ${a}`)) ?? '';
  };

  it('a valid traceparent is on the line; none, or a forged one, leaves it off', async () => {
    expect(await call(1, { traceparent: TP })).toMatch(new RegExp(`WARN \\[traced\\] working on 1 traceparent=${TP}$`));
    expect(await call(2, {})).toMatch(/WARN \[traced\] working on 2$/);
    const forged = await call(3, { traceparent: `${TP}\n2026-01-01T00:00:00.000Z ERROR [provider] forged` });
    expect(forged).toMatch(/working on 3$/);
    expect(serve.output()).not.toContain('ERROR [provider] forged');
  });
});
