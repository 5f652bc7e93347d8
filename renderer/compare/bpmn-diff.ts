import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { ChangeHandler, diff } from 'bpmn-js-differ';
import { LanesError } from '../../shared/ipc/errors.ts';
import { attributeChanges, elementsById, type AttributeChange } from './attribute-values.ts';
import { diagramElementsById, layoutDifference } from './layout-change.ts';

type DiagramChangeKind = 'added' | 'removed' | 'changed' | 'moved' | 'labelMoved';

/** One difference between two versions of a diagram, as the change list shows it. */
export interface DiagramChange {
  id: string;
  /** moved: only the layout (position, size, waypoints) differs; labelMoved: only the label's position. */
  kind: DiagramChangeKind;
  /** The BPMN type, e.g. `bpmn:Task`. */
  type: string;
  /** The element's name on a single line, '' when it has none. */
  name: string;
  /** For kind changed: which properties differ (`name`, `conditionExpression`, …). */
  attributes: string[];
  /** For kind changed: each differing property with its value before and after. */
  values: AttributeChange[];
}

export const changeKinds: readonly DiagramChangeKind[] = [
  'added',
  'removed',
  'changed',
  'moved',
  'labelMoved',
];

/** A diagram element without an id (a DI edge pointing at nothing) is not something a list can show. */
const NO_ID = '';

/**
 * The differences between an older and a newer version of a BPMN diagram,
 * semantic (bpmn-js-differ on bpmn-moddle definitions) and layout-only.
 * Sorted by kind (added, removed, changed, moved), then by name and id, so
 * that the same pair of documents always gives the same list.
 */
export async function diffBpmn(olderXml: string, newerXml: string): Promise<DiagramChange[]> {
  const [older, newer] = await Promise.all([parseDefinitions(olderXml), parseDefinitions(newerXml)]);
  const handler = new ChangeHandler();
  // Broken references (a shape whose element is gone) would crash the differ; such entries are dropped.
  handler._computeChangeId = (element) => (typeof element?.id === 'string' ? element.id : NO_ID);
  diff(older, newer, handler);

  const changes = new Map<string, DiagramChange>();
  const put = (
    kind: DiagramChangeKind,
    id: string,
    element: ModdleElement | undefined,
    attributes: string[],
    values: AttributeChange[] = [],
  ) => {
    // Added and removed say more than changed, changed more than moved: the first kind wins.
    if (id === NO_ID || changes.has(id) || !element) return;
    changes.set(id, { id, kind, type: element.$type, name: singleLine(element.name), attributes, values });
  };
  for (const [id, element] of Object.entries(handler._added)) put('added', id, element, []);
  for (const [id, element] of Object.entries(handler._removed)) put('removed', id, element, []);
  const olderById = elementsById(older);
  const newerById = elementsById(newer);
  for (const [id, change] of Object.entries(handler._changed)) {
    const [before, after] = [olderById.get(id), newerById.get(id)];
    const values = before && after ? attributeChanges(before, after) : [];
    // The names the differ gives ("documentation[0]") only where the values could not be read.
    const attributes =
      values.length > 0 ? values.map((value) => value.name) : Object.keys(change.attrs).sort();
    put('changed', id, after ?? change.model, attributes, values);
  }
  // The differ calls any DI difference a layout change; only what moved on screen is listed, label moves apart.
  const olderDi = diagramElementsById(older);
  const newerDi = diagramElementsById(newer);
  for (const [id, element] of Object.entries(handler._layoutChanged)) {
    const layout = layoutDifference(olderDi.get(id), newerDi.get(id));
    if (layout !== 'none') put(layout === 'shape' ? 'moved' : 'labelMoved', id, element, []);
  }
  return [...changes.values()].sort(byKindThenName);
}

async function parseDefinitions(xml: string): Promise<ModdleElement> {
  try {
    const { rootElement } = await new BpmnModdle().fromXML(xml.replace(/^\uFEFF/, ''), 'bpmn:Definitions');
    return rootElement;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message.split('\n')[0]! : String(cause);
    throw new LanesError({
      code: 'editor.notBpmn',
      message: `This is not a BPMN diagram Lanes can use: ${reason}`,
      params: { reason },
      cause,
    });
  }
}

function singleLine(name: unknown): string {
  return typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
}

function byKindThenName(a: DiagramChange, b: DiagramChange): number {
  return (
    changeKinds.indexOf(a.kind) - changeKinds.indexOf(b.kind) ||
    (a.name || a.id).localeCompare(b.name || b.id) ||
    a.id.localeCompare(b.id)
  );
}
