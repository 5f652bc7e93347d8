/**
 * Reading parsed BPMN through bpmn-moddle's metamodel: which properties an
 * element has, which of them the document set, and what kind each one is
 * (attribute, reference, contained element, text body). Import and the
 * dropped-content report decide from these descriptors, never from the text
 * of values.
 */
import type { ModdleElement } from 'bpmn-moddle';
import { BpmnModdle } from 'bpmn-moddle';

export interface PropertyDescriptor {
  name: string;
  type: string;
  isAttr?: boolean;
  isReference?: boolean;
  isMany?: boolean;
  isBody?: boolean;
  isId?: boolean;
  isVirtual?: boolean;
  ns: { name: string; prefix: string; localName: string };
}

interface Described {
  $descriptor?: { properties?: PropertyDescriptor[] };
  $instanceOf?: (type: string) => boolean;
  $attrs?: Record<string, string>;
}

export function isModdleElement(value: unknown): value is ModdleElement {
  return (
    typeof value === 'object' && value !== null && typeof (value as { $type?: unknown }).$type === 'string'
  );
}

export function instanceOf(element: ModdleElement, type: string): boolean {
  return (element as Described).$instanceOf?.(type) ?? element.$type === type;
}

/**
 * The metamodel properties the document actually set on this element, in
 * metamodel order. bpmn-moddle keeps defaults on the prototype, so an own
 * property means the XML carried it. Virtual properties (back links such as
 * `lanes` on a flow node) are derived, never written, and are skipped.
 */
export function ownProperties(element: ModdleElement): PropertyDescriptor[] {
  const seen = new Set<string>();
  const result: PropertyDescriptor[] = [];
  for (const p of (element as Described).$descriptor?.properties ?? []) {
    if (p.isVirtual || seen.has(p.name)) continue;
    seen.add(p.name);
    if (Object.prototype.hasOwnProperty.call(element, p.name)) result.push(p);
  }
  return result;
}

/**
 * Attributes the metamodel does not know (vendor attributes such as
 * `camunda:assignee`), minus namespace declarations and `xsi:type`: the type
 * is the element's `$type`, compared on its own.
 */
export function foreignAttributes(element: ModdleElement): Array<[string, string]> {
  return Object.entries((element as Described).$attrs ?? {}).filter(
    ([key]) => key !== 'xmlns' && !key.startsWith('xmlns:') && key !== 'xsi:type',
  );
}

/** A simple-valued XML attribute: not a reference, not a contained element, not the id. */
export function isSimpleAttribute(p: PropertyDescriptor): boolean {
  return Boolean(p.isAttr) && !p.isReference && !p.isId;
}

export const children = (value: unknown): ModdleElement[] =>
  (Array.isArray(value) ? value : [value]).filter(isModdleElement);

const packages = new BpmnModdle() as unknown as {
  getPackage(prefix: string): { uri: string } | undefined;
};

/** Namespace URI of a metamodel package prefix (`bioc` → http://bpmn.io/schema/bpmn/biocolor/1.0). */
export function namespaceUri(prefix: string): string | undefined {
  return packages.getPackage(prefix)?.uri;
}
