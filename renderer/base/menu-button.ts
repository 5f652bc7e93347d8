import { html, nothing } from 'lit';
import { LightElement } from './light-element.ts';
import { icon, type IconName } from './icons.ts';
import './menu-button.css';

export interface MenuItem {
  /** Becomes `data-testid="<itemTestIdPrefix><id>"` and the `menu-choose` event's detail. */
  id: string;
  label: string;
}

/**
 * A button that opens a short menu, so rarely used actions stay out of the
 * way: the editor toolbar's Export (an icon and a small arrow), the element
 * page's further release transitions (a word and the arrow). The WAI-ARIA
 * menu-button pattern: Enter, Space or Arrow Down opens it on the first item,
 * arrows move, Esc closes and returns to the button, Tab leaves.
 */
class MenuButton extends LightElement {
  static override properties = {
    label: { attribute: false },
    text: { attribute: false },
    iconName: { attribute: false },
    testId: { attribute: false },
    itemTestIdPrefix: { attribute: false },
    buttonClass: { attribute: false },
    items: { attribute: false },
    disabled: { type: Boolean },
    describedBy: { attribute: false },
    open: { state: true },
  };
  /** The accessible name (and tooltip). */
  declare label: string;
  /** Shown on the button; none: the icon alone. */
  declare text: string;
  declare iconName: IconName | null;
  declare testId: string;
  declare itemTestIdPrefix: string;
  /** The look of the button where it stands (`toolbar-button` in the editor's toolbar). */
  declare buttonClass: string;
  declare items: readonly MenuItem[];
  declare disabled: boolean;
  /** The id of what explains the button (why it is disabled), for assistive technology. */
  declare describedBy: string;
  declare open: boolean;

  constructor() {
    super();
    this.label = '';
    this.text = '';
    this.iconName = null;
    this.testId = 'menu';
    this.itemTestIdPrefix = '';
    this.buttonClass = '';
    this.items = [];
    this.disabled = false;
    this.describedBy = '';
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
    if (returnFocus) this.querySelector<HTMLElement>('.menu-button-trigger')?.focus();
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
        class="menu-button-trigger ${this.buttonClass}"
        data-testid=${this.testId}
        aria-haspopup="menu"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-disabled=${this.disabled || this.items.length === 0 ? 'true' : 'false'}
        aria-label=${this.text ? nothing : this.label}
        aria-describedby=${this.describedBy || nothing}
        title=${this.label}
        @click=${() => (this.open ? this.#close(false) : void this.#show('first'))}
        @keydown=${(event: KeyboardEvent) => this.#onButtonKey(event)}
      >
        ${this.iconName ? icon(this.iconName) : nothing}${this.text ? html`<span>${this.text}</span>` : nothing}${icon('chevronDown')}
      </button>
      ${
        this.open
          ? html`<ul
              class="menu-button-list"
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
                      data-testid="${this.itemTestIdPrefix}${item.id}"
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
customElements.define('lanes-menu-button', MenuButton);
