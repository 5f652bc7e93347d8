/**
 * The Reports screen's translation coverage: every process of every facet
 * (as the reporting interface lists them) counted by the translation
 * workbench's own rules, a few processes at a time.
 */
import { pickCulture } from '../../shared/domain/culture.ts';
import type { TranslationCoverage } from '../../shared/domain/translation.ts';
import type { ReportingElement } from '../../shared/domain/reporting.ts';
import type { CachedReader } from '../cache/cached-reader-api.ts';
import type { SessionReads } from '../session/session-reads.ts';
import type { TranslationStore } from '../sync/translation-store.ts';
import { processCoverage } from '../translation/coverage.ts';

const CULTURES = [1031, 1033, 3082] as const;
/** Processes counted at once: exports are separate requests, the service is not to be flooded. */
const AT_ONCE = 4;

type Culture = (typeof CULTURES)[number];

export async function translationCoverage(
  reader: CachedReader,
  reads: SessionReads,
  translations: TranslationStore,
  source: Culture,
  fresh: boolean,
): Promise<TranslationCoverage> {
  const targets = CULTURES.filter((culture) => culture !== source);
  const coverage: TranslationCoverage = { source, targets, facets: [], unavailable: 0, cachedSince: null };
  for (const facet of (await reader.reportFacets()).value) {
    const elements = (await reader.reportAllElements({ facetName: facet })).value;
    const processes = elements.filter((element) => element.type === 'process');
    if (processes.length === 0) continue;
    const rows: TranslationCoverage['facets'][number]['processes'] = [];
    for (let i = 0; i < processes.length; i += AT_ONCE) {
      const batch = processes.slice(i, i + AT_ONCE);
      const counted = await Promise.all(
        batch.map((p) => processCoverage(reads, translations, p.id, source, targets, fresh)),
      );
      counted.forEach((result, j) => {
        if (!result) {
          coverage.unavailable++;
          return;
        }
        rows.push({ id: result.id, name: nameOf(batch[j]!, source), cultures: result.cultures });
        if (result.cachedAt && (!coverage.cachedSince || result.cachedAt < coverage.cachedSince))
          coverage.cachedSince = result.cachedAt;
      });
    }
    coverage.facets.push({ facet, processes: rows });
  }
  return coverage;
}

function nameOf(element: ReportingElement, culture: number): string {
  const names = element.names as Record<string, string> | undefined;
  return pickCulture(names, culture).text || element.id;
}
