/**
 * Diagrams without a layout: a process the service (or a file) has without
 * diagram interchange (no BPMNShape for any of its flow nodes) cannot be
 * drawn by bpmn-js. bpmn-auto-layout generates the layout; the tab says so
 * and the generated layout is an unsaved change, so saving or publishing
 * sends it. Decided from the bpmn-moddle tree bpmn-js parsed, never from
 * the text.
 */
import { layoutProcess } from 'bpmn-auto-layout';

/**
 * Beyond this many flow nodes the layout is not generated: bpmn-auto-layout
 * is quadratic in places and would freeze the window; the tab says why
 * instead.
 */
export const autoLayoutLimit = 2_000;

type LayoutNeed =
  { kind: 'none' } | { kind: 'generate'; flowNodes: number } | { kind: 'tooLarge'; flowNodes: number };

/** A bpmn-moddle element as bpmn-js parsed it. */
export interface ModdleElement {
  $instanceOf(type: string): boolean;
  [key: string]: unknown;
}

const list = (value: unknown): ModdleElement[] => (Array.isArray(value) ? (value as ModdleElement[]) : []);

/** Every flow node (not sequence flows) of every process, sub-processes included. */
function flowNodesOf(definitions: ModdleElement): ModdleElement[] {
  const found: ModdleElement[] = [];
  const visit = (container: ModdleElement): void => {
    for (const element of list(container.flowElements)) {
      if (element.$instanceOf('bpmn:FlowNode')) found.push(element);
      visit(element);
    }
  };
  for (const root of list(definitions.rootElements)) if (root.$instanceOf('bpmn:Process')) visit(root);
  return found;
}

/** The semantic elements some BPMNShape or BPMNEdge of some diagram draws. */
function drawnElements(definitions: ModdleElement): Set<ModdleElement> {
  const drawn = new Set<ModdleElement>();
  for (const diagram of list(definitions.diagrams)) {
    const plane = diagram.plane as ModdleElement | undefined;
    for (const di of list(plane?.planeElement)) {
      const element = di.bpmnElement as ModdleElement | undefined;
      if (element) drawn.add(element);
    }
  }
  return drawn;
}

/**
 * Whether the diagram needs a generated layout: it has flow nodes and not
 * one of them is drawn. A diagram with some shapes missing is imported as it
 * is (bpmn-js reports each missing one as an import warning).
 */
export function layoutNeed(definitions: ModdleElement | null | undefined): LayoutNeed {
  if (!definitions) return { kind: 'none' };
  const nodes = flowNodesOf(definitions);
  if (nodes.length === 0) return { kind: 'none' };
  const drawn = drawnElements(definitions);
  if (nodes.some((node) => drawn.has(node))) return { kind: 'none' };
  return nodes.length > autoLayoutLimit
    ? { kind: 'tooLarge', flowNodes: nodes.length }
    : { kind: 'generate', flowNodes: nodes.length };
}

/** The same BPMN with a generated layout (bpmn-auto-layout lays out the first process). */
export async function generateLayout(xml: string): Promise<string> {
  return layoutProcess(xml);
}
