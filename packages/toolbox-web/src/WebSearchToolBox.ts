import { ToolBox, type AgentTool, type ToolBoxOptions, type TObject } from '@ovos-tools/core';
import { WebConfigSchema, parseWebConfig, type ParsedWebConfig } from './config/WebConfig.js';
import { systemResolver, type HostResolver } from '@ovos-tools/core/net';
import { DuckDuckGoBackend } from './search/DuckDuckGoBackend.js';
import type { SearchBackend } from './search/SearchBackend.js';
import { SearxngBackend } from './search/SearxngBackend.js';
import { createFetchUrlTool } from './tools/fetchUrl.js';
import { createWebSearchTool } from './tools/webSearch.js';
import { loadLinkedom, loadReadability, loadTurndown } from './extract/htmlLibraries.js';

/** Constructor options of {@link WebSearchToolBox}: the usual toolbox options plus injectable seams. */
export interface WebSearchToolBoxOptions extends ToolBoxOptions {
  /** Host-name resolver used by `fetch_url`'s address check; default the OS resolver (`dns.promises.lookup`). */
  resolveHost?: HostResolver;
  /** Replaces the configured search backend (for embedding or tests). */
  searchBackend?: SearchBackend;
}

/**
 * The `ovos-web-search-tools` toolbox (OVOS ovos-agentic-loop `WebSearchToolBox`, `tools/web.py`):
 * `web_search` over DuckDuckGo's HTML endpoint (default) or a SearXNG instance, plus `fetch_url`, an
 * SSRF-safe page reader returning markdown. Config keys are parsed once, on first use; invalid keys are
 * logged and reported by both tools instead of running. See the package README for every key.
 */
export class WebSearchToolBox extends ToolBox {
  static override toolboxId = 'ovos-web-search-tools';
  /** The keys of its config section (the provider checks the section against them at every load). */
  static override configSchema: TObject = WebConfigSchema;

  private readonly resolveHost: HostResolver;
  private readonly injectedBackend: SearchBackend | undefined;
  private parsed: ParsedWebConfig | null = null;
  private backend: SearchBackend | null = null;

  constructor(options: WebSearchToolBoxOptions = {}) {
    super(options);
    this.resolveHost = options.resolveHost ?? systemResolver;
    this.injectedBackend = options.searchBackend;
  }

  /** The validated configuration (parsed from `this.config` and env `SEARXNG_URL` on first use). */
  get settings(): ParsedWebConfig {
    if (!this.parsed) {
      this.parsed = parseWebConfig(this.config);
      for (const problem of this.parsed.problems) this.logger.warn(problem);
    }
    return this.parsed;
  }

  /** The search backend `web_search` uses: injected, else per config (created once, so its rate limit holds across calls). */
  get searchBackend(): SearchBackend {
    if (this.injectedBackend) return this.injectedBackend;
    if (!this.backend) {
      const { config } = this.settings;
      this.backend = config.backend === 'searxng' ? new SearxngBackend(config) : new DuckDuckGoBackend(config);
    }
    return this.backend;
  }

  /** `web_search` and `fetch_url`. */
  discoverTools(): AgentTool[] {
    const { config, problems } = this.settings;
    const attempts = config.maxRetries + 1;
    const searchTimeoutMs = attempts * (config.timeoutMs + config.minIntervalMs) + config.maxRetries * config.maxBackoffMs + 5000;
    return [
      createWebSearchTool({ backend: () => this.searchBackend, configProblems: problems, timeoutMs: searchTimeoutMs }),
      createFetchUrlTool({ config, configProblems: problems, resolveHost: this.resolveHost }),
    ] as unknown as AgentTool[];
  }

  /**
   * Loads the HTML libraries every search and page fetch uses (linkedom, Readability, turndown: about 0.1 s, the
   * largest part of a first call), reads the config, and compiles the validators. They stay loaded: about 20 MB.
   */
  override async warmUp(): Promise<void> {
    void this.settings;
    for (const load of [loadLinkedom, loadReadability, loadTurndown]) {
      load();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await super.warmUp();
  }
}
