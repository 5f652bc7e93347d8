/** XML fragments for what the ext keeps (ext.ts), written as text like the rest of the export. */
import type { Bounds } from '../store/content.ts';
import type {
  SimpleValue,
  StoredAttributes,
  StoredDi,
  StoredEventDefinition,
  StoredExpression,
  StoredRootElement,
} from './ext.ts';
import { xmlEscape, xmlName, xmlText } from './ext.ts';
import { namespaceUri } from './metamodel.ts';

/** Numbers as stored: a coordinate read as 123.456 is written as 123.456, so a round trip changes nothing. */
export const num = (n: number): string => String(n);

/** Namespace declarations the definitions element needs beyond the fixed bpmn/bpmndi/dc/di/xsi ones. */
export class Namespaces {
  private static readonly FIXED = new Set(['bpmn', 'bpmndi', 'dc', 'di', 'xsi']);
  private readonly extra = new Map<string, string>();

  use(prefix: string): void {
    if (Namespaces.FIXED.has(prefix) || this.extra.has(prefix)) return;
    const uri = namespaceUri(prefix);
    if (uri) this.extra.set(prefix, uri);
  }

  declarations(): string {
    return [...this.extra].map(([prefix, uri]) => ` xmlns:${prefix}="${xmlEscape(uri)}"`).join('');
  }
}

const text = (value: SimpleValue): string => xmlEscape(typeof value === 'string' ? value : String(value));

/**
 * Stored attributes of an element of package `ownPrefix`: its own package's
 * attributes are written unqualified (`cancelActivity="false"`), others with
 * their prefix (`bioc:stroke="…"`), declared on the definitions.
 */
export function attributesXml(
  attributes: StoredAttributes | undefined,
  ownPrefix: string,
  ns: Namespaces,
): string {
  let out = '';
  for (const [qualified, value] of Object.entries(attributes ?? {})) {
    const [prefix, local] = qualified.includes(':') ? qualified.split(':', 2) : [ownPrefix, qualified];
    if (prefix === ownPrefix || !prefix) {
      out += ` ${local}="${text(value)}"`;
    } else {
      ns.use(prefix);
      out += ` ${prefix}:${local}="${text(value)}"`;
    }
  }
  return out;
}

/** `<bpmn:{property} xsi:type="bpmn:tFormalExpression" …>body</…>`; a plain bpmn:Expression has no xsi:type. */
export function expressionXml(property: string, expression: StoredExpression, ns: Namespaces): string {
  const tag = `bpmn:${property}`;
  const xsiType = expression.type === 'bpmn:FormalExpression' ? ' xsi:type="bpmn:tFormalExpression"' : '';
  const id = expression.id ? ` id="${xmlEscape(expression.id)}"` : '';
  const attributes = attributesXml(expression.attributes, 'bpmn', ns);
  if (expression.body === undefined) return `<${tag}${xsiType}${id}${attributes} />`;
  return `<${tag}${xsiType}${id}${attributes}>${xmlText(expression.body)}</${tag}>`;
}

const refsXml = (refs: Record<string, string> | undefined): string =>
  Object.entries(refs ?? {})
    .map(([property, id]) => ` ${property}="${xmlEscape(id)}"`)
    .join('');

export function eventDefinitionXml(
  definition: StoredEventDefinition,
  indent: string,
  ns: Namespaces,
): string {
  const tag = xmlName(definition.type);
  const head = `${indent}<${tag} id="${xmlEscape(definition.id)}"${attributesXml(definition.attributes, 'bpmn', ns)}${refsXml(definition.refs)}`;
  const expressions = Object.entries(definition.expressions ?? {});
  if (expressions.length === 0) return `${head} />`;
  const inner = expressions.map(([property, e]) => `${indent}  ${expressionXml(property, e, ns)}`);
  return [`${head}>`, ...inner, `${indent}</${tag}>`].join('\n');
}

/** Reference attributes of a node (messageRef, …), written next to its other attributes. */
export const nodeRefsXml = refsXml;

export function rootElementXml(root: StoredRootElement, ns: Namespaces): string {
  return `  <${xmlName(root.type)} id="${xmlEscape(root.id)}"${attributesXml(root.attributes, 'bpmn', ns)} />`;
}

const boundsXml = (b: Bounds): string =>
  `<dc:Bounds x="${num(b.x)}" y="${num(b.y)}" width="${num(b.w)}" height="${num(b.h)}" />`;

/** Opening tag attributes of a BPMNShape/BPMNEdge: its id (stored or `{bpmnId}_di`) and kept DI attributes. */
export function diHeadXml(di: StoredDi | undefined, bpmnId: string, ns: Namespaces): string {
  const id = di?.id ?? `${bpmnId}_di`;
  return `id="${xmlEscape(id)}" bpmnElement="${xmlEscape(bpmnId)}"${attributesXml(di?.attributes, 'bpmndi', ns)}`;
}

export function bpmnLabelXml(di: StoredDi | undefined, indent: string): string[] {
  if (!di?.label) return [];
  const bounds = di.label.bounds;
  if (!bounds) return [`${indent}<bpmndi:BPMNLabel />`];
  return [`${indent}<bpmndi:BPMNLabel>`, `${indent}  ${boundsXml(bounds)}`, `${indent}</bpmndi:BPMNLabel>`];
}

export { boundsXml };
