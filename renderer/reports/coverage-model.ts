/**
 * Translation coverage summed for the chart and its table: per facet and
 * target culture, texts by state and processes by their worst state (any
 * missing text: missing; else any out of date: out of date; else translated).
 */
import type { StateCountsView, TranslationCoverage } from '../../shared/domain/translation.ts';

export const coverageStates = ['translated', 'same', 'outdated', 'missing'] as const;
export type CoverageState = (typeof coverageStates)[number];

interface CoverageRow {
  facet: string;
  culture: number;
  texts: StateCountsView;
  processes: { translated: number; outdated: number; missing: number };
}

function processState(counts: StateCountsView): 'translated' | 'outdated' | 'missing' {
  return counts.missing > 0 ? 'missing' : counts.outdated > 0 ? 'outdated' : 'translated';
}

export function coverageRows(coverage: TranslationCoverage): CoverageRow[] {
  const rows: CoverageRow[] = [];
  for (const facet of coverage.facets) {
    for (const culture of coverage.targets) {
      const row: CoverageRow = {
        facet: facet.facet,
        culture,
        texts: { translated: 0, same: 0, outdated: 0, missing: 0 },
        processes: { translated: 0, outdated: 0, missing: 0 },
      };
      for (const process of facet.processes) {
        const counts = process.cultures[String(culture)];
        if (!counts) continue;
        for (const state of coverageStates) row.texts[state] += counts[state];
        row.processes[processState(counts)]++;
      }
      rows.push(row);
    }
  }
  return rows;
}

/** The processes of a facet with texts in a state for a culture (all of them without a state), most first. */
export function processesWith(
  coverage: TranslationCoverage,
  facet: string,
  culture: number,
  state: CoverageState | null,
): TranslationCoverage['facets'][number]['processes'] {
  const processes = coverage.facets.find((f) => f.facet === facet)?.processes ?? [];
  const count = (p: (typeof processes)[number]): number =>
    state ? (p.cultures[String(culture)]?.[state] ?? 0) : 1;
  return processes
    .filter((p) => count(p) > 0)
    .sort((a, b) => count(b) - count(a) || a.name.localeCompare(b.name));
}
