import type { HistoryEntry } from '../../shared/domain/editor.ts';

/** Versions that came from the service (seen while opening or syncing, or right after publishing). */
const SERVER_KINDS: ReadonlySet<HistoryEntry['kind']> = new Set(['server', 'published']);

/** When the entry's content was current: the service's changedOn, else when Lanes saw it. */
export function entryTime(entry: HistoryEntry): number {
  const time = Date.parse(entry.changedOn ?? entry.seenAt);
  return Number.isNaN(time) ? Date.parse(entry.seenAt) || 0 : time;
}

/** Newest first; the draft (the newest thing there is) leads. */
export function newestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const rank = (entry: HistoryEntry) => (entry.kind === 'draft' ? 1 : 0);
  return [...entries].sort(
    (a, b) => rank(b) - rank(a) || entryTime(b) - entryTime(a) || b.seenAt.localeCompare(a.seenAt),
  );
}

/**
 * The pair a reviewer most likely wants: the newest server version against
 * the draft when there is one, else the two newest server versions. Falls
 * back to any two entries; null when fewer than two are known.
 */
export function defaultPair(entries: readonly HistoryEntry[]): { older: string; newer: string } | null {
  const sorted = newestFirst(entries);
  const server = sorted.filter((entry) => SERVER_KINDS.has(entry.kind));
  const draft = sorted.find((entry) => entry.kind === 'draft');
  if (draft && server[0]) return { older: server[0].key, newer: draft.key };
  if (server[0] && server[1]) return { older: server[1].key, newer: server[0].key };
  if (sorted[0] && sorted[1]) return { older: sorted[1].key, newer: sorted[0].key };
  return null;
}
