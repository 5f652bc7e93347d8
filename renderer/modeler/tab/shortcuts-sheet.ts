import { html } from 'lit';
import { t } from '../../i18n/locale-controller.ts';
import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import './editor-dialog.ts';

/** The keys bpmn-js binds on the focused canvas, plus Lanes's own Ctrl+S. */
const SHORTCUTS: ReadonlyArray<[keys: string, label: MessageKey]> = [
  ['Ctrl/⌘ + S', 'editor.shortcuts.save'],
  ['Ctrl/⌘ + Z', 'editor.shortcuts.undo'],
  ['Ctrl/⌘ + Y, Ctrl/⌘ + Shift + Z', 'editor.shortcuts.redo'],
  ['Ctrl/⌘ + C', 'editor.shortcuts.copy'],
  ['Ctrl/⌘ + V', 'editor.shortcuts.paste'],
  ['Ctrl/⌘ + A', 'editor.shortcuts.selectAll'],
  ['Ctrl/⌘ + F', 'editor.shortcuts.search'],
  ['Delete, Backspace', 'editor.shortcuts.delete'],
  ['← ↑ → ↓ (Shift: faster)', 'editor.shortcuts.move'],
  ['E', 'editor.shortcuts.rename'],
  ['R', 'editor.shortcuts.replace'],
  ['A', 'editor.shortcuts.append'],
  ['H', 'editor.shortcuts.hand'],
  ['L', 'editor.shortcuts.lasso'],
  ['S', 'editor.shortcuts.space'],
  ['C', 'editor.shortcuts.connect'],
  ['Ctrl/⌘ + +, Ctrl/⌘ + −, Ctrl/⌘ + 0', 'editor.shortcuts.zoom'],
  ['Ctrl/⌘ + 1', 'workbench.shortcuts.fit'],
  ['Ctrl/⌘ + Shift + F, Esc', 'workbench.shortcuts.fullScreen'],
];

export function renderShortcutsSheet(open: boolean, onClose: () => void): unknown {
  return html`<lanes-editor-dialog
    data-testid="editor-shortcuts-sheet"
    .open=${open}
    .heading=${t('editor.shortcuts.heading')}
    .body=${html`<p class="muted">${t('editor.shortcuts.canvasHint')}</p>
      <table class="editor-shortcuts">
        <tbody>
          ${SHORTCUTS.map(
            ([keys, label]) =>
              html`<tr>
                <th scope="row"><kbd>${keys}</kbd></th>
                <td>${t(label)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`}
    .buttons=${html`<button type="button" data-role="cancel" @click=${onClose}>
      ${t('editor.shortcuts.close')}
    </button>`}
    @dialog-cancel=${onClose}
  ></lanes-editor-dialog>`;
}
