/**
 * @ovos-tools/toolbox-web — the `ovos-web-search-tools` toolbox: `web_search` (DuckDuckGo HTML or
 * SearXNG JSON, OVOS-compatible output) and `fetch_url` (SSRF-safe page reading as markdown).
 */
export { WebSearchToolBox } from './WebSearchToolBox.js';
export type { WebSearchToolBoxOptions } from './WebSearchToolBox.js';
export { WebSearchArgs, WebSearchOutput } from './tools/webSearch.js';
export { FetchUrlArgs, FetchUrlOutput } from './tools/fetchUrl.js';
export type { BackendName, ParsedWebConfig, WebConfig } from './config/WebConfig.js';
export type { SearchBackend, SearchHit } from './search/SearchBackend.js';
