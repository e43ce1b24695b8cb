import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Message } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { captureLogger, onCleanup, runCleanups, startServer } from './helpers.js';

afterEach(runCleanups);

const { python, reason } = inject('pythonWebsocket');
if (!python) console.warn(`skipping the Python websocket-client interop tests: ${reason}`);

const script = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ws_client.py');
const GREETING = '{"type":"connected","data":{},"context":{"session":{"session_id":"default"}}}';

type PyEvent =
  | { event: 'open'; status: number }
  | { event: 'refused'; status: number }
  | { event: 'frame'; frame: string }
  | { event: 'closed'; code: number; reason: string }
  | { event: 'done' };

interface Plan {
  connect?: { origin?: string; host?: string; header?: string[] };
  send?: string[];
  until?: string;
}

/** Runs the Python websocket-client script against `url` and resolves with every event it printed. */
function runPython(url: string, plan: Plan = {}): Promise<PyEvent[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(python!, [script, url], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(JSON.stringify(plan));
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`python exited ${code}: ${err}`));
      resolve(out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as PyEvent));
    });
  });
}

/** A TS responder on the bus: answers `ovos.ping` with `{pong: true}` through `message.response`. */
async function responder(url: string, options: { secret?: string } = {}): Promise<MessageBusClient> {
  const bus = new MessageBusClient({ url, secret: '', ...options, reconnect: false });
  onCleanup(() => bus.close());
  bus.on('ovos.ping', (m) => bus.emit(m.response({ pong: true, got: m.data })));
  await bus.connect();
  return bus;
}

const PING = JSON.stringify(
  new Message('ovos.ping', { x: 1 }, { source: 'py', destination: 'ts', session: { session_id: 's1' }, utterance_id: 'u1' }),
);

