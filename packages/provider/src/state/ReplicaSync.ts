import { randomUUID } from 'node:crypto';
import type { Logger } from '@ovos-tools/core';
import type { Redis } from 'ioredis';
import type { RedisScript, RedisState } from './RedisState.js';

/** One reload told to every replica: who reloaded, when (Redis's clock, ms), and the catalog digest it served after. */
export interface ReloadAnnouncement {
  /** A random id of this announcement. */
  id: string;
  /** The digest the announcing replica served after its reload (`catalogDigest`). */
  digest: string;
  /** The id of the replica that reloaded ({@link ReplicaSync.replicaId}). */
  replica: string;
  /** When it was announced, ms since the epoch on Redis's clock. */
  at: number;
}

/**
 * Where a replica stands against the last reload announced to all: `in_sync` (it serves the digest that reload
 * served), `catching_up` (reloading for it now), `differs` (it reloaded, or started after it, and serves another
 * digest: its packages or config differ), `failed` (its own rescan failed: it keeps serving its last good catalog),
 * `unknown` (no reload was announced since Redis started), `unavailable` (Redis cannot be reached: reloads of other
 * replicas are not heard until it is back, then the last one is caught up).
 */
export type ReplicaSyncState = 'in_sync' | 'catching_up' | 'differs' | 'failed' | 'unknown' | 'unavailable';

/** What {@link ReplicaSync.status} says (the `replicas` member of `/health`). */
export interface ReplicaSyncStatus {
  /** This replica's id in announcements. */
  replica: string;
  /** See {@link ReplicaSyncState}. */
  state: ReplicaSyncState;
  /** The last reload announced to all replicas, if any was heard. */
  lastReload: ReloadAnnouncement | null;
  /** Why the state is not `in_sync`, in a sentence (no paths, no error texts: those are in the log). */
  detail?: string;
}

/** What {@link ReplicaSync} does to this replica. */
export interface ReplicaSyncHooks {
  /** Rescans and re-reads the config for another replica's reload; resolves with the digest served after, rejects when the rescan failed. */
  reload(): Promise<string>;
  /** The digest this replica serves now. */
  digest(): string;
}

// SET the last announcement and PUBLISH it in one step, stamped with Redis's clock: a replica that subscribed and
// then reads the record misses nothing.
const ANNOUNCE = `local t = redis.call('TIME')
local record = cjson.encode({id = ARGV[1], digest = ARGV[2], replica = ARGV[3], at = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)})
redis.call('SET', KEYS[1], record)
redis.call('PUBLISH', ARGV[4], record)
return record`;

/**
 * Keeps the catalogs of replicas that share one Redis (`state.redis` and `key_prefix`) in step: a reload asked of
 * any replica (any door, `--watch`, a config reload) is announced — the record `<prefix>catalog:last` set and
 * published on the channel `<prefix>catalog:reload` in one script — and every other replica reloads when it hears
 * it. A replica that was not listening (starting, or cut from Redis) reads the record when it (re)connects and
 * catches up; a reload announced while Redis was down is announced once it is back. Reloads heard from others are
 * never announced again (no echo), and those that arrive while one runs are folded into one more.
 */
export class ReplicaSync {
  /** This replica's id in announcements. */
  readonly replicaId = randomUUID();
  readonly #state: RedisState;
  readonly #logger: Logger;
  readonly #hooks: ReplicaSyncHooks;
  readonly #announce: RedisScript;
  #seen: ReloadAnnouncement | undefined;
  #status: ReplicaSyncState = 'unknown';
  #detail: string | undefined;
  /** A digest this replica reloaded to while Redis was down: announced once it is back. */
  #pending: string | undefined;
  #running: Promise<void> | undefined;
  #again: ReloadAnnouncement | undefined;
  #subscriber: Redis | undefined;
  /** What this replica did relative to the last announcement (`started after`, `reloaded for`, `announced`), for the detail. */
  #how = 'started after';
  #closed = false;

  constructor(state: RedisState, logger: Logger, hooks: ReplicaSyncHooks) {
    this.#state = state;
    this.#logger = logger;
    this.#hooks = hooks;
    this.#announce = state.script(ANNOUNCE, 1);
  }

