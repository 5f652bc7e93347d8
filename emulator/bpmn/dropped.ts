/**
 * Names everything an import did not keep, by comparing the posted document
 * with the export of what was stored, through the BPMN metamodel:
 *
 * 1. Matching: every element of the posted document is paired with its
 *    counterpart in the export — by id, the process with the one exported
 *    process (pools are flattened into it), diagram interchange by the
 *    element it draws, and id-less parts (documentation, expressions,
 *    bounds, waypoints) by position among siblings of the same type.
 * 2. Reporting: an element without counterpart is dropped (nested elements
 *    with an identity are named too); for a matched element every property
 *    the document set is compared — values, references (through the
 *    matching), contained parts and vendor attributes.
 *
 * Comparing with the real export rather than with a list of supported
 * features keeps the report honest: whatever the store loses is named.
 */
import type { ModdleElement } from 'bpmn-moddle';
import { BpmnModdle } from 'bpmn-moddle';
import type { PropertyDescriptor } from './metamodel.ts';
import { children, foreignAttributes, instanceOf, isModdleElement, ownProperties } from './metamodel.ts';

export interface DroppedItem {
  /** Id of the dropped element, or of the kept element whose attribute was dropped; null when it has none. */
  id: string | null;
  /** BPMN type from the metamodel, e.g. `bpmn:Lane`, `bpmndi:BPMNShape`. */
  kind: string;
  /** Set when only an attribute (or contained part, as a dotted path) of a kept element was dropped. */
  attribute?: string;
  name?: string;
}

const isDiagramElement = (el: ModdleElement): boolean =>
  instanceOf(el, 'bpmndi:BPMNShape') || instanceOf(el, 'bpmndi:BPMNEdge');

/** Elements a reader can point at: those with an id, and shapes/edges (named by what they draw). */
const hasIdentity = (el: ModdleElement): boolean => Boolean(el.id) || isDiagramElement(el);

/** Contained elements whose ids the export writes anew; they pair by position when ids differ. */
const REGENERATED = new Set(['bpmn:Definitions', 'bpmndi:BPMNDiagram', 'bpmndi:BPMNPlane']);

const isContainment = (p: PropertyDescriptor): boolean => !p.isReference;

class Matching {
  readonly counterparts = new Map<ModdleElement, ModdleElement>();
  private readonly byId = new Map<string, ModdleElement>();
  private readonly diByElement = new Map<string, ModdleElement>();
  private readonly process: ModdleElement | undefined;

  constructor(output: ModdleElement) {
    const index = (el: ModdleElement): void => {
      if (el.id && !this.byId.has(el.id)) this.byId.set(el.id, el);
      if (isDiagramElement(el) && isModdleElement(el.bpmnElement) && el.bpmnElement.id)
        this.diByElement.set(el.bpmnElement.id, el);
      for (const p of ownProperties(el)) if (isContainment(p)) children(el[p.name]).forEach(index);
    };
    index(output);
    this.process = children(output.rootElements).find((e) => e.$type === 'bpmn:Process');
  }

  pair(input: ModdleElement, output: ModdleElement | undefined): void {
    if (output) this.counterparts.set(input, output);
    // Extension elements are stored and replayed as opaque XML: kept or lost as a whole.
    if (input.$type === 'bpmn:ExtensionElements') return;
    for (const p of ownProperties(input)) {
      if (!isContainment(p)) continue;
      const siblings = output ? children(output[p.name]) : [];
      const claimed = new Set<ModdleElement>();
      for (const child of children(input[p.name])) {
        const found = this.find(child, siblings, claimed);
        if (found) claimed.add(found);
        this.pair(child, found);
      }
    }
  }

  private find(
    child: ModdleElement,
    siblings: ModdleElement[],
    claimed: Set<ModdleElement>,
  ): ModdleElement | undefined {
    if (child.$type === 'bpmn:Process') return this.process;
    if (isDiagramElement(child)) {
      const drawn = isModdleElement(child.bpmnElement) ? this.counterparts.get(child.bpmnElement) : undefined;
      return drawn?.id ? this.diByElement.get(drawn.id) : undefined;
    }
    if (child.id) {
      const byId = this.byId.get(child.id);
      if (byId?.$type === child.$type) return byId;
    }
    // By position among unclaimed siblings of the same type. An element with an id pairs only
    // with one the export wrote without id (a documentation) or with a regenerated id; the
    // lost id is then reported as an attribute, not the whole element.
    return siblings.find(
      (s) =>
        s.$type === child.$type && !claimed.has(s) && (!child.id || !s.id || REGENERATED.has(child.$type)),
    );
  }
}

interface Owner {
  id: string | null;
  kind: string;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

class Report {
  readonly items: DroppedItem[] = [];
  private readonly seen = new Set<string>();

