/**
 * The editor's side panels as the workbench settings arrange them: the
 * properties panel (collapsible, resizable in width) and the problems list
 * above it (collapsible, resizable in height). Sizes move live while a
 * handle is dragged and are stored when it stops.
 */
import { html, nothing } from 'lit';
import { t } from '../i18n/locale-controller.ts';
import { cssomStyle } from '../base/cssom-style.ts';
import { clampSize, renderSplitter } from './panel-splitter.ts';
import { workbench } from './workbench-store.ts';

const defaultPropertiesWidth = 320;
const defaultProblemsHeight = 200;
const minPropertiesWidth = 240;
const minProblemsHeight = 80;
/** Room the canvas keeps beside a wide panel (palette and a few shapes). */
const canvasReserve = 360;

export const propertiesOpen = (): boolean => workbench.current.propertiesPanelCollapsed !== true;
/** The problems list starts closed (it was a toggle before it was remembered). */
export const problemsOpen = (): boolean => workbench.current.problemsCollapsed === false;

interface SidePanelParts {
  importWarnings: unknown;
  problems: unknown;
  hasImportWarnings: boolean;
}

/** Sizes while a handle is being dragged (not stored yet); null: the stored size. */
export class PanelDrag {
  width: number | null = null;
  height: number | null = null;
  readonly #rerender: () => void;

  constructor(rerender: () => void) {
    this.#rerender = rerender;
  }

  propertiesWidth(): number {
    const stored = this.width ?? workbench.current.propertiesPanelWidth ?? defaultPropertiesWidth;
    return clampSize(stored, minPropertiesWidth, this.maxWidth());
  }

  problemsHeight(): number {
    const stored = this.height ?? workbench.current.problemsHeight ?? defaultProblemsHeight;
    return clampSize(stored, minProblemsHeight, this.maxHeight());
  }

  maxWidth(): number {
    return Math.max(minPropertiesWidth, Math.min(2000, window.innerWidth - canvasReserve));
  }

  maxHeight(): number {
    return Math.max(minProblemsHeight, Math.min(2000, Math.round(window.innerHeight * 0.6)));
  }

  resizeProperties(size: number, final: boolean): void {
    this.width = final ? null : size;
    if (final) workbench.update({ propertiesPanelWidth: size });
    else this.#rerender();
  }

  resizeProblems(size: number, final: boolean): void {
    this.height = final ? null : size;
    if (final) workbench.update({ problemsHeight: size });
    else this.#rerender();
  }
}

/**
 * The handle and the side column. The properties panel's parent element stays
 * in the page when it is hidden (bpmn-js keeps rendering into it).
 */
export function renderSidePanels(drag: PanelDrag, parts: SidePanelParts): unknown {
  const properties = propertiesOpen();
  const problems = problemsOpen();
  const sideShown = properties || problems || parts.hasImportWarnings;
  const width = drag.propertiesWidth();
  const height = drag.problemsHeight();
  return html`${
      sideShown
        ? renderSplitter({
            testId: 'editor-properties-resize',
            label: t('workbench.propertiesResize'),
            orientation: 'vertical',
            size: width,
            min: minPropertiesWidth,
            max: drag.maxWidth(),
            growth: -1,
            onResize: (size, final) => drag.resizeProperties(size, final),
          })
        : nothing
    }
    <aside
      class="editor-side"
      data-testid="editor-side"
      ?hidden=${!sideShown}
      ${cssomStyle({ width: `${width}px` })}
    >
      ${parts.importWarnings}
      ${
        problems
          ? html`<div class="editor-problems-wrap" ${cssomStyle({ height: `${height}px` })}>
                ${parts.problems}
              </div>
              ${renderSplitter({
                testId: 'editor-problems-resize',
                label: t('workbench.problemsResize'),
                orientation: 'horizontal',
                size: height,
                min: minProblemsHeight,
                max: drag.maxHeight(),
                growth: 1,
                onResize: (size, final) => drag.resizeProblems(size, final),
              })}`
          : nothing
      }
      <div class="editor-properties" aria-label=${t('editor.properties')} ?hidden=${!properties}></div>
    </aside>`;
}
