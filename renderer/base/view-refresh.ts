import type { SyncStatus } from '../../shared/domain/sync.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';

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

/**
 * For a screen that shows service data: calls `reload` when a sync reached
 * the service while the screen's data (`freshness()`) came from the cache.
 * The screen reads again in its own way, keeping its tab, tree and scroll.
 * Returns the unsubscribe.
 */
export function reloadAfterSync(
  client: LanesClient,
  freshness: () => Freshness | null,
  reload: () => void,
): () => void {
  let last: SyncStatus | undefined;
  return client.on('sync.statusChanged', (status) => {
    const refresh = shouldRefreshView(last, status, freshness());
    last = status;
    if (refresh) reload();
  });
}
