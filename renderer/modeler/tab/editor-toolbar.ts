import { html, nothing } from 'lit';
import { t } from '../../i18n/locale-controller.ts';
import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import {
  actionById,
  type TabCommandId,
  type ToolbarActionId,
} from '../../../shared/domain/editor-actions.ts';
import { ariaKeyShortcuts, shownChord } from '../../../shared/domain/key-chords.ts';
import type { DiagramSession } from '../canvas/diagram-session.ts';
import { icon, type IconName } from '../../base/icons.ts';
import '../../base/menu-button.ts';

/** The toolbar's buttons: the actions the table (shared/domain/editor-actions.ts) gives a toolbar group. */
export type ToolbarAction = ToolbarActionId;

/** What the Export menu can offer, in its order; a tab lists the ones it can do. */
export const exportActions = ['exportSvg', 'exportPng', 'exportPdf', 'print', 'saveFileAs'] as const;
export type ExportAction = (typeof exportActions)[number];

export interface ToolbarState {
  kind: 'process' | 'file';
  ready: boolean;
  readOnly: boolean;
  busy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** A conflict or review waits for this diagram: publishing resolves it. */
  resolving: boolean;
  minimapOpen: boolean;
  problemsOpen: boolean;
  /** Counted apart, as Camunda Modeler does: errors (red) block publishing, warnings (yellow) ask. */
  problemCounts: { errors: number; warnings: number };
  /** The canvas's scale (1 = 100 %). */
  zoom: number;
  gridVisible: boolean;
  fullScreen: boolean;
  propertiesOpen: boolean;
}

/** The keys the table declares for a button: aria-keyshortcuts and the tooltip's "(Ctrl+S)". */
function shortcutOf(action: ToolbarAction): { aria: string; shown: string } | undefined {
  const chords = actionById(action)?.keys?.chords;
  if (!chords) return undefined;
  const words = { ctrl: t('workbench.key.ctrl'), shift: t('workbench.key.shift') };
  return { aria: ariaKeyShortcuts(chords), shown: shownChord(chords[0]!, words) };
}

interface ButtonOptions {
  /** None: the text alone (the zoom level). */
  icon?: IconName;
  /** The accessible name and the tooltip's text (the tooltip adds the shortcut). */
  label: string;
  /** Shown beside the icon (Save, Publish, the zoom level); otherwise the icon alone. */
  text?: string;
  disabled?: boolean;
  pressed?: boolean;
  primary?: boolean;
}

/** One button; aria-disabled keeps it focusable (and explained) while unavailable. */
function button(
  action: ToolbarAction,
  onAction: (action: ToolbarAction) => void,
  options: ButtonOptions,
): unknown {
  const shortcut = shortcutOf(action);
  const classes = ['toolbar-button', options.primary ? 'primary' : '', options.text ? 'with-text' : '']
    .filter(Boolean)
    .join(' ');
  return html`<button
    type="button"
    class=${classes}
    data-testid="editor-${action}"
    aria-label=${options.label}
    aria-disabled=${options.disabled ? 'true' : 'false'}
    aria-pressed=${options.pressed === undefined ? nothing : String(options.pressed)}
    aria-keyshortcuts=${shortcut?.aria ?? nothing}
    title=${shortcut ? `${options.label} (${shortcut.shown})` : options.label}
    @click=${() => !options.disabled && onAction(action)}
  >
    ${options.icon ? icon(options.icon) : nothing}${options.text ? html`<span class="toolbar-text">${options.text}</span>` : nothing}
  </button>`;
}

/**
 * The Problems button: a red error count and a yellow warning count, each
 * with its own sign. Its name is its content (hidden words around the
 * visible numbers), so what is read out contains what is seen.
 */
