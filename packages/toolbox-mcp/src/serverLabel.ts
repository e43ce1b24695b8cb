import type { McpServerSpec } from './serverConfig.js';

const MAX_COMMAND = 160;

/**
 * How errors and logs name a mounted server: `MCP server 'search' at https://mcp.example.org/mcp` (the URL's
 * origin and path only: credentials, query and fragment may hold secrets and are left out) or
 * `MCP server 'fs' (command: npx -y @modelcontextprotocol/server-filesystem /srv)` (the command line, cut at 160
 * characters). Never includes `env` or `headers`.
 */
export function serverLabel(toolboxId: string, spec: McpServerSpec): string {
  if (spec.transport === 'http') return `MCP server '${toolboxId}' at ${shownUrl(spec.url)}`;
  const line = [spec.command, ...spec.args].map((a) => (/[\s"']/.test(a) || a === '' ? JSON.stringify(a) : a)).join(' ');
  return `MCP server '${toolboxId}' (command: ${line.length > MAX_COMMAND ? `${line.slice(0, MAX_COMMAND - 3)}...` : line})`;
}

/**
 * `text` (an error message) with an HTTP server's full URL, and its query, replaced by the shown form (origin and
 * path), so a token in the URL never reaches a log line or a caller. Unchanged for stdio servers.
 */
export function withoutUrlSecrets(text: string, spec: McpServerSpec): string {
  if (spec.transport !== 'http') return text;
  let out = text.split(spec.url).join(shownUrl(spec.url));
  try {
    const { search, hash } = new URL(spec.url);
    for (const secret of [search, hash]) if (secret.length > 1) out = out.split(secret).join('');
  } catch {
    /* a parsed spec always holds a valid URL */
  }
  return out;
}

function shownUrl(href: string): string {
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
