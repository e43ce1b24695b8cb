import type { WireError } from '@ovos-tools/core';
import type { Caller } from './Caller.js';
import type { CatalogEntry } from './CatalogEntry.js';
import type { HitExplanation } from './HitExplanation.js';

/**
 * A ranked tool search ({@link ToolService.search}). Values usually come from the wire, so all are checked at run
 * time and refused with `invalid_request` errors that say what was wrong.
 */
export interface ToolSearchRequest {
  /** What the tool should do, in natural language (any language; at most 1,000 characters). */
  query: string;
  /** Most results, an integer from 1 to 100; default 5. */
  limit?: number;
  /** Keep tools carrying every one of these tags (AND); a tag none of the caller's tools carries is refused. */
  tags?: readonly string[];
  /** Only tools this caller may call (default: an unauthenticated `in-process` caller, which sees everything). */
  caller?: Caller;
  /** Also say per hit which fields and terms matched (`ToolSearchHit.explain`); default false; not a boolean: refused. */
  explain?: boolean;
}

/** One ranked search result. */
export interface ToolSearchHit {
  /** The catalog entry found. */
  entry: CatalogEntry;
  /** Its relevance (lexical BM25 scaled to the best match, plus the closeness of meanings; higher is better, comparable within one search only). */
  score: number;
  /** Why it was found, when the request asked (`explain: true`). */
  explain?: HitExplanation;
  /** The time limit its calls run under, ms (as {@link ToolService.get} answers it); set by the service. */
  timeoutMs?: number;
}

/** What {@link ToolService.search} answers: ranked tools the caller may call, or an `invalid_request` error. */
export type ToolSearchOutcome =
  | {
      /** Searched. */
      ok: true;
      /** Best first, at most `limit`. */
      results: ToolSearchHit[];
      /** How many of the caller's tools matched before the limit. */
      total: number;
    }
  | {
      /** The request was refused. */
      ok: false;
      /** What was wrong and how to fix it. */
      error: WireError;
    };
