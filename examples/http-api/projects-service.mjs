#!/usr/bin/env node
// The service the HTTP API page's `projects.list` tool calls (docs/http-api.md): it answers every request with the
// same project list as JSON. Run it beside the provider: `node projects-service.mjs` (127.0.0.1:8090, or the port
// given as the first argument). packages/docs starts it on a free port for the page's transcript.
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** What every request gets. */
export const PROJECTS = { projects: [{ id: 'proj-1', name: 'Phase 3', status: 'active' }] };

/**
 * Starts the service on `127.0.0.1:<port>` (0: a free port); resolves with its URL and a function that stops it.
 * @param {number} port
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startProjectsService(port) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(PROJECTS));
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startProjectsService(Number(process.argv[2] ?? 8090));
  console.log(`projects service on ${url}`);
}
