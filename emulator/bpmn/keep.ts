/**
 * What import keeps of a flow node or sequence flow, read from the parsed
 * document into the stored ext (see ext.ts). Attributes are taken by their
 * metamodel kind: every simple attribute the document set is kept, so
 * `cancelActivity`, `isInterrupting`, `gatewayDirection` or colours survive
 * without a list of names that would fall behind the metamodel.
 */
import type { ModdleElement } from 'bpmn-moddle';
import type { Bounds } from '../store/content.ts';
import type {
  FlowExt,
  ShapeExt,
  StoredAttributes,
  StoredDi,
  StoredEventDefinition,
  StoredExpression,
  StoredRootElement,
} from './ext.ts';
import { instanceOf, isModdleElement, isSimpleAttribute, ownProperties } from './metamodel.ts';

/** Root elements a kept node may point to; export writes them back as root elements. */
const KEPT_ROOT_TYPES = new Set(['bpmn:Message', 'bpmn:Signal', 'bpmn:Error', 'bpmn:Escalation']);

function captureAttributes(
  element: ModdleElement,
  skip: readonly string[] = [],
): StoredAttributes | undefined {
  const attributes: StoredAttributes = {};
  for (const p of ownProperties(element)) {
    if (!isSimpleAttribute(p) || skip.includes(p.name)) continue;
    const value = element[p.name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      attributes[p.ns.name] = value;
  }
  return Object.keys(attributes).length ? attributes : undefined;
}

function captureExpression(expression: ModdleElement): StoredExpression {
  const stored: StoredExpression = { type: expression.$type };
  if (expression.id) stored.id = expression.id;
  if (typeof expression.body === 'string') stored.body = expression.body;
  const attributes = captureAttributes(expression);
  if (attributes) stored.attributes = attributes;
  return stored;
}

export function boundsOf(value: unknown): Bounds | null {
  if (!isModdleElement(value)) return null;
  return { x: Number(value.x), y: Number(value.y), w: Number(value.width), h: Number(value.height) };
}

/** Single-valued reference attributes to kept root elements; the targets are collected into `roots`. */
function captureRootRefs(
  element: ModdleElement,
  roots: Map<string, StoredRootElement>,
): Record<string, string> | undefined {
  const refs: Record<string, string> = {};
  for (const p of ownProperties(element)) {
    if (!p.isAttr || !p.isReference || p.isMany) continue;
    const target = element[p.name];
    if (!isModdleElement(target) || !target.id || !KEPT_ROOT_TYPES.has(target.$type)) continue;
    refs[p.name] = target.id;
    const root: StoredRootElement = { type: target.$type, id: target.id };
    const attributes = captureAttributes(target);
    if (attributes) root.attributes = attributes;
    roots.set(target.id, root);
  }
  return Object.keys(refs).length ? refs : undefined;
}

function captureEventDefinition(
  definition: ModdleElement,
  fallbackId: string,
  roots: Map<string, StoredRootElement>,
): StoredEventDefinition {
  const stored: StoredEventDefinition = { type: definition.$type, id: definition.id ?? fallbackId };
  const attributes = captureAttributes(definition);
  if (attributes) stored.attributes = attributes;
  const expressions: Record<string, StoredExpression> = {};
  for (const p of ownProperties(definition)) {
    const value = definition[p.name];
    if (p.isAttr || p.isMany || !isModdleElement(value) || !instanceOf(value, 'bpmn:Expression')) continue;
    expressions[p.name] = captureExpression(value);
  }
  if (Object.keys(expressions).length) stored.expressions = expressions;
  const refs = captureRootRefs(definition, roots);
  if (refs) stored.refs = refs;
  return stored;
}

function captureDi(di: ModdleElement | undefined, bpmnId: string): StoredDi | undefined {
  if (!di) return undefined;
  const stored: StoredDi = {};
  if (di.id && di.id !== `${bpmnId}_di`) stored.id = di.id;
  const attributes = captureAttributes(di);
  if (attributes) stored.attributes = attributes;
  if (isModdleElement(di.label)) stored.label = { bounds: boundsOf(di.label.bounds) };
  return Object.keys(stored).length ? stored : undefined;
}

/** The first `bpmn:documentation` text, or null when the element has none. */
export function documentationOf(element: ModdleElement): string | null {
  const docs = Array.isArray(element.documentation) ? (element.documentation as ModdleElement[]) : [];
  const first = docs[0];
  if (!first) return null;
  return typeof first.text === 'string' ? first.text : '';
}

type ToXml = (element: ModdleElement) => Promise<string>;

export async function captureNode(
  node: ModdleElement,
  di: ModdleElement | undefined,
  toXml: ToXml,
): Promise<ShapeExt> {
  const ext: ShapeExt = {};
  const roots = new Map<string, StoredRootElement>();
  const attributes = captureAttributes(node, ['name']);
  if (attributes) ext.attributes = attributes;
  const definitions = Array.isArray(node.eventDefinitions) ? (node.eventDefinitions as ModdleElement[]) : [];
  if (definitions.length)
    ext.eventDefinitions = definitions.map((d, i) => captureEventDefinition(d, `${node.id}_ed${i}`, roots));
  const attached = node.attachedToRef;
  if (isModdleElement(attached) && attached.id) ext.attachedToRef = attached.id;
  const defaultFlow = node.default;
  if (isModdleElement(defaultFlow) && defaultFlow.id) ext.defaultFlow = defaultFlow.id;
  const refs = captureRootRefs(node, roots);
  if (refs) ext.refs = refs;
  if (roots.size) ext.rootElements = [...roots.values()];
  if (isModdleElement(node.extensionElements)) ext.extensionXml = await toXml(node.extensionElements);
  const storedDi = captureDi(di, node.id ?? '');
  if (storedDi) ext.di = storedDi;
  return ext;
}

export async function captureFlow(
  flow: ModdleElement,
  di: ModdleElement | undefined,
  toXml: ToXml,
): Promise<FlowExt> {
  const ext: FlowExt = {};
  const attributes = captureAttributes(flow, ['name']);
  if (attributes) ext.attributes = attributes;
  if (isModdleElement(flow.extensionElements)) ext.extensionXml = await toXml(flow.extensionElements);
  if (isModdleElement(flow.conditionExpression))
    ext.conditionExpression = captureExpression(flow.conditionExpression);
  const storedDi = captureDi(di, flow.id ?? '');
  if (storedDi) ext.di = storedDi;
  return ext;
}
