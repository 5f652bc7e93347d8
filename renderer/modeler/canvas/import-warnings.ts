/**
 * What bpmn-js could not read while importing a diagram, as the editor lists
 * it. bpmn-js (and bpmn-moddle below it) never fails on such content: it
 * drops it and reports a warning, and the dropped part is then missing from
 * every save. So each warning is kept and shown, naming the element.
 */
export interface ImportWarning {
  /**
   * bpmn-js's message in one line, with the parser's nested reason
   * ("unparsable content <sequenceFlow> detected: duplicate ID <Flow_1>").
   */
  message: string;
  /** Where in the file, when the parser said. */
  line: number | null;
  /** The element the warning is about, when bpmn-js names one. */
  elementId: string | null;
  /** Its BPMN type without prefix ("BoundaryEvent"), when known. */
  elementType: string | null;
}

interface RawWarning {
  message?: unknown;
  element?: { id?: unknown; $type?: unknown } | null;
  context?: { element?: { id?: unknown; $type?: unknown } | null } | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function toImportWarnings(raw: readonly unknown[]): ImportWarning[] {
  const seen = new Set<string>();
  const warnings: ImportWarning[] = [];
  for (const item of raw) {
    const warning = (
      typeof item === 'object' && item !== null ? item : { message: String(item) }
    ) as RawWarning;
    const lines = (text(warning.message) ?? String(item)).split('\n').map((l) => l.trim());
    const nested = lines
      .find((l) => l.startsWith('nested error:'))
      ?.slice('nested error:'.length)
      .trim();
    const line = Number(lines.find((l) => l.startsWith('line:'))?.slice('line:'.length));
    const message = nested ? `${lines[0]}: ${nested}` : lines[0]!;
    const element = warning.element ?? warning.context?.element ?? null;
    const elementId = text(element?.id);
    const type = text(element?.$type);
    const entry = {
      message,
      line: Number.isInteger(line) && line > 0 ? line : null,
      elementId,
      elementType: type ? type.replace(/^\w+:/, '') : null,
    };
    // bpmn-js reports some losses twice (moddle, then the importer): list each once.
    const key = `${entry.message}|${entry.elementId ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    warnings.push(entry);
  }
  return warnings;
}
