import { html, nothing } from 'lit';
import { t } from '../../i18n/locale-controller.ts';
import { LightElement } from '../../base/light-element.ts';
import type { TabStatus } from '../tab/editor-tab.ts';
import type { EditorTabEntry, EditorTabsState } from '../tab/editor-tabs.ts';
import { tabTitles, type TabTitle } from './tab-titles.ts';
import './editor-tab-strip.css';

/** Pixels one click on a scroll arrow moves the tabs: about two tabs. */
const scrollStep = 240;
/** Pixels kept between the front tab and the edge of the visible row when it is scrolled into view. */
const revealMargin = 8;

/**
 * The row of open diagrams above the editor. Tabs keep one line (long names
 * end in an ellipsis, the full name is the tooltip; names that start alike
 * keep the end that tells them apart, tab-titles.ts; a badge is never cut, the
 * name gives way); when they do not fit, the row scrolls inside itself with
 * arrows at its ends, so the page never scrolls sideways and "New diagram"
 * stays in reach. The front tab is always wholly in sight: scrolled to when it
 * is chosen or opened, when its badge changes, and when the row's width does.
 * It only renders: what a click means is the workspace's (events `tab-select`,
 * `tab-close`, `open-file`, `new-diagram`).
 */
class EditorTabStrip extends LightElement {
  static override properties = {
    tabs: { attribute: false },
    statuses: { attribute: false },
    overflowLeft: { state: true },
    overflowRight: { state: true },
  };
  declare tabs: EditorTabsState;
  declare statuses: ReadonlyMap<string, TabStatus>;
  declare overflowLeft: boolean;
  declare overflowRight: boolean;
  readonly #resize = new ResizeObserver(() => {
    this.#measure();
    this.#reveal();
  });
  /** Whether the arrows were shown at the last update: showing them narrows the row. */
  #arrows = false;

  constructor() {
    super();
    this.statuses = new Map();
    this.overflowLeft = false;
    this.overflowRight = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
  }

  get #list(): HTMLElement | null {
    return this.querySelector<HTMLElement>('.editor-tab-list');
  }

  protected override updated(changed: Map<string, unknown>): void {
    const list = this.#list;
    if (!list) return;
    this.#resize.observe(list);
    const arrows = this.overflowLeft || this.overflowRight;
    // Not on every scroll by the arrows (that would pull the row back): on a new front tab, a changed
    // badge, and when the arrows come or go.
    if (changed.has('tabs') || changed.has('statuses') || arrows !== this.#arrows) {
      this.#arrows = arrows;
      this.#reveal();
      this.#measure();
    }
  }

  /** Scrolls the row so that the front tab lies wholly inside it, clear of the arrows at its ends. */
  #reveal(): void {
    const list = this.#list;
    const active = this.tabs.activeKey;
    const handle = active
      ? list?.querySelector<HTMLElement>(`.editor-tab-handle[data-tab-key="${CSS.escape(active)}"]`)
      : null;
    if (!list || !handle) return;
    const row = list.getBoundingClientRect();
    const tab = handle.getBoundingClientRect();
    // A tab wider than the row shows its start (the name), the rest scrolls.
    if (tab.left < row.left || tab.width > row.width) list.scrollLeft -= row.left - tab.left + revealMargin;
    else if (tab.right > row.right) list.scrollLeft += tab.right - row.right + revealMargin;
  }

  #measure(): void {
    const list = this.#list;
    if (!list) return;
    this.overflowLeft = list.scrollLeft > 1;
    this.overflowRight = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
  }

  #scroll(direction: -1 | 1): void {
    this.#list?.scrollBy({ left: direction * scrollStep });
    this.#measure();
  }

  #emit(type: string, key?: string): void {
    this.dispatchEvent(new CustomEvent(type, { detail: key, bubbles: true }));
  }

  /** Middle-click closes, as in every browser and IDE. */
  #onAuxClick(event: MouseEvent, key: string): void {
    if (event.button !== 1) return;
    event.preventDefault();
    this.#emit('tab-close', key);
  }

  /**
   * One tab and its close button. A tablist may own only tabs (axe:
   * aria-required-children), so the close button is for the pointer and
   * hidden from assistive technology; the keyboard closes with Ctrl+W.
   */
  #renderTab(entry: EditorTabEntry, title: string, shown: TabTitle): unknown {
    const status = this.statuses.get(entry.key);
    const selected = entry.key === this.tabs.activeKey;
    return html`<span
      class="editor-tab-handle"
      data-testid="editor-tab"
      data-tab-key=${entry.key}
      @auxclick=${(event: MouseEvent) => this.#onAuxClick(event, entry.key)}
      @mousedown=${(event: MouseEvent) => {
        // Keeps Chromium from starting autoscroll on a middle press.
        if (event.button === 1) event.preventDefault();
      }}
      ><button
        type="button"
        role="tab"
        id="editor-tab-${entry.key}"
        data-tab-key=${entry.key}
        data-testid="editor-tab-select"
        aria-selected=${selected ? 'true' : 'false'}
        tabindex=${selected ? '0' : '-1'}
        title=${title}
        @click=${() => this.#emit('tab-select', entry.key)}
      >
        <span class="editor-tab-title" data-testid="editor-tab-title"
          ><span class="editor-tab-title-head">${shown.head}</span>${
            shown.tail ? html`<span class="editor-tab-title-tail">${shown.tail}</span>` : nothing
          }</span
        >
        ${
          status?.dirty
            ? html`<span
                class="editor-dirty"
                data-testid="editor-dirty"
                role="img"
                aria-label=${t('editor.tab.dirty')}
                title=${t('editor.tab.dirty')}
                >•</span
              >`
            : nothing
        }
        ${
          status?.badge
            ? html`<span class="editor-badge" data-testid="editor-badge" data-badge=${status.badge}
                >${t(`editor.badge.${status.badge}`)}</span
              >`
            : nothing
        }</button
      ><button
        type="button"
        class="editor-tab-close"
        data-testid="editor-tab-close"
        aria-hidden="true"
        tabindex="-1"
        aria-label=${t('editor.tab.close', { name: title })}
        title=${t('editor.tab.close', { name: title })}
        @click=${() => this.#emit('tab-close', entry.key)}
      >
        ×
      </button></span
    >`;
  }

  #renderTabs(): unknown {
    const titles = this.tabs.tabs.map(
      (entry) =>
        this.statuses.get(entry.key)?.title ??
        (entry.source.kind === 'file' ? entry.source.name : entry.source.target.id),
    );
    // One line each: a name's line breaks and runs of spaces show as one space (the tooltip keeps them).
    const shown = tabTitles(titles.map((title) => title.replace(/\s+/g, ' ')));
    return this.tabs.tabs.map((entry, i) => this.#renderTab(entry, titles[i]!, shown[i]!));
  }

  protected override render(): unknown {
    return html`<div class="editor-tabs">
      <button
        type="button"
        class="editor-tabs-scroll"
        data-testid="editor-tabs-scroll-left"
        aria-label=${t('editor.tabs.scrollLeft')}
        title=${t('editor.tabs.scrollLeft')}
        ?hidden=${!this.overflowLeft && !this.overflowRight}
        ?disabled=${!this.overflowLeft}
        @click=${() => this.#scroll(-1)}
      >
        ‹
      </button>
      <div
        class="editor-tab-list"
        role="tablist"
        aria-label=${t('editor.workspace.label')}
        @scroll=${() => this.#measure()}
      >
        ${this.#renderTabs()}
      </div>
      <button
        type="button"
        class="editor-tabs-scroll"
        data-testid="editor-tabs-scroll-right"
        aria-label=${t('editor.tabs.scrollRight')}
        title=${t('editor.tabs.scrollRight')}
        ?hidden=${!this.overflowLeft && !this.overflowRight}
        ?disabled=${!this.overflowRight}
        @click=${() => this.#scroll(1)}
      >
        ›
      </button>
      <span class="editor-tabs-actions">
        <button type="button" data-testid="editor-open-file" @click=${() => this.#emit('open-file')}>
          ${t('editor.openFile')}
        </button>
        <button type="button" data-testid="editor-new-diagram" @click=${() => this.#emit('new-diagram')}>
          ${t('editor.newDiagram')}
        </button>
      </span>
    </div>`;
  }
}
customElements.define('lanes-editor-tab-strip', EditorTabStrip);