  get #recordKey(): string {
    return this.#state.key('catalog', 'last');
  }

  get #channel(): string {
    return this.#state.key('catalog', 'reload');
  }

  /** Before the first load: the last announcement is covered by that load (it reads the packages and config now). */
  async prime(): Promise<void> {
    const last = await this.#read();
    if (last) this.#seen = last;
  }

  /**
   * After the first load: says how this replica compares with the last announcement, and listens for the next ones
   * (and reads the record again on every reconnection, of either connection).
   */
  async start(): Promise<void> {
    this.#compare(this.#seen, 'started after');
    this.#state.onReady(() => void this.#reconnected());
    this.#subscriber = await this.#state.openSubscriber((sub) => void this.#subscribe(sub));
  }

  /**
   * Tells every replica that this one reloaded and serves `digest`. When Redis cannot be reached, the announcement
   * is kept and sent once it is back. Resolves with whether it was sent; never rejects.
   */
  async announce(digest: string): Promise<boolean> {
    try {
      const text = (await this.#announce([this.#recordKey], [randomUUID(), digest, this.replicaId, this.#channel])) as string;
      this.#pending = undefined;
      this.#hear(JSON.parse(text) as ReloadAnnouncement);
      return true;
    } catch (err) {
      this.#pending = digest;
      this.#logger.warn(`replica sync: this reload could not be told to the other replicas (${(err as Error).message}); they are told once Redis is back`);
      return false;
    }
  }

  /** Where this replica stands (see {@link ReplicaSyncState}). */
  status(): ReplicaSyncStatus {
    // a swap this replica made alone (its own bus's federation) may have changed its digest since the last comparison
    if (this.#status === 'in_sync' || this.#status === 'differs') this.#compare(this.#seen, this.#how);
    const reachable = this.#state.ready && this.#subscriber?.status === 'ready';
    const state = reachable || this.#status === 'failed' ? this.#status : 'unavailable';
    const detail =
      state === 'unavailable'
        ? `Redis cannot be reached: reloads of other replicas are caught up once it is back${this.#pending ? ', and this replica announces its own then' : ''}`
        : this.#detail;
    return { replica: this.replicaId, state, lastReload: this.#seen ?? null, ...(detail ? { detail } : {}) };
  }

  /** Stops listening (the connection is closed with the `RedisState`); waits for a reload it runs. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#running;
  }

  /** The subscriber connected: subscribe (confirmed), then read the record, so nothing announced in between is missed. */
  async #subscribe(sub: Redis): Promise<void> {
    try {
      if (!sub.listenerCount('message')) sub.on('message', (channel: string, text: string) => channel === this.#channel && this.#heard(text));
      await sub.subscribe(this.#channel);
      await this.#reconnected();
    } catch {
      // the connection dropped again: the next ready subscribes
    }
  }

  /** A connection (re)connected: announce what waited for Redis, then catch up with the last announcement. */
  async #reconnected(): Promise<void> {
    if (this.#closed || !this.#state.ready) return;
    const pending = this.#pending;
    this.#pending = undefined; // taken by this call: the other connection's ready does not send it twice
    if (pending !== undefined) await this.announce(pending);
    const last = await this.#read();
    if (last) this.#hear(last);
  }

  /** The last announcement, or undefined (none, unreadable, or Redis down). */
  async #read(): Promise<ReloadAnnouncement | undefined> {
    try {
      const text = await this.#state.run((redis) => redis.get(this.#recordKey));
      return text ? parse(text) : undefined;
    } catch {
      return undefined;
    }
  }

  #heard(text: string): void {
    const record = parse(text);
    if (record) this.#hear(record);
    else this.#logger.warn(`replica sync: ignored a malformed announcement on ${this.#channel}`);
  }

  /** An announcement (published, or read from the record): follow it unless it was seen already or is older. */
  #hear(record: ReloadAnnouncement): void {
    const seen = this.#seen;
    if (this.#closed || (seen && (record.id === seen.id || record.at < seen.at))) return;
    this.#seen = record;
    if (record.replica === this.replicaId) return this.#compare(record, 'announced');
    if (this.#running) {
      this.#again = record;
      return;
    }
    this.#status = 'catching_up';
    this.#running = (async () => {
      for (let next: ReloadAnnouncement | undefined = record; next; next = this.#again) {
        this.#again = undefined;
        await this.#follow(next);
      }
    })().finally(() => (this.#running = undefined));
  }

  /** Reloads for another replica's announcement, and says how it went. */
  async #follow(record: ReloadAnnouncement): Promise<void> {
    try {
      await this.#hooks.reload();
      // against the newest announcement seen (this replica may have announced its own reload meanwhile)
      this.#compare(this.#seen ?? record, this.#seen?.replica === this.replicaId ? 'announced' : 'reloaded for');
      if (this.#status === 'in_sync') this.#logger.info(`replica sync: reloaded as replica ${record.replica} asked; serving ${record.digest} as it does`);
    } catch (err) {
      this.#status = 'failed';
      const digest = this.#hooks.digest();
      this.#detail = `the reload announced by replica ${record.replica} failed here: this replica keeps serving its last good catalog (${digest}); see its log`;
      this.#logger.error(
        `replica sync: the reload announced by replica ${record.replica} (serving ${record.digest} there) failed here; this replica keeps serving its last good catalog (${digest}): ${(err as Error).message}`,
      );
    }
  }

  /** Sets the state from this replica's digest against `record`'s (`how`: what this replica did relative to it). */
  #compare(record: ReloadAnnouncement | undefined, how: string): void {
    const digest = this.#hooks.digest();
    const before = this.#status;
    this.#how = how;
    if (!record) {
      this.#status = 'unknown';
      this.#detail = 'no reload was announced to the replicas since Redis started';
    } else if (record.digest === digest) {
      this.#status = 'in_sync';
      this.#detail = undefined;
    } else {
      this.#status = 'differs';
      this.#detail = `${how} the reload of replica ${record.replica}, which serves ${record.digest}; this replica serves ${digest}: their packages or config differ (reload any replica once they are the same)`;
      if (before !== 'differs') this.#logger.warn(`replica sync: ${this.#detail}`); // once, as it starts to differ
    }
  }
}

/** An announcement read from Redis, or undefined when it is not one. */
function parse(text: string): ReloadAnnouncement | undefined {
  try {
    const r = JSON.parse(text) as Partial<ReloadAnnouncement>;
    if (typeof r.id === 'string' && typeof r.digest === 'string' && typeof r.replica === 'string' && typeof r.at === 'number') return { id: r.id, digest: r.digest, replica: r.replica, at: r.at };
  } catch {
    // fall through
  }
  return undefined;
}
