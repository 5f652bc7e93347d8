/** The smallest drawable diagram: one task with its shape, for tests that only need a file to open. */
export function oneTaskDiagram(taskId: string, name = taskId): string {
  return oneShapeDiagram(taskId, `<bpmn:task id="${taskId}" name="${name}" />`);
}

/** One flow element (given as its BPMN XML, with `id` = `elementId`) drawn as one shape. */
export function oneShapeDiagram(elementId: string, elementXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Definitions_${elementId}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_${elementId}" isExecutable="false">
    ${elementXml}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${elementId}">
    <bpmndi:BPMNPlane id="Plane_${elementId}" bpmnElement="Process_${elementId}">
      <bpmndi:BPMNShape id="${elementId}_di" bpmnElement="${elementId}">
        <dc:Bounds x="200" y="100" width="100" height="80" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
