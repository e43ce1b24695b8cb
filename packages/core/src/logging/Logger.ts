/**
 * The small logging interface every package logs through. Any object with these four methods works
 * (console, consola, pino). Messages are plain text; extra arguments are appended by the sink.
 */
export interface Logger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

/** Log levels in increasing severity; `silent` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** A logger that drops everything. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A logger writing `<ISO time> <LEVEL> [<name>] <message>` lines to stderr.
 *
 * @param name - shown in brackets on every line, e.g. `provider`.
 * @param level - the lowest level written; defaults to `$OVOS_TOOLS_LOG_LEVEL`, else `info`.
 *   An unknown level name falls back to `info`.
 */
export function createLogger(name: string, level: LogLevel = envLevel()): Logger {
  const min = ORDER[level] ?? ORDER.info;
  const write = (lvl: Exclude<LogLevel, 'silent'>) => (message: string, ...args: unknown[]) => {
    if (ORDER[lvl] < min) return;
    const extra = args.length ? ' ' + args.map(formatArg).join(' ') : '';
    process.stderr.write(`${new Date().toISOString()} ${lvl.toUpperCase()} [${name}] ${message}${extra}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

function envLevel(): LogLevel {
  const v = process.env.OVOS_TOOLS_LOG_LEVEL?.toLowerCase();
  return v && v in ORDER ? (v as LogLevel) : 'info';
}

function formatArg(arg: unknown): string {
  if (arg instanceof Error) return arg.stack ?? `${arg.name}: ${arg.message}`;
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg);
  } catch {
    return String(arg);
  }
}
