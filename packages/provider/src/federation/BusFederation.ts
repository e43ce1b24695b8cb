import { randomUUID } from 'node:crypto';
import {
  HOST_SOURCE_BRAND,
  HOST_SOURCE_CONTRACT_VERSION,
  Message,
  REQUEST_ID_KEY,
  Topics,
  type Bus,
  type BusHandler,
  type HostSource,
  type HostSourceOptions,
  type HostSourceResult,
  type Logger,
  type ToolboxHost,
} from '@ovos-tools/core';
import { BusToolboxHost } from './BusToolboxHost.js';
import type { FederationSettings } from './federationSettings.js';
import type { OwnBusServer } from './OwnBusServer.js';
import { readDiscoverAnswer, type DiscoverAnswer } from './readDiscoverAnswer.js';

/** The data key an ovos-tools provider puts on its own discover answers and change broadcasts: its id on the bus. */
export const TOOLS_HOST_KEY = 'tools_host';

/** How soon after a joiner's first discover answer (to anyone, or unasked) the federation asks the bus itself, ms. */
const JOIN_DELAY_MS = 250;
/** After a client connects to a bus the provider serves itself: ask at once-ish, and again once it had time to bind its handlers, ms. */
const CONNECT_CHECK_MS = [JOIN_DELAY_MS, 2000] as const;
/** When a toolbox answered with no tools (a fresh Python toolbox may), it is asked again after these delays, ms. */
const EMPTY_RETRY_MS = [1000, 2000, 4000] as const;
const discoverResponse = `${Topics.personaDiscover}.response`;

/**
 * Finds toolboxes that live elsewhere on the messagebus — any process answering `ovos.persona.tools.discover`,
 * e.g. a Python OVOS `ToolBox` — and serves them as `bus` hosts through `ovos.tools.list/get/invoke`. It is a
 * core {@link HostSource} (the reloader calls `createHosts` on every reload, beside starting local hosts) and asks
 * the bus again, asking the provider to reload (`onChanged`) when the remote set changed:
 * - within a second of a joiner's first discover answer — to anyone's `ovos.persona.tools.discover`, or sent unasked
 *   as an announcement — naming a toolbox it does not serve;
 * - on a bus whose server the provider runs ({@link OwnBusServer}), 0.25 and 2 s after a client connects (a Python
 *   toolbox answers discovers but never announces itself), and at once when a client's connection closes (a toolbox
 *   that died is dropped within the discovery window, not after a call goes unanswered); and while no other client
 *   is connected, a discovery answers at once with nothing instead of listening for `discover_window_ms`;
 * - soon after a call a toolbox left unanswered (the host is then unavailable until the toolbox answers again);
 * - 1, 2 and 4 s after a toolbox answered with no tools (a fresh Python toolbox first may);
 * - every `interval_ms`, and when another provider broadcasts `ovos.tools.changed`.
 * This provider's own toolboxes are known by their ids (`setLocalIds`, and the reloader drops a remote host whose id
 * a local one of the same load has), so its own discover answers, which carry exactly a Python ToolBox's keys, are
 * never federated; answers carrying a `tools_host` (earlier ovos-tools providers stamped it) are not either. Discover
 * answers are read with core's payload schemas (`readDiscoverAnswer`).
 */
export class BusFederation implements HostSource {
  readonly [HOST_SOURCE_BRAND] = HOST_SOURCE_CONTRACT_VERSION;
  /** This provider's id on the bus (the `tools_host` data key of its own discover answers and change broadcasts). */
  readonly hostId = randomUUID();
  /** Tools (as discovered) of every toolbox served now, by id. */
  private known = new Map<string, string>();
  /** The hosts serving now, by toolbox id. */
  private hosts = new Map<string, BusToolboxHost>();
  /** What each host was built from (tools and answer limit), to reuse unchanged hosts. */
  private readonly builtFrom = new WeakMap<ToolboxHost, string>();
  private localIds: ReadonlySet<string> = new Set();
  private readonly ourRequests = new Set<string>();
  private interval: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private emptyTries = 0;
  private checking: Promise<void> | undefined;
  /**
   * Counts the bus server's client disconnections: a discovery that saw it change while collecting may hold the
   * answer of a toolbox that is gone since, so its result is checked again by another discovery right after.
   */
  private disconnects = 0;
  private started = false;
  private stopWatchingConnections: (() => void) | undefined;
  private readonly connectTimers = new Set<NodeJS.Timeout>();
  private readonly onOthersChanged: BusHandler;
  private readonly onAnswer: BusHandler;

  constructor(
    private readonly bus: Bus,
    private settings: FederationSettings,
    private readonly logger: Logger,
    private readonly onChanged: () => void,
    /** The bus's server, when the provider runs it: no discovery window on an empty bus, a check after each connection. */
    private readonly ownBus?: OwnBusServer,
  ) {
    this.onOthersChanged = (m) => {
      if (m.data?.[TOOLS_HOST_KEY] !== this.hostId) void this.check();
    };
    this.onAnswer = (m) => this.noticeAnswer(m);
  }

