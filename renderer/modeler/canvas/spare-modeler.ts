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
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import { uiLanguage } from '../../i18n/locale-controller.ts';
import { createLanesModeler } from './create-modeler.ts';

/** After the last open (or the workspace's first drawing): the page has settled. */
const SETTLE_MS = 1500;

/** User timing mark set when a spare is ready (benchmarks and tests wait for it, as a user's click comes later). */
const SPARE_MADE_MARK = 'lanes.spareModeler.made';

let spare: { modeler: Modeler; language: string } | null = null;
let pending: ReturnType<typeof setTimeout> | null = null;

/** Makes a spare once the page has settled and is idle, unless one exists or is on its way. */
export function prepareSpareModeler(): void {
  if (spare || pending !== null) return;
  pending = setTimeout(() => {
    requestIdleCallback(
      () => {
        pending = null;
        if (spare) return;
        // Made read-only, as a process tab starts; the tab sets the mode it needs when it takes it.
        spare = {
          modeler: createLanesModeler({ properties: 'later', readOnly: true }),
          language: uiLanguage(),
        };
        performance.mark(SPARE_MADE_MARK);
      },
      { timeout: 10_000 },
    );
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
