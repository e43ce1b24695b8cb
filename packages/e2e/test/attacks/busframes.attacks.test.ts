import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { answerTo, RawOvosClient, startSystem, type System } from '../helpers/system.js';

// Issue 45: a bus no client can stall, proved on a real `ovos-tools serve` on its embedded bus. No timing
// assertions: each hostile frame is shown to be refused by the scan before parsing (by the text of its answer), the
// flooder to be slowed (by the provider's log line naming it), and the other callers to be served meanwhile.
let sys: System;
let caller: RawOvosClient;

beforeAll(async () => {
  sys = await startSystem({ disabled_toolboxes: ['ovos-web-search-tools'] });
  caller = await RawOvosClient.connect(sys.serve.url);
});
afterAll(async () => {
  caller?.close();
  await sys?.stop();
});

/** A raw websocket to the bus that reads and discards everything (so backpressure never cuts it). */
async function rawSocket(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
  ws.on('message', () => undefined);
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  return ws;
}

const invoke = (id: string, expression: string) => caller.send('ovos.tools.invoke', { name: 'evaluate_expression', args: { expression } }, { request_id: id });

describe('hostile frames under the size limit', () => {
  test.each([
    ['2.7 million {}', `[${Array(2_700_000).fill('{}').join(',')}]`, /the frame holds about \d+ JSON values \(most in data\.args\), more than the 100000/],
    ['a million levels deep', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, /data\.args nests deeper than 64 levels/],
  ])('an invoke holding %s is refused before parsing, answered, and the next caller is served', async (_what, args, why) => {
    const id = `evil-${Math.random()}`;
    caller.sendRaw(`{"type":"ovos.tools.invoke","data":{"name":"evaluate_expression","args":${args}},"context":{"request_id":"${id}","session":{"session_id":"default"}}}`);
    invoke(`${id}-after`, '6*7');
    const refused = await answerTo(caller, id, 60_000);
    expect(refused.data).toMatchObject({ name: 'evaluate_expression', code: 'invalid_request' });
    expect(refused.data.error).toMatch(why); // the scan's text: JSON.parse never saw the frame
    expect((await answerTo(caller, `${id}-after`, 60_000)).data.result).toMatchObject({ result: 42 });
  });
});

describe('a client flooding the bus', () => {
  test('is slowed alone, named in the log; its frames are relayed in order and other callers are served meanwhile', async () => {
    const flooder = await rawSocket(sys.serve.url);
    const observer = await rawSocket(sys.serve.url);
    const floods: number[] = [];
    observer.on('message', (data: Buffer) => {
      const m = /^\{"type":"bench\.flood","data":\{"i":(\d+)/.exec(data.toString('utf8', 0, 64));
      if (m) floods.push(Number(m[1]));
    });
    const port = (flooder as unknown as { _socket: { localPort: number } })._socket.localPort;
    const pad = 'x'.repeat(512 * 1024); // 3 MiB in all: 2 MiB over the default burst (1 MiB), about 4 s of slowing
    for (let i = 0; i < 6; i++) flooder.send(`{"type":"bench.flood","data":{"i":${i},"pad":"${pad}"},"context":{}}`);
    for (let n = 0; n < 5; n++) {
      invoke(`flood-${n}`, `${n}+1`);
      expect((await answerTo(caller, `flood-${n}`, 60_000)).data.result).toMatchObject({ result: n + 1 });
    }
    const deadline = Date.now() + 60_000;
    while (floods.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(floods).toEqual([0, 1, 2, 3, 4, 5]);
    expect(sys.serve.output()).toMatch(new RegExp(`slowing messagebus client 127\\.0\\.0\\.1:${port}: it sent more than its share`));
    expect(flooder.readyState).toBe(WebSocket.OPEN); // slowed, not cut
    flooder.terminate();
    observer.terminate();
  });
});