  /** Starts listening for joiners and other providers' changes, and the periodic re-discovery. */
  start(): void {
    if (!this.settings.enabled || this.started) return;
    this.started = true;
    this.bus.on(Topics.toolsChanged, this.onOthersChanged);
    this.bus.on(discoverResponse, this.onAnswer);
    const unConnected = this.ownBus?.onClientConnected(() => this.clientConnected());
    // a toolbox whose connection closed is dropped at once: ask the bus now, not at the next call left unanswered
    const unDisconnected = this.ownBus?.onClientDisconnected?.(() => this.clientDisconnected());
    this.stopWatchingConnections = () => {
      unConnected?.();
      unDisconnected?.();
    };
    // a client that connected while the first load ran (after its discovery) is asked now
    if (this.ownBus && this.ownBus.otherClients() > 0) this.clientConnected();
    this.restartInterval();
    // the first load ran before start: a toolbox that answered it with no tools is asked again now too
    if ([...this.known.values()].includes('[]')) this.checkSoon(EMPTY_RETRY_MS[0]);
  }

  /** Stops listening and every timer. */
  stop(): void {
    this.started = false;
    clearInterval(this.interval);
    clearTimeout(this.soon);
    for (const timer of this.connectTimers) clearTimeout(timer);
    this.connectTimers.clear();
    this.stopWatchingConnections?.();
    this.stopWatchingConnections = undefined;
    this.bus.off(Topics.toolsChanged, this.onOthersChanged);
    this.bus.off(discoverResponse, this.onAnswer);
  }

  /** Takes new timing (a config reload): the discovery window, the period and the answer limit (for hosts built from now on). */
  configure(settings: FederationSettings): void {
    const period = settings.intervalMs !== this.settings.intervalMs;
    this.settings = { ...settings, enabled: this.settings.enabled };
    if (period && this.started) this.restartInterval();
  }

  /** Tells the federation which toolbox ids the provider serves itself (after every swap). */
  setLocalIds(ids: ReadonlySet<string>): void {
    this.localIds = ids;
  }

  /** The {@link HostSource} side: discovers now and returns one host per remote toolbox (reusing unchanged ones). */
  async createHosts(options: HostSourceOptions): Promise<HostSourceResult> {
    if (!this.settings.enabled) return { hosts: [], problems: [] };
    const seen = this.disconnects;
    const found = await this.discover();
    const hosts = new Map<string, BusToolboxHost>();
    const problems: HostSourceResult['problems'] = [];
    const limit = this.settings.answerTimeoutMs;
    this.known = new Map();
    for (const answer of found.values()) {
      if (this.localIds.has(answer.toolboxId)) continue;
      if (answer.problems.length) problems.push({ toolboxId: answer.toolboxId, error: `its discover answer had tools that cannot be served: ${answer.problems.join('; ')}` });
      const print = JSON.stringify(answer.tools);
      const recipe = JSON.stringify([print, limit]);
      this.known.set(answer.toolboxId, print);
      const reuse = options.previous.find((h): h is BusToolboxHost => h instanceof BusToolboxHost && h.toolboxId === answer.toolboxId && this.builtFrom.get(h) === recipe);
      reuse?.revive(); // it just answered
      const host =
        reuse ??
        new BusToolboxHost(this.bus, { toolboxId: answer.toolboxId, tools: answer.tools.map((t) => ({ ...t, timeoutMs: limit })) }, { onSilent: (h) => this.silent(h) });
      this.builtFrom.set(host, recipe);
      hosts.set(answer.toolboxId, host);
    }
    this.hosts = hosts;
    this.retryEmpty(found);
    // a toolbox that disconnected during this discovery may be among these hosts: the check compares with them
    this.recheckIfStale(seen);
    return { hosts: [...hosts.values()], problems };
  }

  /** A call got no answer: ask the bus soon, so a toolbox that stopped is dropped and one that is slow comes back. */
  private silent(host: BusToolboxHost): void {
    this.logger.warn(`federation: toolbox '${host.toolboxId}' did not answer a call in time; it is unavailable until it answers a discovery`);
    this.checkSoon(JOIN_DELAY_MS);
  }

  /**
   * A client connected to the bus the provider serves: it may be a toolbox, which answers discovers but does not
   * announce itself, so ask soon and once more after 2 s (a burst of connections shares these checks).
   */
  private clientConnected(): void {
    if (!this.started || this.connectTimers.size > 0) return;
    for (const ms of CONNECT_CHECK_MS) {
      const timer = setTimeout(() => {
        this.connectTimers.delete(timer);
        void this.check();
      }, ms);
      timer.unref?.();
      this.connectTimers.add(timer);
    }
  }

