/**
 * What the editor says about a diagram from another tool before the user
 * saves over it: the parts bpmn-js could not read (a banner and a list that
 * names the elements), the encoding a file was converted from, and lint that
 * could not check the diagram.
 */
import { html, nothing } from 'lit';
import { t } from '../../i18n/locale-controller.ts';
import type { ImportWarning } from '../canvas/import-warnings.ts';

/** Per tab: whether the losses banner and list are shown, for the warnings of the last import. */
export class ImportLossView {
  #seen: readonly ImportWarning[] = [];
  bannerDismissed = false;
  listOpen = false;

  /** A new import brings its own warnings: show them again, list open. */
  sync(warnings: readonly ImportWarning[]): void {
    if (warnings === this.#seen) return;
    this.#seen = warnings;
    this.bannerDismissed = false;
    this.listOpen = warnings.length > 0;
  }
}

export function renderImportLossBanner(count: number, view: ImportLossView, onChange: () => void): unknown {
  if (count === 0 || view.bannerDismissed) return nothing;
  return html`<div class="editor-banner loss-banner" role="alert" data-testid="editor-import-loss-banner">
    <span>${t('editor.importWarnings.banner', { count })}</span>
    <button
      type="button"
      data-testid="editor-import-warnings-toggle"
      aria-expanded=${view.listOpen ? 'true' : 'false'}
      @click=${() => {
        view.listOpen = !view.listOpen;
        onChange();
      }}
    >
      ${t(view.listOpen ? 'editor.importWarnings.hide' : 'editor.importWarnings.show')}
    </button>
    <button
      type="button"
      data-testid="editor-import-loss-dismiss"
      @click=${() => {
        view.bannerDismissed = true;
        view.listOpen = false;
        onChange();
      }}
    >
      ${t('editor.notice.dismiss')}
    </button>
  </div>`;
}

/** The list beside the canvas; a row with an element selects it when it is drawn. */
export function renderImportWarnings(
  warnings: readonly ImportWarning[],
  view: ImportLossView,
  onSelect: (elementId: string) => void,
  onChange: () => void,
): unknown {
  if (warnings.length === 0 || !view.listOpen) return nothing;
  return html`<section
    class="editor-problems editor-import-warnings"
    data-testid="editor-import-warnings"
    aria-labelledby="import-warnings-heading"
  >
    <div class="editor-import-warnings-head">
      <h3 id="import-warnings-heading">${t('editor.importWarnings.heading', { count: warnings.length })}</h3>
      <button
        type="button"
        class="editor-import-warnings-close"
        data-testid="editor-import-warnings-close"
        @click=${() => {
          view.listOpen = false;
          onChange();
        }}
      >
        ${t('editor.importWarnings.hide')}
      </button>
    </div>
    <p class="muted">${t('editor.importWarnings.intro')}</p>
    <ul>
      ${warnings.map(
        (warning) =>
          html`<li>
            <button
              type="button"
              class="editor-problem"
              data-testid="editor-import-warning"
              data-element-id=${warning.elementId ?? ''}
              @click=${() => warning.elementId && onSelect(warning.elementId)}
            >
              <span class="editor-problem-severity"
                >${
                  warning.elementId
                    ? [warning.elementType, warning.elementId].filter(Boolean).join(' ')
                    : warning.line !== null
                      ? t('editor.importWarnings.line', { line: warning.line })
                      : t('editor.importWarnings.document')
                }</span
              >
              <span class="editor-import-warning-message">${warning.message}</span>
            </button>
          </li>`,
      )}
    </ul>
  </section>`;
}

export function renderEncodingNote(convertedFrom: string | null, onDismiss: () => void): unknown {
  if (!convertedFrom) return nothing;
  return html`<p class="editor-notice" role="status" data-testid="editor-encoding-note">
    <span>${t('editor.encoding.converted', { encoding: convertedFrom })}</span>
    <button type="button" data-testid="editor-encoding-dismiss" @click=${onDismiss}>
      ${t('editor.notice.dismiss')}
    </button>
  </p>`;
}

export function renderLintUnavailable(reason: string | null): unknown {
  if (reason === null) return nothing;
  return html`<p class="editor-notice" role="status" data-testid="editor-lint-unavailable">
    ${t('editor.lint.unavailable', { reason })}
  </p>`;
}

/** The diagram came without a layout and Lanes generated one (auto-layout.ts). */
export function renderGeneratedLayoutNote(flowNodes: number | null, onDismiss: () => void): unknown {
  if (flowNodes === null) return nothing;
  return html`<p class="editor-notice" role="status" data-testid="editor-layout-generated">
    <span>${t('autoLayout.generated', { count: flowNodes })}</span>
    <button type="button" data-testid="editor-layout-generated-dismiss" @click=${onDismiss}>
      ${t('editor.notice.dismiss')}
    </button>
  </p>`;
}
