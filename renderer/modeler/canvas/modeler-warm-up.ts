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
    await modeler.importXML(WARM_UP_XML);
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
 * each kind of element, not for many of them. Every id starts with
 * `LanesWarmUp_` (e2e/spare-modeler.e2e.test.ts checks none is left or saved).
 */
const WARM_UP_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="LanesWarmUp_Definitions" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:collaboration id="LanesWarmUp_Collaboration">
    <bpmn:participant id="LanesWarmUp_Pool" name="Warm-up" processRef="LanesWarmUp_Process" />
  </bpmn:collaboration>
  <bpmn:process id="LanesWarmUp_Process" isExecutable="false">
    <bpmn:laneSet id="LanesWarmUp_LaneSet">
      <bpmn:lane id="LanesWarmUp_LaneA" name="First lane">
        <bpmn:flowNodeRef>LanesWarmUp_Start</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>LanesWarmUp_Task</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>LanesWarmUp_Gateway</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>LanesWarmUp_Returned</bpmn:flowNodeRef>
      </bpmn:lane>
      <bpmn:lane id="LanesWarmUp_LaneB" name="Second lane">
        <bpmn:flowNodeRef>LanesWarmUp_UserTask</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>LanesWarmUp_End</bpmn:flowNodeRef>
      </bpmn:lane>
    </bpmn:laneSet>
    <bpmn:startEvent id="LanesWarmUp_Start" name="Order received" />
    <bpmn:task id="LanesWarmUp_Task" name="Check the order" />
    <bpmn:exclusiveGateway id="LanesWarmUp_Gateway" name="Order complete?" />
    <bpmn:userTask id="LanesWarmUp_UserTask" name="Confirm the order" />
    <bpmn:endEvent id="LanesWarmUp_End" name="Order confirmed" />
    <bpmn:endEvent id="LanesWarmUp_Returned" name="Order returned" />
    <bpmn:sequenceFlow id="LanesWarmUp_Flow1" sourceRef="LanesWarmUp_Start" targetRef="LanesWarmUp_Task" />
    <bpmn:sequenceFlow id="LanesWarmUp_Flow2" sourceRef="LanesWarmUp_Task" targetRef="LanesWarmUp_Gateway" />
    <bpmn:sequenceFlow id="LanesWarmUp_Flow3" name="yes" sourceRef="LanesWarmUp_Gateway" targetRef="LanesWarmUp_UserTask" />
    <bpmn:sequenceFlow id="LanesWarmUp_Flow4" sourceRef="LanesWarmUp_UserTask" targetRef="LanesWarmUp_End" />
    <bpmn:sequenceFlow id="LanesWarmUp_Flow5" name="no" sourceRef="LanesWarmUp_Gateway" targetRef="LanesWarmUp_Returned" />
    <bpmn:textAnnotation id="LanesWarmUp_Note"><bpmn:text>Within one day</bpmn:text></bpmn:textAnnotation>
    <bpmn:association id="LanesWarmUp_Association" sourceRef="LanesWarmUp_Task" targetRef="LanesWarmUp_Note" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="LanesWarmUp_Diagram">
    <bpmndi:BPMNPlane id="LanesWarmUp_Plane" bpmnElement="LanesWarmUp_Collaboration">
      <bpmndi:BPMNShape id="LanesWarmUp_Pool_di" bpmnElement="LanesWarmUp_Pool" isHorizontal="true"><dc:Bounds x="100" y="50" width="700" height="300" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_LaneA_di" bpmnElement="LanesWarmUp_LaneA" isHorizontal="true"><dc:Bounds x="130" y="50" width="670" height="150" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_LaneB_di" bpmnElement="LanesWarmUp_LaneB" isHorizontal="true"><dc:Bounds x="130" y="200" width="670" height="150" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_Start_di" bpmnElement="LanesWarmUp_Start"><dc:Bounds x="180" y="107" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="160" y="148" width="76" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_Task_di" bpmnElement="LanesWarmUp_Task"><dc:Bounds x="260" y="85" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_Gateway_di" bpmnElement="LanesWarmUp_Gateway" isMarkerVisible="true"><dc:Bounds x="410" y="100" width="50" height="50" /><bpmndi:BPMNLabel><dc:Bounds x="395" y="70" width="80" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_UserTask_di" bpmnElement="LanesWarmUp_UserTask"><dc:Bounds x="510" y="235" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_End_di" bpmnElement="LanesWarmUp_End"><dc:Bounds x="672" y="257" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="650" y="298" width="80" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_Returned_di" bpmnElement="LanesWarmUp_Returned"><dc:Bounds x="672" y="107" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="650" y="148" width="80" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="LanesWarmUp_Note_di" bpmnElement="LanesWarmUp_Note"><dc:Bounds x="260" y="10" width="120" height="30" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="LanesWarmUp_Flow1_di" bpmnElement="LanesWarmUp_Flow1"><di:waypoint x="216" y="125" /><di:waypoint x="260" y="125" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="LanesWarmUp_Flow2_di" bpmnElement="LanesWarmUp_Flow2"><di:waypoint x="360" y="125" /><di:waypoint x="410" y="125" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="LanesWarmUp_Flow3_di" bpmnElement="LanesWarmUp_Flow3"><di:waypoint x="435" y="150" /><di:waypoint x="435" y="275" /><di:waypoint x="510" y="275" /><bpmndi:BPMNLabel><dc:Bounds x="440" y="240" width="20" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="LanesWarmUp_Flow4_di" bpmnElement="LanesWarmUp_Flow4"><di:waypoint x="610" y="275" /><di:waypoint x="672" y="275" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="LanesWarmUp_Flow5_di" bpmnElement="LanesWarmUp_Flow5"><di:waypoint x="460" y="125" /><di:waypoint x="672" y="125" /><bpmndi:BPMNLabel><dc:Bounds x="560" y="105" width="20" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="LanesWarmUp_Association_di" bpmnElement="LanesWarmUp_Association"><di:waypoint x="310" y="85" /><di:waypoint x="310" y="40" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