  /**
   * A client's connection to the bus the provider serves closed: if it was a federated toolbox, drop it now. A
   * discovery already collecting answers may hold its answer: it is followed by another one (see `check`, `createHosts`).
   */
  private clientDisconnected(): void {
    this.disconnects++;
    if (this.started && this.hosts.size > 0) void this.check();
  }

  /** After a discovery that started at disconnect count `seen`: when a client disconnected meanwhile, check again. */
  private recheckIfStale(seen: number): void {
    if (this.started && this.disconnects !== seen) void this.check();
  }

  /** A discover answer on the bus that was not for this federation: a joiner, an announcement, or a comeback. */
  private noticeAnswer(m: Message): void {
    const id = m.context?.[REQUEST_ID_KEY];
    if (typeof id === 'string' && this.ourRequests.has(id)) return;
    const answer = readDiscoverAnswer(m.data);
    if (!answer || answer.toolsHost !== undefined || this.localIds.has(answer.toolboxId)) return;
    if (this.known.get(answer.toolboxId) === JSON.stringify(answer.tools)) {
      this.hosts.get(answer.toolboxId)?.revive();
      return;
    }
    this.checkSoon(JOIN_DELAY_MS);
  }

  /**
   * Discovers and asks for a reload when the remote set differs from the one served; revives hosts that answered.
   * A check asked while one runs joins it; if a client disconnected while it collected answers (the toolbox that
   * left may have answered already), another check runs right after it.
   */
  private check(): Promise<void> {
    const seen = this.disconnects;
    this.checking ??= (async () => {
      const found = await this.discover();
      const now = new Map([...found.values()].filter((a) => !this.localIds.has(a.toolboxId)).map((a) => [a.toolboxId, JSON.stringify(a.tools)]));
      for (const [id, print] of now) if (this.known.get(id) === print) this.hosts.get(id)?.revive();
      const same = now.size === this.known.size && [...now].every(([id, print]) => this.known.get(id) === print);
      if (!same) {
        this.logger.info(`federation: toolboxes on the messagebus changed (${[...now.keys()].join(', ') || 'none'}); reloading`);
        this.onChanged();
      } else this.retryEmpty(found);
    })().finally(() => {
      this.checking = undefined;
      this.recheckIfStale(seen);
    });
    return this.checking;
  }

  /** Runs a check after `ms`, unless one is already due sooner. */
  private checkSoon(ms: number): void {
    if (this.soon || !this.started) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.check();
    }, ms);
    this.soon.unref?.();
  }

  /** A toolbox answered with no tools: ask again after 1, 2, then 4 s (then only at the usual times). */
  private retryEmpty(found: ReadonlyMap<string, DiscoverAnswer>): void {
    const empty = [...found.values()].some((a) => a.tools.length === 0 && !this.localIds.has(a.toolboxId));
    if (!empty) return void (this.emptyTries = 0);
    const delay = EMPTY_RETRY_MS[this.emptyTries++];
    if (delay !== undefined) this.checkSoon(delay);
  }

  private restartInterval(): void {
    clearInterval(this.interval);
    this.interval = undefined;
    if (this.settings.intervalMs > 0) {
      this.interval = setInterval(() => void this.check(), this.settings.intervalMs);
      this.interval.unref?.();
    }
  }

  /**
   * Emits one discover and collects the answers of other processes for the discovery window, by toolbox id. With no
   * other client on the bus (when that is known), nobody could answer: resolves at once with none.
   */
  private discover(): Promise<Map<string, DiscoverAnswer>> {
    if (this.ownBus?.otherClients() === 0) return Promise.resolve(new Map());
    const requestId = randomUUID();
    const request = new Message(Topics.personaDiscover, {}, { [REQUEST_ID_KEY]: requestId });
    const found = new Map<string, DiscoverAnswer>();
    const handler: BusHandler = (m) => {
      const id = m.context?.[REQUEST_ID_KEY];
      if (id !== undefined && id !== requestId) return;
      const answer = readDiscoverAnswer(m.data);
      // our own answers, and another ovos-tools provider's (it serves its toolboxes on every topic itself)
      if (!answer || answer.toolsHost !== undefined) return;
      found.set(answer.toolboxId, answer);
    };
    this.ourRequests.add(requestId);
    return new Promise((resolve) => {
      this.bus.on(discoverResponse, handler);
      try {
        this.bus.emit(request);
      } catch (err) {
        this.logger.warn(`federation: could not send the discover request: ${(err as Error).message}`);
      }
      setTimeout(() => {
        this.bus.off(discoverResponse, handler);
        this.ourRequests.delete(requestId);
        resolve(found);
      }, this.settings.discoverWindowMs);
    });
  }
}
