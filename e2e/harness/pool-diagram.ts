/**
 * A pool with five named flow nodes at uneven places (one with umlauts), in
 * the given encoding's declaration: enough for the toolbar's arrange actions
 * (three tasks apart on both axes, unevenly, to distribute), a refused drop outside the pool,
 * and the encoding notice of a file from another tool.
 */
export function poolDiagram(encoding = 'UTF-8'): string {
  const nodes = [
    { id: 'Start_1', tag: 'startEvent', name: 'Antrag da', x: 180, y: 142, w: 36, h: 36 },
    { id: 'Task_a', tag: 'task', name: 'Größe prüfen', x: 270, y: 80, w: 100, h: 80 },
    { id: 'Task_b', tag: 'task', name: 'Angebot schreiben', x: 430, y: 330, w: 100, h: 80 },
    { id: 'Task_c', tag: 'task', name: 'Versenden', x: 640, y: 180, w: 100, h: 80 },
    { id: 'End_1', tag: 'endEvent', name: 'Erledigt', x: 812, y: 152, w: 36, h: 36 },
  ];
  const flows = nodes.slice(1).map((node, index) => ({ id: `Flow_${index}`, from: nodes[index]!, to: node }));
  const centre = (n: (typeof nodes)[number]) => ({ x: n.x + n.w / 2, y: n.y + n.h / 2 });
  return `<?xml version="1.0" encoding="${encoding}"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_pool" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:collaboration id="Collaboration_1">
    <bpmn:participant id="Pool_1" name="Vertrieb" processRef="Process_1" />
  </bpmn:collaboration>
  <bpmn:process id="Process_1" isExecutable="false">
${nodes.map((n) => `    <bpmn:${n.tag} id="${n.id}" name="${n.name}" />`).join('\n')}
${flows.map((f) => `    <bpmn:sequenceFlow id="${f.id}" sourceRef="${f.from.id}" targetRef="${f.to.id}" />`).join('\n')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_1">
    <bpmndi:BPMNPlane id="Plane_1" bpmnElement="Collaboration_1">
      <bpmndi:BPMNShape id="Pool_1_di" bpmnElement="Pool_1" isHorizontal="true">
        <dc:Bounds x="120" y="60" width="780" height="400" />
      </bpmndi:BPMNShape>
${nodes.map((n) => `      <bpmndi:BPMNShape id="${n.id}_di" bpmnElement="${n.id}">\n        <dc:Bounds x="${n.x}" y="${n.y}" width="${n.w}" height="${n.h}" />\n      </bpmndi:BPMNShape>`).join('\n')}
${flows
  .map((f) => {
    const [a, b] = [
      { x: f.from.x + f.from.w, y: centre(f.from).y },
      { x: f.to.x, y: centre(f.to).y },
    ];
    return `      <bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}">\n        <di:waypoint x="${a.x}" y="${a.y}" />\n        <di:waypoint x="${b.x}" y="${b.y}" />\n      </bpmndi:BPMNEdge>`;
  })
  .join('\n')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
