/**
 * One Modeler made ahead, while the page is idle, for the next tab that
 * opens a diagram. Making one (bpmn-js's and Lanes' modules, the palette, the
 * properties panel) is 15–25 ms of the page's only thread; made at open time,
 * it stood between the preview and the import. A spare is made without a
 * place and put into the tab's canvas and panel when taken
 * (`placeLanesModeler`).
 *
 * Kept only while it matches what a tab would make now: a spare made in
 * another UI language is dropped (its palette and panel would speak that
 * language until the next change). Made only when the page has been quiet a
 * while, so that it never takes the thread from an open under way.
 *
 * Before the first spare of a page, bpmn-js's import runs once on a small
 * diagram (modeler-warm-up.ts), so the first open does not run it cold.
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import { uiLanguage } from '../../i18n/locale-controller.ts';
import { createLanesModeler } from './create-modeler.ts';
import { warmUpModelerImport } from './modeler-warm-up.ts';

/** After the last open (or the workspace's first drawing): the page has settled. */
const SETTLE_MS = 1500;

/** User timing mark set when a spare is ready (benchmarks and tests wait for it, as a user's click comes later). */
const SPARE_MADE_MARK = 'lanes.spareModeler.made';

let spare: { modeler: Modeler; language: string } | null = null;
let preparing = false;
let warmedUp = false;

/** The next time the page is idle (at the latest after 10 s). */
const whenIdle = (): Promise<void> =>
  new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 }));

/** Makes a spare once the page has settled and is idle, unless one exists or is on its way. */
export function prepareSpareModeler(): void {
  if (spare || preparing) return;
  preparing = true;
  setTimeout(() => {
    void (async () => {
      await whenIdle();
      if (!warmedUp) {
        warmedUp = true;
        await warmUpModelerImport();
        // The spare in an idle time of its own: each is a task of some 20–40 ms.
        await whenIdle();
      }
      preparing = false;
      if (spare) return;
      // Made read-only, as a process tab starts; the tab sets the mode it needs when it takes it.
      spare = {
        modeler: createLanesModeler({ properties: 'later', readOnly: true }),
        language: uiLanguage(),
      };
      performance.mark(SPARE_MADE_MARK);
    })();
  }, SETTLE_MS);
}

/** The spare, now the caller's (to place and destroy), or null when there is none fit to use. */
export function takeSpareModeler(): Modeler | null {
  const taken = spare;
  spare = null;
  if (!taken) return null;
  if (taken.language !== uiLanguage()) {
    taken.modeler.destroy();
    return null;
  }
  performance.mark('lanes.open.spareModeler');
  return taken.modeler;
}
