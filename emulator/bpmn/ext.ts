/** What a shape remembers from an imported BPMN node beyond name, type and bounds. */
export interface ShapeExt {
  /** Serialized `<bpmn:extensionElements>` with its own namespace declarations, replayed on export. */
  extensionXml?: string;
  eventDefinitions?: Array<{ type: string; id: string }>;
  attachedToRef?: string;
}

export function parseExt(raw: string | null): ShapeExt {
  if (!raw) return {};
  try {
    return JSON.parse(raw) as ShapeExt;
  } catch {
    return {};
  }
}

export function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** "bpmn:ExclusiveGateway" → "bpmn:exclusiveGateway", the element name in XML. */
export function xmlName(type: string): string {
  const local = type.replace(/^bpmn:/, '');
  return `bpmn:${local.charAt(0).toLowerCase()}${local.slice(1)}`;
}
