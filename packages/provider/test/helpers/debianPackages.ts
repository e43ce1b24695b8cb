import { REDIS_BINARY } from './redisServer.mjs';

/** A Debian package a test needs, and a file it installs (checked to decide whether it is there). */
export interface DebianTool {
  /** The Debian package, e.g. `redis-server`. */
  pkg: string;
  /** The absolute path of a file it installs, e.g. `/usr/bin/redis-server`. */
  file: string;
}

/** Real services the tests start (issue 31): Debian's HAProxy and Redis. */
export const HAPROXY: DebianTool = { pkg: 'haproxy', file: '/usr/sbin/haproxy' };
/** Debian's Redis server (7.x on bookworm). */
export const REDIS: DebianTool = { pkg: 'redis-server', file: REDIS_BINARY };
