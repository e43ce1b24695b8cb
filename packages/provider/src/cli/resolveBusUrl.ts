import { busUrl, loadMessageBusConfig } from '@ovos-tools/messagebus';

/** The environment variable every `ovos-tools` command reads the messagebus URL from, e.g. `ws://127.0.0.1:8181/core`. */
export const BUS_URL_ENV = 'OVOS_TOOLS_BUS_URL';

/**
 * The messagebus URL a command uses: `--bus-url`, else `$OVOS_TOOLS_BUS_URL` (when not empty), else the
 * `websocket` section of mycroft.conf (ovos-bus-client `load_message_bus_config`), else `ws://127.0.0.1:8181/core`.
 */
export function resolveBusUrl(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return flag || env[BUS_URL_ENV] || busUrl(loadMessageBusConfig());
}
