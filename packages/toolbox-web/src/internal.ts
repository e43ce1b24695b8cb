/**
 * Everything the package's modules export for its own tests (not a public entry: package.json `exports` names only
 * `.`, which exports the toolbox class and its tools' schemas).
 */
export { WebSearchToolBox } from './WebSearchToolBox.js';
export type { WebSearchToolBoxOptions } from './WebSearchToolBox.js';
export { DEFAULT_DDG_URL, DEFAULT_USER_AGENT, parseWebConfig } from './config/WebConfig.js';
export type { BackendName, ParsedWebConfig, WebConfig } from './config/WebConfig.js';
export { SearchBackendError } from './search/SearchBackend.js';
export type { SearchBackend, SearchHit } from './search/SearchBackend.js';
export { DuckDuckGoBackend } from './search/DuckDuckGoBackend.js';
export { SearxngBackend } from './search/SearxngBackend.js';
export { parseDuckDuckGoHtml, unwrapDuckDuckGoLink, isDuckDuckGoAnomaly } from './search/parseDuckDuckGoHtml.js';
export type { DuckDuckGoPage } from './search/parseDuckDuckGoHtml.js';
export { RateLimiter } from './search/RateLimiter.js';
export { parseRetryAfter } from './search/retryAfter.js';
// The SSRF-safe network code moved to @ovos-tools/core/net; re-exported here so existing imports keep working.
export { checkTarget, classifyAddress, FetchRefusedError, isAllowedHost, systemResolver } from '@ovos-tools/core/net';
export type { CheckedTarget, HostResolver, ResolvedAddress, UrlPolicy } from '@ovos-tools/core/net';
export { htmlToMarkdown } from './extract/htmlToMarkdown.js';
export { boundDocument, HTML_LIMITS } from './extract/boundDocument.js';
export type { DocumentBounds } from './extract/boundDocument.js';
export type { ExtractedPage } from './extract/htmlToMarkdown.js';
export { createWebSearchTool, MAX_SEARCH_RESULTS, SearchResult, WebSearchArgs, WebSearchOutput } from './tools/webSearch.js';
export type { WebSearchDeps } from './tools/webSearch.js';
export { createFetchUrlTool, FetchUrlArgs, FetchUrlOutput, SUPPORTED_MEDIA_TYPES } from './tools/fetchUrl.js';
export type { FetchUrlDeps } from './tools/fetchUrl.js';
