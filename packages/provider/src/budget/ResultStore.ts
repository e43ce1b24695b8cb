import type { WireError } from '@ovos-tools/core';
import type { ResultPageOutcome, ResultPageRefusal } from '../service/ResultPageRequest.js';

/** What {@link ResultStore.put} answers. */
export type PutOutcome =
  | {
      /** The full result is kept. */
      ok: true;
      /** The handle to page it with (`res_` and 22 base64url characters). */
      handle: string;
      /** Seconds it stays valid from now (the marker's `expires_in_s`). */
      expiresInS: number;
    }
  | {
      /** It could not be kept (too large for the caps); the caller sends the cut result without a handle. */
      ok: false;
      /** Why. */
      error: WireError;
    };

/** Why a page was refused, for transports that map it to a status (HTTP 404, 410, 403, 400): the service's {@link ResultPageRefusal}. */
export type PageRefusal = ResultPageRefusal;

/**
 * What {@link ResultStore.page} answers: one slice of the serialised full result (`text`, `offset`, `nextOffset`,
 * `totalChars`), or a refusal (`error`, `reason`). The service's {@link ResultPageOutcome}, answered as it is.
 */
export type PageOutcome = ResultPageOutcome;

/** How full a store is. */
export interface ResultStoreStats {
  /** Results kept. */
  entries: number;
  /** Bytes accounted for them (2 per UTF-16 code unit plus a fixed overhead per entry). */
  bytes: number;
}

/**
 * Where full results wait to be paged after an answer was cut to its budget: kept per owner (the caller's key, e.g.
 * its agent id), for a limited time, within byte and entry caps. Every method answers with a promise and never
 * rejects for bad input (error values instead), so an implementation backed by a shared store (the Redis one a
 * provider uses with `state.redis`: a handle readable from any replica) fits the same interface as
 * {@link MemoryResultStore}.
 */
export interface ResultStore {
  /** Keeps `text` (the full result's JSON text) for `owner`; only `owner` may page it. */
  put(owner: string, text: string): Promise<PutOutcome>;
  /**
   * Answers `limit` characters of the kept text from `offset` (a shorter slice at the end), if `owner` is the owner
   * and the handle has not expired. Refuses an unknown, expired or evicted handle, another owner's handle, an
   * `offset` outside the text and a `limit` outside the store's range, as error values.
   */
  page(handle: string, owner: string, offset: number, limit: number): Promise<PageOutcome>;
  /** How full the store is now. */
  stats(): Promise<ResultStoreStats>;
  /** Drops everything (on shutdown). */
  clear(): Promise<void>;
}
