/**
 * A small diagram imported once, in idle time, by a throwaway Modeler that
 * is in the page but out of sight, so that a user's first open of a page
 * does not pay for running bpmn-js's import for the first time: its code
 * compiled, the stylesheet's rules first matched against diagram-js's SVG,
 * the label font looked up and measured.
 *
 * Measured (bench/editor-open.ts, 1,000 elements, 32 rounds per run, a fresh
 * page per round as after a start): the app's import took 1.04× bare
 * bpmn-js's in the same rounds without this, and 1.00–1.02× with it (a few
 * per cent, within what moves between full runs); see docs/benchmarks.md.
 *
 * A throwaway, not the spare itself: compiled code is shared by every
 * Modeler in the page, and the spare stays one that never held a diagram
 * (nothing of this one can be saved or published by mistake).
 */
import { createLanesModeler } from './create-modeler.ts';

/** Element ids of the warm-up diagram start with this (tests check none of them is ever shown or saved). */
const WARM_UP_ID_PREFIX = 'LanesWarmUp_';

/** User timing measure of the warm-up, `detail.imported` whether bpmn-js took the diagram (tests, benchmarks). */
const WARM_UP_MEASURE = 'lanes.modelerWarmUp';

/**
 * Imports the warm-up diagram into a Modeler placed off-screen (inert,
 * hidden from assistive technology) and destroys it. Never rejects: it only
 * makes a later open faster.
 */
export async function warmUpModelerImport(): Promise<void> {
  const start = performance.now();
  let imported = false;
  const host = document.createElement('div');
  host.className = 'modeler-warm-up';
  host.inert = true;
  host.setAttribute('aria-hidden', 'true');
  document.body.append(host);
  const modeler = createLanesModeler({ container: host, readOnly: true });
  try {
    await modeler.importXML(warmUpXml());
    imported = true;
  } catch {
    // Nothing to recover: the next open runs cold, as it did before.
  } finally {
    // Destroyed before its lint (scheduled after the next paint) would run.
    modeler.destroy();
    host.remove();
    performance.measure(WARM_UP_MEASURE, { start, detail: { imported } });
  }
}

/**
 * What most process diagrams are made of: a pool with lanes, events, tasks,
 * a gateway, labelled flows, an annotation. Small: the import's code runs for
 * each kind of element, not for many of them.
 */
function warmUpXml(): string {
  const id = (name: string): string => `${WARM_UP_ID_PREFIX}${name}`;
  const shape = (name: string, x: number, y: number, w: number, h: number, label = false): string =>
    `<bpmndi:BPMNShape id="${id(name)}_di" bpmnElement="${id(name)}"${name.startsWith('Lane') || name === 'Pool' ? ' isHorizontal="true"' : ''}>` +
    `<dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" />` +
    (label
      ? `<bpmndi:BPMNLabel><dc:Bounds x="${x - 10}" y="${y + h + 5}" width="${w + 20}" height="14" /></bpmndi:BPMNLabel>`
      : '') +
    `</bpmndi:BPMNShape>`;
  const edge = (name: string, points: [number, number][]): string =>
    `<bpmndi:BPMNEdge id="${id(name)}_di" bpmnElement="${id(name)}">` +
    points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('') +
    `</bpmndi:BPMNEdge>`;
  const flow = (name: string, from: string, to: string, label = ''): string =>
    `<bpmn:sequenceFlow id="${id(name)}" sourceRef="${id(from)}" targetRef="${id(to)}"${label ? ` name="${label}"` : ''} />`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="${id('Definitions')}" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:collaboration id="${id('Collaboration')}"><bpmn:participant id="${id('Pool')}" name="Warm-up" processRef="${id('Process')}" /></bpmn:collaboration>
<bpmn:process id="${id('Process')}" isExecutable="false">
<bpmn:laneSet id="${id('LaneSet')}">
<bpmn:lane id="${id('LaneA')}" name="First lane"><bpmn:flowNodeRef>${id('Start')}</bpmn:flowNodeRef><bpmn:flowNodeRef>${id('Task')}</bpmn:flowNodeRef><bpmn:flowNodeRef>${id('Gateway')}</bpmn:flowNodeRef></bpmn:lane>
<bpmn:lane id="${id('LaneB')}" name="Second lane"><bpmn:flowNodeRef>${id('UserTask')}</bpmn:flowNodeRef><bpmn:flowNodeRef>${id('End')}</bpmn:flowNodeRef><bpmn:flowNodeRef>${id('Cancelled')}</bpmn:flowNodeRef></bpmn:lane>
</bpmn:laneSet>
<bpmn:startEvent id="${id('Start')}" name="Order received" />
<bpmn:task id="${id('Task')}" name="Check the order" />
<bpmn:exclusiveGateway id="${id('Gateway')}" name="Order complete?" />
<bpmn:userTask id="${id('UserTask')}" name="Confirm the order" />
<bpmn:endEvent id="${id('End')}" name="Order confirmed" />
<bpmn:endEvent id="${id('Cancelled')}" name="Order returned" />
${flow('Flow1', 'Start', 'Task')}
${flow('Flow2', 'Task', 'Gateway')}
${flow('Flow3', 'Gateway', 'UserTask', 'yes')}
${flow('Flow4', 'UserTask', 'End')}
${flow('Flow5', 'Gateway', 'Cancelled', 'no')}
<bpmn:textAnnotation id="${id('Note')}"><bpmn:text>Within one day</bpmn:text></bpmn:textAnnotation>
<bpmn:association id="${id('Association')}" sourceRef="${id('Task')}" targetRef="${id('Note')}" />
</bpmn:process>
<bpmndi:BPMNDiagram id="${id('Diagram')}"><bpmndi:BPMNPlane id="${id('Plane')}" bpmnElement="${id('Collaboration')}">
${shape('Pool', 100, 50, 700, 300)}
${shape('LaneA', 130, 50, 670, 150)}
${shape('LaneB', 130, 200, 670, 150)}
${shape('Start', 180, 107, 36, 36, true)}
${shape('Task', 260, 85, 100, 80)}
${shape('Gateway', 410, 100, 50, 50, true)}
${shape('UserTask', 510, 235, 100, 80)}
${shape('End', 672, 257, 36, 36, true)}
${shape('Cancelled', 672, 107, 36, 36, true)}
${shape('Note', 260, 10, 120, 30)}
${edge('Flow1', [
  [216, 125],
  [260, 125],
])}
${edge('Flow2', [
  [360, 125],
  [410, 125],
])}
${edge('Flow3', [
  [435, 150],
  [435, 275],
  [510, 275],
])}
${edge('Flow4', [
  [610, 275],
  [672, 275],
])}
${edge('Flow5', [
  [460, 125],
  [672, 125],
])}
${edge('Association', [
  [310, 85],
  [310, 40],
])}
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
