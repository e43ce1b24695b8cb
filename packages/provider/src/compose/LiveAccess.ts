import { randomBytes } from 'node:crypto';
import type { Logger } from '@ovos-tools/core';
import { createAccessControl, type AccessControl, type BusExposure } from '../access/AccessControl.js';
import { createSatelliteResolver } from '../access/resolveAgent.js';
import type { ConfirmationStore } from '../confirm/ConfirmationStore.js';
import { createConfirmation, type Confirmation } from '../confirm/createConfirmation.js';
import type { ProviderSettings } from '../config/ProviderConfig.js';
import { RedisAgentLimiter } from '../state/RedisAgentLimiter.js';
import type { RedisState } from '../state/RedisState.js';
import type { LiveSettings } from './LiveSettings.js';
import { replicaSecretWarning } from './replicaSecretWarning.js';

/** How long a replaced shared limiter keeps renewing the leases of the calls it admitted (past any time limit), ms. */
const OLD_LIMITER_GRACE_MS = 10 * 60_000;

/** What {@link LiveAccess} is made of. */
export interface LiveAccessOptions {
  /** The running settings it follows. */
  settings: LiveSettings;
  /** An access control given by the embedder: used as is, never rebuilt. */
  access?: AccessControl;
  /** Who can reach the messagebus (for `bus_reload: "auto"`). */
  busExposure?: BusExposure;
  /** The state replicas share (`state.redis`): agents' limits are counted there. */
  sharedState?: RedisState;
  /** Where confirm-token uses are recorded (given, or in the shared state). */
  confirmationStore?: ConfirmationStore;
  /** Where it logs (the replica-secret warning, the shared limiter). */
  logger: Logger;
}

/**
 * Access control and confirmation as the running settings say: rebuilt when a reload changes their parts (access
 * only when its keys changed, so the agents' rate windows survive every other reload), with the agents' limits in the
 * shared Redis when replicas share state. The service holds {@link LiveAccess.access} and
 * {@link LiveAccess.confirmation}, which always ask the current ones.
 */
export class LiveAccess {
  /** The access control of the settings running now, behind a stable object. */
  readonly access: AccessControl;
  /** The confirmation rules of the settings running now, behind a stable object. */
  readonly confirmation: Confirmation;
  /** The confirm-token secret when the config sets none: random, kept for the provider's life (reloads included). */
  private readonly confirmSecret = randomBytes(32).toString('base64');
  private sharedLimits: RedisAgentLimiter | undefined;
  private secretWarned = false;
  #access: AccessControl;
  #confirmation: Confirmation;
  #satelliteAgent: (client: string) => string | undefined;

  constructor(private readonly options: LiveAccessOptions) {
    const settings = options.settings.current;
    this.sharedLimits = options.sharedState && !options.access ? new RedisAgentLimiter(options.sharedState, settings.access.agents, { logger: options.logger }) : undefined;
    this.#access = options.access ?? this.accessFor(settings);
    this.#satelliteAgent = createSatelliteResolver(settings.access.agents);
    this.#confirmation = this.confirmationFor(settings);
    this.access = {
      canUse: (caller, entry) => this.#access.canUse(caller, entry),
      admit: (caller) => this.#access.admit(caller),
      allows: (caller, action) => this.#access.allows(caller, action),
    };
    const live = this;
    this.confirmation = {
      check: (caller, entry, call) => this.#confirmation.check(caller, entry, call),
      needs: (caller, entry) => this.#confirmation.needs(caller, entry),
      get store() {
        return live.#confirmation.store;
      },
    };
    options.settings.onChange((next, previous) => this.apply(next, previous));
  }

  /** The agent declared for a HiveMind client key (`<client_id>::<client name>`), over the agents running now. */
  satelliteAgent(client: string): string | undefined {
    return this.#satelliteAgent(client);
  }

  /** Warns (once) when replicas share state but this one would sign confirm tokens no other replica accepts. */
  warnOfReplicaSecret(): void {
    const warning = this.secretWarned ? undefined : replicaSecretWarning(this.options.settings.current);
    if (!warning) return;
    this.secretWarned = true;
    this.options.logger.warn(warning);
  }

  /** Stops the shared limiter. */
  close(): void {
    this.sharedLimits?.close();
  }

  private apply(next: ProviderSettings, previous: ProviderSettings): void {
    const accessChanged = next.access !== previous.access;
    if (accessChanged || JSON.stringify(next.confirm) !== JSON.stringify(previous.confirm)) {
      this.#confirmation = this.confirmationFor(next);
      this.warnOfReplicaSecret();
    }
    if (!accessChanged || this.options.access) return;
    if (this.options.sharedState) {
      // the shared limiter counts the agents running now; the old one renews the leases of the calls it admitted
      // until they have surely ended (the longest time limit), then stops
      const old = this.sharedLimits;
      this.sharedLimits = new RedisAgentLimiter(this.options.sharedState, next.access.agents, { logger: this.options.logger });
      if (old) setTimeout(() => old.close(), OLD_LIMITER_GRACE_MS).unref();
    }
    this.#access = this.accessFor(next);
    this.#satelliteAgent = createSatelliteResolver(next.access.agents);
  }

  private accessFor(settings: ProviderSettings): AccessControl {
    return createAccessControl({
      agents: settings.access.agents,
      busRequiresAgent: settings.access.busRequiresAgent,
      busReload: settings.access.busReload,
      ...(this.options.busExposure ? { busExposure: this.options.busExposure } : {}),
      ...(this.sharedLimits ? { limits: this.sharedLimits } : {}),
    });
  }

  private confirmationFor(settings: ProviderSettings): Confirmation {
    const store = this.options.confirmationStore ?? this.#confirmation?.store;
    return createConfirmation({
      settings: settings.confirm.secret === undefined ? { ...settings.confirm, secret: this.confirmSecret } : settings.confirm,
      agents: settings.access.agents,
      ...(store ? { store } : {}),
    });
  }
}
