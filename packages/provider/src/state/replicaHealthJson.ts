import type { ReplicaSyncStatus } from './ReplicaSync.js';

/**
 * The members `/health` adds to `{"status": "ok"}`: `generation` (the registry generation's number, a counter of
 * this process), `digest` (what it serves: `catalogDigest`, equal on replicas that serve the same packages and
 * config) and, with `state.redis`, `replicas`: `{replica, state, last_reload: {digest, replica, at} | null,
 * detail?}` (see `ReplicaSyncState`; `at` is an ISO time on Redis's clock).
 */
export function replicaHealthJson(generation: number, digest: string, sync: ReplicaSyncStatus | undefined): Record<string, unknown> {
  if (!sync) return { generation, digest };
  const last = sync.lastReload;
  return {
    generation,
    digest,
    replicas: {
      replica: sync.replica,
      state: sync.state,
      last_reload: last ? { digest: last.digest, replica: last.replica, at: new Date(last.at).toISOString() } : null,
      ...(sync.detail ? { detail: sync.detail } : {}),
    },
  };
}
