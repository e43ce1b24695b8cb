import { defineTool, Type, type AgentTool, type Static } from '@ovos-tools/core';
import type { SearchBackend } from '../search/SearchBackend.js';

/** Arguments of `web_search` (OVOS `WebSearchArgs`: `query`, `max_results=5`). */
export const WebSearchArgs = Type.Object(
  {
    query: Type.String({ description: 'Search query string' }),
    max_results: Type.Optional(Type.Integer({ default: 5, description: 'Maximum results to return' })),
  },
  { title: 'WebSearchArgs' },
);

/** One `web_search` result: `{title, url, snippet}`. */
export const SearchResult = Type.Object(
  {
    title: Type.String(),
    url: Type.String(),
    snippet: Type.String(),
  },
  { title: 'SearchResult' },
);

/** Output of `web_search` (OVOS `WebSearchOutput`): the results and the query that was executed. */
export const WebSearchOutput = Type.Object(
  {
    results: Type.Array(SearchResult, { description: 'Each dict: {title, url, snippet}' }),
    query: Type.String({ description: 'The query that was executed' }),
  },
  { title: 'WebSearchOutput' },
);

/** The most results one `web_search` call returns, whatever `max_results` asks for (one result page). */
export const MAX_SEARCH_RESULTS = 50;

/** What `web_search` needs from its toolbox. */
export interface WebSearchDeps {
  /** The configured backend; called per search. */
  backend: () => SearchBackend;
  /** Sentences about invalid config keys; when any, searches report them instead of running. */
  configProblems: readonly string[];
  /** Time limit of one call, from the retry/timeout config. */
  timeoutMs: number;
}

/**
 * The `web_search` tool (OVOS `WebSearchToolBox`, ovos-agentic-loop `tools/web.py`):
 * `{query, max_results=5}` → `{results: [{title, url, snippet}], query}`.
 *
 * Like OVOS it never fails the call for a search problem: any failure (network, timeout, HTTP status,
 * rate limit, unreadable page, invalid config, empty query) comes back as one result
 * `{title: "Search error", url: "", snippet: "Web search failed: <reason>"}`. `max_results` below 1 gives
 * no results; above {@link MAX_SEARCH_RESULTS} is capped, and a backend returns at most one result page.
 */
export function createWebSearchTool(deps: WebSearchDeps): AgentTool<typeof WebSearchArgs, typeof WebSearchOutput> {
  return defineTool({
    name: 'web_search',
    description:
      'Search the web and return the top results as title, URL and snippet. Use it for current events, facts you are unsure of, ' +
      'or to find pages to read with fetch_url. Failures come back as a single result titled "Search error".',
    summary: 'Search the web (DuckDuckGo or SearXNG) and return titles, URLs and snippets.',
    argumentSchema: WebSearchArgs,
    outputSchema: WebSearchOutput,
    tags: ['network', 'read-only', 'web', 'search'],
    readOnly: true,
    idempotent: true,
    openWorld: true,
    timeoutMs: deps.timeoutMs,
    errorModes:
      'Never raises for search problems: returns one result titled "Search error" whose snippet starts "Web search failed:" and says why ' +
      '(unreachable, timed out, rate limited, unreadable answer, bad config). Retry later or rephrase; do not treat it as a real result.',
    examples: [
      {
        description: 'Top two results for a query',
        arguments: { query: 'OpenVoiceOS', max_results: 2 },
        result: {
          results: [
            {
              title: 'OpenVoiceOS - Open Source Voice Assistant',
              url: 'https://www.openvoiceos.org/',
              snippet:
                'OpenVoiceOS is a community-driven, open-source voice AI platform for creating custom voice-controlled interfaces across devices, with privacy built in.',
            },
            { title: 'OpenVoiceOS · GitHub', url: 'https://github.com/OpenVoiceOS', snippet: 'OpenVoiceOS has 200 repositories available. Follow their code on GitHub.' },
          ],
          query: 'OpenVoiceOS',
        },
      },
      {
        description: 'A failure is reported as a result, not an exception',
        arguments: { query: 'weather in Lisbon' },
        result: {
          results: [{ title: 'Search error', url: '', snippet: 'Web search failed: DuckDuckGo did not answer within 10 s (timeout_s).' }],
          query: 'weather in Lisbon',
        },
      },
    ],
    toolCall: async (args, ctx): Promise<Static<typeof WebSearchOutput>> => {
      const fail = (reason: string) => ({ results: [{ title: 'Search error', url: '', snippet: `Web search failed: ${reason}` }], query: args.query });
      if (deps.configProblems.length) return fail(deps.configProblems.join('; '));
      if (!args.query.trim()) return fail('the query is empty; pass the words to search for.');
      const maxResults = args.max_results ?? 5;
      if (maxResults < 1) return { results: [], query: args.query };
      try {
        const hits = await deps.backend().search(args.query, Math.min(maxResults, MAX_SEARCH_RESULTS), ctx.signal);
        return { results: hits.map(({ title, url, snippet }) => ({ title, url, snippet })), query: args.query };
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
        ctx.logger.debug(`web_search failed: ${String(err)}`);
        return fail(err instanceof Error ? err.message : String(err));
      }
    },
  });
}
