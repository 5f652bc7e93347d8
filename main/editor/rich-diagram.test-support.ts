/**
 * A diagram with what a process-management service is expected to keep
 * (documentation, a non-interrupting boundary timer with a duration, a
 * conditional and a default flow from a gateway whose marker shows, label
 * positions) and what it is not (lanes, a text annotation and its
 * association, the definitions' name), for verified-publish tests.
 */
export const RICH_EXPECTED_NOT_KEPT = [
  { id: 'Definitions_rich', property: 'name' },
  { id: 'LaneSet_rich', property: null },
  { id: 'Lane_sales', property: null },
  { id: 'Lane_office', property: null },
  { id: 'Note_rich', property: null },
  { id: 'Association_rich', property: null },
] as const;

export function richDiagram(processId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_rich" name="Order handling (rich)" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${processId}" isExecutable="false">
    <bpmn:laneSet id="LaneSet_rich">
      <bpmn:lane id="Lane_sales" name="Sales">
        <bpmn:flowNodeRef>Start_rich</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>Check_rich</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>Timer_rich</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>Gateway_rich</bpmn:flowNodeRef>
      </bpmn:lane>
      <bpmn:lane id="Lane_office" name="Back office">
        <bpmn:flowNodeRef>Ship_rich</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>Reject_rich</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>End_rich</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>Remind_rich</bpmn:flowNodeRef>
        <bpmn:flowNodeRef>Reminded_rich</bpmn:flowNodeRef>
      </bpmn:lane>
    </bpmn:laneSet>
    <bpmn:startEvent id="Start_rich" name="Order received"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:task id="Check_rich" name="Check order">
      <bpmn:incoming>Flow_1</bpmn:incoming>
      <bpmn:outgoing>Flow_2</bpmn:outgoing>
      <bpmn:documentation>Check stock and credit before accepting.</bpmn:documentation>
    </bpmn:task>
    <bpmn:boundaryEvent id="Timer_rich" name="After two days" cancelActivity="false" attachedToRef="Check_rich">
      <bpmn:outgoing>Flow_5</bpmn:outgoing>
      <bpmn:timerEventDefinition id="TimerDef_rich">
        <bpmn:timeDuration xsi:type="bpmn:tFormalExpression">P2D</bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:task id="Remind_rich" name="Remind the team"><bpmn:incoming>Flow_5</bpmn:incoming><bpmn:outgoing>Flow_6</bpmn:outgoing></bpmn:task>
    <bpmn:exclusiveGateway id="Gateway_rich" name="In stock?" default="Flow_default"><bpmn:incoming>Flow_2</bpmn:incoming><bpmn:outgoing>Flow_yes</bpmn:outgoing><bpmn:outgoing>Flow_default</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:task id="Ship_rich" name="Ship goods"><bpmn:incoming>Flow_yes</bpmn:incoming><bpmn:outgoing>Flow_3</bpmn:outgoing></bpmn:task>
    <bpmn:task id="Reject_rich" name="Reject order"><bpmn:incoming>Flow_default</bpmn:incoming><bpmn:outgoing>Flow_4</bpmn:outgoing></bpmn:task>
    <bpmn:endEvent id="End_rich" name="Done"><bpmn:incoming>Flow_3</bpmn:incoming><bpmn:incoming>Flow_4</bpmn:incoming></bpmn:endEvent>
    <bpmn:endEvent id="Reminded_rich" name="Reminded"><bpmn:incoming>Flow_6</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start_rich" targetRef="Check_rich" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Check_rich" targetRef="Gateway_rich" />
    <bpmn:sequenceFlow id="Flow_yes" name="yes" sourceRef="Gateway_rich" targetRef="Ship_rich">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${inStock}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="Flow_default" name="no" sourceRef="Gateway_rich" targetRef="Reject_rich" />
    <bpmn:sequenceFlow id="Flow_3" sourceRef="Ship_rich" targetRef="End_rich" />
    <bpmn:sequenceFlow id="Flow_4" sourceRef="Reject_rich" targetRef="End_rich" />
    <bpmn:sequenceFlow id="Flow_5" sourceRef="Timer_rich" targetRef="Remind_rich" />
    <bpmn:sequenceFlow id="Flow_6" sourceRef="Remind_rich" targetRef="Reminded_rich" />
    <bpmn:textAnnotation id="Note_rich"><bpmn:text>Credit check by the bank</bpmn:text></bpmn:textAnnotation>
    <bpmn:association id="Association_rich" sourceRef="Check_rich" targetRef="Note_rich" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_rich">
    <bpmndi:BPMNPlane id="Plane_rich" bpmnElement="${processId}">
      <bpmndi:BPMNShape id="Lane_sales_di" bpmnElement="Lane_sales" isHorizontal="true"><dc:Bounds x="120" y="60" width="900" height="220" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Lane_office_di" bpmnElement="Lane_office" isHorizontal="true"><dc:Bounds x="120" y="280" width="900" height="220" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Start_rich_di" bpmnElement="Start_rich"><dc:Bounds x="172" y="142" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="150" y="185" width="80" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Check_rich_di" bpmnElement="Check_rich"><dc:Bounds x="260" y="120" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Timer_rich_di" bpmnElement="Timer_rich"><dc:Bounds x="292" y="182" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="280" y="225" width="70" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Remind_rich_di" bpmnElement="Remind_rich"><dc:Bounds x="260" y="380" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Gateway_rich_di" bpmnElement="Gateway_rich" isMarkerVisible="true"><dc:Bounds x="415" y="135" width="50" height="50" /><bpmndi:BPMNLabel><dc:Bounds x="414" y="110" width="52" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Ship_rich_di" bpmnElement="Ship_rich"><dc:Bounds x="520" y="300" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Reject_rich_di" bpmnElement="Reject_rich"><dc:Bounds x="520" y="400" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="End_rich_di" bpmnElement="End_rich"><dc:Bounds x="702" y="362" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Reminded_rich_di" bpmnElement="Reminded_rich"><dc:Bounds x="412" y="402" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Note_rich_di" bpmnElement="Note_rich"><dc:Bounds x="380" y="70" width="160" height="30" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="208" y="160" /><di:waypoint x="260" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2"><di:waypoint x="360" y="160" /><di:waypoint x="415" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_yes_di" bpmnElement="Flow_yes"><di:waypoint x="440" y="185" /><di:waypoint x="440" y="340" /><di:waypoint x="520" y="340" /><bpmndi:BPMNLabel><dc:Bounds x="446" y="260" width="20" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_default_di" bpmnElement="Flow_default"><di:waypoint x="465" y="160" /><di:waypoint x="490" y="160" /><di:waypoint x="490" y="440" /><di:waypoint x="520" y="440" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_3_di" bpmnElement="Flow_3"><di:waypoint x="620" y="340" /><di:waypoint x="720" y="340" /><di:waypoint x="720" y="362" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_4_di" bpmnElement="Flow_4"><di:waypoint x="620" y="440" /><di:waypoint x="720" y="440" /><di:waypoint x="720" y="398" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_5_di" bpmnElement="Flow_5"><di:waypoint x="310" y="218" /><di:waypoint x="310" y="380" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_6_di" bpmnElement="Flow_6"><di:waypoint x="360" y="420" /><di:waypoint x="412" y="420" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Association_rich_di" bpmnElement="Association_rich"><di:waypoint x="340" y="120" /><di:waypoint x="400" y="100" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
