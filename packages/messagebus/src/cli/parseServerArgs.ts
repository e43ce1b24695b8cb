import { parseArgs } from 'node:util';
import type { MessageBusConfig } from '../config/MessageBusConfig.js';
import type { MessageBusServerOptions } from '../server/MessageBusServerOptions.js';

/** Usage text of the `ovos-messagebus` bin. */
export const SERVER_USAGE = `Usage: ovos-messagebus [options]

Runs an OVOS-compatible messagebus (websocket relay). Defaults come from the "websocket" section of
/etc/mycroft/mycroft.conf and ~/.config/mycroft/mycroft.conf, else 127.0.0.1:8181/core.

Options:
  --host <host>           interface to bind (default 127.0.0.1; 0.0.0.0 exposes the bus: set --secret)
  --port <port>           TCP port, 0 for an ephemeral one (default 8181)
  --route <path>          URL path (default /core)
  --max-msg-size <MiB>    largest frame accepted (default 8)
  --allow-origin <origin> extra browser origin allowed to connect (exact), repeatable; "*" allows any
  --allow-host <name>     host name websocket-client/browser clients may connect by besides IPs, localhost
                          and --host (DNS-rebinding guard), repeatable
  --secret <secret>       require this shared secret from every client (default: env OVOS_TOOLS_BUS_SECRET,
                          else websocket.shared_secret in mycroft.conf)
  --config <file>         read this mycroft.conf instead of the default ones (repeatable, later wins)
  -h, --help              show this help
`;

/** What the bin should do: print usage, or run a server with these options. */
export type ServerCommand =
  | {
      /** `--help` was given: print the usage and exit 0. */
      help: true;
    }
  | {
      /** Run a server. */
      help: false;
      /** The server's options, from the flags and mycroft.conf. */
      options: MessageBusServerOptions;
    };

/** A command-line mistake; the bin prints `message` and the usage, and exits with code 2. */
export class UsageError extends Error {
  readonly code = 'usage';
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Parses `ovos-messagebus` arguments (`node:util` parseArgs, strict) over `defaults` (normally
 * `loadMessageBusConfig()`: mycroft.conf, with `$OVOS_TOOLS_BUS_SECRET` already applied to `defaults.secret`).
 * @throws {@link UsageError} for unknown flags, missing values, or a non-numeric port / size.
 */
export function parseServerArgs(argv: readonly string[], defaults: MessageBusConfig): ServerCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        route: { type: 'string' },
        'max-msg-size': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'allow-host': { type: 'string', multiple: true },
        secret: { type: 'string' },
        config: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) return { help: true };
  const port = values.port === undefined ? defaults.port : parseInteger('--port', values.port, 0, 65535);
  const size = values['max-msg-size'] === undefined ? defaults.maxMsgSizeMiB : parsePositive('--max-msg-size', values['max-msg-size']);
  return {
    help: false,
    options: {
      host: values.host ?? defaults.host,
      port,
      route: values.route ?? defaults.route,
      maxMsgSizeMiB: size,
      allowedOrigins: values['allow-origin'] ?? [],
      allowedHosts: values['allow-host'] ?? [],
      secret: values.secret ?? defaults.secret ?? '',
    },
  };
}

function parseInteger(flag: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw new UsageError(`${flag} must be an integer ${min}-${max}, got '${raw}'`);
  return n;
}

function parsePositive(flag: string, raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number of MiB, got '${raw}'`);
  return n;
}
