/**
 * The process's description as its diagram carries it. The service's BPMN
 * import makes the first `bpmn:documentation` of the process that stands for
 * the element (id `Process_{elementId}`, as the export writes it) the
 * element's `description` in the import's culture, and the export writes it
 * back there (service facts, "BPMN import"). So Lanes writes a description
 * by writing that documentation into the diagram and publishing it: no
 * second way to write to the service.
 */
import { textKey } from '../../shared/domain/translation-rows.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { parseTranslatable, withTexts } from '../bpmn/translatable-texts.ts';

/** The process of the diagram the service reads the element's own texts from. */
export function elementProcessId(elementId: string): string {
  return `Process_${elementId}`;
}

const documentationKey = (elementId: string): string => textKey(elementProcessId(elementId), 'documentation');

/** The description this diagram gives the element (its process's documentation); null: none. */
export async function diagramDescription(xml: string, elementId: string): Promise<string | null> {
  const { items } = await parseTranslatable(xml);
  const text = items.find((item) => item.key === documentationKey(elementId))?.text ?? null;
  return text !== null && text.trim() !== '' ? text : null;
}

/**
 * The diagram with `text` as the element's description. A diagram whose
 * process is not the element's own (an imported file's) cannot carry it:
 * the service would drop the documentation, so it is refused here with what
 * to do.
 */
export async function withDescription(xml: string, elementId: string, text: string): Promise<string> {
  const written = await withTexts(xml, [{ key: documentationKey(elementId), text: text.trim() }]);
  if (written.missing.length > 0) {
    throw new LanesError({
      code: 'editor.noElementProcess',
      message: `The diagram of ${elementId} has no process ${elementProcessId(elementId)}, so the service would not keep a description written into it.`,
      params: { id: elementId, process: elementProcessId(elementId) },
    });
  }
  return written.xml;
}
