// bpmn-js-differ ships no types; this is the part Lanes uses.
declare module 'bpmn-js-differ' {
  import type { ModdleElement } from 'bpmn-moddle';
  export interface DiffResult {
    _added: Record<string, ModdleElement>;
    _removed: Record<string, ModdleElement>;
    _changed: Record<
      string,
      { model: ModdleElement; attrs: Record<string, { oldValue: unknown; newValue: unknown }> }
    >;
    _layoutChanged: Record<string, ModdleElement>;
  }
  export function diff(a: ModdleElement, b: ModdleElement): DiffResult;
}
