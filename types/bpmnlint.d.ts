/**
 * Type shapes for bpmnlint, which ships no types: what main (model-quality
 * metrics) and the renderer (the editor's lint, the release pre-flight) use
 * of it. Both programs include this one file.
 */
declare module 'bpmnlint/rules/*' {
  /** A bpmnlint rule factory: config in, `{ check }` out. */
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
