/**
 * What the emulator stores of an imported BPMN node or sequence flow beyond
 * its name, type, ends and coordinates: JSON in `shapes.ext` / `flows.ext`.
 * Every field is optional, so rows written by older emulators (which held
 * only `extensionXml`, `eventDefinitions: [{type, id}]` and `attachedToRef`)
 * still read as a valid, smaller ext.
 */
import type { Bounds } from '../store/content.ts';

export type SimpleValue = string | number | boolean;

/**
 * Simple-typed XML attributes, keyed by the qualified name the metamodel gives
 * the property (`bpmn:cancelActivity`, `bpmndi:isMarkerVisible`, `bioc:stroke`),
 * so export can write each in its own namespace.
 */
export type StoredAttributes = Record<string, SimpleValue>;

/** A `bpmn:Expression` or `bpmn:FormalExpression` (xsi:type) with its text body. */
export interface StoredExpression {
  type: string;
  id?: string;
  body?: string;
  attributes?: StoredAttributes;
}

/** A root element a kept node points to (bpmn:Message, Signal, Error, Escalation), re-emitted on export. */
export interface StoredRootElement {
  type: string;
  id: string;
  attributes?: StoredAttributes;
}

export interface StoredEventDefinition {
  type: string;
  id: string;
  attributes?: StoredAttributes;
  /** Expression-valued children by property name: timeDate, timeDuration, timeCycle, condition. */
  expressions?: Record<string, StoredExpression>;
  /** Reference attributes by property name (messageRef, signalRef, …) → id of a root element. */
  refs?: Record<string, string>;
}

/** Diagram interchange of a kept node or flow beyond its bounds/waypoints. */
export interface StoredDi {
  /** The BPMNShape/BPMNEdge id when it is not the `{bpmnId}_di` that export writes by default. */
  id?: string;
  attributes?: StoredAttributes;
  /** A BPMNLabel was present; `bounds` null when it had none. */
  label?: { bounds: Bounds | null };
}

export interface ShapeExt {
  /** Serialized `<bpmn:extensionElements>` with its own namespace declarations, replayed on export. */
  extensionXml?: string;
  eventDefinitions?: StoredEventDefinition[];
  attachedToRef?: string;
  attributes?: StoredAttributes;
  /** The node's own references to root elements (e.g. messageRef of a receive task). */
  refs?: Record<string, string>;
  /** Root elements referenced by `refs` or by the event definitions. */
  rootElements?: StoredRootElement[];
  /** BPMN id of the node's default sequence flow (`default` attribute of gateways and activities). */
  defaultFlow?: string;
  di?: StoredDi;
}

export interface FlowExt {
  extensionXml?: string;
  attributes?: StoredAttributes;
  conditionExpression?: StoredExpression;
  di?: StoredDi;
}

function parseJson<T extends object>(raw: string | null | undefined): T {
  if (!raw) return {} as T;
  try {
    const value = JSON.parse(raw) as unknown;
    return (value && typeof value === 'object' ? value : {}) as T;
  } catch {
    return {} as T;
  }
}

export const parseExt = (raw: string | null | undefined): ShapeExt => parseJson<ShapeExt>(raw);
export const parseFlowExt = (raw: string | null | undefined): FlowExt => parseJson<FlowExt>(raw);

/** JSON for the database, or null when nothing beyond the basics is kept. */
export function storeExt(ext: ShapeExt | FlowExt): string | null {
  return Object.keys(ext).length ? JSON.stringify(ext) : null;
}

/**
 * Escapes an attribute value. Line breaks and tabs are written as character
 * references: XML attribute normalisation would otherwise turn them into
 * spaces and a multi-line name would not survive a round trip.
 */
export function xmlEscape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

/** Escapes element text; `\r` is kept as a reference because parsers normalise it to `\n`. */
export function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** "bpmn:ExclusiveGateway" → "bpmn:exclusiveGateway", the element name in XML. */
export function xmlName(type: string): string {
  const local = type.replace(/^bpmn:/, '');
  return `bpmn:${local.charAt(0).toLowerCase()}${local.slice(1)}`;
}
