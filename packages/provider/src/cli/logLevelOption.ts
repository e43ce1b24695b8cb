import { parseLogLevel, type LogLevel } from '@ovos-tools/core';
import { CliError, ExitCode } from './CliError.js';

/**
 * The log level of a serving command: `--log-level`, else `$OVOS_TOOLS_LOG_LEVEL`, else `info`, any case (`DEBUG`
 * is `debug`). An unknown name is refused, naming where it came from and the level it probably means.
 * @throws {@link CliError} with {@link ExitCode.usage} (2), e.g. `--log-level: unknown log level "verbose" (expected
 *   debug, info, warn, error or silent; did you mean "debug"?)`.
 */
export function logLevelOption(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): LogLevel {
  const [source, text] = flag !== undefined ? ['--log-level', flag] : env.OVOS_TOOLS_LOG_LEVEL ? ['OVOS_TOOLS_LOG_LEVEL', env.OVOS_TOOLS_LOG_LEVEL] : [undefined, 'info'];
  const read = parseLogLevel(text);
  if (!read.ok) throw new CliError(`${source}: ${read.error}`, ExitCode.usage);
  return read.level;
}
