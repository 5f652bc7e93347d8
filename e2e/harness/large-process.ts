/**
 * A generated process of N BPMN elements (start, tasks, end and the flows
 * between them, laid out on a grid): the large diagrams of the editor
 * benchmarks (bench/) and of the e2e test of the preview's order.
 */

/** `elements` BPMN elements: start + tasks + end, and a flow between each neighbour pair. */
export function generateProcessXml(processId: string, elements: number): string {
  const tasks = Math.max(1, Math.floor((elements - 3) / 2));
  const nodes = ['start', ...Array.from({ length: tasks }, (_, i) => `task${i + 1}`), 'end'].map(
    (n) => `${processId}_${n}`,
  );
  const columns = 25;
  const at = (index: number): { x: number; y: number } => {
    const row = Math.floor(index / columns);
    const column = row % 2 === 0 ? index % columns : columns - 1 - (index % columns);
    return { x: 100 + column * 160, y: 100 + row * 130 };
  };
  const semantic: string[] = [];
  const shapes: string[] = [];
  nodes.forEach((id, i) => {
    const tag = i === 0 ? 'startEvent' : i === nodes.length - 1 ? 'endEvent' : 'task';
    const name = tag === 'task' ? ` name="Step ${i}"` : '';
    semantic.push(`<bpmn:${tag} id="${id}"${name} />`);
    const { x, y } = at(i);
    const [w, h] = tag === 'task' ? [100, 80] : [36, 36];
    shapes.push(
      `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y + (80 - h) / 2}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`,
    );
  });
  for (let i = 0; i + 1 < nodes.length; i++) {
    const flow = `${processId}_flow${i + 1}`;
    semantic.push(`<bpmn:sequenceFlow id="${flow}" sourceRef="${nodes[i]}" targetRef="${nodes[i + 1]}" />`);
    const a = at(i);
    const b = at(i + 1);
    shapes.push(
      `<bpmndi:BPMNEdge id="${flow}_di" bpmnElement="${flow}"><di:waypoint x="${a.x + 50}" y="${a.y + 40}" /><di:waypoint x="${b.x + 50}" y="${b.y + 40}" /></bpmndi:BPMNEdge>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_bench" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="${processId}" isExecutable="false">
${semantic.join('\n')}
</bpmn:process>
<bpmndi:BPMNDiagram id="Diagram_bench"><bpmndi:BPMNPlane id="Plane_bench" bpmnElement="${processId}">
${shapes.join('\n')}
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
