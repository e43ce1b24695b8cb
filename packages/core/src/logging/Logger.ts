/**
 * The small logging interface every package logs through. Any object with these four methods works
 * (console, consola, pino). Messages are plain text; extra arguments are appended by the sink.
 */
export interface Logger {
  /** Writes a line at `debug` (details for whoever is diagnosing a problem). */
  debug(message: string, ...args: unknown[]): void;
  /** Writes a line at `info` (what the service did: loads, reloads, one line per invocation). */
  info(message: string, ...args: unknown[]): void;
  /** Writes a line at `warn` (something went wrong for one request or toolbox; the service goes on). */
  warn(message: string, ...args: unknown[]): void;
  /** Writes a line at `error` (something failed that an operator should look at). */
  error(message: string, ...args: unknown[]): void;
  /**
   * Whether lines at `level` are written at all. Optional: a logger without it (e.g. `console`) is taken to write
   * every level. Hot paths ask before building a costly line; see {@link isLogEnabled}.
   */
  enabled?(level: Exclude<LogLevel, 'silent'>): boolean;
}

/**
 * Whether `logger` writes lines at `level` (`true` when the logger cannot tell). Ask before building a line that
 * costs something (string building, JSON), so that nothing is built for a level that is off.
 */
export function isLogEnabled(logger: Logger, level: Exclude<LogLevel, 'silent'>): boolean {
  return logger.enabled ? logger.enabled(level) : true;
}

/**
 * `logger` with ` traceparent=<value>` appended to every line, so that a tool's own lines can be joined to the
 * request that caused them (W3C Trace Context). `traceparent` must already be valid (see {@link parseTraceparent});
 * being hex and dashes only, it cannot break a line.
 */
