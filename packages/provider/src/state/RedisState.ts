import { createHash } from 'node:crypto';
import type { Logger } from '@ovos-tools/core';
import type { Redis } from 'ioredis';
import { redactRedisUrl } from './redactRedisUrl.js';
import type { RedisStateSettings } from './stateSettings.js';
import { StateUnavailableError } from './StateUnavailableError.js';

/**
 * A Lua script run on the shared Redis with EVALSHA (falling back to EVAL once after a Redis restart). Arguments may be
 * binary (`Buffer`); with {@link RedisScriptOptions.buffers} bulk replies come back as `Buffer`s, else as strings.
 */
export type RedisScript = (keys: readonly string[], args: ReadonlyArray<string | number | Buffer>) => Promise<unknown>;

/** Options of {@link RedisState.script}. */
export interface RedisScriptOptions {
  /** Answer bulk replies as `Buffer`s (bytes as stored) instead of decoding them as UTF-8; default false. */
  buffers?: boolean;
}

/**
 * The one connection a provider keeps to the Redis its replicas share (`state.redis`). Everything that keeps state
 * across replicas is built on it (the per-agent limits, `RedisAgentLimiter`; result handles, `RedisResultStore`; the
 * single use of confirm tokens, `RedisConfirmationStore`): they name their keys with {@link RedisState.key} and run commands through
 * {@link RedisState.run} or a {@link RedisState.script}, which fail fast with a {@link StateUnavailableError} instead
 * of waiting for Redis. The connection:
 * - never queues a command while disconnected (`enableOfflineQueue: false`) and never resends one after a
 *   reconnect (a resent command could count a call twice): a command that cannot be answered now fails now;
 * - bounds every command by `command_timeout_ms` (a Redis that stopped answering costs a call at most that);
 * - reconnects by itself (every 100 ms, backing off to 1 s), logging when it is lost and when it is back.
 * The client (`ioredis`) is loaded on {@link RedisState.start}, so a provider without `state` never loads it.
 */
export class RedisState {
  /** The server as shown in logs and errors (password redacted). */
  readonly where: string;
  readonly #settings: RedisStateSettings;
  readonly #logger: Logger;
  #client: Redis | undefined;
  #lastError: string | undefined;
  #lostLogged = false;
  #closed = false;
  readonly #readyListeners: Array<() => void> = [];
  readonly #subscribers: Redis[] = [];

  constructor(settings: RedisStateSettings, logger: Logger) {
    this.#settings = settings;
    this.#logger = logger;
    this.where = redactRedisUrl(settings.url);
  }

