/** The smallest drawable diagram: one task with its shape, for tests that only need a file to open. */
export function oneTaskDiagram(taskId: string, name = taskId): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Definitions_${taskId}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_${taskId}" isExecutable="false">
    <bpmn:task id="${taskId}" name="${name}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${taskId}">
    <bpmndi:BPMNPlane id="Plane_${taskId}" bpmnElement="Process_${taskId}">
      <bpmndi:BPMNShape id="${taskId}_di" bpmnElement="${taskId}">
        <dc:Bounds x="200" y="100" width="100" height="80" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
