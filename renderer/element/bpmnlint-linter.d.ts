/** bpmnlint's linter, which ships without types: what the release pre-flight uses of it. */
declare module 'bpmnlint/lib/linter.js' {
  export default class Linter {
    constructor(options: unknown);
    lint(definitions: unknown): Promise<Record<string, { id?: string; message: string; category: string }[]>>;
  }
}
