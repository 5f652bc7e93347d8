import type { ModdleElement } from 'bpmn-moddle';

/**
 * The meaning of one BPMN element as a plain, order-stable value, decided
 * from bpmn-moddle's metamodel and not from how a tool happened to write it:
 * references are ids (whatever their text looks like — `#c2d7eb` is a colour,
 * `##WebService` a constant, `#1 Check order` a name), unordered reference
 * lists are sorted, numbers are numbers, foreign attributes and extension
 * elements are keyed by namespace URI (not by prefix), and serialisation
 * details (namespace declarations, `xsi:type` that only repeats the type) are
 * left out. Two elements mean the same exactly when their canonical values
 * are equal.
 */

export interface PropertyDescriptor {
  name: string;
  isMany?: boolean;
  isReference?: boolean;
  isAttr?: boolean;
  isBody?: boolean;
  isId?: boolean;
  default?: unknown;
  type: string;
}

interface CanonicalOptions {
  /** True for children that are merged as items of their own: they are left out of their parent's value. */
  isItem: (element: ModdleElement) => boolean;
  /** Ids to read as other ids (e.g. a process id the service assigned), applied to references and own ids. */
  alias?: ReadonlyMap<string, string>;
}

const PRIMITIVES = new Set(['String', 'Boolean', 'Integer', 'Real']);
/** Kept by bpmn-moddle from the sequence flows; tools write them or not, they never carry meaning of their own. */
export const DERIVED_PROPERTIES = new Set(['incoming', 'outgoing']);
/** Diagram interchange identity is not meaning: DI is keyed by the element it draws; edges know their ends. */
const DI_IDENTITY = new Set(['id', 'sourceElement', 'targetElement']);
const XSI_TYPE = 'xsi:type';

export function descriptorOf(element: ModdleElement): {
  properties: PropertyDescriptor[];
  isGeneric?: boolean;
  ns?: { uri?: string; localName?: string; prefix?: string };
} {
  const descriptor = (element as unknown as { $descriptor?: Partial<ReturnType<typeof descriptorOf>> })
    .$descriptor;
  if (descriptor?.properties) return descriptor as ReturnType<typeof descriptorOf>;
  // Elements bpmn-moddle does not know have a descriptor without properties.
  return { ...descriptor, properties: [] };
}

/** Properties that hold child objects (as opposed to plain values or references by id). */
export function holdsObjects(property: PropertyDescriptor): boolean {
  return !property.isReference && !property.isAttr && !PRIMITIVES.has(property.type);
}

export function isModdleElement(value: unknown): value is ModdleElement {
  return Boolean(value) && typeof value === 'object' && '$type' in (value as object);
}

export function asElements(value: unknown): ModdleElement[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter(isModdleElement);
}

function isDiagramInterchange(element: ModdleElement): boolean {
  return /^(bpmndi|di|dc):/.test(element.$type);
}

export function canonicalValue(element: ModdleElement, options: CanonicalOptions): unknown {
  const descriptor = descriptorOf(element);
  if (descriptor.isGeneric) return genericValue(element, options);
  const inDi = isDiagramInterchange(element);
  const out: Record<string, unknown> = { $type: element.$type };
  for (const prop of descriptor.properties) {
    if (DERIVED_PROPERTIES.has(prop.name) || (inDi && DI_IDENTITY.has(prop.name))) continue;
    const value = element.get?.(prop.name) as unknown;
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    if (prop.isReference) {
      const ids = asElementsOrIds(value).map((ref) => referenceId(ref, options.alias));
      // A list of references (lane members, data inputs) is a set: its order means nothing.
      out[prop.name] = prop.isMany ? ids.sort() : ids[0];
    } else if (holdsObjects(prop)) {
      const own = asElements(value)
        .filter((child) => !options.isItem(child))
        .map((child) => canonicalValue(child, options));
      if (own.length > 0) out[prop.name] = prop.isMany ? own : own[0];
    } else if (prop.isId) {
      out[prop.name] = options.alias?.get(String(value)) ?? value;
    } else {
      out[prop.name] = primitive(value, prop);
    }
  }
  // Each foreign attribute is a property of its own (`@{uri}local`), so one side's colour and the other's move merge.
  for (const [name, value] of Object.entries(foreignAttributes(element))) out[FOREIGN_PREFIX + name] = value;
  return out;
}

