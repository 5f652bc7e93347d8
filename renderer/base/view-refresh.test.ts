import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SyncStatus } from '../../shared/domain/sync.ts';
import { shouldRefreshView } from './view-refresh.ts';

const status = (patch: Partial<SyncStatus>): SyncStatus => ({
  profile: 'Demo',
  online: 'online',
  queued: 0,
  conflicts: 0,
  drafts: 0,
  running: false,
  progress: null,
  lastSyncAt: null,
  lastError: null,
  ...patch,
});
const cached = { source: 'cache' as const, fetchedAt: '2025-03-14T09:40:00Z' };

test('a cached view is read again after a sync that reached the service', () => {
  const before = status({ online: 'offline', lastSyncAt: '2025-03-14T09:00:00Z' });
  const after = status({ lastSyncAt: '2025-03-14T09:45:00Z' });
  assert.equal(shouldRefreshView(before, after, cached), true);
});

test('not while offline, not while the sync runs, not without a new sync, not for a live view', () => {
  const before = status({ lastSyncAt: '2025-03-14T09:00:00Z' });
  assert.equal(shouldRefreshView(before, status({ online: 'offline', lastSyncAt: 'x' }), cached), false);
  assert.equal(shouldRefreshView(before, status({ running: true, lastSyncAt: 'x' }), cached), false);
  assert.equal(shouldRefreshView(before, before, cached), false);
  assert.equal(
    shouldRefreshView(before, status({ lastSyncAt: 'x' }), { source: 'live', fetchedAt: 'y' }),
    false,
  );
  assert.equal(shouldRefreshView(before, status({ lastSyncAt: 'x' }), null), false);
});
