import { request } from 'node:http';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAgentsConfig } from '../src/access/AgentDefinition.js';
import { sha256Hex } from '../src/access/credential.js';
import { startHttpServer, type HttpServerHandle, type HttpServerOptions } from '../src/transports/http/index.js';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

const OPERATOR = 'operator-secret-0123456789';
const AGENT_TOKEN = 'sofia-token-0123456789';

/** An open `GET /internal/events` stream: its status, the SSE blocks received so far, and a way to stop reading. */
interface Stream {
  status: number;
  body: string;
  blocks: string[];
  close(): void;
  ended: Promise<void>;
}

function openStream(base: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/internal/events`, { headers }, (res) => {
      let buffer = '';
      const stream: Stream = {
        status: res.statusCode ?? 0,
        body: '',
        blocks: [],
        close: () => req.destroy(),
        ended: new Promise((done) => res.once('close', () => done())),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        stream.body += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          stream.blocks.push(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      });
      // a non-stream answer is complete at once; a stream resolves as soon as its headers arrive
      if (res.headers['content-type']?.startsWith('text/event-stream')) resolve(stream);
      else res.once('end', () => resolve(stream));
    });
    req.once('error', reject);
    req.end();
  });
}

/** The data of every message event of a stream, parsed. */
const messages = (s: Stream) => s.blocks.filter((b) => b.startsWith('data: ')).map((b) => JSON.parse(b.slice(6)) as { type: string; data: Record<string, unknown>; context: Record<string, unknown> });

async function until(what: string, predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !predicate(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!predicate()) throw new Error(`timed out waiting for ${what}`);
}

describe('GET /internal/events: the live tools-topic traffic of the bus (the inspector live view)', () => {
  let root: PluginRoot;
  let bus: MessageBusServer;
  let provider: ToolsProvider;
  let client: MessageBusClient;
  const servers: HttpServerHandle[] = [];
  const start = async (options: HttpServerOptions = {}) => {
    const agents = parseAgentsConfig({ 'agent:sofia': { credential: { sha256: sha256Hex(AGENT_TOKEN) }, tools: ['*'] } }, [], {});
    const server = await startHttpServer(provider.service, { port: 0, secret: OPERATOR, agents, bus: providerBus, ...options });
    servers.push(server);
    return server;
  };
  let providerBus: ReturnType<MessageBusServer['attach']>;

  beforeAll(async () => {
    root = makePluginRoot();
    root.addPackage('live-tools', toolboxEntry('live'), { 'index.js': toolboxSource('live', { add: '({ a, b }) => ({ result: a + b })' }) });
    bus = new MessageBusServer({ port: 0, logger: silentLogger });
    await bus.start();
    providerBus = bus.attach();
    provider = new ToolsProvider({ bus: providerBus, pluginRoots: [root.dir], settings: parseProviderConfig({ isolation: 'inline', federation: false }), logger: silentLogger, brain: null });
    await provider.start();
    client = new MessageBusClient({ url: bus.url, logger: silentLogger, reconnect: false });
    await client.connect();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await client?.close();
    await provider?.close();
    await bus?.close();
    root?.cleanup();
  });

  it('streams a websocket client invoke and its answer, in order; other topics are left out', async () => {
    const http = await start();
    const stream = await openStream(http.url, { 'x-internal-secret': OPERATOR });
    expect(stream.status).toBe(200);
    client.emit(new Message('skill.unrelated', { secret: 'not shown' }));
    const answer = await client.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 2, b: 3 } }, { session: { session_id: 's1' } }));
    expect(answer?.data.result).toEqual({ result: 5 });
    await until('the request and the answer', () => messages(stream).length >= 2);
    const seen = messages(stream);
    expect(seen.map((m) => m.type)).toEqual(['ovos.tools.invoke', 'ovos.tools.invoke.response']);
    expect(seen[0]).toMatchObject({ data: { name: 'add', args: { a: 2, b: 3 } }, context: { session: { session_id: 's1' } } });
    expect(seen[1]!.data).toMatchObject({ name: 'add', result: { result: 5 }, toolbox_id: 'live' });
    expect(stream.body).not.toContain('skill.unrelated');
    stream.close();
  });

  it('refuses an agent credential (403), a missing one (401), and serves 404 without a bus', async () => {
    const http = await start();
    const agent = await openStream(http.url, { authorization: `Bearer ${AGENT_TOKEN}` });
    expect(agent.status).toBe(403);
    expect(JSON.parse(agent.body)).toMatchObject({ ok: false, code: 'forbidden', error: expect.stringContaining('operator') });
    const anonymous = await openStream(http.url);
    expect(anonymous.status).toBe(401);
    const noBus = await startHttpServer(provider.service, { port: 0, secret: OPERATOR });
    servers.push(noBus);
    const missing = await openStream(noBus.url, { 'x-internal-secret': OPERATOR });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'not_found' });
  });

  it('caps the streams open at once (503), frees the slot when one closes, and ends streams when the server closes', async () => {
    const http = await start({ eventStream: { maxStreams: 1 } });
    const first = await openStream(http.url, { 'x-internal-secret': OPERATOR });
    expect(first.status).toBe(200);
    const second = await openStream(http.url, { 'x-internal-secret': OPERATOR });
    expect(second.status).toBe(503);
    expect(JSON.parse(second.body)).toMatchObject({ code: 'overloaded' });
    first.close();
    await first.ended;
    // the slot frees when the server sees the close; retry briefly
    let third: Stream | undefined;
    for (let i = 0; i < 40 && third?.status !== 200; i++) {
      third = await openStream(http.url, { 'x-internal-secret': OPERATOR });
      if (third.status !== 200) await new Promise((r) => setTimeout(r, 25));
    }
    expect(third?.status).toBe(200);
    await http.close();
    await third!.ended; // the server ended it: no hang on close
  });

  it('counts what a stream that does not keep up lost, instead of buffering without bound', async () => {
    const http = await start({ eventStream: { maxBufferedBytes: 1 } });
    const stream = await openStream(http.url, { 'x-internal-secret': OPERATOR });
    // a 1-byte allowance: while one write is in flight, every other event of the burst is dropped and counted
    const answered = await Promise.all(Array.from({ length: 30 }, () => client.waitForResponse(new Message('ovos.tools.list', {}))));
    expect(answered.every((a) => Array.isArray(a?.data.tools))).toBe(true);
    await new Promise((r) => setTimeout(r, 200)); // the socket drains
    client.emit(new Message('ovos.tools.list', { marker: true })); // the next event first reports the count, then itself
    await until('the marker', () => messages(stream).some((m) => m.data.marker === true));
    const markerAt = stream.blocks.findIndex((b) => b.startsWith('data: ') && JSON.parse(b.slice(6)).data.marker === true);
    const before = stream.blocks.slice(0, markerAt);
    const dropped = before.filter((b) => b.startsWith('event: dropped')).reduce((n, b) => n + Number(JSON.parse(b.split('data: ')[1]!).dropped), 0);
    const delivered = before.filter((b) => b.startsWith('data: ')).length;
    expect(dropped).toBeGreaterThan(0);
    expect(dropped + delivered).toBe(60); // 30 requests and 30 answers: each delivered or counted, none lost unseen
    stream.close();
  });
});