/** An element bpmn-moddle does not know (inside extensionElements): its namespace, attributes, text and children. */
function genericValue(element: ModdleElement, options: CanonicalOptions): unknown {
  const ns = descriptorOf(element).ns;
  const record = element as unknown as Record<string, unknown>;
  const attrs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith('$') || isNamespaceDeclaration(key) || key === XSI_TYPE) continue;
    attrs[qualified(element, key)] = value;
  }
  const out: Record<string, unknown> = { $type: `{${ns?.uri ?? ''}}${ns?.localName ?? element.$type}` };
  if (Object.keys(attrs).length > 0) out.attrs = attrs;
  const body = typeof record.$body === 'string' ? record.$body.trim() : '';
  if (body) out.body = body;
  const children = asElements(record.$children).map((child) => canonicalValue(child, options));
  if (children.length > 0) out.children = children;
  return out;
}

/** Marks a canonical property that is a foreign attribute rather than a metamodel property. */
export const FOREIGN_PREFIX = '@';

/** Attributes outside the metamodel (vendor extensions), keyed by namespace URI and local name. */
export function foreignAttributes(element: ModdleElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(element.$attrs ?? {})) {
    if (isNamespaceDeclaration(key) || key === XSI_TYPE) continue;
    out[qualified(element, key)] = String(value);
  }
  return out;
}

/** The name an attribute has in `$attrs` (its prefix as written) for a `{uri}local` key, if the element has it. */
export function foreignAttributeName(element: ModdleElement, key: string): string | undefined {
  return Object.keys(element.$attrs ?? {}).find((name) => qualified(element, name) === key);
}

export function isNamespaceDeclaration(name: string): boolean {
  return name === 'xmlns' || name.startsWith('xmlns:');
}

/** `prefix:local` → `{uri}local`, with the prefix resolved where it is declared (the element or an ancestor). */
function qualified(element: ModdleElement, name: string): string {
  const colon = name.indexOf(':');
  if (colon < 0) return name;
  const prefix = name.slice(0, colon);
  const uri = namespaceUri(element, prefix);
  return uri ? `{${uri}}${name.slice(colon + 1)}` : name;
}

/** The URI a prefix is bound to where the element stands, if it is declared at all. */
export function namespaceUri(element: ModdleElement | undefined, prefix: string): string | undefined {
  for (let current = element; current; current = current.$parent) {
    const declared = current.$attrs?.[`xmlns:${prefix}`];
    if (declared) return declared;
    const own = (current as unknown as Record<string, unknown>)[`xmlns:${prefix}`];
    if (typeof own === 'string') return own;
  }
  return undefined;
}

function asElementsOrIds(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

export function referenceId(value: unknown, alias?: ReadonlyMap<string, string>): string {
  const id = isModdleElement(value) ? String((value as { id?: unknown }).id ?? '') : String(value);
  return alias?.get(id) ?? id;
}

function primitive(value: unknown, prop: PropertyDescriptor): unknown {
  if (prop.type === 'Real' || prop.type === 'Integer') {
    const number = Number(value);
    return Number.isFinite(number) ? number : String(value);
  }
  if (prop.type === 'Boolean') return value === true || value === 'true';
  // Text bodies (documentation, expressions) are written indented by some tools: the surrounding space is layout.
  if (prop.isBody && typeof value === 'string') return value.replace(/\r\n?/g, '\n').trim();
  return value;
}

/** JSON with object keys sorted, so equal values give equal text whatever order they were built in. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