  private readonly counterparts: Map<ModdleElement, ModdleElement>;

  constructor(counterparts: Map<ModdleElement, ModdleElement>) {
    this.counterparts = counterparts;
  }

  private add(item: DroppedItem): void {
    const key = `${item.id}\u0000${item.kind}\u0000${item.attribute ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(item);
  }

  private attribute(owner: Owner, path: string): void {
    this.add({ id: owner.id, kind: owner.kind, attribute: path });
  }

  /** A matched element: compare every property the document set. */
  kept(input: ModdleElement, owner: Owner, path: string): void {
    const output = this.counterparts.get(input);
    if (!output) return;
    if (input.$type === 'bpmn:ExtensionElements') return;
    if (hasIdentity(input)) {
      owner = { id: input.id ?? null, kind: input.$type };
      path = '';
    }
    const at = (name: string): string => (path ? `${path}.${name}` : name);
    for (const p of ownProperties(input)) {
      const value = input[p.name];
      if (p.isReference) {
        const wanted = children(value).map((t) => this.counterparts.get(t));
        const actual = children(output[p.name]);
        // A reference to a dropped element is not reported twice: the element is.
        if (wanted.some((t) => t && !actual.includes(t))) this.attribute(owner, at(p.name));
      } else if (children(value).length === 0) {
        // An empty name is no text in the culture, which export writes as no name: nothing was lost.
        const emptyName = p.name === 'name' && value === '' && output[p.name] === undefined;
        if (!sameValue(value, output[p.name]) && !emptyName) this.attribute(owner, at(p.name));
      } else {
        for (const child of children(value)) {
          if (this.counterparts.has(child)) this.kept(child, owner, at(p.name));
          else this.lost(child, owner, at(p.name), false);
        }
      }
    }
    const outAttrs = new Map(foreignAttributes(output));
    for (const [key, value] of foreignAttributes(input))
      if (outAttrs.get(key) !== value) this.attribute(owner, at(key));
  }

  /** An element without counterpart, and everything it contains. */
  lost(input: ModdleElement, owner: Owner, path: string, insideDropped: boolean): void {
    if (isDiagramElement(input)) {
      const drawn = input.bpmnElement;
      // The shape of a dropped element goes with it; only a kept element's lost DI is news.
      if (isModdleElement(drawn) && !this.counterparts.has(drawn)) return;
    }
    if (hasIdentity(input)) {
      const item: DroppedItem = { id: input.id ?? null, kind: input.$type };
      if (typeof input.name === 'string' && input.name) item.name = input.name;
      this.add(item);
    } else if (!insideDropped) {
      this.attribute(owner, path);
    }
    if (input.$type === 'bpmn:ExtensionElements') return;
    for (const p of ownProperties(input)) {
      if (!isContainment(p)) continue;
      for (const child of children(input[p.name])) {
        if (this.counterparts.has(child)) this.kept(child, owner, p.name);
        else this.lost(child, owner, p.name, true);
      }
    }
  }
}

/** Everything of `input` (a parsed bpmn:Definitions) that `exportedXml` does not give back. */
export async function droppedContent(input: ModdleElement, exportedXml: string): Promise<DroppedItem[]> {
  const { rootElement: output } = await new BpmnModdle().fromXML(exportedXml);
  const matching = new Matching(output);
  matching.pair(input, output);
  const report = new Report(matching.counterparts);
  report.kept(input, { id: input.id ?? null, kind: input.$type }, '');
  return report.items;
}

const LISTED = 25;

function enumerate(labels: string[]): string {
  const shown = labels.slice(0, LISTED).join(', ');
  return labels.length > LISTED ? `${shown} and ${labels.length - LISTED} more` : shown;
}

/** Human-readable lines for `summary.warnings`: one per dropped element type, one per element with dropped attributes. */
export function describeDropped(items: DroppedItem[]): string[] {
  const elements = new Map<string, string[]>();
  const attributes = new Map<string, string[]>();
  for (const item of items) {
    if (item.attribute) {
      const key = `${item.kind} ${item.id ?? '(no id)'}`;
      attributes.set(key, [...(attributes.get(key) ?? []), item.attribute]);
    } else {
      const label = `${item.id ?? '(no id)'}${item.name ? ` "${item.name}"` : ''}`;
      elements.set(item.kind, [...(elements.get(item.kind) ?? []), label]);
    }
  }
  const lines: string[] = [];
  for (const [kind, labels] of elements)
    lines.push(`Not stored: ${labels.length} ${kind} element(s): ${enumerate(labels)}.`);
  for (const [owner, names] of attributes) lines.push(`Not stored: ${enumerate(names)} of ${owner}.`);
  return lines;
}
