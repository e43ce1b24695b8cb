import type { Logger } from '@ovos-tools/core';
import { isLoopbackHost } from '../config/isLoopbackHost.js';
import { warnExposure } from '../config/warnExposure.js';
import { BUS_SECRET_ENV } from './sharedSecret.js';

/**
 * Warns (see {@link warnExposure}) when a bus server at `url` is bound to `host`, a non-loopback address other machines
 * can reach: over plain ws:// even with a shared secret, and loudly without one. Silent for a loopback host.
 */
export function warnBusExposure(logger: Logger, url: string, host: string, secret: string | undefined): void {
  if (!isLoopbackHost(host)) {
    warnExposure(
      logger,
      `SECURITY: the messagebus at ${url} is bound to ${host}, which other machines can reach, over plain ws:// ` +
        (secret
          ? '(a shared secret is required, but frames and the secret cross the network unencrypted: put a TLS proxy in front)'
          : `WITHOUT A SHARED SECRET: anyone who can reach it can read and send every message (and so drive every service on it). Set --secret or ${BUS_SECRET_ENV}, or bind 127.0.0.1`),
    );
  }
}
