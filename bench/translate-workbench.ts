/**
 * Opening the translation workbench of a 4,000-element process (German →
 * English, half of the English names missing) in Chromium against the
 * emulator: from the hash change to the first rows painted, and to the whole
 * table usable (scrolled to its last row, which is then drawn). Also the main
 * side alone (both exports read from the cache, paired, the rows built), and
 * the diagram beside the table. Printed, never passed or failed.
 */
import type { SummaryRow } from './summary.ts';
import { ms } from './summary.ts';
import {
  editableProcessIds,
  generateProcessXml,
  line,
  median,
  startEditorBenchWorld,
  type BenchPage,
  type EditorBenchWorld,
} from './editor-world.ts';

const SIZE = 4000;
const ROUNDS = 3;

/** The few browser types the in-page timer needs (this folder compiles without the DOM library). */
interface PageGlobals {
  performance: { now(): number };
  document: { querySelector(selector: string): { scrollTop: number; scrollHeight: number } | null };
  location: { hash: string };
  requestAnimationFrame(callback: () => void): void;
}

async function importCulture(world: EditorBenchWorld, id: string, lcid: number, xml: string): Promise<void> {
  const c = world.emulator.config;
  const url = `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/v1/bpmn/${id}?lcid=${lcid}&svc-auth-token=${c.bpmnToken}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
  if (!response.ok)
    throw new Error(`BPMN import of ${id} failed: ${response.status} ${await response.text()}`);
}

/** Hash set → first row painted → scrolled to the end and the last row drawn. */
async function timeOpen(
  page: BenchPage,
  hash: string,
  rows: number,
): Promise<{ first: number; full: number }> {
  return page.evaluate(
    ({ target, last }) =>
      new Promise<{ first: number; full: number }>((resolve, reject) => {
        const g = globalThis as unknown as PageGlobals;
        const start = g.performance.now();
        const timeout = start + 120_000;
        let first: number | null = null;
        const poll = (): void => {
          if (first === null && g.document.querySelector('.translate-row'))
            first = g.performance.now() - start;
          if (first !== null) {
            const scroller = g.document.querySelector('.translate-table-scroll');
            if (scroller) scroller.scrollTop = scroller.scrollHeight;
            if (g.document.querySelector(`.translate-row[aria-rowindex="${last + 1}"]`)) {
              resolve({ first, full: g.performance.now() - start });
              return;
            }
          }
          if (g.performance.now() > timeout) reject(new Error('the workbench did not open within 120 s'));
          else g.requestAnimationFrame(poll);
        };
        g.location.hash = target;
        g.requestAnimationFrame(poll);
      }),
    { target: hash, last: rows },
  );
}

export async function run(): Promise<SummaryRow[]> {
  const world = await startEditorBenchWorld();
  try {
    const { page, services } = world.harness;
    await page.locator('lanes-app .shell').waitFor();
    const [id] = editableProcessIds(world, 1);
    const german = generateProcessXml('Bench_translate', SIZE);
    await importCulture(world, id!, 1031, german);
    // English for every other step: the other half is missing.
    const english = german.replace(/ name="Step (\d+)"/g, (whole, n: string) =>
      Number(n) % 2 ? ` name="Step ${n} (en)"` : '',
    );
    await importCulture(world, id!, 1033, english);
    const target = { facet: 'processes', view: 'processList', id, source: 1031, target: 1033 };
    const warm = await services.dispatch('translation.open', target);
    if (!warm.ok) throw new Error(`translation.open failed: ${JSON.stringify(warm.error)}`);
    const rows = (warm.value as { rows: unknown[] }).rows.length;

    // From the cache from here on: what a translator reopening it offline gets, and what main does alone.
    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    const mainSide: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      const opened = await services.dispatch('translation.open', target);
      if (!opened.ok) throw new Error(`translation.open failed offline: ${JSON.stringify(opened.error)}`);
      mainSide.push(performance.now() - start);
    }
    const first: number[] = [];
    const full: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/'));
      await page.reload();
      await page.locator('lanes-app .shell').waitFor();
      const timed = await timeOpen(page, `#/translate/processes/processList/${id}/1031-1033`, rows);
      first.push(timed.first);
      full.push(timed.full);
    }
    world.emulator.faults.clear();
    console.log(`${SIZE} elements, ${rows} texts (half of the English names missing), rounds: ${ROUNDS}`);
    line('  main: translation.open from the cache', mainSide);
    line('  app: hash → first rows painted', first);
    line('  app: hash → scrolled to the last row, drawn', full);
    return [
      {
        measure: `open the translation workbench of ${SIZE.toLocaleString('en')} elements: first rows`,
        value: ms(median(first)),
        baseline: `main side alone ${ms(median(mainSide))}`,
        ratio: '',
        target: '',
      },
      {
        measure: `… the whole table (${rows.toLocaleString('en')} texts, last row drawn)`,
        value: ms(median(full)),
        baseline: '',
        ratio: '',
        target: '',
      },
    ];
  } finally {
    await world.close();
  }
}

if (import.meta.main) await run();