describe.skipIf(!python)('a real Python websocket-client (the transport of ovos-bus-client) on our bus', () => {
  it('connects with its default handshake (Origin http://host:port), gets the greeting, and is answered', async () => {
    const server = await startServer();
    await responder(server.url);
    const events = await runPython(server.url, { send: [PING], until: 'ovos.ping.response' });
    expect(events[0]).toEqual({ event: 'open', status: 101 });
    const frames = events.flatMap((e) => (e.event === 'frame' ? [e.frame] : []));
    expect(frames[0]).toBe(GREETING);
    expect(frames).toContain(PING); // the bus echoes to the sender too
    const reply = JSON.parse(frames.at(-1)!) as { type: string; data: unknown; context: unknown };
    expect(reply).toEqual({
      type: 'ovos.ping.response',
      data: { pong: true, got: { x: 1 } },
      context: { source: 'ts', destination: 'py', session: { session_id: 's1' }, utterance_id: 'u1' },
    });
    expect(events.at(-1)).toEqual({ event: 'done' });
  });

  it('connects by name (ws://localhost:<port>) as well', async () => {
    const server = await startServer();
    const events = await runPython(`ws://localhost:${server.port}/core`);
    expect(events).toEqual([{ event: 'open', status: 101 }, { event: 'frame', frame: GREETING }, { event: 'done' }]);
  });

  it('is refused with 403 when it poses as a cross-site browser page or uses a rebound Host', async () => {
    const logger = captureLogger();
    const server = await startServer({ allowedOrigins: ['http://localhost:3000'], logger });
    const foreign = await runPython(server.url, { connect: { origin: 'http://evil.example' } });
    expect(foreign).toEqual([{ event: 'refused', status: 403 }]);
    const nearMiss = await runPython(server.url, { connect: { origin: 'http://localhost:3000.evil.example' } });
    expect(nearMiss).toMatchObject([{ event: 'refused', status: 403 }]);
    const rebound = `attacker.example:${server.port}`;
    const rebinding = await runPython(server.url, { connect: { host: rebound, origin: `http://${rebound}` } });
    expect(rebinding).toEqual([{ event: 'refused', status: 403 }]);
    const refusals = logger.lines.filter((l) => l.message.startsWith('refused websocket upgrade')).map((l) => l.message);
    expect(refusals).toEqual([
      expect.stringContaining('Origin http://evil.example is not allowed'),
      expect.stringContaining('Origin http://localhost:3000.evil.example is not allowed'),
      expect.stringContaining(`Host ${rebound} is not an address of this messagebus`),
    ]);
    const allowed = await runPython(server.url, { connect: { origin: 'http://localhost:3000' } });
    expect(allowed[0]).toEqual({ event: 'open', status: 101 });
  });

  it('passes the shared secret in the route (?token=), a header, or a first frame; is closed with a reason without it', async () => {
    const server = await startServer({ secret: 'py-secret', authTimeoutMs: 2000 });
    await responder(server.url, { secret: 'py-secret' });
    const inRoute = await runPython(`${server.url}?token=py-secret`, { send: [PING], until: 'ovos.ping.response' });
    expect(inRoute.at(-1)).toEqual({ event: 'done' });
    const inHeader = await runPython(server.url, { connect: { header: ['X-OVOS-Bus-Secret: py-secret'] } });
    expect(inHeader).toEqual([{ event: 'open', status: 101 }, { event: 'frame', frame: GREETING }, { event: 'done' }]);
    const firstFrame = await runPython(server.url, {
      send: ['{"type":"ovos.messagebus.auth","data":{"secret":"py-secret"},"context":{}}', PING],
      until: 'ovos.ping.response',
    });
    expect(firstFrame.filter((e) => e.event === 'frame').map((e) => JSON.parse((e as { frame: string }).frame).type)).toEqual([
      'connected',
      'ovos.ping',
      'ovos.ping.response',
    ]);
    const wrong = await runPython(`${server.url}?token=nope`);
    expect(wrong).toEqual([{ event: 'refused', status: 401 }]);
    const none = await runPython(server.url, { send: [PING] });
    expect(none).toEqual([
      { event: 'open', status: 101 },
      { event: 'closed', code: 1008, reason: 'shared secret required: send it in the handshake or as a first ovos.messagebus.auth frame' },
    ]);
  });

  it('gets an error response (not silence) to a request whose context nests 100,000 levels deep', async () => {
    const server = await startServer();
    const owner = new MessageBusClient({ url: server.url, secret: '', reconnect: false });
    onCleanup(() => owner.close());
    // the owner of the topic: it handles ovos.ping (frames of types nobody here handles are dropped unread)
    owner.on('ovos.ping', (m) => owner.emit(m.response({ pong: true })));
    owner.onMalformed((err) => {
      if (err.request?.type === 'ovos.ping') owner.emit(err.request.response({ error: err.message, code: err.code }));
    });
    await owner.connect();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const frame = `{"type":"ovos.ping","data":{},"context":{"source":"py","destination":"ts","session":{"session_id":"s1"},"utterance_id":"u1","d":${deep}}}`;
    const events = await runPython(server.url, { send: [frame], until: 'ovos.ping.response' });
    const reply = JSON.parse((events.at(-2) as { frame: string }).frame) as Record<string, unknown>;
    expect(reply).toEqual({
      type: 'ovos.ping.response',
      data: { error: "'ovos.ping': context.d nests deeper than 64 levels; send flatter data", code: 'malformed_message' },
      context: { source: 'ts', destination: 'py', session: { session_id: 's1' }, utterance_id: 'u1' },
    });
    // the bus itself relayed it and keeps serving
    expect(server.framesRelayed).toBe(2);
    expect((await runPython(server.url)).at(-1)).toEqual({ event: 'done' });
  });
});

describe.skipIf(!python)('a real Python websocket-client on the ovos-messagebus bin', () => {
  it('connects with its default handshake and round-trips a frame', async () => {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('@ovos-tools/messagebus/package.json'));
    const child = spawn(process.execPath, [join(pkgDir, 'bin', 'ovos-messagebus.js'), '--port', '0'], {
      env: { ...process.env, XDG_CONFIG_HOME: '/nonexistent', MYCROFT_SYSTEM_CONFIG: '/nonexistent', OVOS_TOOLS_BUS_SECRET: '' },
    });
    onCleanup(() => child.kill('SIGKILL'));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.on('exit', (code) => reject(new Error(`bin exited ${code}`)));
    });
    const events = await runPython(url, { send: [PING], until: 'ovos.ping' });
    expect(events).toEqual([
      { event: 'open', status: 101 },
      { event: 'frame', frame: GREETING },
      { event: 'frame', frame: PING },
      { event: 'done' },
    ]);
  });
});
