declare module 'saxen' {
  export class Parser {
    constructor(options?: { proxy?: boolean });
    on(
      event: 'openTag',
      handler: (
        name: string,
        attrs: () => Record<string, string>,
        decode: (s: string) => string,
        selfClosing: boolean,
      ) => void,
    ): void;
    on(
      event: 'closeTag',
      handler: (name: string, decode: (s: string) => string, selfClosing: boolean) => void,
    ): void;
    on(event: 'text' | 'cdata', handler: (text: string, decode: (s: string) => string) => void): void;
    on(event: 'error' | 'warn', handler: (error: Error) => void): void;
    parse(xml: string): void;
  }
}
