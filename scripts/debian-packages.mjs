// Installs the Debian packages the tests need (HAProxy, Redis, Chromium, bubblewrap, python3-websocket) when they
// are missing: the one place every package's test setup installs from. Turbo runs the packages' tests side by side,
// and two apt-get runs at once fail on dpkg's lock (the messagebus's Python interop tests were skipped so in CI), so
// every install here runs under one `flock` and also waits for a lock held by an apt of someone else.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Every Debian package a test setup installs, each with a file it installs (whose presence says it is there): the
 * replicas test's HAProxy and Redis (and the provider's shared-state tests' Redis), the inspector test's Chromium,
 * the shell sandbox's bubblewrap, the messagebus's Python interop client.
 */
export const DEBIAN_TEST_PACKAGES = Object.freeze({
  haproxy: { pkg: 'haproxy', file: '/usr/sbin/haproxy' },
  redis: { pkg: 'redis-server', file: '/usr/bin/redis-server' },
  chromium: { pkg: 'chromium', file: '/usr/bin/chromium' },
  bubblewrap: { pkg: 'bubblewrap', file: '/usr/bin/bwrap' },
  pythonWebsocket: { pkg: 'python3-websocket', file: '/usr/lib/python3/dist-packages/websocket/__init__.py' },
});

/** The lock file every install of the test setups runs under. */
const LOCK_FILE = '/tmp/ovos-tools-apt.lock';

/** How long apt-get waits for dpkg's lock held by an apt outside these tests, in seconds. */
const DPKG_LOCK_WAIT_S = 300;

/**
 * Makes sure each Debian package of `tools` is installed, installing the missing ones with apt-get (needs Linux,
 * root and Debian's package index): under one `flock` shared by every test setup (each run checks again once it
 * holds the lock), waiting up to 300 s for dpkg's lock, and trying once more after a failed attempt (a mirror that
 * did not answer). Never throws.
 * @param {ReadonlyArray<{pkg: string, file: string}>} tools - each Debian package (`redis-server`) and an absolute
 *   path of a file it installs (`/usr/bin/redis-server`), whose presence says it is installed
 * @returns {string} `''` when every package is there now; otherwise why not, naming what is missing (the tests that
 *   need it skip with that text)
 */
export function ensureDebianPackages(tools) {
  const missing = () => tools.filter((t) => !existsSync(t.file));
  const before = missing();
  if (before.length === 0) return '';
  const names = before.map((t) => t.pkg).join(' ');
  if (process.platform !== 'linux') return `${names} missing and apt-get is Linux only`;
  if (process.getuid?.() !== 0) return `${names} missing and installing needs root (run: apt-get install -y ${names})`;
  const apt = `apt-get -qq -o DPkg::Lock::Timeout=${DPKG_LOCK_WAIT_S}`;
  const install = `${apt} update && ${apt} install -y --no-install-recommends ${names}`;
  const checks = before.map((t) => `test -e ${t.file}`).join(' && ');
  const script = `${checks} || { ${install} || { sleep 5; ${install}; }; }`;
  const r = spawnSync('flock', [LOCK_FILE, 'sh', '-c', script], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 900_000,
  });
  const still = missing();
  if (still.length === 0) return '';
  const tail = `${r.stderr ?? ''}${r.error?.message ?? ''}`.trim().split('\n').slice(-3).join(' | ');
  return `${still.map((t) => t.pkg).join(' ')} missing: apt-get install failed (${r.status ?? r.signal}): ${tail}`;
}

