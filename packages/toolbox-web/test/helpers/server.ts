import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@ovos-tools/core';
import { WebSearchToolBox, type WebSearchToolBoxOptions } from '@ovos-tools/toolbox-web';

/** A request the test server received. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A loopback HTTP server on an ephemeral port. */
export interface TestServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** What a test handler gets: the request (body already read) and the response. */
export type Handler = (req: SeenRequest, res: http.ServerResponse, index: number) => void;

const servers = new Set<TestServer>();

/** Starts a server on 127.0.0.1 port 0; `handler` sees every request with its body read. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      requests.push(seen);
      try {
        handler(seen, res, requests.length - 1);
      } catch (err) {
        res.statusCode = 599;
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const ts: TestServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        servers.delete(ts);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.add(ts);
  return ts;
}

/** Closes every server still open (call from afterEach). */
export async function closeAllServers(): Promise<void> {
  await Promise.all([...servers].map((s) => s.close()));
}

/** Reads a file of `fixtures/`. */
export function fixture(name: string): string {
  return fs.readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
}

/** Sends `body` with a content type and status. */
export function send(res: http.ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

/** A toolbox with a silent logger and fast, test-friendly pacing unless the config overrides it. */
export function makeToolbox(config: Record<string, unknown>, options: WebSearchToolBoxOptions = {}): WebSearchToolBox {
  return new WebSearchToolBox({ logger: silentLogger, ...options, config: { min_interval_ms: 0, backoff_ms: 50, ...config } });
}
