import {
  checkPayload,
  Message,
  PersonaDiscoverResponse,
  ToolboxCallResponse,
  ToolsChangedEvent,
  ToolsGetResponse,
  ToolsInvokeResponse,
  ToolsListRequest,
  ToolsListResponse,
  ToolsReloadResponse,
  type JsonObject,
} from '@ovos-tools/core';
import type { TSchema } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { addGoldenToolboxes, makePluginRoot, type PluginRoot } from './helpers/pluginRoot.js';

// Every answer the OVOS transport sends matches core's payload schema for its topic (wire/ovosPayloads.ts), for good
// and bad requests alike; requests are checked against the request schemas at the edge.
let root: PluginRoot;
let env: Awaited<ReturnType<typeof startFakeProvider>>;

beforeAll(async () => {
  root = makePluginRoot();
  addGoldenToolboxes(root);
  env = await startFakeProvider([root.dir]);
});
afterAll(async () => {
  await env.provider.close();
  root.cleanup();
});

const conforms = (schema: TSchema, data: JsonObject) => expect({ data, mismatch: checkPayload(schema, data) }).toEqual({ data, mismatch: null });

describe('OVOS payload schemas', () => {
  test.each<[string, JsonObject]>([
    ['ovos.tools.list', {}],
    ['ovos.tools.list', { summary: true }],
    ['ovos.tools.list', { tags: ['math'] }],
    ['ovos.tools.list', { tags: 5 }],
    ['ovos.tools.list', { tags: [1, 2] }],
  ])('%s %j answers a ToolsListResponse', async (topic, data) => conforms(ToolsListResponse, await env.ask(topic, data)));

  test.each<JsonObject>([{ name: 'add' }, { name: 'nope' }, {}, { name: [1] }, { name: { a: 1 } }, { name: 42 }])('ovos.tools.get %j answers a ToolsGetResponse', async (data) =>
    conforms(ToolsGetResponse, await env.ask('ovos.tools.get', data)),
  );

  test.each<JsonObject>([
    { name: 'add', args: { a: 2, b: 3 } },
    { name: 'add', args: { a: 'x' } },
    { name: 'add', args: 7 },
    { name: 'fail', args: {} },
    { name: 'nope' },
    {},
    { name: ['add'] },
  ])('ovos.tools.invoke %j answers a ToolsInvokeResponse', async (data) => conforms(ToolsInvokeResponse, await env.ask('ovos.tools.invoke', data)));

  test('reload answers a ToolsReloadResponse and broadcasts nothing that is not a ToolsChangedEvent', async () => {
    const changed = env.count('ovos.tools.changed');
    conforms(ToolsReloadResponse, await env.ask('ovos.tools.reload'));
    for (const m of changed) conforms(ToolsChangedEvent, m.data);
  });

  test('per-toolbox discover and call answers match their schemas', async () => {
    const discovered: JsonObject[] = [];
    env.bus.on('ovos.persona.tools.discover.response', (m: Message) => void discovered.push(m.data));
    env.bus.emit(new Message('ovos.persona.tools.discover', {}));
    await new Promise((r) => setTimeout(r, 50));
    expect(discovered.map((d) => d.toolbox_id).sort()).toEqual(['fail_tools', 'math_tools']);
    for (const d of discovered) conforms(PersonaDiscoverResponse, d);
    for (const data of [{ name: 'add', kwargs: { a: 1, b: 2 } }, { name: 'add', kwargs: { a: 'x' } }, { name: 'missing' }, {}]) {
      conforms(ToolboxCallResponse, await env.ask('ovos.persona.tools.math_tools.call', data));
      conforms(ToolboxCallResponse, await env.ask('ovos.persona.tools.call', { toolbox_id: 'math_tools', ...data }));
    }
  });

  test('the request schemas name the field that is wrong', () => {
    expect(checkPayload(ToolsListRequest, { tags: 5 })).toEqual({ field: 'tags', received: 5 });
    expect(checkPayload(ToolsListRequest, { tags: ['a', 2] })).toEqual({ field: 'tags', received: ['a', 2] });
    expect(checkPayload(ToolsListRequest, { tags: 'a', summary: 'yes', extra: 1 })).toBeNull();
  });
});
