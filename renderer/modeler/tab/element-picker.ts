import { html, nothing } from 'lit';
import { pickCulture } from '../../../shared/domain/culture.ts';
import type { ElementSummary } from '../../../shared/domain/workspace.ts';
import { stateLabel } from '../../base/element-format.ts';
import { t } from '../../i18n/locale-controller.ts';
import { ClientElement } from '../../base/client-element.ts';
import './editor-dialog.ts';

/** Where processes are listed (the service's process facet and its flat list view). */
export const PROCESS_FACET = 'processes';
const PROCESS_VIEW = 'processList';

export interface PickedElement {
  facet: string;
  view: string;
  id: string;
  name: string;
}

/**
 * "Save as draft of element…": pick the process a local diagram becomes a
 * draft of, filtered by name as the user types (the service's filter online,
 * the cache offline).
 */
class ElementPicker extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    open: { type: Boolean },
    heading: { attribute: false },
    items: { state: true },
  };
  declare culture: number;
  declare open: boolean;
  /** The dialog's question; default: "Save as draft of which process?". */
  declare heading: string | undefined;
  declare items: ElementSummary[];
  #request = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.open = false;
    this.items = [];
    this.culture = 1033;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('open') && this.open) void this.#search('');
  }

  #onInput(value: string): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#search(value), 200);
  }

  async #search(filter: string): Promise<void> {
    const request = ++this.#request;
    try {
      const page = await this.client.request('workspace.elements', {
        facet: PROCESS_FACET,
        view: PROCESS_VIEW,
        ...(filter.trim() ? { filter: filter.trim() } : {}),
        pageSize: 50,
      });
      if (request === this.#request) this.items = page.items;
    } catch (error) {
      if (request === this.#request) this.reportError(error);
    }
  }

  #pick(item: ElementSummary): void {
    const detail: PickedElement = {
      facet: item.facetName || PROCESS_FACET,
      view: PROCESS_VIEW,
      id: item.id,
      name: pickCulture(item.displayNames, this.culture).text || item.id,
    };
    this.dispatchEvent(new CustomEvent<PickedElement>('element-picked', { detail, bubbles: true }));
  }

  #cancel(): void {
    this.dispatchEvent(new CustomEvent('dialog-cancel', { bubbles: true }));
  }

  protected override render(): unknown {
    return html`<lanes-editor-dialog
      data-testid="editor-element-picker"
      .open=${this.open}
      .heading=${this.heading ?? t('editor.picker.heading')}
      .body=${html`<label class="editor-picker-filter"
          >${t('editor.picker.filter')}
          <input
            type="search"
            autofocus
            data-testid="editor-picker-filter"
            @input=${(event: Event) => this.#onInput((event.target as HTMLInputElement).value)}
        /></label>
        ${
          this.items.length === 0
            ? html`<p class="muted">${t('editor.picker.none')}</p>`
            : html`<ul class="editor-picker-list">
                ${this.items.map(
                  (item) =>
                    html`<li>
                      <button
                        type="button"
                        data-testid="editor-picker-item"
                        data-element-id=${item.id}
                        @click=${() => this.#pick(item)}
                      >
                        ${pickCulture(item.displayNames, this.culture).text || item.id}
                        ${item.state ? html`<span class="muted">${stateLabel(item.state)}</span>` : nothing}
                      </button>
                    </li>`,
                )}
              </ul>`
        }`}
      .buttons=${html`<button type="button" data-role="cancel" @click=${() => this.#cancel()}>
        ${t('editor.picker.cancel')}
      </button>`}
      @dialog-cancel=${(event: Event) => {
        if (event.target !== this) {
          event.stopPropagation();
          this.#cancel();
        }
      }}
    ></lanes-editor-dialog>`;
  }
}
customElements.define('lanes-element-picker', ElementPicker);
