import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './WriteBatcher.js';

/** A Duplex that records each underlying write call (`_write` for one chunk, `_writev` for a corked batch). */
function recordingSocket(): { socket: Duplex; writes: string[][] } {
  const writes: string[][] = [];
  const socket = new Duplex({
    read() {},
    write(chunk, _enc, cb) {
      writes.push([String(chunk)]);
      cb();
    },
    writev(chunks, cb) {
      writes.push(chunks.map((c) => String(c.chunk)));
      cb();
    },
  });
  return { socket, writes };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('WriteBatcher', () => {
  it('holds every frame of a turn and writes them in one write, in order, at the end of the turn', async () => {
    const batcher = new WriteBatcher();
    const { socket, writes } = recordingSocket();
    for (let i = 0; i < 5; i++) {
      batcher.hold(socket);
      socket.write(`f${i}`);
    }
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual([['f0', 'f1', 'f2', 'f3', 'f4']]);
    // the next turn starts afresh: a lone frame is one write of its own
    batcher.hold(socket);
    socket.write('g0');
    await nextTurn();
    expect(writes).toEqual([['f0', 'f1', 'f2', 'f3', 'f4'], ['g0']]);
  });

  it('writes frames produced by a setImmediate queued before the first hold in the same batch', async () => {
    const batcher = new WriteBatcher();
    const { socket, writes } = recordingSocket();
    // what the server does: an in-process client's dispatch is queued, then the request's echo is held
    setImmediate(() => {
      batcher.hold(socket);
      socket.write('answer');
    });
    batcher.hold(socket);
    socket.write('echo');
    await nextTurn();
    expect(writes).toEqual([['echo', 'answer']]);
  });

  it('batches each socket on its own and uncorks them all at the end of the turn', async () => {
    const batcher = new WriteBatcher();
    const a = recordingSocket();
    const b = recordingSocket();
    for (const [s, f] of [[a, 'a0'], [b, 'b0'], [a, 'a1'], [b, 'b1'], [a, 'a2']] as const) {
      batcher.hold(s.socket);
      s.socket.write(f);
    }
    await nextTurn();
    expect(a.writes).toEqual([['a0', 'a1', 'a2']]);
    expect(b.writes).toEqual([['b0', 'b1']]);
  });
});
