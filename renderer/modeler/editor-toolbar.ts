import { html, nothing } from 'lit';
import { t } from '../i18n/locale-controller.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import type { DiagramSession } from './diagram-session.ts';

export type ToolbarAction =
  | 'save'
  | 'saveFileAs'
  | 'saveAsDraft'
  | 'publish'
  | 'undo'
  | 'redo'
  | 'alignLeft'
  | 'alignCenter'
  | 'alignTop'
  | 'distributeHorizontally'
  | 'distributeVertically'
  | 'search'
  | 'minimap'
  | 'shortcuts'
  | 'problems'
  | 'compare'
  | 'exportSvg'
  | 'exportPng'
  /** Run by the tab (print dialog, Save to file for processes); reached from the application menu. */
  | 'exportPdf'
  | 'print';

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
  problemCount: number;
}

/** One button; aria-disabled keeps it focusable (and explained) while unavailable. */
function button(
  action: ToolbarAction,
  label: string,
  onAction: (action: ToolbarAction) => void,
  options: { disabled?: boolean; pressed?: boolean; primary?: boolean; shortcut?: string } = {},
): unknown {
  return html`<button
    type="button"
    class=${options.primary ? 'primary' : ''}
    data-testid="editor-${action}"
    aria-disabled=${options.disabled ? 'true' : 'false'}
    aria-pressed=${options.pressed === undefined ? nothing : String(options.pressed)}
    aria-keyshortcuts=${options.shortcut ?? nothing}
    title=${options.shortcut ? `${label} (${options.shortcut})` : label}
    @click=${() => !options.disabled && onAction(action)}
  >
    ${label}
  </button>`;
}

const ALIGN: ReadonlyArray<[ToolbarAction, MessageKey]> = [
  ['alignLeft', 'editor.toolbar.alignLeft'],
  ['alignCenter', 'editor.toolbar.alignCenter'],
  ['alignTop', 'editor.toolbar.alignTop'],
  ['distributeHorizontally', 'editor.toolbar.distributeHorizontally'],
  ['distributeVertically', 'editor.toolbar.distributeVertically'],
];

/** The tab's actions, grouped; a real toolbar: one Tab stop per button, nothing hidden from the keyboard. */
export function renderToolbar(state: ToolbarState, onAction: (action: ToolbarAction) => void): unknown {
  const notReady = !state.ready || state.busy;
  const noEdit = notReady || state.readOnly;
  const isProcess = state.kind === 'process';
  return html`<div class="editor-toolbar" role="toolbar" aria-label=${t('editor.toolbar.label')}>
    <span class="editor-toolbar-group">
      ${button('save', t(isProcess ? 'editor.toolbar.save' : 'editor.toolbar.saveFile'), onAction, {
        disabled: noEdit,
        shortcut: 'Control+S',
      })}
      ${
        isProcess
          ? button(
              'publish',
              t(state.resolving ? 'editor.toolbar.publishResolution' : 'editor.toolbar.publish'),
              onAction,
              { disabled: noEdit, primary: true },
            )
          : html`${button('saveFileAs', t('editor.toolbar.saveFileAs'), onAction, { disabled: notReady })}
            ${button('saveAsDraft', t('editor.toolbar.saveAsDraft'), onAction, { disabled: notReady })}`
      }
    </span>
    <span class="editor-toolbar-group">
      ${button('undo', t('editor.toolbar.undo'), onAction, {
        disabled: noEdit || !state.canUndo,
        shortcut: 'Control+Z',
      })}
      ${button('redo', t('editor.toolbar.redo'), onAction, {
        disabled: noEdit || !state.canRedo,
        shortcut: 'Control+Y',
      })}
    </span>
    <span class="editor-toolbar-group">
      ${ALIGN.map(([action, key]) => button(action, t(key), onAction, { disabled: noEdit }))}
    </span>
    <span class="editor-toolbar-group">
      ${button('search', t('editor.toolbar.search'), onAction, { disabled: notReady, shortcut: 'Control+F' })}
      ${button('minimap', t('editor.toolbar.minimap'), onAction, {
        disabled: notReady,
        pressed: state.minimapOpen,
      })}
      ${button('problems', t('editor.toolbar.problems', { count: state.problemCount }), onAction, {
        disabled: notReady,
        pressed: state.problemsOpen,
      })}
      ${button('shortcuts', t('editor.toolbar.shortcuts'), onAction)}
      ${isProcess ? button('compare', t('editor.toolbar.compare'), onAction) : nothing}
    </span>
    <span class="editor-toolbar-group">
      ${button('exportSvg', t('editor.toolbar.exportSvg'), onAction, { disabled: notReady })}
      ${button('exportPng', t('editor.toolbar.exportPng'), onAction, { disabled: notReady })}
    </span>
  </div>`;
}

/** Runs a button that only drives the canvas (undo, align, search); false: the tab handles it. */
export function runCanvasAction(session: DiagramSession, action: ToolbarAction): boolean {
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
    default:
      return false;
  }
}
