// bpmn-js-differ 3 ships no types; this is the part Lanes uses.
declare module 'bpmn-js-differ' {
  import type { ModdleElement } from 'bpmn-moddle';

  export class ChangeHandler {
    _added: Record<string, ModdleElement>;
    _removed: Record<string, ModdleElement>;
    _changed: Record<string, { model: ModdleElement; attrs: Record<string, unknown> }>;
    _layoutChanged: Record<string, ModdleElement>;
    _computeChangeId(element: ModdleElement | undefined): string;
  }

  export function diff(older: ModdleElement, newer: ModdleElement, handler?: ChangeHandler): ChangeHandler;
}