  /**
   * Loads the client and connects; resolves once connected, or once the first attempt failed (then the provider
   * serves what needs no shared state, refuses what does, and the connection keeps retrying). Never rejects.
   */
  async start(): Promise<void> {
    if (this.#client || this.#closed) return;
    const client = await this.#connection('ovos-tools');
    this.#client = client;
    client.on('error', (err: Error) => {
      this.#lastError = describe(err);
      if (!this.#lostLogged && !this.#closed) {
        this.#lostLogged = true;
        this.#logger.warn(`shared state: Redis at ${this.where} cannot be reached (${this.#lastError}); calls that need it are refused until it is back`);
      }
    });
    client.on('ready', () => {
      this.#lastError = undefined;
      if (this.#lostLogged) this.#logger.info(`shared state: Redis at ${this.where} is back`);
      this.#lostLogged = false;
      for (const listener of this.#readyListeners) listener();
    });
    try {
      await client.connect();
    } catch {
      // logged by the error listener; ioredis keeps reconnecting
    }
  }

  /** A client of the configured server that fails fast and reconnects by itself (see the class), not connected yet. */
  async #connection(name: string, more: { autoResubscribe?: boolean } = {}): Promise<Redis> {
    const { Redis } = await import('ioredis');
    return new Redis(this.#settings.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
      commandTimeout: this.#settings.commandTimeoutMs,
      connectTimeout: Math.max(1000, this.#settings.commandTimeoutMs),
      retryStrategy: (times) => Math.min(times * 100, 1000),
      connectionName: name,
      disableClientInfo: true,
      ...more,
    });
  }

  /**
   * Opens a second connection to the same server for pub/sub (a subscribed connection takes no other command), with
   * the same timeouts and reconnection, and without resubscribing by itself: `onReady` runs each time it is
   * connected (first, and after every reconnection), and subscribes. Its errors are not logged (the main connection
   * says when Redis is lost and back). Resolves once connected or once the first attempt failed; closed with
   * {@link RedisState.close}.
   */
  async openSubscriber(onReady: (redis: Redis) => void): Promise<Redis | undefined> {
    if (this.#closed) return undefined;
    const sub = await this.#connection('ovos-tools-sync', { autoResubscribe: false });
    this.#subscribers.push(sub);
    sub.on('error', () => undefined);
    sub.on('ready', () => onReady(sub));
    try {
      await sub.connect();
    } catch {
      // ioredis keeps reconnecting; onReady runs once it is connected
    }
    return sub;
  }

  /** True while connected and ready for commands. */
  get ready(): boolean {
    return this.#client?.status === 'ready';
  }

  /**
   * Calls `listener` every time the connection becomes ready: once connected at start, and again after each
   * reconnection (e.g. to a Redis that restarted and may have lost its data). Register before {@link RedisState.start}
   * to hear the first one. A listener must not throw (its commands' failures are its own to handle).
   */
  onReady(listener: () => void): void {
    this.#readyListeners.push(listener);
  }

  /** `key_prefix` followed by `parts` joined with `:`; e.g. `key('agent', '{kid}', 'starts')` → `ovos-tools:agent:{kid}:starts`. */
  key(...parts: string[]): string {
    return this.#settings.keyPrefix + parts.join(':');
  }

  /**
   * Runs `command` on the connection.
   * @throws {@link StateUnavailableError} when not connected, on a timeout, or when the connection drops meanwhile;
   *   a Redis error reply (a script error, a key of the wrong type) is rethrown as it is.
   */
  async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    const client = this.#client;
    if (!client || client.status !== 'ready') throw this.unavailable(this.#lastError ?? (this.#closed ? 'the provider is shutting down' : `not connected (${client?.status ?? 'not started'})`));
    try {
      return await command(client);
    } catch (err) {
      if ((err as Error)?.name === 'ReplyError') throw err;
      throw this.unavailable(describe(err));
    }
  }

  /**
   * A Lua script with `numberOfKeys` keys, run by EVALSHA (loaded again with EVAL when Redis answers NOSCRIPT, after
   * a restart). Errors as {@link RedisState.run}.
   */
  script(lua: string, numberOfKeys: number, options: RedisScriptOptions = {}): RedisScript {
    const sha = createHash('sha1').update(lua).digest('hex');
    const send = (redis: Redis, command: 'evalsha' | 'eval', first: string, keys: readonly string[], args: ReadonlyArray<string | number | Buffer>) =>
      options.buffers ? redis.callBuffer(command, first, numberOfKeys, ...keys, ...args) : redis.call(command, first, numberOfKeys, ...keys, ...args);
    return (keys, args) =>
      this.run(async (redis) => {
        try {
          return await send(redis, 'evalsha', sha, keys, args);
        } catch (err) {
          if (!String((err as Error)?.message).startsWith('NOSCRIPT')) throw err;
          return send(redis, 'eval', lua, keys, args);
        }
      });
  }

  /** A {@link StateUnavailableError} naming this store and `cause`. */
  unavailable(cause: string): StateUnavailableError {
    return new StateUnavailableError(`Redis at ${this.where} cannot be reached (${cause})`);
  }

  /** Closes the connection (commands after it fail with {@link StateUnavailableError}). Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const sub of this.#subscribers.splice(0)) sub.disconnect();
    const client = this.#client;
    if (!client) return;
    if (client.status === 'ready') {
      try {
        await client.quit();
        return;
      } catch {
        // fall through: drop the connection
      }
    }
    client.disconnect();
  }
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { errors?: unknown[] };
  if (e?.message) return e.message;
  if (Array.isArray(e?.errors) && e.errors.length) return describe(e.errors[0]);
  return e?.code ?? String(err);
}
