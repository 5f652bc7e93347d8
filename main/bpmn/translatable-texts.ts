/**
 * The texts of a BPMN document that a person reads and a translator
 * translates, found through the metamodel (bpmn-moddle), never in the XML
 * text: names of processes, participants, lanes, flow nodes (events,
 * gateways, activities, data references) and sequence and message flows,
 * the text of text annotations, the label of groups (their category value),
 * and documentation. Each text is keyed by its element's id and the field,
 * so the same element in two cultures' exports pairs up, and a translation
 * can be written back into a document of the target culture.
 */
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import type { TextField, TextItem } from '../../shared/domain/translation-rows.ts';
import { textKey } from '../../shared/domain/translation-rows.ts';

const moddle = new BpmnModdle();

interface TranslatableDocument {
  definitions: ModdleElement;
  /** Every text in document order; a field without text has `text: null` where the element could have one. */
  items: TextItem[];
}

const list = (value: unknown): ModdleElement[] => (Array.isArray(value) ? (value as ModdleElement[]) : []);

function isA(element: ModdleElement, type: string): boolean {
  return (element.$instanceOf as (type: string) => boolean).call(element, type);
}

/** Which fields of an element are texts, by its kind in the metamodel. */
function fieldsOf(element: ModdleElement): TextField[] {
  if (isA(element, 'bpmn:TextAnnotation')) return ['text', 'documentation'];
  // A data object is not drawn; the data object references that show it carry the names people read.
  if (isA(element, 'bpmn:DataObject')) return [];
  if (
    isA(element, 'bpmn:Process') ||
    isA(element, 'bpmn:Participant') ||
    isA(element, 'bpmn:Lane') ||
    isA(element, 'bpmn:FlowElement') ||
    isA(element, 'bpmn:MessageFlow') ||
    isA(element, 'bpmn:Group')
  )
    return ['name', 'documentation'];
  return [];
}

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The text of one field as the document has it; null: none. */
function readField(element: ModdleElement, field: TextField): string | null {
  switch (field) {
    case 'text':
      return nonEmpty(element.text);
    case 'documentation':
      return nonEmpty(list(element.documentation)[0]?.text);
    case 'name':
      // A group shows the value of its category value (what bpmn-js edits as the group's label).
      if (isA(element, 'bpmn:Group'))
        return nonEmpty((element.categoryValueRef as ModdleElement | undefined)?.value);
      return nonEmpty(element.name);
  }
}

/** Sets one field; null or '' removes the text (the element then has none in this culture). */
function writeField(element: ModdleElement, field: TextField, text: string | null): void {
  const value = text === '' ? null : text;
  switch (field) {
    case 'text':
      element.text = value ?? undefined;
      return;
    case 'documentation': {
      const docs = list(element.documentation);
      if (value === null) {
        if (docs.length) element.documentation = docs.slice(1);
      } else if (docs[0]) docs[0].text = value;
      else element.documentation = [moddle.create('bpmn:Documentation', { text: value }), ...docs];
      return;
    }
    case 'name':
      if (isA(element, 'bpmn:Group')) {
        const category = element.categoryValueRef as ModdleElement | undefined;
        if (category) category.value = value ?? undefined;
        return;
      }
      element.name = value ?? undefined;
  }
}

/** The elements whose texts count, in document order: processes and collaborations and what they hold. */
function textElements(definitions: ModdleElement): ModdleElement[] {
  const found: ModdleElement[] = [];
  const visitLanes = (laneSets: unknown): void => {
    for (const laneSet of list(laneSets))
      for (const lane of list(laneSet.lanes)) {
        found.push(lane);
        visitLanes(lane.childLaneSet ? [lane.childLaneSet] : []);
      }
  };
  const visitContainer = (container: ModdleElement): void => {
    visitLanes(container.laneSets);
    for (const element of list(container.flowElements)) {
      found.push(element);
      if (isA(element, 'bpmn:SubProcess')) visitContainer(element);
    }
    for (const artifact of list(container.artifacts)) found.push(artifact);
  };
  for (const root of list(definitions.rootElements)) {
    if (isA(root, 'bpmn:Collaboration')) {
      for (const participant of list(root.participants)) found.push(participant);
      for (const flow of list(root.messageFlows)) found.push(flow);
      for (const artifact of list(root.artifacts)) found.push(artifact);
    } else if (isA(root, 'bpmn:Process')) {
      found.push(root);
      visitContainer(root);
    }
  }
  return found;
}

export async function parseTranslatable(xml: string): Promise<TranslatableDocument> {
  const { rootElement } = await moddle.fromXML(xml.replace(/^\uFEFF/, ''), 'bpmn:Definitions');
  const items: TextItem[] = [];
  for (const element of textElements(rootElement)) {
    if (!element.id) continue;
    for (const field of fieldsOf(element)) {
      items.push({
        key: textKey(element.id, field),
        id: element.id,
        field,
        type: element.$type,
        text: readField(element, field),
      });
    }
  }
  return { definitions: rootElement, items };
}

interface TextChange {
  key: string;
  text: string | null;
}

/**
 * Writes texts into a document (of the culture they belong to) and returns
 * it; keys the document has no element for are listed as `missing`.
 */
export async function withTexts(
  xml: string,
  changes: readonly TextChange[],
): Promise<{ xml: string; missing: string[] }> {
  const { definitions } = await parseTranslatable(xml);
  const byId = new Map(textElements(definitions).flatMap((e) => (e.id ? [[e.id, e] as const] : [])));
  const missing: string[] = [];
  for (const change of changes) {
    const [id, field] = splitKey(change.key);
    const element = byId.get(id);
    if (!element || !fieldsOf(element).includes(field)) missing.push(change.key);
    else writeField(element, field, change.text);
  }
  return { xml: (await moddle.toXML(definitions, { format: true })).xml, missing };
}

function splitKey(key: string): [string, TextField] {
  const at = key.lastIndexOf('#');
  return [key.slice(0, at), key.slice(at + 1) as TextField];
}
