import type { Logger } from '@ovos-tools/core';
import type { AgentDefinition } from '../../access/AgentDefinition.js';
import { PrometheusMetrics } from '../../metrics/PrometheusMetrics.js';
import type { ToolService } from '../../service/ToolService.js';
import { parseListen, type HttpConfig } from './HttpConfig.js';
import type { RawFrameSource } from './inspector/BusTrafficFeed.js';
import { startHttpServer, type HttpServerHandle } from './startHttpServer.js';

/**
 * Starts the HTTP API as `ovos-tools serve` configures it: the `http` config section, with `--http [host:]port`
 * overriding its address (and turning the server on when the section is absent). `metrics` (default: a new
 * `PrometheusMetrics` with prom-client's process metrics) are served on `/metrics`; pass `serviceRecordsCalls` when
 * the provider's service already records every call into them, and the provider's `bus` to stream its tools-topic
 * traffic at `/internal/events`.
 * @returns the running server and its metrics, or `undefined` when HTTP is off.
 * @throws Error for a bad `--http` value; {@link HttpServerConfigError}; the listen error.
 */
export async function startHttpFromSettings(
  service: ToolService,
  config: HttpConfig | undefined,
  cliListen: string | undefined,
  agents: readonly AgentDefinition[],
  logger: Logger,
  metrics: PrometheusMetrics = new PrometheusMetrics({ collectDefault: true }),
  serviceRecordsCalls = false,
  bus?: RawFrameSource,
): Promise<{ server: HttpServerHandle; metrics: PrometheusMetrics } | undefined> {
  if (!config && !cliListen) return undefined;
  let listen = config ? { host: config.host, port: config.port } : { host: '127.0.0.1', port: 7009 };
  if (cliListen) {
    const parsed = parseListen(cliListen);
    if (typeof parsed === 'string') throw new Error(`--http: ${parsed}`);
    listen = parsed;
  }
  const secret = config?.secret ?? (process.env.OVOS_TOOLS_HTTP_SECRET || undefined);
  const server = await startHttpServer(service, {
    ...listen,
    ...(secret ? { secret } : {}),
    agents,
    maxBodyBytes: config?.maxBodyBytes ?? 1024 * 1024,
    logArguments: config?.logArguments ?? false,
    logger,
    metrics,
    recordCalls: !serviceRecordsCalls,
    ...(bus ? { bus } : {}),
  });
  return { server, metrics };
}
