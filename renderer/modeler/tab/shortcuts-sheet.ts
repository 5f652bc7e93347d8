import { keyWords } from './key-words.ts';
import { html } from 'lit';
import { t } from '../../i18n/locale-controller.ts';
import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import { sheetSections, type SheetSection } from '../../../shared/domain/editor-actions.ts';
import { sheetRows, shownChord } from '../../../shared/domain/key-chords.ts';
import './editor-dialog.ts';

const SECTION_HEADING: Record<SheetSection, MessageKey> = {
  document: 'editor.shortcuts.section.document',
  edit: 'editor.shortcuts.section.edit',
  tools: 'editor.shortcuts.section.tools',
  view: 'editor.shortcuts.section.view',
  tabs: 'editor.shortcuts.section.tabs',
};

export function renderShortcutsSheet(open: boolean, onClose: () => void): unknown {
  // Ctrl is ⌘ on macOS: the sheet names both, in the UI language ("Strg/⌘").
  const words = keyWords(true);
  return html`<lanes-editor-dialog
    data-testid="editor-shortcuts-sheet"
    .open=${open}
    .heading=${t('editor.shortcuts.heading')}
    .body=${html`<p class="muted">${t('editor.shortcuts.canvasHint')}</p>
      <div class="editor-shortcuts-columns">
        ${sheetSections.map(
          (section) =>
            html`<table class="editor-shortcuts" data-section=${section}>
              <caption class="editor-shortcuts-section">
                ${t(SECTION_HEADING[section])}
              </caption>
              <tbody>
                ${sheetRows(section).map(
                  (row) =>
                    html`<tr data-action=${row.id}>
                      <th scope="row">
                        ${row.chords.map(
                          (chord, index) =>
                            html`${index > 0 ? ', ' : ''}<kbd>${shownChord(chord, words, ' + ')}</kbd>`,
                        )}
                      </th>
                      <td>${t(row.label)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
        )}
      </div>`}
    .buttons=${html`<button type="button" data-role="cancel" @click=${onClose}>
      ${t('editor.shortcuts.close')}
    </button>`}
    @dialog-cancel=${onClose}
  ></lanes-editor-dialog>`;
}
