/**
 * Type shapes for the bpmn.io add-ons Lanes bundles, which ship no types of
 * their own. Only what Lanes uses is declared (bpmnlint itself: types/bpmnlint.d.ts).
 */
declare module 'bpmn-js-bpmnlint' {
  import type { ModuleDeclaration } from 'didi';
  const lintModule: ModuleDeclaration;
  export default lintModule;
}

declare module 'bpmn-js-properties-panel' {
  import type { ModuleDeclaration } from 'didi';
  export const BpmnPropertiesPanelModule: ModuleDeclaration;
  export const BpmnPropertiesProviderModule: ModuleDeclaration;
}

declare module 'diagram-js-minimap' {
  import type { ModuleDeclaration } from 'didi';
  const minimapModule: ModuleDeclaration;
  export default minimapModule;
}

declare module 'diagram-js-grid' {
  import type { ModuleDeclaration } from 'didi';
  const gridModule: ModuleDeclaration;
  export default gridModule;
}

declare module 'bpmn-js-color-picker' {
  import type { ModuleDeclaration } from 'didi';
  const colorPickerModule: ModuleDeclaration;
  export default colorPickerModule;
}

declare module 'bpmn-js-create-append-anything' {
  import type { ModuleDeclaration } from 'didi';
  export const CreateAppendAnythingModule: ModuleDeclaration;
}

declare module 'bpmn-auto-layout' {
  /** BPMN XML in, the same with generated diagram interchange out. */
  export function layoutProcess(xml: string): Promise<string>;
}