function problemsButton(
  state: ToolbarState,
  notReady: boolean,
  onAction: (action: ToolbarAction) => void,
): unknown {
  const { errors, warnings } = state.problemCounts;
  const shortcut = shortcutOf('problems')!;
  return html`<button
    type="button"
    class="toolbar-button with-text toolbar-problems"
    data-testid="editor-problems"
    aria-disabled=${notReady ? 'true' : 'false'}
    aria-pressed=${String(state.problemsOpen)}
    aria-keyshortcuts=${shortcut.aria}
    title=${`${t('workbench.problems', { errors, warnings })} (${shortcut.shown})`}
    @click=${() => !notReady && onAction('problems')}
  >
    <span class="problem-count problem-count-errors" data-testid="editor-problem-errors" data-count=${errors}
      >${icon('lintError')}<span class="visually-hidden">${t('workbench.problems.errors')}</span>${' '}<span
        class="toolbar-text"
        >${errors}</span
      ><span class="visually-hidden">,</span></span
    ><span
      class="problem-count problem-count-warnings"
      data-testid="editor-problem-warnings"
      data-count=${warnings}
      >${icon('problems')}<span class="visually-hidden">${t('workbench.problems.warnings')}</span>${' '}<span
        class="toolbar-text"
        >${warnings}</span
      ></span
    >
  </button>`;
}

const group = (label: string, content: unknown): unknown =>
  html`<div class="editor-toolbar-group" role="group" aria-label=${label}>${content}</div>`;

const ALIGN: ReadonlyArray<[ToolbarAction & IconName, MessageKey]> = [
  ['alignLeft', 'editor.toolbar.alignLeft'],
  ['alignCenter', 'editor.toolbar.alignCenter'],
  ['alignTop', 'editor.toolbar.alignTop'],
  ['distributeHorizontally', 'editor.toolbar.distributeHorizontally'],
  ['distributeVertically', 'editor.toolbar.distributeVertically'],
];

const EXPORT_LABEL: Record<ExportAction, MessageKey> = {
  exportSvg: 'workbench.export.svg',
  exportPng: 'workbench.export.png',
  exportPdf: 'workbench.export.pdf',
  print: 'workbench.export.print',
  saveFileAs: 'editor.toolbar.saveFileAs',
};

/**
 * The tab's actions as grouped icon buttons (as Camunda Modeler and bpmn.io
 * do): each has a name, a tooltip with its key, and its own Tab stop. Save
 * and Publish keep a short word beside the icon; exports sit in one menu.
 */
