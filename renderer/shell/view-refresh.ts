import type { SyncStatus } from '../../shared/domain/sync.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';

/**
 * After a sync that reached the service (its time moved on and Lanes is
 * online), a view that is showing data from the offline cache is read again,
 * live: the status bar never says "Online" beside "From the offline cache,
 * fetched …" once the service could be reached.
 */
export function shouldRefreshView(
  previous: SyncStatus | undefined,
  current: SyncStatus,
  freshness: Freshness | null,
): boolean {
  if (freshness?.source !== 'cache') return false;
  if (current.online !== 'online' || current.running) return false;
  return current.lastSyncAt !== null && current.lastSyncAt !== (previous?.lastSyncAt ?? null);
}
