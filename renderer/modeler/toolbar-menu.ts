import { html, nothing } from 'lit';
import { LightElement } from '../base/light-element.ts';
import { icon, type IconName } from '../base/icons.ts';

export interface ToolbarMenuItem {
  /** Becomes `data-testid="editor-<id>"`: the same hook as when it was a button of its own. */
  id: string;
  label: string;
}

/**
 * A toolbar button (its icon and a small arrow) that opens a short menu (Export: SVG, PNG, PDF, print,
 * save to file), so rarely used actions keep the toolbar on one row. The
 * WAI-ARIA menu-button pattern: Enter, Space or Arrow Down opens it on the
 * first item, arrows move, Esc closes and returns to the button, Tab leaves.
 */
export class ToolbarMenu extends LightElement {
  static override properties = {
    label: { attribute: false },
    iconName: { attribute: false },
    testId: { attribute: false },
    items: { attribute: false },
    disabled: { type: Boolean },
    open: { state: true },
  };
  declare label: string;
  declare iconName: IconName;
  declare testId: string;
  declare items: readonly ToolbarMenuItem[];
  declare disabled: boolean;
  declare open: boolean;

  constructor() {
    super();
    this.label = '';
    this.iconName = 'export';
    this.testId = 'editor-menu';
    this.items = [];
    this.disabled = false;
    this.open = false;
    this.addEventListener('focusout', (event) => {
      if (!this.contains(event.relatedTarget as Node | null)) this.open = false;
    });
  }

  #entries(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>('[role=menuitem]')];
  }

  async #show(focus: 'first' | 'last'): Promise<void> {
    if (this.disabled || this.items.length === 0) return;
    this.open = true;
    await this.updateComplete;
    const entries = this.#entries();
    (focus === 'first' ? entries[0] : entries.at(-1))?.focus();
  }

  #close(returnFocus: boolean): void {
    this.open = false;
    if (returnFocus) this.querySelector<HTMLElement>('.toolbar-menu-button')?.focus();
  }

  #choose(id: string): void {
    this.#close(true);
    this.dispatchEvent(new CustomEvent<string>('menu-choose', { detail: id }));
  }

  #onButtonKey(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      void this.#show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  #onMenuKey(event: KeyboardEvent): void {
    const entries = this.#entries();
    const index = entries.indexOf(document.activeElement as HTMLElement);
    let next: number;
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        this.#close(true);
        return;
      case 'ArrowDown':
        next = (index + 1) % entries.length;
        break;
      case 'ArrowUp':
        next = (index - 1 + entries.length) % entries.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = entries.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    entries[next]?.focus();
  }

  protected override render(): unknown {
    return html`<button
        type="button"
        class="toolbar-button toolbar-menu-button"
        data-testid=${this.testId}
        aria-haspopup="menu"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-disabled=${this.disabled || this.items.length === 0 ? 'true' : 'false'}
        aria-label=${this.label}
        title=${this.label}
        @click=${() => (this.open ? this.#close(false) : void this.#show('first'))}
        @keydown=${(event: KeyboardEvent) => this.#onButtonKey(event)}
      >
        ${icon(this.iconName)}${icon('chevronDown')}
      </button>
      ${
        this.open
          ? html`<ul
              class="toolbar-menu-list"
              role="menu"
              aria-label=${this.label}
              @keydown=${(event: KeyboardEvent) => this.#onMenuKey(event)}
            >
              ${this.items.map(
                (item) =>
                  html`<li role="none">
                    <button
                      type="button"
                      role="menuitem"
                      tabindex="-1"
                      data-testid="editor-${item.id}"
                      @click=${() => this.#choose(item.id)}
                    >
                      ${item.label}
                    </button>
                  </li>`,
              )}
            </ul>`
          : nothing
      }`;
  }
}
customElements.define('lanes-toolbar-menu', ToolbarMenu);
