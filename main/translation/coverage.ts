/**
 * Translation coverage of processes: for each process, its texts counted by
 * state (translated, same as source, out of date, missing) for each target
 * culture, with the same rows and states as the workbench shows, from the
 * service's exports (the cached copy where there is one, fresh on request)
 * and the ledger of translations published through Lanes.
 */
import type { StateCountsView } from '../../shared/domain/translation.ts';
import { rowState } from '../../shared/domain/translation-rows.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { SessionReads } from '../session/session-reads.ts';
import type { TranslationStore } from '../sync/translation-store.ts';
import { buildRows, pairTexts } from './translation-sheet.ts';

interface ProcessCoverage {
  id: string;
  cultures: Record<string, StateCountsView>;
  /** When an export came from the cache: its fetch time. */
  cachedAt: string | null;
}

/** One culture's export of a process: cached unless `fresh`, else live; null when neither can be had. */
async function exported(
  reads: SessionReads,
  id: string,
  lcid: number,
  fresh: boolean,
): Promise<{ xml: string; cachedAt: string | null } | null> {
  const cached = fresh ? undefined : reads.session.store.bpmn(id, lcid);
  if (cached) return { xml: cached.value, cachedAt: cached.fetchedAt };
  try {
    const read = await reads.read((r) => r.exportBpmn(id, lcid));
    return { xml: read.value, cachedAt: read.source === 'cache' ? read.fetchedAt : null };
  } catch (error) {
    if (error instanceof LanesError && (error.code === 'cache.notCached' || error.code === 'api.notFound'))
      return null;
    throw error;
  }
}

export async function processCoverage(
  reads: SessionReads,
  translations: TranslationStore,
  id: string,
  source: number,
  targets: readonly number[],
  fresh: boolean,
): Promise<ProcessCoverage | null> {
  const sourceXml = await exported(reads, id, source, fresh);
  if (!sourceXml) return null;
  const cultures: Record<string, StateCountsView> = {};
  let cachedAt = sourceXml.cachedAt;
  for (const target of targets) {
    const targetXml = await exported(reads, id, target, fresh);
    if (!targetXml) return null;
    if (targetXml.cachedAt && (!cachedAt || targetXml.cachedAt < cachedAt)) cachedAt = targetXml.cachedAt;
    // What the service has: the ledger counts, unpublished drafts do not.
    const published = new Map([...translations.all(id, target)].filter(([, t]) => t.state === 'published'));
    const counts: StateCountsView = { translated: 0, same: 0, outdated: 0, missing: 0 };
    for (const row of buildRows(await pairTexts(sourceXml.xml, targetXml.xml), published, source)) {
      if (row.source === null) continue;
      const state = rowState(row);
      counts[state === 'done' ? 'translated' : state]++;
    }
    cultures[String(target)] = counts;
  }
  return { id, cultures, cachedAt };
}
