import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, type HostSource, type HostSourceOptions, type HostSourceResult } from '@ovos-tools/core';
import { parseHttpToolsFile } from './httpToolsFile.js';
import { HttpToolsHost } from './HttpToolsHost.js';

/**
 * The source's config section (`ovos-http-tools` in the provider config):
 * ```json
 * "ovos-http-tools": {
 *   "file": "/etc/ovos-tools/http-tools.yaml",   // required: YAML or JSON in the toolcore format
 *   "toolbox_id": "ovos-http-tools",              // default
 *   "allowed_hosts": ["projects-service:8000"],    // targets exempt from the private-address refusal
 *   "allow_private_network": false,               // every target may be private (not recommended)
 *   "max_response_bytes": 1048576,
 *   "max_redirects": 3
 * }
 * ```
 */
export interface HttpToolsConfig {
  /** The tools file, YAML or JSON in the toolcore format; resolved against the working directory. Required. */
  file: string;
  /** The toolbox id the tools are served under; default `ovos-http-tools`. */
  toolboxId: string;
  /** `host` or `host:port` targets exempt from the private-address refusal (e.g. a service on the LAN); default none. */
  allowedHosts: string[];
  /** Let every target be a private, loopback or link-local address; default false (not recommended). */
  allowPrivateNetwork: boolean;
  /** Largest answer body read, in bytes; default 1 MiB. */
  maxResponseBytes: number;
  /** Redirects followed (307/308 only, each re-checked); default 3. */
  maxRedirects: number;
}

/** Parses the config section; returns the problems instead when there are any. */
export function parseHttpToolsConfig(raw: Record<string, unknown>): HttpToolsConfig | string[] {
  const problems: string[] = [];
  if (typeof raw.file !== 'string' || !raw.file) problems.push('file: expected the path of the tools YAML/JSON file');
  if (raw.toolbox_id !== undefined && (typeof raw.toolbox_id !== 'string' || !raw.toolbox_id)) problems.push('toolbox_id: expected a non-empty string');
  if (raw.allowed_hosts !== undefined && !(Array.isArray(raw.allowed_hosts) && raw.allowed_hosts.every((h) => typeof h === 'string'))) problems.push('allowed_hosts: expected a list of "host" or "host:port"');
  if (raw.allow_private_network !== undefined && typeof raw.allow_private_network !== 'boolean') problems.push('allow_private_network: expected true or false');
  for (const key of ['max_response_bytes', 'max_redirects'] as const) {
    const v = raw[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= (key === 'max_redirects' ? 0 : 1))) problems.push(`${key}: expected a ${key === 'max_redirects' ? 'non-negative' : 'positive'} integer`);
  }
  if (problems.length) return problems;
  return {
    file: path.resolve(raw.file as string),
    toolboxId: (raw.toolbox_id as string | undefined) ?? 'ovos-http-tools',
    allowedHosts: (raw.allowed_hosts as string[] | undefined) ?? [],
    allowPrivateNetwork: raw.allow_private_network === true,
    maxResponseBytes: (raw.max_response_bytes as number | undefined) ?? 1024 * 1024,
    maxRedirects: (raw.max_redirects as number | undefined) ?? 3,
  };
}

/** Whether the last (re)load found the section absent: "inactive" is logged once per stretch, not on every reload. */
let inactive = false;

/**
 * The `ovos-tools.hosts` entry point of this package: on every provider (re)load it reads the tools file named
 * by its config and returns one {@link HttpToolsHost}. When neither the file nor the config changed, the previous
 * host is returned as it is; otherwise a new one replaces it (so editing the file and reloading changes the
 * tools). Tools with problems are left out and reported, the rest are served; an unreadable file or a bad config
 * serves nothing and is reported in `problems`. Without a config section (installed but not configured) the
 * source is quietly inactive: no host, no problem, one info line. Never throws.
 */
export const httpHostSource: HostSource = {
  [HOST_SOURCE_BRAND]: HOST_SOURCE_CONTRACT_VERSION,
  async createHosts({ config, logger, previous }: HostSourceOptions): Promise<HostSourceResult> {
    if (Object.keys(config).length === 0) {
      if (!inactive) logger.info('not configured (add an "ovos-http-tools" config section with "file": the tools YAML/JSON file to serve some); inactive');
      inactive = true;
      return { hosts: [], problems: [] };
    }
    inactive = false;
    const cfg = parseHttpToolsConfig(config);
    const id = typeof config.toolbox_id === 'string' && config.toolbox_id ? config.toolbox_id : 'ovos-http-tools';
    if (Array.isArray(cfg)) return { hosts: [], problems: [{ toolboxId: id, error: `config: ${cfg.join('; ')}` }] };
    let text: string;
    try {
      text = await readFile(cfg.file, 'utf8');
    } catch (err) {
      return { hosts: [], problems: [{ toolboxId: cfg.toolboxId, error: `cannot read ${cfg.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` }] };
    }
    const fingerprint = JSON.stringify([cfg, text]);
    // By shape, not instanceof: the provider may have re-imported this module fresh since.
    const same = previous.find((h) => h.kind === 'http' && (h as Partial<HttpToolsHost>).fingerprint === fingerprint && h.health().state !== 'closed');
    const { tools, problems } = same ? { tools: [], problems: [] } : parseHttpToolsFile(text);
    for (const p of problems) logger.warn(`${cfg.file}: ${p}`);
    const host =
      same ??
      new HttpToolsHost(cfg.toolboxId, tools, {
        allowedHosts: cfg.allowedHosts,
        allowPrivateNetwork: cfg.allowPrivateNetwork,
        maxResponseBytes: cfg.maxResponseBytes,
        maxRedirects: cfg.maxRedirects,
      }, fingerprint);
    return { hosts: [host], problems: problems.map((error) => ({ toolboxId: cfg.toolboxId, error: `${cfg.file}: ${error}` })) };
  },
};
