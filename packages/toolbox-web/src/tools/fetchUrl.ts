import { defineTool, Type, type AgentTool, type Static } from '@ovos-tools/core';
import type { WebConfig } from '../config/WebConfig.js';
import { decodeBody } from '../extract/decodeBody.js';
import { htmlToMarkdown } from '../extract/htmlToMarkdown.js';
import { FetchRefusedError, safeGet, type HostResolver } from '@ovos-tools/core/net';
import { networkReason } from '../search/politeFetch.js';

/** Arguments of `fetch_url`. */
export const FetchUrlArgs = Type.Object(
  {
    url: Type.String({ description: 'Absolute http(s) URL of the page to read' }),
    max_chars: Type.Optional(Type.Integer({ minimum: 1, default: 20000, description: 'Longest content to return, in characters' })),
  },
  { title: 'FetchUrlArgs' },
);

/** Output of `fetch_url`; on failure `error` says why and `content` is empty. */
export const FetchUrlOutput = Type.Object(
  {
    url: Type.String({ description: 'The URL that was asked for' }),
    final_url: Type.String({ description: "The URL that answered, after redirects; '' when nothing answered" }),
    status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the final answer; null when nothing answered' }),
    title: Type.String({ description: "The page or article title; '' when none" }),
    content: Type.String({ description: 'Readable text: markdown for HTML, the text itself for text/plain, pretty-printed JSON' }),
    truncated: Type.Boolean({ description: 'True when content was cut at max_chars or the body at max_bytes' }),
    content_type: Type.String({ description: "Media type of the answer, e.g. text/html; '' when unknown" }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why nothing (or not the page) could be read; null on success' }),
  },
  { title: 'FetchUrlOutput' },
);

/** Media types `fetch_url` reads; anything else is reported as an error without reading the body. */
export const SUPPORTED_MEDIA_TYPES: readonly string[] = ['text/html', 'application/xhtml+xml', 'text/plain', 'application/json'];

/** What `fetch_url` needs from its toolbox. */
export interface FetchUrlDeps {
  /** The toolbox config (limits, allowed hosts). */
  config: WebConfig;
  /** Config problems found at start; a call reports them instead of fetching with a bad config. */
  configProblems: readonly string[];
  /** Resolves host names before the address policy judges them (tests pass a fake). */
  resolveHost: HostResolver;
}

/**
 * The `fetch_url` tool (not in OVOS): `{url, max_chars=20000}` → `{url, final_url, status, title, content,
 * truncated, content_type, error}` with the page's readable text as markdown.
 *
 * Refuses non-http(s) schemes and, unless config allows it, any host with a private, loopback, link-local,
 * unique-local, multicast, unspecified, CGNAT or otherwise non-public address (checked after DNS resolution
 * on every redirect hop, connecting only to the checked address). Bodies are capped at `max_bytes` and the
 * whole fetch at `timeout_s`. Failures are values (`error` set), never exceptions.
 */
export function createFetchUrlTool(deps: FetchUrlDeps): AgentTool<typeof FetchUrlArgs, typeof FetchUrlOutput> {
  const { config } = deps;
  return defineTool({
    name: 'fetch_url',
    description:
      'Fetch a public web page and return its readable text as markdown (title, headings, links, lists; menus and footers removed). ' +
      'Use it to read a result of web_search. Handles HTML, plain text and JSON; private and local network addresses are refused.',
    summary: 'Read a public web page as markdown.',
    argumentSchema: FetchUrlArgs,
    outputSchema: FetchUrlOutput,
    tags: ['network', 'read-only', 'web'],
    readOnly: true,
    idempotent: true,
    openWorld: true,
    timeoutMs: config.timeoutMs + 5000,
    errorModes:
      'Returns error (content empty) for an invalid URL, a refused scheme or address, too many redirects, an HTTP error status, ' +
      'an unsupported content type, a network failure or the time limit. truncated=true means the text was cut; ask for a larger max_chars if needed.',
    examples: [
      {
        description: 'Read a page',
        arguments: { url: 'https://example.com/', max_chars: 2000 },
        result: {
          url: 'https://example.com/',
          final_url: 'https://example.com/',
          status: 200,
          title: 'Example Domain',
          content: 'This domain is for use in illustrative examples in documents. ...',
          truncated: false,
          content_type: 'text/html',
          error: null,
        },
      },
      {
        description: 'Local addresses are refused',
        arguments: { url: 'http://127.0.0.1:8080/admin' },
        result: {
          url: 'http://127.0.0.1:8080/admin',
          final_url: '',
          status: null,
          title: '',
          content: '',
          truncated: false,
          content_type: '',
          error:
            'Refused: 127.0.0.1:8080 is not a public address (loopback); fetch_url only fetches public addresses. An operator can allow it with allowed_hosts or allow_private_network.',
        },
      },
    ],
    toolCall: (args, ctx) => fetchUrl(args, ctx.signal, deps),
  });
}

async function fetchUrl(args: Static<typeof FetchUrlArgs>, outer: AbortSignal, deps: FetchUrlDeps): Promise<Static<typeof FetchUrlOutput>> {
  const out: Static<typeof FetchUrlOutput> = { url: args.url, final_url: '', status: null, title: '', content: '', truncated: false, content_type: '', error: null };
  const failed = (error: string) => ({ ...out, error });
  if (deps.configProblems.length) return failed(deps.configProblems.join('; '));
  let start: URL;
  try {
    start = new URL(args.url.trim());
  } catch {
    return failed(`Invalid URL ${JSON.stringify(args.url)}: pass an absolute http(s) URL such as https://example.com/page.`);
  }
  const { config } = deps;
  const deadline = AbortSignal.timeout(config.timeoutMs);
  const signal = AbortSignal.any([outer, deadline]);
  try {
    const res = await safeGet(start, {
      policy: { allowPrivateNetwork: config.allowPrivateNetwork, allowedHosts: config.allowedHosts, resolve: deps.resolveHost },
      maxRedirects: config.maxRedirects,
      maxBytes: config.maxBytes,
      userAgent: config.userAgent,
      signal,
    });
    Object.assign(out, { final_url: res.finalUrl, status: res.status, content_type: res.mediaType });
    if (res.status < 200 || res.status >= 300) {
      res.discard();
      return failed(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} from ${res.finalUrl}`);
    }
    if (res.mediaType && !SUPPORTED_MEDIA_TYPES.includes(res.mediaType)) {
      res.discard();
      return failed(`Unsupported content type ${res.mediaType}: fetch_url reads ${SUPPORTED_MEDIA_TYPES.join(', ')}.`);
    }
    const { bytes, capped } = await res.read();
    const mediaType = res.mediaType || sniffMediaType(bytes);
    const isHtml = mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
    const text = decodeBody(bytes, res.charset, isHtml);
    let content = text;
    if (isHtml) {
      const page = htmlToMarkdown(text, res.finalUrl);
      out.title = page.title;
      content = page.markdown;
    } else if (mediaType === 'application/json') {
      content = prettyJson(text);
    }
    out.content_type = mediaType;
    const maxChars = args.max_chars ?? 20000;
    out.truncated = capped || content.length > maxChars;
    out.content = content.length > maxChars ? content.slice(0, maxChars) : content;
    return out;
  } catch (err) {
    if (outer.aborted) throw outer.reason ?? err;
    if (deadline.aborted) return failed(`Timed out after ${config.timeoutMs / 1000} s (timeout_s) fetching ${args.url}.`);
    if (err instanceof FetchRefusedError) return failed(err.message);
    return failed(`Could not fetch ${args.url}: ${networkReason(err)}`);
  }
}

function sniffMediaType(bytes: Buffer): string {
  const head = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || /<(head|body|p|div)[\s>]/.test(head)) return 'text/html';
  if (head.startsWith('{') || head.startsWith('[')) return 'application/json';
  return 'text/plain';
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
