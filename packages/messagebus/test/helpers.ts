import type { Logger } from '@ovos-tools/core';
import { MessageBusServer, type MessageBusServerOptions } from '@ovos-tools/messagebus';
import WebSocket from 'ws';

/** Things to close after each test, newest first. */
const cleanups: Array<() => unknown> = [];

/** Registers a cleanup; run them with {@link runCleanups} in afterEach. */
export function onCleanup(fn: () => unknown): void {
  cleanups.push(fn);
}

/** Runs and forgets every registered cleanup (errors ignored). */
export async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch {
      /* already closed */
    }
  }
}

/** Starts a server on an ephemeral loopback port, closed after the test. */
export async function startServer(options: MessageBusServerOptions = {}): Promise<MessageBusServer> {
  const server = new MessageBusServer({ host: '127.0.0.1', port: 0, ...options });
  await server.start();
  onCleanup(() => server.close());
  return server;
}

/** A raw `ws` client recording every text frame it receives. */
export interface RawClient {
  ws: WebSocket;
  frames: string[];
  closeCode?: number;
  closed: Promise<number>;
}

/** Connects a raw `ws` client (no OVOS library) and waits for it to open; closed after the test. */
export async function rawClient(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  const client: RawClient = {
    ws,
    frames: [],
    closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))),
  };
  ws.on('message', (data) => client.frames.push(data.toString()));
  ws.on('close', (code) => (client.closeCode = code));
  ws.on('error', () => undefined);
  onCleanup(() => ws.terminate());
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}

/**
 * Tries a websocket upgrade with these headers; resolves 101 when it opens, else the HTTP status of the refusal.
 */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
  });
}

/** Polls `predicate` every 10 ms until true; throws after `timeoutMs` (default 10 s) with `what` in the message. */
export async function waitUntil(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A logger recording every line, by level. */
export function captureLogger(): Logger & { lines: Array<{ level: string; message: string }> } {
  const lines: Array<{ level: string; message: string }> = [];
  const rec = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, debug: rec('debug'), info: rec('info'), warn: rec('warn'), error: rec('error') };
}
