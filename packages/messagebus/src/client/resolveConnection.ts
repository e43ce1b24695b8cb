import { busUrl } from '../config/MessageBusConfig.js';
import { loadMessageBusConfig } from '../config/loadMessageBusConfig.js';
import type { MessageBusClientOptions } from './MessageBusClientOptions.js';

/**
 * The URL and secret of a client: each option as given, and mycroft.conf (read once, only if something is missing)
 * for the rest. An empty `secret` option means none.
 */
export function resolveConnection(o: MessageBusClientOptions): { url: string; secret: string | undefined } {
  const urlComplete = o.url !== undefined || (o.host !== undefined && o.port !== undefined && o.route !== undefined && o.ssl !== undefined);
  const config = urlComplete && o.secret !== undefined ? undefined : loadMessageBusConfig({ logger: o.logger });
  const url =
    o.url ??
    busUrl({
      host: o.host ?? config?.host,
      port: o.port ?? config?.port,
      route: o.route ?? config?.route,
      ssl: o.ssl ?? config?.ssl,
    });
  return { url, secret: o.secret !== undefined ? o.secret || undefined : config?.secret };
}
