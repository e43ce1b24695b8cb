import { randomBytes } from 'node:crypto';
import { budgetErrors } from './budgetErrors.js';
import { isHighSurrogate } from './surrogates.js';
import type { PageOutcome, PutOutcome, ResultStore, ResultStoreStats } from './ResultStore.js';
import { resultStoreLimits, type ResultStoreLimitOptions } from './resultStoreLimits.js';

/** Limits of a {@link MemoryResultStore}; every one has a default. */
export interface MemoryResultStoreOptions extends ResultStoreLimitOptions {
  /** The clock, ms since the epoch (tests pass a fake one). Default `Date.now`. */
  now?: () => number;
}

/** Bytes counted per entry beside its text: the handle, the owner key and the bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 256;
/** Handles remembered after they expired or were evicted, to say so instead of "unknown". */
const MAX_TOMBSTONES = 1024;

interface Entry {
  owner: string;
  text: string;
  bytes: number;
  expiresAt: number;
}

/**
 * A {@link ResultStore} in this process's memory: an LRU map bounded in bytes and entries, with a per-owner byte
 * cap and a fixed time to live. Suits one provider process; replicas that must share handles need a shared store
 * behind the same interface. Results are accounted at 2 bytes per character (V8's two-byte strings; one-byte strings
 * take less), so the caps bound the memory the texts use.
 * @throws RangeError from the constructor when an option is not a positive integer (or the TTL exceeds a day).
 */
export class MemoryResultStore implements ResultStore {
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxBytesPerOwner: number;
  private readonly maxEntriesPerOwner: number;
  private readonly maxPageChars: number;
  private readonly now: () => number;
  /** handle → entry, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  private readonly ownerBytes = new Map<string, number>();
  private readonly ownerEntries = new Map<string, number>();
  /** [handle, expiresAt] in the order results were kept, which is their expiry order (one TTL for all). */
  private expiries: Array<[string, number]> = [];
  private expiryHead = 0;
  private readonly tombstones = new Map<string, { owner: string; reason: 'expired' | 'evicted' }>();
  private bytes = 0;

  constructor(options: MemoryResultStoreOptions = {}) {
    const limits = resultStoreLimits(options, 'MemoryResultStore');
    this.ttlMs = limits.ttlMs;
    this.maxBytes = limits.maxBytes;
    this.maxEntries = limits.maxEntries;
    this.maxBytesPerOwner = limits.maxBytesPerOwner;
    this.maxEntriesPerOwner = limits.maxEntriesPerOwner;
    this.maxPageChars = limits.maxPageChars;
    this.now = options.now ?? Date.now;
  }

  /** The time to live in whole seconds (what `expires_in_s` says at `put`). */
  get ttlS(): number {
    return Math.ceil(this.ttlMs / 1000);
  }

