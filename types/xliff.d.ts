// xliff (locize) publishes no types: the parts Lanes uses, as its README documents them.
declare module 'xliff' {
  /** A unit's text: a string, or inline markup (elements and text) the library keeps as objects. */
  export type XliffValue = string | Array<string | Record<string, unknown>>;
  export interface XliffUnit {
    source?: XliffValue;
    target?: XliffValue;
    note?: string | string[];
    additionalAttributes?: Record<string, string>;
    groupUnits?: Record<string, XliffUnit>;
  }
  export interface XliffDocument {
    sourceLanguage?: string;
    targetLanguage?: string;
    xliffVersion?: string;
    /** File id → unit id → unit. */
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export function js2xliff(doc: XliffDocument, options?: { indent?: string }): Promise<string>;
  export function xliff2js(xml: string): Promise<XliffDocument>;
  export function xliff12ToJs(xml: string): Promise<XliffDocument>;
}
