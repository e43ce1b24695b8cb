// A bus client that floods: run by busflood.bench.mjs in its own process. Sends frames just under the 8 MiB
// default limit back to back (the next one once the previous is written to its socket) for `seconds`, reading and
// discarding whatever the bus sends it (a client that stops reading is cut off by the bus's backpressure, which is
// another test). Prints `{"sent": n, "closed": code|null}` on stdout when done.
// Usage: node busFlooder.mjs <ws-url> <array|envelope|invoke> <seconds>
import WebSocket from 'ws';

const [url, mode, seconds] = process.argv.slice(2);
const LIMIT = 8 * 1024 * 1024 - 4096;
const numbers = () => {
  const parts = [];
  let len = 0;
  for (let i = 0; len < LIMIT - 200; i++) {
    const s = String(1_000_000 + i);
    parts.push(s);
    len += s.length + 1;
  }
  return `[${parts.join(',')}]`;
};
const list = numbers();
const frame = {
  array: list, // a JSON array of numbers: no OVOS message at all
  envelope: `{"type":"bench.flood","data":{"numbers":${list}},"context":{}}`, // a type nobody on the bus handles
  invoke: `{"type":"ovos.tools.invoke","data":{"name":"get_current_datetime","args":{"numbers":${list}}},"context":{}}`, // the provider's own topic
}[mode];
if (!frame) throw new Error(`unknown mode ${mode}`);

const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
let sent = 0;
let closed = null;
const end = Date.now() + Number(seconds) * 1000;
ws.on('message', () => undefined);
ws.on('error', () => undefined);
ws.on('close', (code) => {
  closed = code;
  finish();
});
ws.on('open', function next() {
  if (Date.now() >= end || ws.readyState !== ws.OPEN) return finish();
  ws.send(frame, (err) => {
    if (err) return finish();
    sent++;
    next();
  });
});
let done = false;
function finish() {
  if (done) return;
  done = true;
  process.stdout.write(JSON.stringify({ sent, closed, bytes: frame.length }) + '\n');
  ws.terminate();
  setTimeout(() => process.exit(0), 50);
}
