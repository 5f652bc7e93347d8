import type { HistoryEntry } from '../../shared/domain/editor.ts';

/** When the entry's content was current: the service's changedOn, else when Lanes saw it. */
function entryTime(entry: HistoryEntry): number {
  const time = Date.parse(entry.changedOn ?? entry.seenAt);
  return Number.isNaN(time) ? Date.parse(entry.seenAt) || 0 : time;
}

/** An entry whose diagram Lanes has (a version it never saw is listed, not comparable). */
export const isAvailable = (entry: HistoryEntry): boolean => entry.available !== false;

/** The groups the pickers show, in this order; each keeps main's order (versions newest first). */
const ENTRY_GROUPS = ['draft', 'service', 'replaced', 'sent', 'seen', 'unseen'] as const;
type EntryGroup = (typeof ENTRY_GROUPS)[number];

function groupOf(entry: HistoryEntry): EntryGroup {
  if (!isAvailable(entry)) return 'unseen';
  switch (entry.kind) {
    case 'draft':
    case 'base':
      return 'draft';
    case 'server':
      return 'service';
    case 'published':
      return 'sent';
    case 'seen':
      return 'seen';
    case 'replaced':
      return 'replaced';
  }
}

/** The entries by group, in group order; within a group, newest first by when its content was current. */
export function grouped(entries: readonly HistoryEntry[]): Array<[EntryGroup, HistoryEntry[]]> {
  return ENTRY_GROUPS.map((group): [EntryGroup, HistoryEntry[]] => [
    group,
    entries
      .filter((entry) => groupOf(entry) === group)
      // The service's versions come in version order from main; the rest by time.
      .sort((a, b) => (group === 'service' || group === 'unseen' ? 0 : entryTime(b) - entryTime(a))),
  ]).filter(([, members]) => members.length > 0);
}

/**
 * The pair a reviewer most likely wants: the current version against the
 * draft when there is one, else the current version against their version
 * a resolution replaced, or the state Lanes saw before its last change (a colleague's publish shows as the
 * difference), else against what Lanes sent or an older version. Falls back to any two comparable entries; null when fewer
 * than two are known.
 */
export function defaultPair(entries: readonly HistoryEntry[]): { older: string; newer: string } | null {
  const available = entries.filter(isAvailable);
  const draft = available.find((entry) => entry.kind === 'draft');
  const current =
    available.find((entry) => entry.kind === 'server' && entry.current) ??
    available.find((entry) => entry.kind === 'server');
  if (draft && current) return { older: current.key, newer: draft.key };
  // The state before the last change first (a colleague's publish shows), then what Lanes sent, then older versions.
  // Their version a resolution replaced comes first: it is what was overwritten most recently.
  const rank = { replaced: 0, seen: 1, published: 2, server: 3, base: 4, draft: 5 } as const;
  const others = available
    .filter((entry) => entry !== current && entry.kind !== 'draft' && entry.kind !== 'base')
    .sort((a, b) => rank[a.kind] - rank[b.kind] || entryTime(b) - entryTime(a));
  if (current && others[0]) return { older: others[0].key, newer: current.key };
  const any = [...available].sort((a, b) => entryTime(a) - entryTime(b));
  const draftLast = any.sort((a, b) => Number(a.kind === 'draft') - Number(b.kind === 'draft'));
  if (draftLast.length >= 2)
    return { older: draftLast[draftLast.length - 2]!.key, newer: draftLast.at(-1)!.key };
  return null;
}

/**
 * Labels that tell every entry apart: where two would read the same (two
 * sends in the same minute), the later ones are numbered in their first
 * part ("Sent by Lanes (2) · …"), the date stays last.
 */
export function uniqueLabels(labels: readonly string[], separator = ' · '): string[] {
  const seen = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  // The list is newest first: the oldest of equal labels keeps it plain, newer ones count up.
  const out = [...labels];
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    if (counts.get(label)! < 2) continue;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    if (n === 1) continue;
    const [head, ...rest] = label.split(separator);
    out[i] = [`${head} (${n})`, ...rest].join(separator);
  }
  return out;
}
