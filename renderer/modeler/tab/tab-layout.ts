/**
 * What an editor tab does for the workbench layout: follows the stored
 * layout (grid, panels) and the full-screen canvas while the tab is in the
 * page, and tells the toolbar the layout buttons' state (tab-action-runners.ts runs them).
 */
import type { DiagramSession } from '../canvas/diagram-session.ts';
import {
  isCanvasFullScreen,
  onCanvasFullScreen,
  setCanvasFullScreen,
} from '../../workbench/canvas-full-screen.ts';
import { PanelDrag, problemsOpen, propertiesOpen } from '../../workbench/editor-panels.ts';
import { workbench } from '../../workbench/workbench-store.ts';

export class TabLayout {
  readonly drag: PanelDrag;
  readonly #rerender: () => void;
  readonly #session: () => DiagramSession | null;
  #unfollow: Array<() => void> = [];

  constructor(rerender: () => void, session: () => DiagramSession | null) {
    this.#rerender = rerender;
    this.#session = session;
    this.drag = new PanelDrag(rerender);
  }

  /** A new session shows the grid as the user left it (diagram-js-grid starts with it on). */
  attach(session: DiagramSession): void {
    session.setGrid(workbench.current.grid ?? true);
  }

  connect(): void {
    this.#unfollow = [
      workbench.subscribe((layout) => {
        this.#session()?.setGrid(layout.grid ?? true);
        this.#rerender();
      }),
      onCanvasFullScreen(() => this.#rerender()),
    ];
  }

  disconnect(): void {
    for (const unfollow of this.#unfollow) unfollow();
    this.#unfollow = [];
    // The last tab closed (Ctrl+W): no toolbar is left to leave the full-screen canvas with.
    if (!document.querySelector('lanes-editor-tab')) setCanvasFullScreen(false);
  }

  /** The problems list is open in every tab or none: the workbench remembers it. */
  get problemsOpen(): boolean {
    return problemsOpen();
  }

  set problemsOpen(open: boolean) {
    if (open !== problemsOpen()) workbench.update({ problemsCollapsed: !open });
  }

  toolbarState(): {
    gridVisible: boolean;
    fullScreen: boolean;
    propertiesOpen: boolean;
    problemsOpen: boolean;
  } {
    return {
      gridVisible: this.#session()?.gridVisible ?? false,
      fullScreen: isCanvasFullScreen(),
      propertiesOpen: propertiesOpen(),
      problemsOpen: problemsOpen(),
    };
  }
}
