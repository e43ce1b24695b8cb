import { randomUUID } from 'node:crypto';
import { Message, REQUEST_ID_KEY, Topics, type Bus, type BusHandler, type Logger, type ToolboxHost } from '@ovos-tools/core';
import type { LoadProblem } from '../service/ToolService.js';
import { BusToolboxHost, descriptorsFromDiscover } from './BusToolboxHost.js';
import type { FederationSettings } from './federationSettings.js';

/** The context key a provider stamps on its own `discover` answers, so its federation never lists its own toolboxes. */
export const TOOLS_HOST_KEY = 'tools_host';

/**
 * Finds toolboxes that live elsewhere on the messagebus — any process answering `ovos.persona.tools.discover`,
 * e.g. a Python OVOS `ToolBox` — and serves them as `bus` hosts through `ovos.tools.list/get/invoke`. A discovery
 * runs on every reload (beside the start of local hosts), periodically, and when another provider broadcasts
 * `ovos.tools.changed`; when the remote set changed outside a reload, `onChanged` asks the provider to reload.
 * Answers stamped with a provider's `tools_host` id (this one's, or another ovos-tools provider's, which serves its
 * own toolboxes on every topic) and toolbox ids served locally are never listed.
 */
export class BusFederation {
  /** This provider's id on the bus (the `tools_host` context key of its own discover answers). */
  readonly hostId = randomUUID();
  private known = new Map<string, string>();
  private localIds: ReadonlySet<string> = new Set();
  private timer: NodeJS.Timeout | undefined;
  private readonly onOthersChanged: BusHandler;

  constructor(
    private readonly bus: Bus,
    private readonly settings: FederationSettings,
    private readonly logger: Logger,
    private readonly onChanged: () => void,
  ) {
    this.onOthersChanged = (m) => {
      if (m.context?.[TOOLS_HOST_KEY] !== this.hostId) void this.check();
    };
  }

  /** Starts the periodic re-discovery and the `ovos.tools.changed` listener. */
  start(): void {
    if (!this.settings.enabled) return;
    this.bus.on(Topics.toolsChanged, this.onOthersChanged);
    if (this.settings.intervalMs > 0) {
      this.timer = setInterval(() => void this.check(), this.settings.intervalMs);
      this.timer.unref?.();
    }
  }

  /** Stops listening. */
  stop(): void {
    clearInterval(this.timer);
    this.bus.off(Topics.toolsChanged, this.onOthersChanged);
  }

  /** A host source for the reloader: discovers now and returns one host per remote toolbox (reusing unchanged ones). */
  async createHosts(previous: readonly ToolboxHost[]): Promise<{ hosts: ToolboxHost[]; problems: LoadProblem[] }> {
    if (!this.settings.enabled) return { hosts: [], problems: [] };
    const found = await this.discover();
    const hosts: ToolboxHost[] = [];
    this.known = new Map();
    for (const [toolboxId, tools] of found) {
      if (this.localIds.has(toolboxId)) continue;
      const print = JSON.stringify(tools);
      this.known.set(toolboxId, print);
      const reuse = previous.find((h) => h.toolboxId === toolboxId && JSON.stringify(h.describe().tools) === print);
      hosts.push(reuse ?? new BusToolboxHost(this.bus, { toolboxId, tools }));
    }
    return { hosts, problems: [] };
  }

  /** Discovers and asks for a reload when the remote set differs from the one served. */
  private async check(): Promise<void> {
    const found = await this.discover();
    const now = new Map([...found].filter(([id]) => !this.localIds.has(id)).map(([id, tools]) => [id, JSON.stringify(tools)]));
    const same = now.size === this.known.size && [...now].every(([id, print]) => this.known.get(id) === print);
    if (!same) {
      this.logger.info(`federation: toolboxes on the messagebus changed (${[...now.keys()].join(', ') || 'none'}); reloading`);
      this.onChanged();
    }
  }

  /** Tells the federation which toolbox ids the provider serves itself (after every swap). */
  setLocalIds(ids: ReadonlySet<string>): void {
    this.localIds = ids;
  }

  /** Emits one discover and collects the answers of other processes for the discovery window. */
  private discover(): Promise<Map<string, ReturnType<typeof descriptorsFromDiscover>>> {
    const request = new Message(Topics.personaDiscover, {}, { [REQUEST_ID_KEY]: randomUUID(), [TOOLS_HOST_KEY]: `${this.hostId}:federation` });
    const requestId = request.context[REQUEST_ID_KEY];
    const found = new Map<string, ReturnType<typeof descriptorsFromDiscover>>();
    const handler: BusHandler = (m) => {
      const ctx = m.context ?? {};
      if (ctx[REQUEST_ID_KEY] !== undefined && ctx[REQUEST_ID_KEY] !== requestId) return;
      // our own answers, and another ovos-tools provider's (it serves its toolboxes on every topic itself)
      if (ctx[TOOLS_HOST_KEY] !== undefined && ctx[TOOLS_HOST_KEY] !== `${this.hostId}:federation`) return;
      const id = m.data?.toolbox_id;
      if (typeof id !== 'string' || !id || /[:.]/.test(id)) return;
      found.set(id, descriptorsFromDiscover(m.data?.tools));
    };
    return new Promise((resolve) => {
      this.bus.on(`${Topics.personaDiscover}.response`, handler);
      try {
        this.bus.emit(request);
      } catch (err) {
        this.logger.warn(`federation: could not send the discover request: ${(err as Error).message}`);
      }
      setTimeout(() => {
        this.bus.off(`${Topics.personaDiscover}.response`, handler);
        resolve(found);
      }, this.settings.discoverWindowMs);
    });
  }
}
