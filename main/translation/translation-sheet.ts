/**
 * The workbench's rows of one process: its texts in the source culture's
 * export and the target culture's export paired by element and field, with
 * the translator's unsent texts and the ledger of what was translated from.
 */
import type { TextItem, TranslationRow } from '../../shared/domain/translation-rows.ts';
import { isTranslatable } from '../../shared/domain/translation-rows.ts';
import { parseTranslatable } from '../bpmn/translatable-texts.ts';
import type { StoredTranslation } from '../sync/translation-store.ts';
import { editOf, ledgerOf } from '../sync/translation-store.ts';

/** Both exports' texts, in the source's document order; texts only the target has come last. */
export async function pairTexts(
  sourceXml: string,
  targetXml: string,
): Promise<Array<{ item: TextItem; source: string | null; server: string | null }>> {
  const [source, target] = await Promise.all([parseTranslatable(sourceXml), parseTranslatable(targetXml)]);
  const targetByKey = new Map(target.items.map((item) => [item.key, item]));
  const pairs = source.items.map((item) => ({
    item,
    source: item.text,
    server: targetByKey.get(item.key)?.text ?? null,
  }));
  const known = new Set(source.items.map((item) => item.key));
  for (const item of target.items)
    if (!known.has(item.key)) pairs.push({ item, source: null, server: item.text });
  return pairs;
}

export function buildRows(
  pairs: Awaited<ReturnType<typeof pairTexts>>,
  stored: ReadonlyMap<string, StoredTranslation>,
  sourceLcid: number,
): TranslationRow[] {
  const rows: TranslationRow[] = [];
  for (const { item, source, server } of pairs) {
    const kept = stored.get(item.key);
    const row: TranslationRow = {
      key: item.key,
      id: item.id,
      field: item.field,
      type: item.type,
      source,
      server,
      edit: editOf(kept, sourceLcid),
      ledger: ledgerOf(kept, sourceLcid),
    };
    if (isTranslatable(row) || row.edit) rows.push(row);
  }
  return rows;
}
