/**
 * The data behind the navigator's rows: sibling lists loaded page by page
 * (the roots, and the children of every expanded element, fetched on first
 * expand), flattened into the rows a virtual list draws. A flat view is the
 * same model with only roots. No DOM here, so it is tested in Node.
 */
import type { ElementSummary, ElementsPage } from '../../shared/domain/workspace.ts';

/** Loads one page of a sibling list: the roots (parentId undefined) or an element's children. */
export type PageLoader = (parentId: string | undefined, page: number) => Promise<ElementsPage>;

export interface ElementRow {
  kind: 'element';
  /** The path of ids from the root: unique even if an element appears under two parents. */
  key: string;
  element: ElementSummary;
  level: number;
  /** -1 while more siblings may follow (ARIA's "unknown"). */
  setSize: number;
  posInSet: number;
  /** null for a leaf. */
  expanded: boolean | null;
  parentKey: string | null;
}

/** Stands for the rest of a sibling list: shown while it loads, and asks for the next page when drawn. */
export interface PendingRow {
  kind: 'pending';
  key: string;
  level: number;
  parentId: string | undefined;
  loading: boolean;
  error: unknown;
}

export type Row = ElementRow | PendingRow;

interface SiblingList {
  items: ElementSummary[];
  page: number;
  hasMore: boolean;
  loading: Promise<void> | null;
  error: unknown;
}

const ROOTS = '';

export class ElementTreeModel {
  readonly #load: PageLoader;
  readonly #onChange: () => void;
  readonly #lists = new Map<string, SiblingList>();
  readonly #expanded = new Set<string>();
  #rows: Row[] | null = null;
  #disposed = false;

  constructor(load: PageLoader, onChange: () => void = () => {}) {
    this.#load = load;
    this.#onChange = onChange;
  }

  /** Stops reporting changes (a newer model replaced this one). */
  dispose(): void {
    this.#disposed = true;
  }

  get rootsLoaded(): boolean {
    const roots = this.#lists.get(ROOTS);
    return Boolean(roots && roots.page > 0);
  }

  /** The visible rows, top to bottom; recomputed only after a change, not on scroll. */
  rows(): Row[] {
    this.#rows ??= this.#flatten();
    return this.#rows;
  }

  /** Loads the first page of roots; a failure is thrown (the page shows it in place of the tree). */
  async loadRoots(): Promise<void> {
    await this.#loadPage(undefined, true);
  }

  /** Loads the next page of a sibling list if there is one and none is loading. */
  async loadMore(parentId: string | undefined): Promise<void> {
    const list = this.#lists.get(parentId ?? ROOTS);
    if (!list || !list.hasMore || list.loading || list.error) return;
    await this.#loadPage(parentId, false);
  }

  /** Clears a failed page load so that the pending row asks again. */
  retry(parentId: string | undefined): void {
    const list = this.#lists.get(parentId ?? ROOTS);
    if (!list) return;
    list.error = null;
    this.#changed();
  }

  /** Expands a row, fetching its children the first time; on failure it collapses again and throws. */
  async expand(row: ElementRow): Promise<void> {
    if (row.expanded !== false) return;
    this.#expanded.add(row.key);
    const id = row.element.id;
    const list = this.#lists.get(id);
    if (!list || (list.page === 0 && !list.loading)) {
      try {
        await this.#loadPage(id, true);
      } catch (error) {
        this.#lists.delete(id);
        this.#expanded.delete(row.key);
        this.#changed();
        throw error;
      }
      return;
    }
    this.#changed();
  }

  collapse(row: ElementRow): void {
    if (!this.#expanded.delete(row.key)) return;
    this.#changed();
  }

  /** Keys of the expanded rows, parents before children: enough to restore the tree later. */
  expandedKeys(): string[] {
    return [...this.#expanded].sort((a, b) => a.split('/').length - b.split('/').length);
  }

  /** Expands rows again by key (after a return to the view); keys whose rows are gone are skipped. */
  async restore(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const row = this.rows().find((r): r is ElementRow => r.kind === 'element' && r.key === key);
      if (row) await this.expand(row).catch(() => {});
    }
  }

  async #loadPage(parentId: string | undefined, first: boolean): Promise<void> {
    const listKey = parentId ?? ROOTS;
    let list = this.#lists.get(listKey);
    if (!list || first) {
      list = { items: [], page: 0, hasMore: true, loading: null, error: null };
      this.#lists.set(listKey, list);
    }
    const target = list;
    const run = async (): Promise<void> => {
      try {
        const page = await this.#load(parentId, target.page + 1);
        if (this.#lists.get(listKey) !== target) return;
        target.items = target.items.concat(page.items);
        target.page = page.page;
        target.hasMore = page.hasMore && page.items.length > 0;
      } catch (error) {
        target.error = error;
        throw error;
      } finally {
        target.loading = null;
        this.#changed();
      }
    };
    target.loading = run();
    this.#changed();
    await target.loading;
  }

  #changed(): void {
    this.#rows = null;
    if (!this.#disposed) this.#onChange();
  }

  #flatten(): Row[] {
    const rows: Row[] = [];
    const walk = (parentId: string | undefined, parentKey: string | null, level: number): void => {
      const list = this.#lists.get(parentId ?? ROOTS);
      if (!list) return;
      const setSize = list.hasMore ? -1 : list.items.length;
      list.items.forEach((element, i) => {
        const key = parentKey === null ? element.id : `${parentKey}/${element.id}`;
        const isOpen = this.#expanded.has(key);
        rows.push({
          kind: 'element',
          key,
          element,
          level,
          setSize,
          posInSet: i + 1,
          expanded: element.childCount > 0 ? isOpen : null,
          parentKey,
        });
        if (isOpen && element.childCount > 0) walk(element.id, key, level + 1);
      });
      if (list.hasMore || list.loading) {
        rows.push({
          kind: 'pending',
          key: `${parentKey ?? ''}/…`,
          level,
          parentId,
          loading: Boolean(list.loading),
          error: list.error,
        });
      }
    };
    walk(undefined, null, 1);
    return rows;
  }
}
