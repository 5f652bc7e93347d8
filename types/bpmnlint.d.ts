/**
 * Type shapes for bpmnlint, which ships no types, as main uses it (the
 * renderer declares its own in renderer/modeler/vendor-modules.d.ts).
 */
declare module 'bpmnlint/rules/*' {
  const ruleFactory: (config?: unknown) => unknown;
  export default ruleFactory;
}

declare module 'bpmnlint/config/recommended.js' {
  const recommended: { rules: Record<string, string> };
  export default recommended;
}

declare module 'bpmnlint/lib/linter.js' {
  export default class Linter {
    constructor(options: unknown);
    lint(definitions: unknown): Promise<Record<string, { id?: string; message: string; category: string }[]>>;
  }
}