export function withTraceparent(logger: Logger, traceparent: string): Logger {
  const suffix = ` traceparent=${traceparent}`;
  const wrap =
    (level: Exclude<LogLevel, 'silent'>) =>
    (message: string, ...args: unknown[]): void =>
      logger[level](`${message}${suffix}`, ...args);
  return {
    debug: wrap('debug'),
    info: wrap('info'),
    warn: wrap('warn'),
    error: wrap('error'),
    enabled: (level) => isLogEnabled(logger, level),
  };
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * A W3C Trace Context `traceparent` (`<2 hex version>-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`), trimmed
 * and lower-cased, or `undefined` when `value` is not one: not a string, the wrong shape, version `ff`, or an
 * all-zero trace or parent id (the spec says to ignore such a header).
 */
export function parseTraceparent(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const v = value.trim().toLowerCase();
  const m = TRACEPARENT.exec(v);
  return m && m[1] !== 'ff' && !/^0+$/.test(m[2]!) && !/^0+$/.test(m[3]!) ? v : undefined;
}

/** Log levels in increasing severity; `silent` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Every log level, in increasing severity: the one list `--log-level` and `OVOS_TOOLS_LOG_LEVEL` accept. */
export const LOG_LEVELS: readonly LogLevel[] = Object.keys(ORDER) as LogLevel[];

/** Names other loggers use, and the level of ours each means (only to suggest it: they are refused). */
const OTHER_NAMES: Readonly<Record<string, LogLevel>> = {
  verbose: 'debug',
  trace: 'debug',
  all: 'debug',
  warning: 'warn',
  notice: 'info',
  critical: 'error',
  fatal: 'error',
  err: 'error',
  none: 'silent',
  off: 'silent',
  quiet: 'silent',
};

/**
 * Reads a log level name, case-insensitive (`DEBUG` is `debug`). Anything not in {@link LOG_LEVELS} is refused with
 * the level it probably means: `unknown log level "verbose" (expected debug, info, warn, error or silent; did you mean
 * "debug"?)`.
 * @returns `{ ok: true, level }`, or `{ ok: false, error }` with that text.
 */
export function parseLogLevel(text: string): { ok: true; level: LogLevel } | { ok: false; error: string } {
  const v = text.trim().toLowerCase();
  if (v in ORDER) return { ok: true, level: v as LogLevel };
  const near = OTHER_NAMES[v] ?? LOG_LEVELS.find((l) => v.length >= 3 && (l.startsWith(v) || v.startsWith(l)));
  const expected = `${LOG_LEVELS.slice(0, -1).join(', ')} or ${LOG_LEVELS.at(-1)}`;
  return { ok: false, error: `unknown log level ${JSON.stringify(text)} (expected ${expected}${near ? `; did you mean "${near}"?` : ''})` };
}

/** A logger that drops everything. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, enabled: () => false };

/**
 * A logger writing `<ISO time> <LEVEL> [<name>] <message>` lines to stderr.
 *
 * Log lines cannot be forged: control characters in the name, the message and every argument — `\n`, `\r`, `\t`,
 * ANSI escape sequences (ESC), DEL, every other C0 and C1 control, and the Unicode line and paragraph separators
 * U+2028/U+2029 — are written as escapes (`\n`, `\r`, `\t`, `\x1b`, `\u2028`, ...), so text that came off the bus or
 * from a web page never starts a second line or recolours the terminal. The one multi-line output is the stack trace
 * of an `Error` argument: its `name: message` header is escaped like any text, and each stack frame goes on its own
 * continuation line, escaped and indented, so every continuation line starts with whitespace and never looks like a
 * log line of its own. Backslashes are left as they are (an escape in the output is therefore ambiguous with a
 * literal backslash sequence in the input; neither can break a line).
 *
 * @param name - shown in brackets on every line, e.g. `provider`.
 * @param level - the lowest level written; defaults to `$OVOS_TOOLS_LOG_LEVEL` (any case), else `info`.
 *   An unknown level name falls back to `info` (the CLI refuses it first: see {@link parseLogLevel}).
 */
export function createLogger(name: string, level: LogLevel = envLevel()): Logger {
  const min = ORDER[level] ?? ORDER.info;
  const shownName = escapeControl(name);
  const write = (lvl: Exclude<LogLevel, 'silent'>) => (message: string, ...args: unknown[]) => {
    if (ORDER[lvl] < min) return;
    const extra = args.length ? ' ' + args.map(formatArg).join(' ') : '';
    process.stderr.write(`${new Date().toISOString()} ${lvl.toUpperCase()} [${shownName}] ${escapeControl(String(message))}${extra}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error'), enabled: (lvl) => ORDER[lvl] >= min };
}

function envLevel(): LogLevel {
  const read = parseLogLevel(process.env.OVOS_TOOLS_LOG_LEVEL ?? 'info');
  return read.ok ? read.level : 'info';
}

// C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every control character written as a visible escape (`\n`, `\x1b`, `\u2028`). */
function escapeControl(text: string): string {
  return text.replace(CONTROL, (c) => {
    const named = NAMED[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

function formatArg(arg: unknown): string {
  if (arg instanceof Error) return formatError(arg);
  if (typeof arg === 'string') return escapeControl(arg);
  let text: string;
  try {
    text = JSON.stringify(arg) ?? String(arg);
  } catch {
    text = String(arg);
  }
  return escapeControl(text);
}

/**
 * An error as `name: message` (escaped) followed by its stack frames, each on an indented continuation line.
 * The header is rebuilt from `name` and `message` rather than taken from `stack`, so a message holding a newline and
 * a fake log prefix stays on the first line.
 */
function formatError(err: Error): string {
  const header = escapeControl(`${err.name}: ${err.message}`);
  const stack = typeof err.stack === 'string' ? err.stack : '';
  const frames = stack
    .split(/\r?\n/)
    .filter((line) => /^\s+at\s/.test(line))
    .map((line) => `    ${escapeControl(line.trim())}`);
  return frames.length ? `${header}\n${frames.join('\n')}` : header;
}
