/**
 * The navigator's virtualized rows: a WAI-ARIA tree for hierarchical views, a
 * listbox for flat views and filter results. Only the rows in view (plus
 * overscan, plus the focused row) are in the DOM, placed through CSSOM
 * (cssomStyle) at fixed heights, so 10,000 rows scroll like 20. Keyboard:
 * roving tabindex; Up/Down/PageUp/PageDown/Home/End move, Right/Left expand,
 * collapse or go to child/parent, `*` expands the siblings, Enter opens.
 */
import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ElementSummary } from '../../shared/domain/workspace.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { LightElement, toErrorData } from '../base/light-element.ts';
import type { ElementRow, ElementTreeModel, PendingRow, Row } from './element-tree-model.ts';
import { cssomStyle } from '../base/cssom-style.ts';
import { elementRowContent } from './element-row.ts';
import { renderedIndices, rowWindow, rowsPerPage, scrollToReveal } from './virtual-range.ts';

export const ROW_HEIGHT = 32;
const OVERSCAN = 8;
const INDENT = 18;

/** Where the user was in the rows, to come back to after opening an element. */
export interface RowsSnapshot {
  focusedKey: string | null;
  scrollTop: number;
  hadFocus: boolean;
}

export class ElementRows extends LightElement {
  static override properties = {
    model: { attribute: false },
    mode: { attribute: false },
    culture: { attribute: false },
    label: { attribute: false },
    revision: { attribute: false },
  };
  declare model: ElementTreeModel | undefined;
  declare mode: 'tree' | 'list';
  declare culture: number;
  declare label: string;
  /** Bumped by the owner whenever the model changed, so the rows re-render. */
  declare revision: number;
  #scrollTop = 0;
  #height = 480;
  #focusedKey: string | null = null;
  #indexCache: { rows: Row[]; index: Map<string, number> } | null = null;
  readonly #resize = new ResizeObserver((entries) => {
    const height = entries[0]?.contentRect.height ?? 0;
    if (height > 0 && height !== this.#height) {
      this.#height = height;
      this.requestUpdate();
    }
  });

  constructor() {
    super();
    this.mode = 'tree';
    this.culture = 1033;
    this.label = '';
    this.revision = 0;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
  }

  protected override firstUpdated(): void {
    const viewport = this.#viewport();
    if (viewport) this.#resize.observe(viewport);
  }

  snapshot(): RowsSnapshot {
    return {
      focusedKey: this.#focusedKey,
      scrollTop: this.#scrollTop,
      hadFocus: this.contains(document.activeElement),
    };
  }

  async restoreSnapshot(snapshot: RowsSnapshot): Promise<void> {
    await this.updateComplete;
    const viewport = this.#viewport();
    if (!viewport) return;
    viewport.scrollTop = snapshot.scrollTop;
    this.#scrollTop = viewport.scrollTop;
    const index = snapshot.focusedKey === null ? -1 : this.#indexOf(snapshot.focusedKey);
    if (index < 0) return this.requestUpdate();
    this.#focusedKey = snapshot.focusedKey;
    if (snapshot.hadFocus) this.#focusRow(index);
    else this.requestUpdate();
  }

  protected override render(): unknown {
    const rows = this.model?.rows() ?? [];
    const window = rowWindow({
      scrollTop: this.#scrollTop,
      height: this.#height,
      rowHeight: ROW_HEIGHT,
      total: rows.length,
      overscan: OVERSCAN,
    });
    const focused = this.#focusedKey === null ? -1 : this.#indexOf(this.#focusedKey);
    const tabbable = focused >= 0 ? focused : this.#firstElementIndex(rows, window.start);
    const indices = renderedIndices(window, focused >= 0 ? focused : null);
    return html`<div
      class="nav-rows"
      role=${this.mode === 'tree' ? 'tree' : 'listbox'}
      aria-label=${this.label}
      data-testid="nav-rows"
      data-total=${rows.length}
      @scroll=${this.#onScroll}
      @keydown=${this.#onKeyDown}
      @click=${this.#onClick}
      @dblclick=${this.#onDoubleClick}
    >
      <div
        class="nav-rows-spacer"
        role="none"
        ${cssomStyle({ height: `${rows.length * ROW_HEIGHT}px` })}
      ></div>
      ${repeat(
        indices,
        (i) => rows[i]!.key,
        (i) =>
          rows[i]!.kind === 'element'
            ? this.#elementRow(rows[i] as ElementRow, i, tabbable)
            : this.#pendingRow(rows[i] as PendingRow, i),
      )}
    </div>`;
  }

  protected override updated(): void {
    // A pending row that became visible asks for the next page: paging follows the scrolling.
    const rows = this.model?.rows() ?? [];
    const window = rowWindow({
      scrollTop: this.#scrollTop,
      height: this.#height,
      rowHeight: ROW_HEIGHT,
      total: rows.length,
      overscan: OVERSCAN,
    });
    for (let i = window.start; i < window.end; i++) {
      const row = rows[i]!;
      if (row.kind === 'pending' && !row.loading && !row.error) {
        this.model?.loadMore(row.parentId).catch(() => {});
      }
    }
  }

  #elementRow(row: ElementRow, index: number, tabbable: number): unknown {
    const tree = this.mode === 'tree';
    const selected = index === tabbable && this.#focusedKey !== null;
    return html`<div
      class="nav-row"
      role=${tree ? 'treeitem' : 'option'}
      tabindex=${index === tabbable ? 0 : -1}
      data-index=${index}
      data-key=${row.key}
      data-id=${row.element.id}
      data-testid="nav-row"
      data-child-count=${row.element.childCount}
      aria-level=${tree ? row.level : nothing}
      aria-expanded=${tree && row.expanded !== null ? String(row.expanded) : nothing}
      aria-setsize=${row.setSize}
      aria-posinset=${row.posInSet}
      aria-selected=${selected ? 'true' : 'false'}
      ${cssomStyle(this.#place(index, row.level))}
    >
      <span class="nav-twisty" aria-hidden="true" data-action="toggle"
        >${row.expanded === null ? '' : row.expanded ? '▾' : '▸'}</span
      >${elementRowContent(row.element, this.culture)}
    </div>`;
  }

  #pendingRow(row: PendingRow, index: number): unknown {
    const text = row.error
      ? t('navigator.loadFailed', { reason: tError(toErrorData(row.error)) })
      : t('navigator.loadingMore');
    return html`<div
      class="nav-row nav-pending${row.error ? ' nav-pending-failed' : ''}"
      role=${this.mode === 'tree' ? 'treeitem' : 'option'}
      aria-disabled="true"
      aria-selected="false"
      aria-level=${this.mode === 'tree' ? row.level : nothing}
      data-index=${index}
      data-key=${row.key}
      data-testid="nav-pending"
      title=${row.error ? t('navigator.retry') : nothing}
      ${cssomStyle(this.#place(index, row.level))}
    >
      <span class="nav-twisty" aria-hidden="true"></span>${text}
    </div>`;
  }

  #place(index: number, level: number): Record<string, string> {
    return {
      transform: `translateY(${index * ROW_HEIGHT}px)`,
      'padding-inline-start': `${8 + (level - 1) * INDENT}px`,
    };
  }

  #viewport(): HTMLElement | null {
    return this.querySelector<HTMLElement>('.nav-rows');
  }

  #indexOf(key: string): number {
    const rows = this.model?.rows() ?? [];
    if (this.#indexCache?.rows !== rows) {
      this.#indexCache = { rows, index: new Map(rows.map((row, i) => [row.key, i])) };
    }
    return this.#indexCache.index.get(key) ?? -1;
  }

  #firstElementIndex(rows: Row[], from: number): number {
    for (let i = from; i < rows.length; i++) if (rows[i]!.kind === 'element') return i;
    return rows.findIndex((row) => row.kind === 'element');
  }

  readonly #onScroll = (event: Event): void => {
    this.#scrollTop = (event.currentTarget as HTMLElement).scrollTop;
    this.requestUpdate();
  };

  #rowAt(event: Event): { row: Row; index: number } | null {
    // By key, not by the drawn index: the model may have changed since the last render.
    const target = (event.target as Element).closest<HTMLElement>('[data-key]');
    const index = target ? this.#indexOf(target.dataset.key ?? '') : -1;
    const row = index >= 0 ? this.model?.rows()[index] : undefined;
    return row ? { row, index } : null;
  }

  readonly #onClick = (event: MouseEvent): void => {
    const hit = this.#rowAt(event);
    if (!hit) return;
    if (hit.row.kind === 'pending') {
      if (hit.row.error) this.model?.retry(hit.row.parentId);
      return;
    }
    this.#focusedKey = hit.row.key;
    this.requestUpdate();
    if ((event.target as Element).closest('[data-action=toggle]')) void this.#toggle(hit.row);
  };

  readonly #onDoubleClick = (event: MouseEvent): void => {
    const hit = this.#rowAt(event);
    if (hit?.row.kind === 'element' && !(event.target as Element).closest('[data-action=toggle]')) {
      this.#open(hit.row.element);
    }
  };

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const hit = this.#rowAt(event);
    const rows = this.model?.rows() ?? [];
    if (!hit || hit.row.kind !== 'element') return;
    const { row, index } = hit;
    const page = rowsPerPage(this.#height, ROW_HEIGHT);
    const tree = this.mode === 'tree';
    switch (event.key) {
      case 'ArrowDown':
        this.#moveTo(this.#nextElement(rows, index, 1));
        break;
      case 'ArrowUp':
        this.#moveTo(this.#nextElement(rows, index, -1));
        break;
      case 'PageDown':
        this.#moveTo(this.#nearestElement(rows, Math.min(rows.length - 1, index + page), -1));
        break;
      case 'PageUp':
        this.#moveTo(this.#nearestElement(rows, Math.max(0, index - page), 1));
        break;
      case 'Home':
        this.#moveTo(this.#nearestElement(rows, 0, 1));
        break;
      case 'End':
        this.#moveTo(this.#nearestElement(rows, rows.length - 1, -1));
        break;
      case 'ArrowRight':
        if (!tree) return;
        if (row.expanded === false) void this.#toggle(row);
        else if (row.expanded === true) {
          const child = rows[index + 1];
          if (child?.kind === 'element' && child.parentKey === row.key) this.#moveTo(index + 1);
        }
        break;
      case 'ArrowLeft':
        if (!tree) return;
        if (row.expanded === true) this.model?.collapse(row);
        else if (row.parentKey !== null) this.#moveTo(this.#indexOf(row.parentKey));
        break;
      case '*':
        if (!tree) return;
        for (const sibling of rows) {
          if (
            sibling.kind === 'element' &&
            sibling.parentKey === row.parentKey &&
            sibling.expanded === false
          ) {
            void this.#toggle(sibling);
          }
        }
        break;
      case 'Enter':
        this.#open(row.element);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  #nextElement(rows: Row[], from: number, step: 1 | -1): number {
    for (let i = from + step; i >= 0 && i < rows.length; i += step) {
      if (rows[i]!.kind === 'element') return i;
    }
    return from;
  }

  #nearestElement(rows: Row[], from: number, step: 1 | -1): number {
    if (rows[from]?.kind === 'element') return from;
    const found = this.#nextElement(rows, from, step);
    return found !== from ? found : this.#nextElement(rows, from, step === 1 ? -1 : 1);
  }

  #moveTo(index: number): void {
    if (index >= 0) this.#focusRow(index);
  }

  #focusRow(index: number): void {
    const row = this.model?.rows()[index];
    const viewport = this.#viewport();
    if (!row || !viewport) return;
    this.#focusedKey = row.key;
    const top = scrollToReveal(index, viewport.scrollTop, viewport.clientHeight || this.#height, ROW_HEIGHT);
    if (top !== viewport.scrollTop) {
      viewport.scrollTop = top;
      this.#scrollTop = viewport.scrollTop;
    }
    // Rendered now, not at the next microtask: the next key press must already start from this row.
    this.requestUpdate();
    this.performUpdate();
    this.querySelector<HTMLElement>(`.nav-row[data-index="${index}"]`)?.focus({ preventScroll: true });
  }

  async #toggle(row: ElementRow): Promise<void> {
    if (row.expanded === true) {
      // A focused descendant disappears with the collapse: focus stays on the row that closed.
      this.#focusedKey = row.key;
      return this.model?.collapse(row);
    }
    try {
      await this.model?.expand(row);
    } catch (error) {
      this.reportError(error);
    }
  }

  #open(element: ElementSummary): void {
    this.dispatchEvent(new CustomEvent<ElementSummary>('element-open', { detail: element, bubbles: true }));
  }
}
customElements.define('lanes-element-rows', ElementRows);
