/** One search hit, in the field names of OVOS `web_search` results. */
export interface SearchHit {
  /** The result's title, as text. */
  title: string;
  /** The result's URL (absolute). */
  url: string;
  /** The text excerpt the engine shows, as text. */
  snippet: string;
}

/**
 * A web search service `web_search` can query. Implementations: {@link DuckDuckGoBackend} (HTML
 * endpoint) and {@link SearxngBackend} (JSON API).
 */
export interface SearchBackend {
  /** Human name used in error messages, e.g. `DuckDuckGo`. */
  readonly name: string;
  /**
   * Runs one search.
   * @param query - the query text, sent as is.
   * @param maxResults - at most this many hits are returned (>= 1).
   * @param signal - aborts the search, including rate-limit and back-off waits.
   * @returns hits in the backend's ranking order, possibly empty when nothing matched.
   * @throws {@link SearchBackendError} with a sentence saying what went wrong and what to do;
   *   the signal's reason when `signal` fires.
   */
  search(query: string, maxResults: number, signal: AbortSignal): Promise<SearchHit[]>;
}

/** A search that failed for a reason worth telling the user; `message` is that reason. */
export class SearchBackendError extends Error {
  override readonly name = 'SearchBackendError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
