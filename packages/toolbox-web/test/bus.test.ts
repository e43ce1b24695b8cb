import { FakeBus, Message } from '@ovos-tools/core';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAllServers, fixture, makeToolbox, send, startServer } from './helpers/server.js';

afterEach(closeAllServers);

describe('per-toolbox bus API over FakeBus', () => {
  it('answers ovos.persona.tools.discover with both tools and their schemas', async () => {
    const bus = new FakeBus();
    makeToolbox({}, { bus });
    const reply = await bus.waitForResponse(new Message('ovos.persona.tools.discover', {}));
    expect(reply?.data.toolbox_id).toBe('ovos-web-search-tools');
    const tools = reply?.data.tools as Array<{ name: string; argument_schema: { properties: Record<string, unknown>; required?: string[] }; output_schema: { properties: Record<string, unknown> } }>;
    expect(tools.map((t) => t.name)).toEqual(['web_search', 'fetch_url']);
    expect(Object.keys(tools[0]!.argument_schema.properties)).toEqual(['query', 'max_results']);
    expect(tools[0]!.argument_schema.required).toEqual(['query']);
    expect(Object.keys(tools[0]!.output_schema.properties)).toEqual(['results', 'query']);
    expect(Object.keys(tools[1]!.output_schema.properties)).toEqual(['url', 'final_url', 'status', 'title', 'content', 'truncated', 'content_type', 'error']);
  });

  it('runs web_search from ovos.persona.tools.ovos-web-search-tools.call', async () => {
    const server = await startServer((_req, res) => send(res, 200, 'text/html', fixture('ddg-results.html')));
    const bus = new FakeBus();
    makeToolbox({ ddg_url: `${server.origin}/html/` }, { bus });
    const reply = await bus.waitForResponse(
      new Message('ovos.persona.tools.ovos-web-search-tools.call', { name: 'web_search', kwargs: { query: 'openvoiceos', max_results: 2 } }),
      undefined,
      10_000,
    );
    expect(reply?.type).toBe('ovos.persona.tools.ovos-web-search-tools.call.response');
    expect(reply?.data.toolbox_id).toBe('ovos-web-search-tools');
    expect(reply?.data.result).toEqual({
      results: [
        {
          title: 'OpenVoiceOS - Open Source Voice Assistant',
          url: 'https://www.openvoiceos.org/',
          snippet:
            'OpenVoiceOS is a community-driven, open-source voice AI platform for creating custom voice-controlled interfaces across devices, with privacy built in.',
        },
        { title: 'OpenVoiceOS · GitHub', url: 'https://github.com/OpenVoiceOS', snippet: 'OpenVoiceOS has 200 repositories available. Follow their code on GitHub.' },
      ],
      query: 'openvoiceos',
    });
  });

  it('returns fetch_url refusals as results and bad calls as OVOS errors', async () => {
    const bus = new FakeBus();
    makeToolbox({}, { bus });
    const topic = 'ovos.persona.tools.ovos-web-search-tools.call';
    const refused = await bus.waitForResponse(new Message(topic, { name: 'fetch_url', kwargs: { url: 'http://127.0.0.1:9/' } }));
    expect((refused?.data.result as { error: string }).error).toMatch(/^Refused: 127\.0\.0\.1:9 is not a public address \(loopback\)/);
    const unknown = await bus.waitForResponse(new Message(topic, { name: 'web_fetch', kwargs: {} }));
    expect(unknown?.data).toMatchObject({ code: 'unknown_tool', toolbox_id: 'ovos-web-search-tools' });
    const invalid = await bus.waitForResponse(new Message(topic, { name: 'web_search', kwargs: { max_results: 1 } }));
    expect(invalid?.data).toMatchObject({ code: 'invalid_arguments' });
    expect(String(invalid?.data.error)).toMatch(/^ValueError: Tool input validation failed for 'web_search' in ToolBox 'ovos-web-search-tools'/);
  });
});
