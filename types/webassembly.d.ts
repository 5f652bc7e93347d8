/**
 * The part of the WebAssembly JavaScript API the main side uses (csv-scanner.ts). TypeScript declares
 * `WebAssembly` only in its DOM library, which main/ does not load; Node has it all the same.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  interface Memory {
    readonly buffer: ArrayBuffer;
  }
  interface Global {
    value: number;
  }
}
