/**
 * The translation workbench's rows and what state each is in, as plain
 * functions without the validation library, so the renderer recomputes a
 * row's state as the translator types, and main counts the same states for
 * the coverage report.
 */

/** Which text of an element: its name (a group's label), a text annotation's text, its documentation. */
export type TextField = 'name' | 'text' | 'documentation';
export const textFields = ['name', 'text', 'documentation'] as const;

/**
 * - missing: the source has a text, the target has none;
 * - same: the target reads exactly like the source (often a text nobody translated yet);
 * - outdated: the source changed since the target was last translated in Lanes;
 * - done: translated.
 */
export type RowState = 'missing' | 'same' | 'outdated' | 'done';

/** One text of one element in one culture's export. */
export interface TextItem {
  /** `{element id}#{field}`: the same in every culture's export of the process. */
  key: string;
  id: string;
  field: TextField;
  /** The element's BPMN type (bpmn:UserTask), from the metamodel. */
  type: string;
  text: string | null;
}

export function textKey(id: string, field: TextField): string {
  return `${id}#${field}`;
}

/** The user's translation of a row that the service does not have yet. */
export interface RowEdit {
  text: string;
  /** The target text on the service when the translator started (a different one now: changed meanwhile). */
  base: string | null;
  /** The source text the translation was made from. */
  source: string | null;
  /** draft: kept in Lanes; queued: in the outbox, waiting to be sent. */
  state: 'draft' | 'queued';
}

/** The last translation of a row that reached the service through Lanes: what it was translated from. */
export interface RowLedger {
  source: string;
  text: string;
}

export interface TranslationRow {
  key: string;
  id: string;
  field: TextField;
  type: string;
  source: string | null;
  /** The target culture's text as the service exports it. */
  server: string | null;
  edit: RowEdit | null;
  ledger: RowLedger | null;
}

/** The target text as the translator sees it: their own, else the service's. */
export function targetText(row: Pick<TranslationRow, 'edit' | 'server'>): string | null {
  const text = row.edit ? row.edit.text : row.server;
  return text === '' ? null : text;
}

export function rowState(row: TranslationRow): RowState {
  const target = targetText(row);
  if (target === null) return 'missing';
  if (row.source !== null && target === row.source) return 'same';
  const from = row.edit
    ? row.edit.source
    : row.ledger && target === row.ledger.text
      ? row.ledger.source
      : null;
  if (from !== null && row.source !== null && from !== row.source) return 'outdated';
  return 'done';
}

/** The service changed the target text after the translator began (never overwritten without asking). */
export function changedOnService(row: TranslationRow): boolean {
  return row.edit !== null && row.edit.state === 'draft' && row.edit.base !== row.server;
}

/** Rows worth translating: the source has a text, or the target has one to keep in view. */
export function isTranslatable(row: Pick<TranslationRow, 'source' | 'server'>): boolean {
  return row.source !== null || row.server !== null;
}
