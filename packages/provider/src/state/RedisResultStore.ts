import { createHash, randomBytes } from 'node:crypto';
import type { WireError } from '@ovos-tools/core';
import { budgetErrors } from '../budget/budgetErrors.js';
import type { PageOutcome, PutOutcome, ResultStore, ResultStoreStats } from '../budget/ResultStore.js';
import { resultStoreLimits, type ResultStoreLimitOptions } from '../budget/resultStoreLimits.js';
import { isHighSurrogate } from '../budget/surrogates.js';
import type { RedisScript, RedisState } from './RedisState.js';
import { CLEAR, PAGE, PUT, STATS } from './resultScripts.js';

/**
 * Limits of a {@link RedisResultStore}: those of a `MemoryResultStore` (the config's `result_store`), counted across
 * every replica sharing the Redis; expiry runs on Redis's clock.
 */
export type RedisResultStoreOptions = ResultStoreLimitOptions;

/** Bytes counted per entry beside its text: the handle, the owner digest, the index entries. */
const ENTRY_OVERHEAD_BYTES = 256;
/** Handles remembered after they expired or were evicted, to say so (to their owner) instead of "unknown". */
const MAX_TOMBSTONES = 1024;
/** Expired entries one command drops at most (the rest go with the next commands; an expired handle is refused anyway). */
const SWEEP_MAX = 64;

/**
 * A {@link ResultStore} in the Redis every replica shares (`state.redis`), so a handle issued by one replica pages on
 * any other. Same rules as `MemoryResultStore`: only the owner pages a handle (another caller hears `forbidden`, and
 * an expired or evicted handle is named so only to its owner); bounded in bytes, entries, and bytes and entries per owner
 * (evicting the owner's own least recently used results first, then the least recently used of the owner holding the most); a fixed time to live, on Redis's clock (`PX`
 * on the text, and the index), not extended by paging. Each operation is one Lua script, atomic across replicas.
 *
 * Paging reads only the slice asked for (`GETRANGE`), never the whole text: a text is stored with a fixed width per
 * UTF-16 code unit — one byte (Latin-1) when every code unit is below 256, as in most JSON, else two (UTF-16LE) —
 * so a character offset is a byte offset times the width, and a page is exactly what `MemoryResultStore` answers
 * (surrogate pairs never split). Bytes are accounted as stored (width × characters + 256 per entry).
 *
 * Redis down (or not answering within `command_timeout_ms`): `put` answers `ok: false` with code
 * `state_unavailable` (the cut result is still sent, its marker saying the full result was not kept), `page`
 * refuses with reason `unavailable` (code `state_unavailable`); nothing falls back to this replica's memory, where
 * the other replicas could not find it.
 */
export class RedisResultStore implements ResultStore {
  readonly #state: RedisState;
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #maxBytesPerOwner: number;
  readonly #maxEntriesPerOwner: number;
  readonly #maxPageChars: number;
  readonly #put: RedisScript;
  readonly #page: RedisScript;
  readonly #stats: RedisScript;
  readonly #clear: RedisScript;
  readonly #keys: string[];
  readonly #dataPrefix: string;
  readonly #ownerPrefix: string;

  /** @throws RangeError when an option is not a positive integer (or the TTL exceeds a day), as `MemoryResultStore`. */
  constructor(state: RedisState, options: RedisResultStoreOptions = {}) {
    this.#state = state;
    const limits = resultStoreLimits(options, 'RedisResultStore');
    this.#ttlMs = limits.ttlMs;
    this.#maxBytes = limits.maxBytes;
    this.#maxEntries = limits.maxEntries;
    this.#maxBytesPerOwner = limits.maxBytesPerOwner;
    this.#maxEntriesPerOwner = limits.maxEntriesPerOwner;
    this.#maxPageChars = limits.maxPageChars;
    // one hash tag for every key: a script may touch any entry (eviction), so they must share a Cluster slot
    const key = (name: string) => state.key('{results}', name);
    this.#keys = ['lru', 'expiry', 'bytes', 'owners', 'meta', 'gone', 'goneq', 'seq'].map(key);
    this.#dataPrefix = key('data:');
    this.#ownerPrefix = key('owner:');
    this.#put = state.script(PUT, 10);
    this.#page = state.script(PAGE, 8, { buffers: true });
    this.#stats = state.script(STATS, 8);
    this.#clear = state.script(CLEAR, 8);
  }