  /**
   * Stores a result as {@link ResultStore.put} says. Makes room first: expired results, then the owner's own least
   * recently used past its share (bytes, entries), then — with the store full — the least recently used of the owner
   * holding the most (so one owner never evicts another's results while it holds fewer).
   */
  async put(owner: string, text: string): Promise<PutOutcome> {
    if (typeof owner !== 'string') return { ok: false, error: budgetErrors.invalidOwner(owner) };
    if (typeof text !== 'string') return { ok: false, error: { error: `RuntimeError: result store text must be a string, received ${typeof text}`, code: 'internal' } };
    const bytes = text.length * 2 + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytesPerOwner) return { ok: false, error: budgetErrors.tooLargeToKeep(bytes, this.maxBytesPerOwner) };
    this.sweep();
    // the owner's own least recently used results make room first
    const overShare = () => (this.ownerBytes.get(owner) ?? 0) + bytes > this.maxBytesPerOwner || (this.ownerEntries.get(owner) ?? 0) >= this.maxEntriesPerOwner;
    for (const [handle, entry] of this.entries) {
      if (!overShare()) break;
      if (entry.owner === owner) this.remove(handle, 'evicted');
    }
    // then, with the store full, the heaviest owner's least recently used
    while (this.entries.size > 0 && (this.bytes + bytes > this.maxBytes || this.entries.size >= this.maxEntries)) {
      const byEntries = this.entries.size >= this.maxEntries;
      const heaviest = heaviestOwner(byEntries ? this.ownerEntries : this.ownerBytes);
      for (const [handle, entry] of this.entries) {
        if (entry.owner !== heaviest) continue;
        this.remove(handle, 'evicted');
        break;
      }
    }
    const handle = `res_${randomBytes(16).toString('base64url')}`;
    const expiresAt = this.now() + this.ttlMs;
    this.entries.set(handle, { owner, text, bytes, expiresAt });
    this.ownerBytes.set(owner, (this.ownerBytes.get(owner) ?? 0) + bytes);
    this.ownerEntries.set(owner, (this.ownerEntries.get(owner) ?? 0) + 1);
    this.bytes += bytes;
    this.expiries.push([handle, expiresAt]);
    return { ok: true, handle, expiresInS: this.ttlS };
  }

  /** Reads a page as {@link ResultStore.page} says. A page counts as a use (LRU) but does not extend the TTL. */
  async page(handle: string, owner: string, offset: number, limit: number): Promise<PageOutcome> {
    if (typeof handle !== 'string') return { ok: false, error: budgetErrors.handleNotString(handle), reason: 'unknown' };
    this.sweep();
    const entry = this.entries.get(handle);
    if (!entry) {
      const tomb = this.tombstones.get(handle);
      if (tomb && tomb.owner === owner) {
        return tomb.reason === 'expired'
          ? { ok: false, error: budgetErrors.expiredHandle(handle, this.ttlS), reason: 'expired' }
          : { ok: false, error: budgetErrors.evictedHandle(handle), reason: 'evicted' };
      }
      return { ok: false, error: budgetErrors.unknownHandle(handle), reason: 'unknown' };
    }
    if (entry.owner !== owner) return { ok: false, error: budgetErrors.foreignHandle(handle), reason: 'forbidden' };
    const total = entry.text.length;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > this.maxPageChars) {
      return { ok: false, error: budgetErrors.pageLimitOutOfRange(limit, this.maxPageChars), reason: 'invalid_range' };
    }
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset >= total) {
      return { ok: false, error: budgetErrors.offsetOutOfRange(offset, total), reason: 'invalid_range' };
    }
    let end = Math.min(total, offset + limit);
    if (end < total && isHighSurrogate(entry.text.charCodeAt(end - 1))) end += end - 1 > offset ? -1 : 1; // never split a pair
    this.entries.delete(handle); // most recently used last
    this.entries.set(handle, entry);
    return { ok: true, text: entry.text.slice(offset, end), offset, nextOffset: end < total ? end : null, totalChars: total };
  }

  /** {@inheritDoc ResultStore.stats} */
  async stats(): Promise<ResultStoreStats> {
    this.sweep();
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** {@inheritDoc ResultStore.clear} */
  async clear(): Promise<void> {
    this.entries.clear();
    this.ownerBytes.clear();
    this.ownerEntries.clear();
    this.tombstones.clear();
    this.expiries = [];
    this.expiryHead = 0;
    this.bytes = 0;
  }

  /** Drops every result whose time is up (they expire in the order they were kept). */
  private sweep(): void {
    const now = this.now();
    while (this.expiryHead < this.expiries.length && this.expiries[this.expiryHead]![1] <= now) {
      const [handle, expiresAt] = this.expiries[this.expiryHead++]!;
      if (this.entries.get(handle)?.expiresAt === expiresAt) this.remove(handle, 'expired');
    }
    if (this.expiryHead > 1024 && this.expiryHead * 2 > this.expiries.length) {
      this.expiries = this.expiries.slice(this.expiryHead);
      this.expiryHead = 0;
    }
  }

  private remove(handle: string, reason: 'expired' | 'evicted'): void {
    const entry = this.entries.get(handle);
    if (!entry) return;
    this.entries.delete(handle);
    this.bytes -= entry.bytes;
    const left = (this.ownerBytes.get(entry.owner) ?? 0) - entry.bytes;
    if (left > 0) this.ownerBytes.set(entry.owner, left);
    else this.ownerBytes.delete(entry.owner);
    const count = (this.ownerEntries.get(entry.owner) ?? 0) - 1;
    if (count > 0) this.ownerEntries.set(entry.owner, count);
    else this.ownerEntries.delete(entry.owner);
    this.tombstones.set(handle, { owner: entry.owner, reason });
    if (this.tombstones.size > MAX_TOMBSTONES) this.tombstones.delete(this.tombstones.keys().next().value!);
  }
}

/** The owner with the largest count (the first such in insertion order). */
function heaviestOwner(counts: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let most = -1;
  for (const [owner, n] of counts) {
    if (n > most) {
      best = owner;
      most = n;
    }
  }
  return best;
}
