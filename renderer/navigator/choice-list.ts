/**
 * A keyboard-navigable list of places to go (the facets, the views of a
 * facet): buttons in a list with one tab stop; Up/Down/Home/End move between
 * them, Enter or Space picks. Picking fires `choose` with the item's key; the
 * page turns that into a route, so back/forward and deep links work.
 */
import { html, nothing } from 'lit';
import { LightElement } from '../base/light-element.ts';

export interface Choice {
  key: string;
  label: string;
  /** A short extra word shown after the label (e.g. "hierarchy"). */
  note?: string;
  /** Drawn before the label, decorative. */
  icon?: string;
  /** Marks the name as a fallback from another culture (tooltip text). */
  fallbackNote?: string | null;
}

class ChoiceList extends LightElement {
  static override properties = {
    choices: { attribute: false },
    current: { attribute: false },
    label: { attribute: false },
    testId: { attribute: false },
  };
  declare choices: Choice[];
  declare current: string | undefined;
  declare label: string;
  declare testId: string;
  #focusKey: string | null = null;

  constructor() {
    super();
    this.choices = [];
    this.label = '';
    this.testId = 'choices';
  }

  protected override render(): unknown {
    const tabStop = this.choices.some((c) => c.key === this.#focusKey)
      ? this.#focusKey
      : this.choices.some((c) => c.key === this.current)
        ? this.current
        : this.choices[0]?.key;
    return html`<ul
      class="nav-choices"
      aria-label=${this.label}
      data-testid=${this.testId}
      @keydown=${this.#onKeyDown}
    >
      ${this.choices.map(
        (choice) =>
          html`<li>
            <button
              type="button"
              data-key=${choice.key}
              tabindex=${choice.key === tabStop ? 0 : -1}
              aria-current=${choice.key === this.current ? 'true' : 'false'}
              title=${choice.fallbackNote ?? nothing}
              @click=${() => this.#choose(choice.key)}
              @focus=${() => (this.#focusKey = choice.key)}
            >
              ${choice.icon ? html`<span class="nav-choice-icon" aria-hidden="true">${choice.icon}</span>` : nothing}
              <span class="nav-choice-label">${choice.label}</span>
              ${choice.note ? html`<span class="nav-choice-note">(${choice.note})</span>` : nothing}
            </button>
          </li>`,
      )}
    </ul>`;
  }

  #choose(key: string): void {
    this.dispatchEvent(new CustomEvent<string>('choose', { detail: key, bubbles: true, composed: true }));
  }

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = [...this.querySelectorAll<HTMLButtonElement>('button[data-key]')];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const to =
      event.key === 'ArrowDown'
        ? Math.min(buttons.length - 1, at + 1)
        : event.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    this.#focusKey = buttons[to]!.dataset.key ?? null;
    this.requestUpdate();
    buttons[to]!.focus();
  };
}
customElements.define('lanes-choice-list', ChoiceList);