  /** The time to live in whole seconds (what `expires_in_s` says at `put`). */
  get ttlS(): number {
    return Math.ceil(this.#ttlMs / 1000);
  }

  /** {@inheritDoc ResultStore.put} */
  async put(owner: string, text: string): Promise<PutOutcome> {
    if (typeof owner !== 'string') return { ok: false, error: budgetErrors.invalidOwner(owner) };
    if (typeof text !== 'string') return { ok: false, error: { error: `RuntimeError: result store text must be a string, received ${typeof text}`, code: 'internal' } };
    const width = /^[\u0000-\u00ff]*$/.test(text) ? 1 : 2;
    const bytes = text.length * width + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.#maxBytesPerOwner) return { ok: false, error: budgetErrors.tooLargeToKeep(bytes, this.#maxBytesPerOwner) };
    const handle = `res_${randomBytes(16).toString('base64url')}`;
    const ownerKey = ownerDigest(owner);
    const data = Buffer.from(text, width === 1 ? 'latin1' : 'utf16le');
    try {
      await this.#put(
        [...this.#keys, this.#ownerPrefix + ownerKey, this.#dataPrefix + handle],
        [...this.#common(), handle, ownerKey, data, text.length, width, bytes, this.#maxBytes, this.#maxEntries, this.#maxBytesPerOwner, this.#maxEntriesPerOwner],
      );
    } catch (err) {
      return { ok: false, error: failure(err) };
    }
    return { ok: true, handle, expiresInS: this.ttlS };
  }

  /** {@inheritDoc ResultStore.page} A page counts as a use (LRU) but does not extend the TTL. */
  async page(handle: string, owner: string, offset: number, limit: number): Promise<PageOutcome> {
    if (typeof handle !== 'string') return { ok: false, error: budgetErrors.handleNotString(handle), reason: 'unknown' };
    if (typeof owner !== 'string') return { ok: false, error: budgetErrors.unknownHandle(handle), reason: 'unknown' };
    const limitOk = typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= this.#maxPageChars;
    const offsetOk = typeof offset === 'number' && Number.isInteger(offset) && offset >= 0;
    // a bad range is checked after the handle and its owner (as MemoryResultStore does): then nothing is read
    const want = limitOk && offsetOk ? limit + 1 : 0;
    let answer: [number, Buffer?, number?, number?];
    try {
      answer = (await this.#page(this.#keys, [...this.#common(), handle, ownerDigest(owner), offsetOk ? offset : 0, want])) as typeof answer;
    } catch (err) {
      return { ok: false, error: failure(err, handle), reason: 'unavailable' };
    }
    const [status] = answer;
    if (status === 1) return { ok: false, error: budgetErrors.unknownHandle(handle), reason: 'unknown' };
    if (status === 2) return { ok: false, error: budgetErrors.expiredHandle(handle, this.ttlS), reason: 'expired' };
    if (status === 3) return { ok: false, error: budgetErrors.evictedHandle(handle), reason: 'evicted' };
    if (status === 4) return { ok: false, error: budgetErrors.foreignHandle(handle), reason: 'forbidden' };
    if (status === 5 || status === 6) {
      const total = Number(answer[1]);
      if (!limitOk) return { ok: false, error: budgetErrors.pageLimitOutOfRange(limit, this.#maxPageChars), reason: 'invalid_range' };
      return { ok: false, error: budgetErrors.offsetOutOfRange(offset, total), reason: 'invalid_range' };
    }
    const [, bytes, total, width] = answer as [number, Buffer, number, number];
    const fetched = bytes.toString(width === 1 ? 'latin1' : 'utf16le');
    // `fetched` is [offset, min(total, offset + limit + 1)): one code unit past the page, to keep a pair whole
    let end = Math.min(total, offset + limit);
    if (end < total && isHighSurrogate(fetched.charCodeAt(end - 1 - offset))) end += end - 1 > offset ? -1 : 1;
    return { ok: true, text: fetched.slice(0, end - offset), offset, nextOffset: end < total ? end : null, totalChars: total };
  }

  /**
   * {@inheritDoc ResultStore.stats} Counted over every replica sharing the Redis.
   * @throws StateUnavailableError when Redis cannot be reached.
   */
  async stats(): Promise<ResultStoreStats> {
    const [entries, bytes] = (await this.#stats(this.#keys, this.#common())) as [number, number];
    return { entries: Number(entries), bytes: Number(bytes) };
  }

  /**
   * {@inheritDoc ResultStore.clear} For every replica sharing the Redis (its handles stop paging everywhere), so a
   * provider never calls it on close; for tests and operators.
   * @throws StateUnavailableError when Redis cannot be reached.
   */
  async clear(): Promise<void> {
    await this.#clear(this.#keys, this.#common());
  }

  /** ARGV[1..5] of every script. */
  #common(): Array<string | number> {
    return [this.#dataPrefix, this.#ownerPrefix, MAX_TOMBSTONES, SWEEP_MAX, this.#ttlMs];
  }
}

/** The owner as the store keeps it: 128 bits of its SHA-256 in hex (fixed length, no separators, nothing echoed). */
function ownerDigest(owner: string): string {
  return createHash('sha256').update(owner, 'utf8').digest('hex').slice(0, 32);
}

/** A store failure as a wire error: `state_unavailable` when Redis cannot be reached, `internal` for a Redis error reply. */
function failure(err: unknown, handle?: string): WireError {
  const e = err as { code?: unknown; message?: unknown };
  const why = typeof e?.message === 'string' ? e.message : String(err);
  if (e?.code === 'state_unavailable') return budgetErrors.stateUnavailable(why, handle);
  return { error: `RuntimeError: the shared result store failed: ${why}`, code: 'internal' };
}
