import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where `bwrap` is looked for (a fixed list: the host's PATH is not trusted for this). */
export const BWRAP_LOCATIONS: readonly string[] = Object.freeze(['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap']);

/** Whether bubblewrap can run sandboxes here: its path, or why not. */
export type BwrapProbe =
  | {
      /** bubblewrap runs here. */
      ok: true;
      /** The `bwrap` binary's path. */
      path: string;
    }
  | {
      /** It does not (missing, or user namespaces refused). */
      ok: false;
      /** Why, for the start-up log line. */
      reason: string;
    };

/** Probe results per bwrap path, shared by every copy of this module (the provider re-imports toolboxes on reload). */
const probes: Map<string, BwrapProbe> = ((globalThis as Record<symbol, unknown>)[Symbol.for('ovos-tools.shell.bwrapProbes')] ??= new Map()) as Map<string, BwrapProbe>;

/**
 * Finds Debian's `bubblewrap` and proves it works in this environment by running `/bin/true` in a sandbox
 * with the flags {@link bwrapArgv} uses (PID namespace, private `/proc`). Fails when bwrap is missing or user
 * namespaces are unavailable (containers, hardened kernels). Cached per path for the life of the process.
 *
 * @param locations - candidate paths; default {@link BWRAP_LOCATIONS}.
 */
export function probeBwrap(locations: readonly string[] = BWRAP_LOCATIONS): BwrapProbe {
  const found = locations.find((p) => isExecutable(p));
  if (!found) return { ok: false, reason: `bubblewrap is not installed (looked for ${locations.join(', ')}; Debian: apt-get install bubblewrap)` };
  const cached = probes.get(found);
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'ovos-bwrap-probe-'));
  let probe: BwrapProbe;
  try {
    const r = spawnSync(found, [...bwrapArgv({ root: dir, cwd: dir, env: { PATH: '/usr/bin:/bin' }, readOnly: [] }), '/bin/true'], { timeout: 10_000, encoding: 'utf8', env: {} });
    probe = r.status === 0 ? { ok: true, path: found } : { ok: false, reason: `${found} cannot create a sandbox here: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim()}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  probes.set(found, probe);
  return probe;
}

/** What {@link bwrapArgv} confines a command to. */
export interface BwrapPlan {
  /** Real path of the only writable directory (`root_path`). */
  root: string;
  /** Real path of the working directory, inside `root`. */
  cwd: string;
  /** The complete environment the command sees (after `--clearenv`). */
  env: Readonly<Record<string, string>>;
  /** Existing paths inside `root` to keep read-only (plugin roots, protected paths). */
  readOnly: readonly string[];
}

/** System folders bound read-only; symlinks among them (merged /usr) are recreated as symlinks. */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc'];

/**
 * The bwrap options that run a command with: its own PID namespace and `/proc` (no other process, the
 * provider included, is visible, so `/proc/<pid>/environ` holds nothing of the host), a minimal `/dev`, a
 * private `/tmp`, the system folders read-only (`/usr`, `/bin`, `/lib*`, `/etc`; `/etc/mycroft` hidden),
 * nothing of `/home`, `/root`, `/srv`, `/opt`, `/var` or `/run`, only `root` writable (minus `readOnly`),
 * `--clearenv` plus exactly `env`, `--die-with-parent` and `--new-session`. The command follows these options.
 */
export function bwrapArgv(plan: BwrapPlan): string[] {
  const a = ['--die-with-parent', '--new-session', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try'];
  for (const dir of SYSTEM_DIRS) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) a.push('--symlink', fs.readlinkSync(dir), dir);
    else if (st.isDirectory()) a.push('--ro-bind', dir, dir);
  }
  if (fs.existsSync('/etc/mycroft')) a.push('--tmpfs', '/etc/mycroft');
  a.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  a.push('--bind', plan.root, plan.root);
  for (const p of plan.readOnly) a.push('--ro-bind', p, p);
  a.push('--chdir', plan.cwd, '--clearenv');
  for (const [k, v] of Object.entries(plan.env)) a.push('--setenv', k, v);
  return a;
}

function isExecutable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
