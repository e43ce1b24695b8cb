import { silentLogger, type Logger } from '@ovos-tools/core';

/**
 * Reports a security warning loudly: through `logger.warn`, and — when `logger` is the silent default, which would
 * swallow it — as a Node process warning (`OvosToolsSecurityWarning`, printed on stderr). Used when a bus is bound
 * to, or a client connects to, a non-loopback address.
 */
export function warnExposure(logger: Logger, text: string): void {
  logger.warn(text);
  if (logger === silentLogger) process.emitWarning(text, 'OvosToolsSecurityWarning');
}
