/**
 * Sending a `translation` outbox operation: the translated texts of one
 * process in one target culture. They are written into the service's current
 * export *of that culture*, taken just before the import, so everything else
 * in it (a German change to the structure, another translator's texts) is
 * what the service has now, and posted with that culture's lcid: the source
 * culture is never sent anything. A text whose target the service changed
 * since the translator began is held back, never overwritten; after the
 * import the service's export is read again and every text it did not keep
 * is named (verified, like a publish).
 */
import type { NotKeptItem } from '../../shared/domain/editor.ts';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import { parseTranslatable, withTexts } from '../bpmn/translatable-texts.ts';
import type { OperationOf } from './outbox-store.ts';
import type { TranslationStore } from './translation-store.ts';

type TranslationOperation = OperationOf<'translation'>;

export interface PreparedTranslation {
  /** The document to import; null when nothing is left to send (all there already, or held back). */
  xml: string | null;
  /** Texts written into it (or already on the service as written). */
  applied: string[];
  /** Texts not sent: the service's target text changed meanwhile, or the element is gone. */
  heldBack: string[];
}

const options = (signal?: AbortSignal): { signal?: AbortSignal } => (signal ? { signal } : {});

export async function prepareTranslation(
  bpmn: BpmnClient,
  op: TranslationOperation,
  signal?: AbortSignal,
): Promise<PreparedTranslation> {
  const theirs = await bpmn.exportBpmn(op.elementId, op.payload.culture, options(signal));
  const now = new Map((await parseTranslatable(theirs)).items.map((item) => [item.key, item.text]));
  const applied: string[] = [];
  const heldBack: string[] = [];
  const changes: Array<{ key: string; text: string | null }> = [];
  for (const edit of op.payload.edits) {
    const wanted = edit.text === '' ? null : edit.text;
    if (!now.has(edit.key)) heldBack.push(edit.key);
    else if ((now.get(edit.key) ?? null) === wanted) applied.push(edit.key);
    else if ((now.get(edit.key) ?? null) === edit.base) {
      applied.push(edit.key);
      changes.push({ key: edit.key, text: wanted });
    } else heldBack.push(edit.key);
  }
  if (changes.length === 0) return { xml: null, applied, heldBack };
  const { xml } = await withTexts(theirs, changes);
  return { xml, applied, heldBack };
}

export async function sendTranslation(
  bpmn: BpmnClient,
  op: TranslationOperation,
  prepared: PreparedTranslation,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (prepared.xml === null) return undefined;
  return bpmn.importBpmn(op.elementId, op.payload.culture, prepared.xml, options(signal));
}

export interface TranslationVerification {
  notKept: NotKeptItem[];
  /** The keys of the texts not kept. */
  lost: string[];
}

/**
 * The texts the service's export does not have as sent (the service did not
 * keep them: an element of a kind it does not store, a cut text). Null when
 * the check could not be made; the export is kept as the cached copy.
 */
export async function verifyTranslation(
  bpmn: BpmnClient,
  op: TranslationOperation,
  prepared: PreparedTranslation,
  remember: (xml: string) => void,
  signal?: AbortSignal,
): Promise<TranslationVerification | null> {
  try {
    const kept = await bpmn.exportBpmn(op.elementId, op.payload.culture, options(signal));
    remember(kept);
    const items = new Map((await parseTranslatable(kept)).items.map((item) => [item.key, item]));
    const wanted = new Map(op.payload.edits.map((edit) => [edit.key, edit.text === '' ? null : edit.text]));
    const notKept: NotKeptItem[] = [];
    const lost: string[] = [];
    for (const key of prepared.applied) {
      const item = items.get(key);
      if (item && item.text === wanted.get(key)) continue;
      lost.push(key);
      const [id, field] = [key.slice(0, key.lastIndexOf('#')), key.slice(key.lastIndexOf('#') + 1)];
      const text = wanted.get(key);
      notKept.push({
        id,
        kind: item?.type ?? 'bpmn:BaseElement',
        ...(text ? { name: text } : {}),
        property: item ? field : null,
      });
    }
    return { notKept, lost };
  } catch {
    return null;
  }
}

/** After a lost answer: the operation arrived when every text it carries reads on the service as sent. */
export async function translationArrived(
  bpmn: BpmnClient,
  op: TranslationOperation,
  signal?: AbortSignal,
): Promise<boolean> {
  const kept = await bpmn.exportBpmn(op.elementId, op.payload.culture, options(signal));
  const now = new Map((await parseTranslatable(kept)).items.map((item) => [item.key, item.text]));
  return op.payload.edits.every(
    (edit) => (now.get(edit.key) ?? null) === (edit.text === '' ? null : edit.text),
  );
}

/** Inside the transaction that marks the operation done: the ledger follows what the service holds. */
export function settleTranslation(
  store: TranslationStore,
  op: TranslationOperation,
  prepared: PreparedTranslation | undefined,
  verification: TranslationVerification | null | undefined,
): void {
  // Texts the service did not keep stay the translator's drafts: listed, never dropped.
  const lost = new Set(verification?.lost ?? []);
  const applied = prepared ? prepared.applied : op.payload.edits.map((edit) => edit.key);
  store.settle(
    op.opId,
    applied.filter((key) => !lost.has(key)),
    [...(prepared?.heldBack ?? []), ...applied.filter((key) => lost.has(key))],
  );
}
