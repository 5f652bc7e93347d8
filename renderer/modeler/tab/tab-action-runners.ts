/**
 * What each of the tab's actions runs, one line an action, keyed by the
 * action table's ids (shared/domain/editor-actions.ts). The toolbar, the
 * application menu and the keyboard all run an action through this record;
 * it is exhaustive over TabCommandId, so an action without a runner does not
 * compile.
 */
import type { EditorTarget } from '../../../shared/domain/editor.ts';
import type { TabCommandId } from '../../../shared/domain/editor-actions.ts';
import { navigateEvent } from '../../base/routes.ts';
import { isCanvasFullScreen, setCanvasFullScreen } from '../../workbench/canvas-full-screen.ts';
import { propertiesOpen } from '../../workbench/editor-panels.ts';
import { workbench } from '../../workbench/workbench-store.ts';
import type { DiagramSession } from '../canvas/diagram-session.ts';
import type { FileActions } from './file-actions.ts';
import type { PrintActions } from './print-actions.ts';
import type { ProcessActions } from './process-actions.ts';
import type { TabFields } from './tab-context.ts';

/** What the runners act on: the tab, its ready session, and the modules that act for it. */
interface TabActionHost {
  readonly tab: TabFields & {
    minimapOpen: boolean;
    shortcutsOpen: boolean;
    /** Ctrl+S: the draft (process) or the file. */
    save(): Promise<boolean>;
  };
  readonly session: DiagramSession;
  /** The process the tab shows; null for a local file. */
  readonly target: EditorTarget | null;
  readonly files: FileActions;
  readonly printing: PrintActions;
  readonly process: ProcessActions;
  publish(): Promise<void>;
}

/** What it returns is awaited (a save, a publish) and otherwise ignored. */
type Runner = (host: TabActionHost) => unknown;

const align =
  (type: 'left' | 'center' | 'top'): Runner =>
  ({ session }) =>
    session.trigger('alignElements', { type });
const distribute =
  (type: 'horizontal' | 'vertical'): Runner =>
  ({ session }) =>
    session.trigger('distributeElements', { type });

export const tabActionRunners: Record<TabCommandId, Runner> = {
  // ——— Document ———
  save: ({ tab }) => tab.save(),
  saveFileAs: ({ files, printing }) => (files.file ? files.save(true) : printing.saveProcessToFile()),
  saveAsDraft: ({ process }) => process.pickProcess(),
  publish: ({ publish }) => publish(),
  exportSvg: ({ printing, files }) => printing.exportImage('svg', files.file?.name ?? null),
  exportPng: ({ printing, files }) => printing.exportImage('png', files.file?.name ?? null),
  exportPdf: ({ printing }) => printing.open('pdf'),
  print: ({ printing }) => printing.open('print'),
  // ——— Editing (the canvas's own commands) ———
  undo: ({ session }) => session.undo(),
  redo: ({ session }) => session.redo(),
  search: ({ session }) => session.trigger('find'),
  alignLeft: align('left'),
  alignCenter: align('center'),
  alignTop: align('top'),
  distributeHorizontally: distribute('horizontal'),
  distributeVertically: distribute('vertical'),
  // ——— View ———
  zoomIn: ({ session }) => session.trigger('stepZoom', { value: 1 }),
  zoomOut: ({ session }) => session.trigger('stepZoom', { value: -1 }),
  zoomReset: ({ session }) => session.trigger('zoom', { value: 1 }),
  zoomFit: ({ session }) => session.fit('readable'),
  zoomFitWhole: ({ session }) => session.fit('whole'),
  // The layout is the workbench's (every tab follows it, and it is remembered).
  grid: ({ session }) => workbench.update({ grid: !session.gridVisible }),
  propertiesPanel: () => workbench.update({ propertiesPanelCollapsed: propertiesOpen() }),
  fullScreen: () => setCanvasFullScreen(!isCanvasFullScreen()),
  minimap: ({ tab, session }) => (tab.minimapOpen = session.toggleMinimap()),
  problems: async ({ tab, session }) => {
    const open = !tab.problemsOpen;
    tab.problemsOpen = open;
    if (open) await session.lint();
    tab.requestUpdate();
  },
  shortcuts: ({ tab }) => (tab.shortcutsOpen = true),
  // ——— Other screens, for this process ———
  compare: ({ tab, target }) => target && tab.dispatchEvent(navigateEvent({ name: 'compare', ...target })),
  translate: ({ tab, target }) => {
    // From the diagram's culture to the next one; the workbench lets the translator pick others.
    if (!target) return;
    const { facet, view, id, culture } = target;
    tab.dispatchEvent(
      navigateEvent({
        name: 'translate',
        facet,
        view,
        id,
        source: culture,
        target: culture === 1031 ? 1033 : 1031,
      }),
    );
  },
};
