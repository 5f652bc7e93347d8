// bpmn-moddle 10 publishes its types only under "bpmn-moddle/types"; the main entry is untyped.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    [key: string]: unknown;
  }
  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: Array<{ message: string }>;
    elementsById: Record<string, ModdleElement>;
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
    create(type: string, properties?: Record<string, unknown>): ModdleElement;
    /** An element of a namespace bpmn-moddle does not know (vendor extensions). */
    createAny(name: string, nsUri: string, properties?: Record<string, unknown>): ModdleElement;
  }
}