export function renderToolbar(state: ToolbarState, onAction: (action: ToolbarAction) => void): unknown {
  const notReady = !state.ready || state.busy;
  const noEdit = notReady || state.readOnly;
  const isProcess = state.kind === 'process';
  const percent = Math.round(state.zoom * 100);
  // Every tab exports images and a PDF, prints, and saves its BPMN to a file (a process tab as a copy).
  const exports = exportActions.map((action) => ({ id: action, label: t(EXPORT_LABEL[action]) }));
  return html`<div class="editor-toolbar" role="toolbar" aria-label=${t('editor.toolbar.label')}>
    ${group(
      t('workbench.group.document'),
      html`${button('save', onAction, {
          icon: 'save',
          label: t(isProcess ? 'editor.toolbar.save' : 'editor.toolbar.saveFile'),
          text: t('editor.toolbar.saveFile'),
          disabled: noEdit,
        })}
        ${
          isProcess
            ? button('publish', onAction, {
                icon: 'publish',
                label: t(state.resolving ? 'editor.toolbar.publishResolution' : 'editor.toolbar.publish'),
                // The word stays short; the name says "as resolution" when it is one (the banner says why).
                text: t('editor.toolbar.publish'),
                disabled: noEdit,
                primary: true,
              })
            : button('saveAsDraft', onAction, {
                icon: 'publish',
                label: t('editor.toolbar.saveAsDraft'),
                disabled: notReady,
              })
        }
        <lanes-menu-button
          .label=${t('workbench.export.label')}
          .iconName=${'export'}
          .testId=${'editor-export'}
          .itemTestIdPrefix=${'editor-'}
          .buttonClass=${'toolbar-button toolbar-menu-button'}
          .items=${exports}
          ?disabled=${notReady}
          @menu-choose=${(event: CustomEvent<string>) => onAction(event.detail as ToolbarAction)}
        ></lanes-menu-button>`,
    )}
    ${group(
      t('workbench.group.history'),
      html`${button('undo', onAction, {
        icon: 'undo',
        label: t('editor.toolbar.undo'),
        disabled: noEdit || !state.canUndo,
      })}
      ${button('redo', onAction, { icon: 'redo', label: t('editor.toolbar.redo'), disabled: noEdit || !state.canRedo })}`,
    )}
    ${group(
      t('workbench.group.arrange'),
      ALIGN.map(([action, key]) =>
        button(action, onAction, { icon: action, label: t(key), disabled: noEdit }),
      ),
    )}
    ${group(
      t('workbench.group.view'),
      html`${button('zoomOut', onAction, { icon: 'zoomOut', label: t('workbench.zoomOut'), disabled: notReady })}
      ${button('zoomReset', onAction, {
        label: t('workbench.zoomReset', { percent }),
        text: t('workbench.zoomLevel', { percent }),
        disabled: notReady,
      })}
      ${button('zoomIn', onAction, { icon: 'zoomIn', label: t('workbench.zoomIn'), disabled: notReady })}
      ${button('zoomFit', onAction, { icon: 'fit', label: t('workbench.zoomFit'), disabled: notReady })}
      ${button('grid', onAction, {
        icon: 'grid',
        label: t('workbench.grid'),
        pressed: state.gridVisible,
        disabled: notReady,
      })}
      ${button('minimap', onAction, {
        icon: 'minimap',
        label: t('editor.toolbar.minimap'),
        pressed: state.minimapOpen,
        disabled: notReady,
      })}
      ${button('fullScreen', onAction, {
        icon: state.fullScreen ? 'exitFullScreen' : 'fullScreen',
        label: t('workbench.fullScreen'),
        pressed: state.fullScreen,
      })}`,
    )}
    ${group(
      t('workbench.group.tools'),
      html`${button('search', onAction, { icon: 'search', label: t('editor.toolbar.search'), disabled: notReady })}
      ${problemsButton(state, notReady, onAction)}
      ${button('propertiesPanel', onAction, {
        icon: 'propertiesPanel',
        label: t('workbench.propertiesPanel'),
        pressed: state.propertiesOpen,
      })}
      ${isProcess ? button('compare', onAction, { icon: 'compare', label: t('editor.toolbar.compare') }) : nothing}
      ${isProcess ? button('translate', onAction, { icon: 'translate', label: t('editor.toolbar.translate') }) : nothing}
      ${button('shortcuts', onAction, { icon: 'shortcuts', label: t('editor.toolbar.shortcuts') })}`,
    )}
  </div>`;
}

/** The actions that only drive the canvas: runCanvasAction runs each. */
export type CanvasAction =
  | 'undo'
  | 'redo'
  | 'alignLeft'
  | 'alignCenter'
  | 'alignTop'
  | 'distributeHorizontally'
  | 'distributeVertically'
  | 'search'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomReset'
  | 'zoomFit';

/** Runs an action that only drives the canvas (undo, align, search); false: the tab handles it. */
export function runCanvasAction(session: DiagramSession, action: TabCommandId): boolean {
  switch (action) {
    case 'undo':
      session.undo();
      return true;
    case 'redo':
      session.redo();
      return true;
    case 'alignLeft':
    case 'alignCenter':
    case 'alignTop':
      session.trigger('alignElements', { type: action.slice(5).toLowerCase() });
      return true;
    case 'distributeHorizontally':
    case 'distributeVertically':
      session.trigger('distributeElements', {
        type: action === 'distributeHorizontally' ? 'horizontal' : 'vertical',
      });
      return true;
    case 'search':
      session.trigger('find');
      return true;
    case 'zoomIn':
    case 'zoomOut':
      session.trigger('stepZoom', { value: action === 'zoomIn' ? 1 : -1 });
      return true;
    case 'zoomReset':
      session.trigger('zoom', { value: 1 });
      return true;
    case 'zoomFit':
      session.fit();
      return true;
    default:
      return false;
  }
}
