/**
 * The workbench's rows as the translator changes them: their texts, undo and
 * redo (one step per visit of a row, as a text field's own undo would group
 * typing), the filtered and searched list, and the edits still to be saved.
 * No DOM: the page draws it, tests drive it directly.
 */
import type { RowEdit, RowState, TranslationRow } from '../../shared/domain/translation-rows.ts';
import { rowState, targetText } from '../../shared/domain/translation-rows.ts';

export type StateFilter = RowState | 'all' | 'changed';

/** What the page sends to main for a row: its text (null: taken back), with what it started from. */
interface EditToSave {
  key: string;
  text: string | null;
  base: string | null;
  source: string | null;
}

interface Change {
  key: string;
  before: RowEdit | null;
  after: RowEdit | null;
}

/** One undo step: the typing of one row visit, or every text of an imported file. */
interface Step {
  changes: Change[];
}

export class TranslationModel {
  readonly #rows: TranslationRow[];
  readonly #byKey: Map<string, TranslationRow>;
  readonly #undo: Step[] = [];
  readonly #redo: Step[] = [];
  readonly #unsaved = new Set<string>();
  /** The row being typed in: its changes are one undo step until another row is visited. */
  #open: Change | null = null;
  /** While set, every change joins this step (an import). */
  #batch: Step | null = null;

  constructor(rows: readonly TranslationRow[]) {
    this.#rows = rows.map((row) => ({ ...row }));
    this.#byKey = new Map(this.#rows.map((row) => [row.key, row]));
  }

  get rows(): readonly TranslationRow[] {
    return this.#rows;
  }

  row(key: string): TranslationRow | undefined {
    return this.#byKey.get(key);
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  get canRedo(): boolean {
    return this.#redo.length > 0;
  }

  /** Ends the current row's undo step (the translator moved to another row). */
  leaveRow(): void {
    this.#open = null;
  }

  /** The translator's text for a row; the service's text again (or none) takes the edit back. */
  setText(key: string, text: string): void {
    const row = this.#byKey.get(key);
    if (!row) return;
    const before = row.edit;
    if (before?.state !== 'queued' && text === (row.server ?? '')) {
      this.#apply(key, null, true);
      return;
    }
    const base = before?.state === 'queued' ? before.text : before ? before.base : row.server;
    this.#apply(key, { text, base, source: row.source, state: 'draft' }, true);
  }

  /** The service changed the text meanwhile: the translator keeps theirs, now over the service's text. */
  keepMine(key: string): void {
    const row = this.#byKey.get(key);
    if (!row?.edit) return;
    this.leaveRow();
    this.#apply(key, { ...row.edit, base: row.server }, true);
    this.leaveRow();
  }

  /** The service's text wins: the translator's edit is taken back. */
  takeTheirs(key: string): void {
    this.leaveRow();
    this.#apply(key, null, true);
    this.leaveRow();
  }

  /** Texts from a file the translator imports: one undo step for all of them. */
  setMany(texts: ReadonlyArray<{ key: string; text: string }>): void {
    this.leaveRow();
    this.#batch = { changes: [] };
    try {
      for (const { key, text } of texts) {
        this.setText(key, text);
        this.leaveRow();
      }
      if (this.#batch.changes.length) this.#undo.push(this.#batch);
    } finally {
      this.#batch = null;
    }
  }

  /** Takes back the last step; the key of a row it changed (to show it), or null. */
  undo(): string | null {
    this.leaveRow();
    const step = this.#undo.pop();
    if (!step) return null;
    this.#redo.push(step);
    for (const change of [...step.changes].reverse()) this.#apply(change.key, change.before, false);
    return step.changes[0]!.key;
  }

  redo(): string | null {
    this.leaveRow();
    const step = this.#redo.pop();
    if (!step) return null;
    this.#undo.push(step);
    for (const change of step.changes) this.#apply(change.key, change.after, false);
    return step.changes[0]!.key;
  }

  #apply(key: string, edit: RowEdit | null, record: boolean): void {
    const row = this.#byKey.get(key)!;
    if (record) {
      if (this.#open?.key === key) this.#open.after = edit;
      else {
        this.#open = { key, before: row.edit, after: edit };
        if (this.#batch) this.#batch.changes.push(this.#open);
        else this.#undo.push({ changes: [this.#open] });
      }
      this.#redo.length = 0;
    }
    row.edit = edit;
    this.#unsaved.add(key);
  }

  /** The edits made since the last call, to be saved. */
  takeUnsaved(): EditToSave[] {
    const edits = [...this.#unsaved].map((key) => {
      const row = this.#byKey.get(key)!;
      const draft = row.edit?.state === 'draft' ? row.edit : null;
      return {
        key,
        text: draft?.text ?? null,
        base: draft?.base ?? null,
        source: draft?.source ?? row.source,
      };
    });
    this.#unsaved.clear();
    return edits;
  }

  get hasUnsaved(): boolean {
    return this.#unsaved.size > 0;
  }

  /** Rows matching a state and a search in either text (case-insensitive), in document order. */
  matching(filter: StateFilter, search: string): TranslationRow[] {
    const needle = search.trim().toLocaleLowerCase();
    return this.#rows.filter((row) => {
      if (filter === 'changed' ? row.edit?.state !== 'draft' : filter !== 'all' && rowState(row) !== filter)
        return false;
      if (!needle) return true;
      return [row.source, targetText(row)].some((text) => text?.toLocaleLowerCase().includes(needle));
    });
  }

  /** Counts per state, for the filter buttons. */
  counts(): Record<RowState, number> & { changed: number } {
    const counts = { missing: 0, same: 0, outdated: 0, done: 0, changed: 0 };
    for (const row of this.#rows) {
      counts[rowState(row)]++;
      if (row.edit?.state === 'draft') counts.changed++;
    }
    return counts;
  }
}

/** The index of the next row (after `from`, wrapping round) that is missing, in a list. */
export function nextMissing(rows: readonly TranslationRow[], from: number, step: 1 | -1 = 1): number {
  for (let i = 1; i <= rows.length; i++) {
    const index = (from + step * i + rows.length * 2) % rows.length;
    if (rowState(rows[index]!) === 'missing') return index;
  }
  return -1;
}
